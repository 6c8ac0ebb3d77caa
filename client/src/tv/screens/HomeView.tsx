import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useFormatDate } from '../../i18n/format';
import type { TvAppConfigQuery, TvStartQuery } from '../__generated__/graphql';
import { errorMessage } from '../api/errors';
import { currentStaleReason, retryAfterSeconds, subscribeStale } from '../api/persisted-cache';
import type { TvDevice, TvPlaylist } from '../api/types';
import { APP_VERSION, KEYS, platformKind, read, type PlatformKind } from '../platform';
import { FocusButton } from '../ui/FocusButton';
import { isOlderThan } from '../version';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  loading: NoValues;
  playlists: NoValues;
  none: { address: string };
  mac: NoValues;
  key: NoValues;
  trial: { date: string };
  active: { date: string };
  lifetime: NoValues;
  inactive: { address: string };
  offline: NoValues;
  unavailable: NoValues;
  failed: { message: string };
  retry: NoValues;
  updateTitle: NoValues;
  update: { version: string; minimum: string };
  updateTizen: NoValues;
  updateWebos: NoValues;
  updateBrowser: NoValues;
  locked: NoValues;
  typeGeneral: NoValues;
  typeXc: NoValues;
  typeCode: NoValues;
  support: { email: string };
}>({
  loading: { id: 'tvapp.home.loading', defaultMessage: 'Loading…' },
  playlists: { id: 'tvapp.home.playlists', defaultMessage: 'Playlists' },
  none: {
    id: 'tvapp.home.none',
    defaultMessage: 'No playlists yet. Sign in at {address} with this MAC address and device key to add them.',
  },
  mac: { id: 'tvapp.home.mac', defaultMessage: 'MAC address' },
  key: { id: 'tvapp.home.key', defaultMessage: 'Device key' },
  trial: { id: 'tvapp.home.trial', defaultMessage: 'Free trial until {date}' },
  active: { id: 'tvapp.home.active', defaultMessage: 'Active until {date}' },
  lifetime: { id: 'tvapp.home.lifetime', defaultMessage: 'Active for life' },
  inactive: {
    id: 'tvapp.home.inactive',
    defaultMessage: 'This TV’s trial or licence has ended. Activate it at {address}.',
  },
  offline: {
    id: 'tvapp.home.offline',
    defaultMessage: 'No connection to the server: showing the playlists as they were last read.',
  },
  unavailable: {
    id: 'tvapp.home.unavailable',
    defaultMessage: 'The server is unavailable for a while: showing the playlists as they were last read.',
  },
  failed: { id: 'tvapp.home.failed', defaultMessage: 'The playlists could not be read: {message}' },
  retry: { id: 'tvapp.home.retry', defaultMessage: 'Try again' },
  updateTitle: { id: 'tvapp.home.updateTitle', defaultMessage: 'Update the app' },
  update: {
    id: 'tvapp.home.update',
    defaultMessage: 'This version ({version}) is no longer supported. Update the app to version {minimum} or later.',
  },
  // Where the update comes from, said for the engine the app runs on.
  updateTizen: {
    id: 'tvapp.home.updateTizen',
    defaultMessage: 'On the TV, open Apps, choose this app and then Update, or install the new version you were given.',
  },
  updateWebos: {
    id: 'tvapp.home.updateWebos',
    defaultMessage:
      'On the TV, open the LG Content Store, choose this app and then Update, or install the new version you were given.',
  },
  updateBrowser: {
    id: 'tvapp.home.updateBrowser',
    defaultMessage: 'Reload this page to load the latest version.',
  },
  locked: { id: 'tvapp.home.locked', defaultMessage: 'Protected by a PIN' },
  typeGeneral: { id: 'tvapp.home.typeGeneral', defaultMessage: 'M3U playlist' },
  typeXc: { id: 'tvapp.home.typeXc', defaultMessage: 'Xtream Codes' },
  typeCode: { id: 'tvapp.home.typeCode', defaultMessage: 'Playlist code' },
  support: { id: 'tvapp.home.support', defaultMessage: 'Support: {email}' },
});

/**
 * How often the home screen reads its start again (with up to 10% more, so a fleet does not ask at once): 10,000
 * TVs on their home screens make about 33 requests a second, nearly all answered 304.
 */
