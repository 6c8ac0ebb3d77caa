import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../hooks/useUser';
import type { GraphQLFailure } from '../../lib/graphqlErrors';
import { readGraphQLFailure } from '../../lib/graphqlFailure';

/**
 * Reads a failed settings change. A session that has ended (timeout, or the device key changed elsewhere)
 * cannot change anything, so the owner is sent to sign in again, as the dashboard's own device check does.
 */
export function useSettingsFailure() {
  const navigate = useNavigate();
  const { logout } = useUser();
  return useCallback(
    (error: unknown): GraphQLFailure => {
      const failure = readGraphQLFailure(error);
      if (failure.code === 'UNAUTHENTICATED') {
        void navigate('/device/login', { replace: true });
        logout();
      }
      return failure;
    },
    [navigate, logout],
  );
}
