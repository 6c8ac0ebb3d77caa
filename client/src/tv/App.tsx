import { ApolloProvider } from '@apollo/client/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { createTvClient } from './api/client';
import { startSession, type StartState } from './api/start';
import type { TvPlaylist } from './api/types';
import { forgetSession, KEYS, write } from './platform';
import { HomeScreen } from './screens/HomeScreen';
import { FocusButton } from './ui/FocusButton';

type NoValues = Record<string, never>;

// The first screen (the playlists) carries only itself: the channel lists, the players, the keypad and the link
// screen's QR code come when they are opened (docs/tv-app.md, budgets).
const ChannelsScreen = lazy(() => import('./screens/ChannelsScreen').then((m) => ({ default: m.ChannelsScreen })));
const LinkScreen = lazy(() => import('./screens/LinkScreen').then((m) => ({ default: m.LinkScreen })));
const UnlockScreen = lazy(() => import('./screens/UnlockScreen').then((m) => ({ default: m.UnlockScreen })));

const TEXTS = defineMessages<{
  starting: NoValues;
  failed: { message: string };
  retry: NoValues;
}>({
  starting: { id: 'tvapp.app.starting', defaultMessage: 'Starting…' },
  failed: { id: 'tvapp.app.failed', defaultMessage: 'The server could not be reached: {message}' },
  retry: { id: 'tvapp.app.retry', defaultMessage: 'Try again' },
});

type Session = StartState;

type Route =
  | { screen: 'home'; lastPlaylistId?: string }
  | { screen: 'unlock'; playlist: TvPlaylist; hasParentPin: boolean }
  | { screen: 'channels'; playlist: TvPlaylist; hasParentPin: boolean };

/**
 * The TV app: registers on first launch (the MAC and the device key shown), or links with a code when the MAC is
 * known; then the playlists, a playlist's channels and the player. A 401 at any time ends the session: the token,
 * the kept answers and the screens go, and the TV asks for a link code.
 */
export function App({
  graphqlUrl,
  locale,
  firstStart,
}: {
  graphqlUrl: string;
  locale: string;
  /** The start main.tsx began before rendering; without it, the app begins its own. */
  firstStart?: ReturnType<typeof startSession>;
}) {
  const intl = useIntl();
  const [mac, setMac] = useState<string | undefined>();
  const [session, setSession] = useState<Session>({ state: 'starting' });
  const [route, setRoute] = useState<Route>({ screen: 'home' });
  const [attempt, setAttempt] = useState(0);

  const signedOut = useCallback(() => {
    forgetSession();
    setRoute({ screen: 'home' });
    setSession({ state: 'linking', signedOut: true });
  }, []);
  // One client per session: a new session starts with an empty cache.
  const signedIn = session.state === 'signedIn';
  const client = useMemo(
    () => createTvClient({ graphqlUrl, locale, onSignedOut: signedOut }),
    // `signedIn`: a new session gets a new client, so nothing of the old one's cache is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [graphqlUrl, locale, signedOut, signedIn],
  );

  useEffect(() => {
    let live = true;
    void (attempt === 0 && firstStart ? firstStart : startSession(client)).then(({ mac: address, next }) => {
      if (!live) return;
      setMac(address);
      setSession(next);
    });
    return () => {
      live = false;
    };
    // Only at start (and on "Try again"); a sign-out goes to linking, not registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  let screen;
  if (session.state === 'starting' || !mac) {
    screen = <main className="tv-screen tv-center">{intl.formatMessage(TEXTS.starting)}</main>;
  } else if (session.state === 'failed') {
    screen = (
      <main className="tv-screen tv-center">
        <p className="tv-error" role="alert">
          {intl.formatMessage(TEXTS.failed, { message: session.message })}
        </p>
        <FocusButton autoFocus onPress={() => setAttempt((n) => n + 1)}>
          {intl.formatMessage(TEXTS.retry)}
        </FocusButton>
      </main>
    );
  } else if (session.state === 'linking') {
    screen = (
      <LinkScreen
        mac={mac}
        signedOut={session.signedOut}
        onLinked={(token) => {
          write(KEYS.token, token);
          setRoute({ screen: 'home' });
          setSession({ state: 'signedIn' });
        }}
      />
    );
  } else if (route.screen === 'unlock') {
    screen = (
      <UnlockScreen
        playlist={route.playlist}
        onUnlocked={(playlist) => setRoute({ screen: 'channels', playlist, hasParentPin: route.hasParentPin })}
        onBack={() => setRoute({ screen: 'home', lastPlaylistId: route.playlist.id })}
      />
    );
  } else if (route.screen === 'channels') {
    screen = (
      <ChannelsScreen
        playlist={route.playlist}
        hasParentPin={route.hasParentPin}
        onBack={() => setRoute({ screen: 'home', lastPlaylistId: route.playlist.id })}
      />
    );
  } else {
    screen = (
      <HomeScreen
        mac={mac}
        lastPlaylistId={route.lastPlaylistId}
        onOpen={(playlist, hasParentPin) =>
          setRoute({ screen: playlist.locked ? 'unlock' : 'channels', playlist, hasParentPin })
        }
      />
    );
  }
  const waiting = <main className="tv-screen tv-center">{intl.formatMessage(TEXTS.starting)}</main>;
  return (
    <ApolloProvider client={client}>
      <Suspense fallback={waiting}>{screen}</Suspense>
    </ApolloProvider>
  );
}
