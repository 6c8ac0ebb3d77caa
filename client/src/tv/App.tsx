import { getCurrentFocusKey } from '@noriginmedia/norigin-spatial-navigation';
import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { readStartup, startSession, type Started, type StartState, type StartupAnswers } from './api/start';
import type { TvPlaylist } from './api/types';
import type * as LiveModule from './live';
import { forgetSession, KEYS, write } from './platform';
import { HomeView } from './screens/HomeView';
import { FocusButton } from './ui/FocusButton';

type NoValues = Record<string, never>;

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
/** live.tsx: Apollo Client and the screens on its hooks. */
type Live = typeof LiveModule;

type Route =
  // `handed`: the home screen first shown, whose reads Apollo's hooks find in the cache.
  | { screen: 'home'; lastPlaylistId?: string; handed?: boolean }
  | { screen: 'unlock'; playlist: TvPlaylist; hasParentPin: boolean }
  | { screen: 'channels'; playlist: TvPlaylist; hasParentPin: boolean };

/** The start-up reads of this session: on their way (`pending`), read, or none (the hooks ask themselves). */
interface First {
  pending: boolean;
  answers?: StartupAnswers;
}

/** A playlist focused when the first screen gives way to Apollo's, to keep the focus on it. */
function focusedPlaylist(): string | undefined {
  const key = getCurrentFocusKey();
  return key?.startsWith('PLAYLIST_') ? key.slice('PLAYLIST_'.length) : undefined;
}

/**
 * The TV app: registers on first launch (the MAC and the device key shown), or links with a code when the MAC is
 * known; then the playlists, a playlist's channels and the player. A 401 at any time ends the session: the token,
 * the kept answers and the screens go, and the TV asks for a link code.
 *
 * The first screen (the home screen, with the MAC and the key) needs no Apollo Client (docs/tv-app.md, Budgets):
 * it is drawn from the start's own requests (api/start.ts) while live.tsx (Apollo Client and the screens on its
 * hooks) loads beside it; once both are there, the reads are handed to Apollo's cache and its hooks take over.
 */
export function App({
  graphqlUrl,
  locale,
  firstStart,
  live: loadingLive,
}: {
  graphqlUrl: string;
  locale: string;
  /** The start main.tsx began before rendering; without it, the app begins its own. */
  firstStart?: Promise<Started>;
  /** live.tsx, which main.tsx began loading at once; without it, the app loads it. */
  live?: Promise<Live>;
}) {
  const intl = useIntl();
  const [mac, setMac] = useState<string | undefined>();
  const [session, setSession] = useState<Session>({ state: 'starting' });
  const [route, setRoute] = useState<Route>({ screen: 'home', handed: true });
  const [attempt, setAttempt] = useState(0);
  const [first, setFirst] = useState<First>({ pending: false });
  const [live, setLive] = useState<{ module: Live; focused?: string } | undefined>();

  useEffect(() => {
    let mounted = true;
    void (loadingLive ?? import('./live')).then((module) => {
      if (mounted) setLive({ module, focused: focusedPlaylist() });
    });
    return () => {
      mounted = false;
    };
    // Once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signedOut = useCallback(() => {
    forgetSession();
    setRoute({ screen: 'home' });
    setFirst({ pending: false });
    setSession({ state: 'linking', signedOut: true });
  }, []);
  const received = useCallback(
    (answers: StartupAnswers) => {
      if (answers.signedOut) return signedOut();
      setFirst(({ answers: before }) => ({
        pending: false,
        answers: { config: answers.config ?? before?.config, start: answers.start ?? before?.start, signedOut: false },
      }));
      setLive((loaded) => loaded && { ...loaded, focused: focusedPlaylist() });
    },
    [signedOut],
  );

  // One client per session: a new session starts with an empty cache, given the start's reads if there are any.
  const signedIn = session.state === 'signedIn';
  const client = useMemo(() => {
    if (!live) return undefined;
    const created = live.module.createTvClient({ graphqlUrl, locale, onSignedOut: signedOut });
    if (first.answers) live.module.handOver(created, first.answers);
    return created;
    // `signedIn`: a new session gets a new client, so nothing of the old one's cache is shown. `live.focused`
    // changes nothing of the client.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live?.module, graphqlUrl, locale, signedOut, signedIn, first.answers]);

  useEffect(() => {
    let current = true;
    void (attempt === 0 && firstStart ? firstStart : startSession({ graphqlUrl, locale })).then(
      ({ mac: address, next, answers }) => {
        if (!current) return;
        setMac(address);
        setSession(next);
        if (!answers) return;
        setFirst({ pending: true });
        void answers.then((read) => {
          if (current) received(read);
        });
      },
    );
    return () => {
      current = false;
    };
    // Only at start (and on "Try again"); a sign-out goes to linking, not registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const waiting = <main className="tv-screen tv-center">{intl.formatMessage(TEXTS.starting)}</main>;
  const screens = live?.module;
  let screen: ReactNode;
  if (session.state === 'starting' || !mac) {
    screen = waiting;
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
    screen = !screens ? (
      waiting
    ) : (
      <screens.LinkScreen
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
    screen = !screens ? (
      waiting
    ) : (
      <screens.UnlockScreen
        playlist={route.playlist}
        onUnlocked={(playlist) => setRoute({ screen: 'channels', playlist, hasParentPin: route.hasParentPin })}
        onBack={() => setRoute({ screen: 'home', lastPlaylistId: route.playlist.id })}
      />
    );
  } else if (route.screen === 'channels') {
    screen = !screens ? (
      waiting
    ) : (
      <screens.ChannelsScreen
        playlist={route.playlist}
        hasParentPin={route.hasParentPin}
        onBack={() => setRoute({ screen: 'home', lastPlaylistId: route.playlist.id })}
      />
    );
  } else {
    const onOpen = (playlist: TvPlaylist, hasParentPin: boolean) =>
      setRoute({ screen: playlist.locked ? 'unlock' : 'channels', playlist, hasParentPin });
    const reread = (only?: 'config' | 'start') => readStartup({ graphqlUrl, locale }, only).then(received);
    screen =
      screens && !first.pending ? (
        <screens.HomeScreen
          mac={mac}
          lastPlaylistId={route.lastPlaylistId ?? live.focused}
          fromCache={route.handed === true}
          onOpen={onOpen}
        />
      ) : (
        <HomeView
          mac={mac}
          lastPlaylistId={route.lastPlaylistId}
          onOpen={onOpen}
          reads={{
            config: first.answers?.config?.data,
            start: first.answers?.start?.data,
            loading: first.pending,
            error: first.answers?.start?.error,
            refetch: () => reread(),
            refetchStart: () => reread('start'),
          }}
        />
      );
  }
  const shown = <Suspense fallback={waiting}>{screen}</Suspense>;
  return screens && client ? <screens.ApolloProvider client={client}>{shown}</screens.ApolloProvider> : shown;
}
