import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { lazy } from 'react';
import { TvAppConfigDocument, TvStartDocument } from './__generated__/graphql';
import type { StartupAnswers } from './api/start';

/**
 * What comes after the first screen's scripts (docs/tv-app.md, Budgets): Apollo Client and the screens on its
 * hooks. main.tsx starts loading it at once, beside the first screen, which is drawn from the start's own
 * requests (api/start.ts) and handed over (`handOver`) when both are there.
 */
export { createTvClient } from './api/client';
export { HomeScreen } from './screens/HomeScreen';
export { ApolloProvider };

// The channel lists, the players, the keypad and the link screen's QR code come when they are opened.
export const ChannelsScreen = lazy(() =>
  import('./screens/ChannelsScreen').then((m) => ({ default: m.ChannelsScreen })),
);
export const LinkScreen = lazy(() => import('./screens/LinkScreen').then((m) => ({ default: m.LinkScreen })));
export const UnlockScreen = lazy(() => import('./screens/UnlockScreen').then((m) => ({ default: m.UnlockScreen })));

/** The start's reads, written to Apollo's cache as the hooks' documents read them, so they are not asked again. */
export function handOver(client: ApolloClient, answers: StartupAnswers) {
  if (answers.config?.data) client.writeQuery({ query: TvAppConfigDocument, data: answers.config.data });
  if (answers.start?.data) client.writeQuery({ query: TvStartDocument, data: answers.start.data });
}
