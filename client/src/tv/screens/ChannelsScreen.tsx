import { FocusContext, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useMemo, useState } from 'react';
import { defineMessages, useIntl, type IntlShape } from 'react-intl';
import { useTvAppConfigQuery } from '../__generated__/hooks';
import type { TvPlaylist } from '../api/types';
import { LoadError, type ChannelList, type LoadFailure } from '../playlists/channel';
import { loadChannels } from '../playlists/load';
import { FocusButton } from '../ui/FocusButton';
import { useBack } from '../ui/back';
import { VirtualList } from '../ui/VirtualList';
import { ParentPinScreen } from './ParentPinScreen';
import { PlayerScreen } from './PlayerScreen';

type NoValues = Record<string, never>;

const TEXTS = defineMessages<{
  reading: NoValues;
  groups: NoValues;
  channels: NoValues;
  count: { count: number };
  noGroup: NoValues;
  back: NoValues;
  retry: NoValues;
  cors: { host: string };
  http: { status: string };
  notPlaylist: NoValues;
  network: NoValues;
  xtreamRefused: { status: string };
  unsupported: NoValues;
  playlistCode: { address: string };
  lockedGroups: { count: number };
}>({
  reading: { id: 'tvapp.channels.reading', defaultMessage: 'Reading the playlist…' },
  groups: { id: 'tvapp.channels.groups', defaultMessage: 'Groups' },
  channels: { id: 'tvapp.channels.channels', defaultMessage: 'Channels' },
  count: {
    id: 'tvapp.channels.count',
    defaultMessage: '{count, plural, =0 {No channels} one {# channel} other {# channels}}',
  },
  noGroup: { id: 'tvapp.channels.noGroup', defaultMessage: 'Other channels' },
  back: { id: 'tvapp.channels.back', defaultMessage: 'Back to playlists' },
  retry: { id: 'tvapp.channels.retry', defaultMessage: 'Try again' },
  cors: {
    id: 'tvapp.channels.cors',
    defaultMessage:
      '{host} does not let web pages read this playlist (no cross-origin access). The packaged TV app is not bound by this; a desktop browser is.',
  },
  http: { id: 'tvapp.channels.http', defaultMessage: 'The provider answered HTTP {status} instead of the playlist.' },
  notPlaylist: { id: 'tvapp.channels.notPlaylist', defaultMessage: 'The provider’s answer is not a playlist.' },
  network: { id: 'tvapp.channels.network', defaultMessage: 'The provider could not be reached.' },
  xtreamRefused: {
    id: 'tvapp.channels.xtreamRefused',
    defaultMessage: 'The panel refused the line (it answered {status}). Check it with the provider.',
  },
  lockedGroups: {
    id: 'tvapp.channels.lockedGroups',
    defaultMessage: '{count, plural, one {# locked group: parent PIN} other {# locked groups: parent PIN}}',
  },
  unsupported: {
    id: 'tvapp.channels.unsupported',
    defaultMessage: 'This reference app does not open this kind of playlist yet.',
  },
  playlistCode: {
    id: 'tvapp.channels.playlistCode',
    defaultMessage:
      'A playlist code is opened by its provider’s own app, not by this one. Ask the provider for the M3U address or the Xtream Codes line, and add it in the portal at {address}.',
  },
});

function failureText(intl: IntlShape, failure: LoadFailure, portalUrl: string): string {
  switch (failure.kind) {
    case 'playlistCode':
      // A first-strong isolate keeps the address left to right inside an Arabic sentence.
      return intl.formatMessage(TEXTS.playlistCode, { address: `\u2068${portalUrl}\u2069` });
    case 'cors':
      return intl.formatMessage(TEXTS.cors, { host: failure.host });
    case 'http':
      return intl.formatMessage(TEXTS.http, { status: String(failure.status) });
    case 'xtreamRefused':
      return intl.formatMessage(TEXTS.xtreamRefused, { status: failure.status });
    default:
      return intl.formatMessage(TEXTS[failure.kind]);
  }
}

type Loaded = { state: 'loading' } | { state: 'failed'; failure: LoadFailure } | { state: 'ready'; list: ChannelList };

const ROW = 88;

/**
 * A playlist's groups, then its channels with their logos: both lists virtualised, for the remote. The TV reads
 * the playlist itself, from the provider (M3U in a worker with the check's parser; Xtream through player_api.php).
 */