export const REVALIDATE_SECONDS = 300;

const UPDATE_WHERE: Record<PlatformKind, (typeof TEXTS)['updateBrowser']> = {
  tizen: TEXTS.updateTizen,
  webos: TEXTS.updateWebos,
  browser: TEXTS.updateBrowser,
};

function statusLine(intl: IntlShape, device: TvDevice, portal: string, dateOf: (iso: string) => string): string {
  if (device.status === 'TRIAL' && device.expireDate)
    return intl.formatMessage(TEXTS.trial, { date: dateOf(device.expireDate) });
  if (device.status === 'ACTIVE')
    return device.expireDate
      ? intl.formatMessage(TEXTS.active, { date: dateOf(device.expireDate) })
      : intl.formatMessage(TEXTS.lifetime);
  return intl.formatMessage(TEXTS.inactive, { address: portal });
}

const TYPE_TEXT = { GENERAL: TEXTS.typeGeneral, XC: TEXTS.typeXc, CODE: TEXTS.typeCode } as const;

/** The start-up reads as the home screen shows them, from wherever they were read. */
export interface HomeReads {
  config?: TvAppConfigQuery;
  start?: TvStartQuery;
  /** `TvStart` is on its way, with nothing to show yet. */
  loading: boolean;
  /** Why `TvStart` could not be read, with nothing to show. */
  error?: unknown;
  /** Reads both again, whatever each answers. */
  refetch: () => Promise<unknown>;
  /** Reads `TvStart` again ("Try again"). */
  refetchStart: () => Promise<unknown>;
}

/**
 * The start (docs/tv-api.md, step 2): the app's configuration and the device's status and playlists, each a
 * safelisted read by id, revalidated with its ETag; a stale copy says so, and is read again until the server
 * answers. An app older than the server's `minimumAppVersion` asks for an update; an ended trial or licence says
 * where to activate. Drawn first from the start's own reads (App.tsx), then from Apollo's hooks (HomeScreen.tsx).
 */
