import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { DeviceFieldsFragment } from '../__generated__/graphql';

export type Device = DeviceFieldsFragment;

/**
 * The portal session as the browser knows it: undefined until a device check or sign-in has answered, `{}`
 * once signed out, `{ device }` while a device is signed in.
 */
export type User = undefined | Record<string, never> | { device: Device };

export interface UserContextValue {
  user: User;
  setUser: (user: User) => void;
  login: (device: Device) => void;
  logout: () => void;
}

const UserContext = createContext<UserContextValue | null>(null);

export function UserProvider({ children, initialUser }: { children: ReactNode; initialUser?: User }) {
  const [user, setUser] = useState<User>(initialUser);
  const login = useCallback((device: Device) => setUser({ device }), []);
  const logout = useCallback(() => setUser({}), []);
  const value = useMemo(() => ({ user, setUser, login, logout }), [user, login, logout]);
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserContextValue {
  const context = useContext(UserContext);
  if (!context) throw new Error('useUser must be used inside <UserProvider>');
  return context;
}

/** The signed-in device, or undefined when no device is signed in (yet). */
export function useSignedInDevice(): Device | undefined {
  const { user } = useUser();
  return user && 'device' in user ? user.device : undefined;
}