export function ChannelsScreen({
  playlist,
  hasParentPin,
  onBack,
}: {
  playlist: TvPlaylist;
  hasParentPin: boolean;
  onBack: () => void;
}) {
  const intl = useIntl();
  // The portal's address, from the start-up read the home screen made (kept in the cache).
  const portalUrl = useTvAppConfigQuery().data?.appConfig.portalUrl ?? '';
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [group, setGroup] = useState(0);
  const [channel, setChannel] = useState(0);
  const [playing, setPlaying] = useState<number | undefined>();
  // Parental control by category: the groups the owner locked stay hidden until the parent PIN is given.
  const [groupsUnlocked, setGroupsUnlocked] = useState(false);
  const [askingParentPin, setAskingParentPin] = useState(false);
  const { ref, focusKey } = useFocusable({ focusKey: 'CHANNELS_SCREEN' });
  useBack(onBack, playing === undefined && !askingParentPin);

  useEffect(() => {
    let live = true;
    loadChannels(playlist, intl.formatMessage(TEXTS.noGroup)).then(
      (list) => {
        if (!live) return;
        setLoaded({ state: 'ready', list });
        setGroup(0);
        setChannel(0);
      },
      (error: unknown) => {
        if (live)
          setLoaded({ state: 'failed', failure: error instanceof LoadError ? error.failure : { kind: 'network' } });
      },
    );
    return () => {
      live = false;
    };
  }, [playlist, attempt, intl]);

  const list = loaded.state === 'ready' ? loaded.list : undefined;
  const groups = useMemo(() => {
    const locked = new Set(playlist.lockedGroups.map((name) => name.trim()));
    return !list || groupsUnlocked ? (list?.groups ?? []) : list.groups.filter((g) => !locked.has(g.name.trim()));
  }, [list, playlist.lockedGroups, groupsUnlocked]);
  const lockedCount = (list?.groups.length ?? 0) - groups.length;
  const current = groups[group];
  const groupChannels = useMemo(
    () => (list && current ? list.channels.slice(current.start, current.start + current.count) : []),
    [list, current],
  );

  useEffect(() => {
    if (list && playing === undefined && !askingParentPin)
      void setFocus(groups.length > 1 || lockedCount > 0 ? 'GROUPS' : 'CHANNEL_LIST');
  }, [list, playing, askingParentPin, groups.length, lockedCount]);

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="tv-screen tv-channels" aria-hidden={playing !== undefined}>
        <header className="tv-channels__header">
          <h1>{playlist.name}</h1>
          {list && <p>{intl.formatMessage(TEXTS.count, { count: list.channels.length })}</p>}
        </header>
        {loaded.state === 'loading' && <p className="tv-notice">{intl.formatMessage(TEXTS.reading)}</p>}
        {loaded.state === 'failed' && (
          <div>
            <p className="tv-error" role="alert">
              {failureText(intl, loaded.failure, portalUrl)}
            </p>
            {loaded.failure.kind === 'playlistCode' ? (
              // Trying again would change nothing: only Back.
              <FocusButton autoFocus onPress={onBack}>
                {intl.formatMessage(TEXTS.back)}
              </FocusButton>
            ) : (
              <>
                <FocusButton
                  autoFocus
                  onPress={() => {
                    setLoaded({ state: 'loading' });
                    setAttempt((n) => n + 1);
                  }}
                >
                  {intl.formatMessage(TEXTS.retry)}
                </FocusButton>{' '}
                <FocusButton onPress={onBack}>{intl.formatMessage(TEXTS.back)}</FocusButton>
              </>
            )}
          </div>
        )}
        {list && (
          <div className="tv-channels__columns">
            <VirtualList
              focusKey="GROUPS"
              label={intl.formatMessage(TEXTS.groups)}
              // The last row asks the parent PIN for the locked groups, while there are some.
              count={groups.length + (lockedCount > 0 ? 1 : 0)}
              selected={group}
              rowHeight={ROW}
              onSelect={(index) => {
                setGroup(index);
                setChannel(0);
              }}
              onEnter={(index) => {
                if (index < groups.length) void setFocus('CHANNEL_LIST');
                else setAskingParentPin(true);
              }}
              renderRow={(index) =>
                index < groups.length ? (
                  <div className="tv-row">
                    <span className="tv-row__name">{groups[index]!.name}</span>
                    <span className="tv-row__count">{groups[index]!.count}</span>
                  </div>
                ) : (
                  <div className="tv-row tv-row--locked" data-testid="locked-groups">
                    <span className="tv-row__name">
                      {intl.formatMessage(TEXTS.lockedGroups, { count: lockedCount })}
                    </span>
                  </div>
                )
              }
            />
            <VirtualList
              focusKey="CHANNEL_LIST"
              label={intl.formatMessage(TEXTS.channels)}
              count={groupChannels.length}
              selected={channel}
              rowHeight={ROW}
              onSelect={setChannel}
              onEnter={(index) => setPlaying(index)}
              renderRow={(index) => {
                const item = groupChannels[index]!;
                return (
                  <div className="tv-row">
                    <span className="tv-row__number">{index + 1}</span>
                    {item.logo ? (
                      <img
                        className="tv-row__logo"
                        src={item.logo}
                        alt=""
                        loading="lazy"
                        referrerPolicy="no-referrer"
                      />
                    ) : (
                      <span className="tv-row__logo" />
                    )}
                    <span className="tv-row__name">{item.name}</span>
                  </div>
                );
              }}
            />
          </div>
        )}
      </main>
      {askingParentPin && (
        <ParentPinScreen
          lockedCount={lockedCount}
          hasParentPin={hasParentPin}
          onValid={() => {
            setAskingParentPin(false);
            setGroupsUnlocked(true);
          }}
          onBack={() => {
            setAskingParentPin(false);
            void setFocus('GROUPS');
          }}
        />
      )}
      {playing !== undefined && groupChannels[playing] && (
        <PlayerScreen
          channels={groupChannels}
          index={playing}
          onIndex={(index) => {
            setPlaying(index);
            setChannel(index);
          }}
          onClose={() => {
            setPlaying(undefined);
            void setFocus('CHANNEL_LIST');
          }}
        />
      )}
    </FocusContext.Provider>
  );
}
