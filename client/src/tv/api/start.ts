import type { ApolloClient } from '@apollo/client';
import { TvRegisterDocument } from '../__generated__/graphql';
import { APP_VERSION, KEYS, macAddress, modelName, read, write } from '../platform';
import { errorCode, errorMessage } from './client';

/** Where a start leaves the TV: signed in, to link with a code, or the server not reached. */
export type StartState =
  | { state: 'starting' }
  | { state: 'failed'; message: string }
  | { state: 'linking'; signedOut: boolean }
  | { state: 'signedIn' };

/**
 * A start: the MAC, then, without a token, the registration (docs/tv-api.md, step 1), which keeps the token and
 * the device key. A MAC already registered (a reinstall) must be approved with a link code (step 6). main.tsx
 * begins the first start before React renders, so the request is on its way while the first frame is drawn
 * (docs/tv-app.md, Budgets); "Try again" begins another.
 */
export async function startSession(client: ApolloClient): Promise<{ mac: string; next: StartState }> {
  const mac = await macAddress();
  if (read(KEYS.token)) return { mac, next: { state: 'signedIn' } };
  try {
    const { data } = await client.mutate({
      mutation: TvRegisterDocument,
      variables: { input: { macAddress: mac, model: modelName(), appVersion: APP_VERSION } },
    });
    const registered = data?.registerDevice;
    if (!registered) return { mac, next: { state: 'starting' } };
    write(KEYS.token, registered.deviceToken);
    write(KEYS.deviceKey, registered.deviceKey);
    return { mac, next: { state: 'signedIn' } };
  } catch (error) {
    if (errorCode(error) === 'CONFLICT') return { mac, next: { state: 'linking', signedOut: false } };
    return { mac, next: { state: 'failed', message: errorMessage(error) } };
  }
}
