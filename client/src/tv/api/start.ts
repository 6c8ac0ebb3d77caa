import type {
  TvAppConfigQuery,
  TvRegisterMutation,
  TvRegisterMutationVariables,
  TvStartQuery,
} from '../__generated__/graphql';
import registerText from '../graphql/TvRegister.graphql?raw';
import { APP_VERSION, KEYS, macAddress, modelName, read, write } from '../platform';
import { errorCode, errorMessage } from './errors';
import { sendOperation, type Graph } from './protocol';

/** Where a start leaves the TV: signed in, to link with a code, or the server not reached. */
export type StartState =
  | { state: 'starting' }
  | { state: 'failed'; message: string }
  | { state: 'linking'; signedOut: boolean }
  | { state: 'signedIn' };

/** One start-up read's outcome: its data, or why there is none. */
export type Answer<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

/** The start-up reads (docs/tv-api.md, step 2), as the first screen shows them and Apollo's cache is given them. */
export interface StartupAnswers {
  config?: Answer<TvAppConfigQuery>;
  start?: Answer<TvStartQuery>;
  /** A read was refused with a 401: the session is over, nothing of it was kept (persisted-cache.ts). */
  signedOut: boolean;
}

export interface Started {
  mac: string;
  next: StartState;
  /** Signed in: the start-up reads, sent at once. */
  answers?: Promise<StartupAnswers>;
}

function answer<T>(sent: Promise<T>): Promise<Answer<T>> {
  return sent.then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
}

/**
 * The start-up reads, `TvAppConfig` and `TvStart`, sent together by id (GETs revalidated with their ETags, a kept
 * copy during an outage), without Apollo Client: the first screen is drawn from them (docs/tv-app.md, Budgets).
 * `only` reads one of them again.
 */
export async function readStartup(
  graph: Omit<Graph, 'onSignedOut'>,
  only?: 'config' | 'start',
): Promise<StartupAnswers> {
  let signedOut = false;
  const sender = { ...graph, onSignedOut: () => (signedOut = true) };
  const [config, start] = await Promise.all([
    only === 'start' ? undefined : answer(sendOperation<TvAppConfigQuery>(sender, { operationName: 'TvAppConfig' })),
    only === 'config' ? undefined : answer(sendOperation<TvStartQuery>(sender, { operationName: 'TvStart' })),
  ]);
  return { config, start, signedOut };
}

/**
 * A start: the MAC, then, without a token, the registration (docs/tv-api.md, step 1), which keeps the token and
 * the device key. A MAC already registered (a reinstall) must be approved with a link code (step 6). Signed in,
 * the start-up reads leave at once. main.tsx begins the first start before React renders and before Apollo Client
 * has loaded, so the requests are on their way while the first frame is drawn (docs/tv-app.md, Budgets); "Try
 * again" begins another. The registration sends no token (with one it is not sent), so it has no sign-out.
 */
export async function startSession(graph: Omit<Graph, 'onSignedOut'>): Promise<Started> {
  const mac = await macAddress();
  if (!read(KEYS.token)) {
    try {
      const data = await sendOperation<TvRegisterMutation, TvRegisterMutationVariables>(
        { ...graph, onSignedOut: () => undefined },
        {
          operationName: 'TvRegister',
          query: registerText,
          variables: { input: { macAddress: mac, model: modelName(), appVersion: APP_VERSION } },
        },
      );
      write(KEYS.token, data.registerDevice.deviceToken);
      write(KEYS.deviceKey, data.registerDevice.deviceKey);
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') return { mac, next: { state: 'linking', signedOut: false } };
      return { mac, next: { state: 'failed', message: errorMessage(error) } };
    }
  }
  return { mac, next: { state: 'signedIn' }, answers: readStartup(graph) };
}