export function HomeView({
  mac,
  onOpen,
  lastPlaylistId,
  reads,
}: {
  mac: string;
  onOpen: (playlist: TvPlaylist, hasParentPin: boolean) => void;
  lastPlaylistId?: string;
  reads: HomeReads;
}) {
  const intl = useIntl();
  // Dates as the portal writes them ('21 Nov. 2026'; Arabic from Intl).
  const formatDate = useFormatDate();
  const stale = useSyncExternalStore(subscribeStale, currentStaleReason);
  const deviceKey = read(KEYS.deviceKey);
  const start = { data: reads.start, loading: reads.loading, error: reads.error };
  const appConfig = reads.config?.appConfig;
  const device = start.data?.currentDevice ?? undefined;
  const playlists = start.data?.playlists ?? [];
  const refetch = useRef(reads.refetch);
  const refetchStart = useRef(reads.refetchStart);
  useEffect(() => {
    refetch.current = reads.refetch;
    refetchStart.current = reads.refetchStart;
  });
  // Showing a kept copy: ask again when the server said to (Retry-After), else after 5 s, doubling to a minute
  // (with a little jitter, so a fleet of TVs does not come back at once), and at once when the engine is online.
  useEffect(() => {
    if (!stale) return;
    let stopped = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const wait = retryAfterSeconds() ?? Math.min(5 * 2 ** failures, 60) * (1 + Math.random() * 0.2);
      timer = setTimeout(() => void retry(), wait * 1000);
    };
    const retry = async () => {
      clearTimeout(timer);
      await refetch.current();
      if (stopped || !currentStaleReason()) return;
      failures += 1;
      schedule();
    };
    const online = () => void retry();
    schedule();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [stale]);
  // While the home screen shows, its start is read again every few minutes and whenever the app comes back to the
  // front: a playlist the owner added or changed in the portal appears, and a TV the owner signed out goes to
  // linking (its 401), without a restart. Unchanged, the read costs a 304 (its ETag). A kept copy has its own
  // retries above.
  useEffect(() => {
    if (stale) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      void refetchStart.current().catch(() => undefined);
      schedule();
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(again, REVALIDATE_SECONDS * 1000 * (1 + Math.random() * 0.1));
    };
    const inFront = () => {
      if (document.visibilityState === 'visible') again();
    };
    schedule();
    document.addEventListener('visibilitychange', inFront);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', inFront);
    };
  }, [stale]);
  const { ref, focusKey, focusSelf } = useFocusable({ focusKey: 'HOME' });
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (start.data && !focusedOnce.current) {
      focusedOnce.current = true;
      // Back from a playlist: focus where the viewer was.
      const last = start.data.playlists.find((p) => p.id === lastPlaylistId);
      if (last) void setFocus(`PLAYLIST_${last.id}`);
      else focusSelf();
    }
  }, [start.data, focusSelf, lastPlaylistId]);

  if (appConfig?.minimumAppVersion && isOlderThan(APP_VERSION, appConfig.minimumAppVersion)) {
    return (
      // The home's focusable node even here, where nothing takes focus (the navigation warns of one without).
      <main ref={ref} className="tv-screen tv-center">
        <h1>{intl.formatMessage(TEXTS.updateTitle)}</h1>
        <p className="tv-notice">
          {intl.formatMessage(TEXTS.update, { version: APP_VERSION, minimum: appConfig.minimumAppVersion })}
        </p>
        <p className="tv-notice">{intl.formatMessage(UPDATE_WHERE[platformKind()])}</p>
      </main>
    );
  }

  // First-strong isolates keep an address left to right inside an Arabic sentence.
  const portal = `\u2068${appConfig?.portalUrl ?? ''}\u2069`;
  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="tv-screen tv-home">
        <header className="tv-home__header">
          <h1>{appConfig?.productName ?? ''}</h1>
          <dl className="tv-ids">
            <div>
              <dt>{intl.formatMessage(TEXTS.mac)}</dt>
              <dd dir="ltr" data-testid="mac">
                {mac}
              </dd>
            </div>
            {deviceKey && (
              <div>
                <dt>{intl.formatMessage(TEXTS.key)}</dt>
                <dd dir="ltr" data-testid="device-key">
                  {deviceKey}
                </dd>
              </div>
            )}
          </dl>
        </header>
        {stale && (
          <p className="tv-notice tv-notice--warning" role="status">
            {intl.formatMessage(stale === 'offline' ? TEXTS.offline : TEXTS.unavailable)}
          </p>
        )}
        {device && (
          <p className={`tv-status tv-status--${device.status.toLowerCase()}`} data-testid="device-status">
            {statusLine(intl, device, portal, formatDate)}
          </p>
        )}
        {start.loading && !start.data && <p>{intl.formatMessage(TEXTS.loading)}</p>}
        {start.error != null && !start.data && (
          <>
            <p className="tv-error" role="alert">
              {intl.formatMessage(TEXTS.failed, { message: errorMessage(start.error) })}
            </p>
            <FocusButton autoFocus onPress={() => void reads.refetchStart()}>
              {intl.formatMessage(TEXTS.retry)}
            </FocusButton>
          </>
        )}
        {start.data && (
          <section>
            <h2>{intl.formatMessage(TEXTS.playlists)}</h2>
            {playlists.length === 0 ? (
              <p className="tv-notice">{intl.formatMessage(TEXTS.none, { address: portal })}</p>
            ) : (
              <ul className="tv-playlists">
                {playlists.map((playlist) => (
                  <li key={playlist.id}>
                    <FocusButton
                      className="tv-playlist"
                      focusKey={`PLAYLIST_${playlist.id}`}
                      onPress={() => onOpen(playlist, device?.hasParentPin ?? false)}
                    >
                      <span className="tv-playlist__name">{playlist.name}</span>
                      <span className="tv-playlist__type">{intl.formatMessage(TYPE_TEXT[playlist.type])}</span>
                      {playlist.locked && <span className="tv-playlist__lock">{intl.formatMessage(TEXTS.locked)}</span>}
                    </FocusButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        {appConfig && (
          <footer className="tv-home__footer">
            {intl.formatMessage(TEXTS.support, { email: `\u2068${appConfig.supportEmail}\u2069` })}
          </footer>
        )}
      </main>
    </FocusContext.Provider>
  );
}
