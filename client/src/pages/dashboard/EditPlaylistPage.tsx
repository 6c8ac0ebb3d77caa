import { useEffect, useEffectEvent, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { messages } from '../../../../common/messages';
import type { PlaylistValues } from '../../../../common/validation';
import { usePlaylistQuery, useUnlockPlaylistMutation, useUpdatePlaylistMutation } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useLocale } from '../../i18n/LocaleProvider';
import { notifySuccess, promptPin, showAlert, showWrongPin } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { DashboardPanel } from './DashboardPanel';
import { ParentalControl } from './playlists/ParentalControl';
import { PlaylistForm } from './playlists/PlaylistForm';
import { PIN_PROMPT, formDefaults, kindOf, toPlaylistInput } from './playlists/playlistModel';
import type { Playlist } from './playlists/playlistModel';
import '../../styles/playlists.css';

const LIST_PATH = '/dashboard';

const TEXT = defineMessages({
  heading: { id: 'playlists.edit.title', defaultMessage: 'Edit Playlist' },
  notFound: { id: 'playlists.edit.notFound', defaultMessage: 'This playlist does not exist' },
});

/** A protected playlist opened with its PIN; the PIN goes back as `currentPin` when the edit is saved. */
interface Unlocked {
  playlist: Playlist;
  pin: string;
}

export default function EditPlaylistPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [unlocked, setUnlocked] = useState<Unlocked | null>(null);
  const intl = useIntl();
  // Messages that arrive as their English (common/messages.ts, the server's), in the page's language.
  const { text: say } = useLocale();
  // For the PIN loop below: read when used, so messages arriving later do not restart it (and ask again).
  const pinPrompt = useEffectEvent((name: string) => intl.formatMessage(PIN_PROMPT, { name }));
  const sayLater = useEffectEvent((english: string) => say(english));

  const { data, error } = usePlaylistQuery({ variables: { id }, fetchPolicy: 'network-only' });
  // Unlocked details and the PIN stay in this component: never in the Apollo cache.
  const [unlockPlaylist] = useUnlockPlaylistMutation({ fetchPolicy: 'no-cache' });
  const [updatePlaylist] = useUpdatePlaylistMutation({ fetchPolicy: 'no-cache' });

  const loaded = data?.playlist;
  const needsPin = loaded?.isProtected === true;
  const lockedId = needsPin ? loaded.id : null;
  const lockedName = needsPin ? loaded.name : null;

  useEffect(() => {
    if (lockedId === null) return;
    let cancelled = false;

    async function askUntilOpen(playlistId: string) {
      for (;;) {
        const pin = await promptPin(pinPrompt(lockedName ?? ''));
        if (cancelled) return;
        if (pin === null) {
          void navigate(LIST_PATH);
          return;
        }
        try {
          const { data: answer } = await unlockPlaylist({ variables: { input: { id: playlistId, pin } } });
          if (cancelled) return;
          if (!answer) throw new Error('The unlock answer carried no data');
          setUnlocked({ playlist: answer.unlockPlaylist.playlist, pin });
          return;
        } catch (failure) {
          if (cancelled) return;
          const { answered, code, message } = readGraphQLFailure(failure);
          if (code === 'FORBIDDEN') {
            await showWrongPin();
            if (cancelled) return;
            continue;
          }
          if (code === 'RATE_LIMITED') await showAlert('error', sayLater(message ?? messages.playlist.requestFailed));
          else if (answered) {
            await showAlert('error', sayLater(messages.playlist.saveFailed), message ? sayLater(message) : undefined);
          } else await showAlert('error', sayLater(messages.playlist.requestFailed));
          if (!cancelled) void navigate(LIST_PATH);
          return;
        }
      }
    }

    void askUntilOpen(lockedId);
    return () => {
      cancelled = true;
    };
  }, [lockedId, lockedName, unlockPlaylist, navigate]);

  if (error) {
    const { code, message } = readGraphQLFailure(error);
    return (
      <DashboardPanel heading={intl.formatMessage(code === 'NOT_FOUND' ? TEXT.notFound : TEXT.heading)}>
        <div className="playlists__empty" role="alert">
          <p>
            {code === 'NOT_FOUND' ? (
              <FormattedMessage
                id="playlists.edit.notFoundText"
                defaultMessage="It may have been deleted, or the link is wrong."
              />
            ) : (
              say(message ?? messages.playlist.requestFailed)
            )}
          </p>
          <Link to={LIST_PATH} className="button button--ghost">
            <FormattedMessage id="playlists.edit.back" defaultMessage="Back to your playlists" />
          </Link>
        </div>
      </DashboardPanel>
    );
  }

  if (!loaded) {
    return (
      <DashboardPanel heading={intl.formatMessage(TEXT.heading)}>
        <Spinner
          label={intl.formatMessage({ id: 'playlists.edit.loading', defaultMessage: 'Loading the playlist…' })}
        />
      </DashboardPanel>
    );
  }

  const playlist = needsPin ? unlocked?.playlist : loaded;
  if (!playlist) {
    return (
      <DashboardPanel heading={intl.formatMessage(TEXT.heading)}>
        <p className="panel__note">
          <FormattedMessage
            id="playlists.edit.protected"
            defaultMessage="This playlist is protected: enter its PIN to edit it."
          />
        </p>
      </DashboardPanel>
    );
  }

  const currentPin = needsPin ? unlocked?.pin : undefined;
  async function save(values: PlaylistValues) {
    const { data: saved } = await updatePlaylist({
      variables: { input: { id: loaded?.id ?? id, currentPin, playlist: toPlaylistInput(values) } },
    });
    const savedMessage = saved?.updatePlaylist.message;
    notifySuccess(
      savedMessage
        ? say(savedMessage)
        : intl.formatMessage({ id: 'playlists.saved', defaultMessage: 'Playlist saved.' }),
    );
    // Replaced, so the back button does not reopen the form (and ask for the PIN again).
    void navigate(LIST_PATH, { replace: true });
  }

  const kind = kindOf(playlist.type);
  return (
    <>
      <PlaylistForm
        key={playlist.id}
        kind={kind}
        heading={intl.formatMessage(TEXT.heading)}
        defaultValues={formDefaults(kind, playlist, currentPin)}
        onSave={save}
        onCancel={() => void navigate(LIST_PATH)}
      />
      <ParentalControl key={`${playlist.id}-parental`} playlist={playlist} pin={currentPin} />
    </>
  );
}
