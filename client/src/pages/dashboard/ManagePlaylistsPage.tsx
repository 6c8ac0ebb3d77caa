import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../common/messages';
import type { PlaylistValues } from '../../../../common/validation';
import { useCreatePlaylistMutation, useDeletePlaylistMutation, usePlaylistsQuery } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { useLocale } from '../../i18n/LocaleProvider';
import { alertError, confirmAction, notifySuccess, promptPin, showAlert, showWrongPin } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { DashboardPanel } from './DashboardPanel';
import { PlaylistForm } from './playlists/PlaylistForm';
import { Pagination, PlaylistTable } from './playlists/PlaylistTable';
import { ADD_HEADINGS, PIN_PROMPT, formDefaults, toPlaylistInput } from './playlists/playlistModel';
import type { Playlist, PlaylistKind } from './playlists/playlistModel';
import { usePlaylistChecks } from './playlists/usePlaylistChecks';
import '../../styles/playlists.css';

const PAGE_SIZE = 8;
const KINDS: PlaylistKind[] = ['general', 'xc', 'code'];

/** A message set by the payment-return routes, shown once on the main view. */
interface Flash {
  message: string;
  paymentStatus: 'success' | 'error';
}

/** What this page keeps in the history entry's state: the sub-view, and whether it was opened from the list. */
interface PageState {
  view: PlaylistKind | 'main';
  fromMain: boolean;
  flash: Flash | null;
}

function readPageState(state: unknown): PageState {
  const value = (typeof state === 'object' && state !== null ? state : {}) as Record<string, unknown>;
  const view = KINDS.find((kind) => kind === value.view) ?? 'main';
  const flash = value.flash as Partial<Flash> | undefined;
  return {
    view,
    fromMain: value.fromMain === true,
    flash:
      flash && typeof flash.message === 'string'
        ? { message: flash.message, paymentStatus: flash.paymentStatus === 'error' ? 'error' : 'success' }
        : null,
  };
}

export default function ManagePlaylistsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { view, fromMain, flash } = readPageState(location.state);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string | null>(null);
  const intl = useIntl();
  // Messages that arrive as their English (common/messages.ts, the server's), in the page's language.
  const { text: say } = useLocale();

  // Fresh on every visit (another browser or the TV may have changed the list), without flashing a spinner
  // over what the cache already shows.
  const { data, loading, error, refetch } = usePlaylistsQuery({
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  // Protected playlists come back unlocked from a save: keep those details out of the cache.
  const [createPlaylist] = useCreatePlaylistMutation({ fetchPolicy: 'no-cache' });
  const [deletePlaylist] = useDeletePlaylistMutation();
  const checks = usePlaylistChecks({ onNotFound: refreshList });

  const shownFlash = useRef<string | null>(null);
  const showFlash = useEffectEvent((shown: Flash) =>
    showAlert(
      shown.paymentStatus === 'error' ? 'error' : 'info',
      shown.paymentStatus === 'error'
        ? intl.formatMessage({ id: 'playlists.flash.cancelled', defaultMessage: 'Cancelled' })
        : intl.formatMessage({ id: 'playlists.flash.processing', defaultMessage: 'Payment is being processed' }),
      say(shown.message),
    ),
  );
  useEffect(() => {
    if (view !== 'main' || !flash || shownFlash.current === location.key) return;
    shownFlash.current = location.key;
    void showFlash(flash);
    // Once only: a reload or a step back through history must not show it again.
    void navigate('/dashboard', { replace: true, state: null });
  }, [view, flash, location.key, navigate]);

  const playlists = data?.playlists;
  const filtered = useMemo(() => {
    if (!playlists) return [];
    const needle = search.trim().toLowerCase();
    return needle ? playlists.filter((playlist) => playlist.name.toLowerCase().includes(needle)) : playlists;
  }, [playlists, search]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  // A delete can leave the page past the end; show the last one instead.
  const currentPage = Math.min(page, pageCount);
  const pageRows = filtered.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);

  function refreshList() {
    refetch().catch((refetchError: unknown) => console.error('Could not reload the playlists', refetchError));
  }

  function openView(kind: PlaylistKind) {
    void navigate('/dashboard', { state: { view: kind, fromMain: true } });
  }

  function backToMain() {
    // Stepping back removes the form's history entry, so the back button cannot reopen it.
    if (fromMain) void navigate(-1);
    else void navigate('/dashboard', { replace: true, state: null });
  }

  async function add(values: PlaylistValues) {
    const { data: saved } = await createPlaylist({ variables: { input: toPlaylistInput(values) } });
    const savedMessage = saved?.createPlaylist.message;
    notifySuccess(
      savedMessage
        ? say(savedMessage)
        : intl.formatMessage({ id: 'playlists.saved', defaultMessage: 'Playlist saved.' }),
    );
    backToMain();
    refreshList();
  }

  async function remove(playlist: Playlist) {
    let pin: string | null = null;
    if (playlist.isProtected) {
      pin = await promptPin(intl.formatMessage(PIN_PROMPT, { name: playlist.name }));
      if (pin === null) return;
    }
    const confirmed = await confirmAction({
      title: intl.formatMessage(
        { id: 'playlists.delete.title', defaultMessage: 'Delete {name}?' },
        { name: playlist.name },
      ),
      text: intl.formatMessage({ id: 'playlists.delete.text', defaultMessage: 'This cannot be undone.' }),
      confirmText: intl.formatMessage({ id: 'playlists.delete.confirm', defaultMessage: 'Delete' }),
    });
    if (!confirmed) return;
    setBusyId(playlist.id);
    try {
      await deletePlaylist({ variables: { input: { id: playlist.id, pin } } });
      refreshList();
      await showAlert('success', say(messages.playlist.deleted));
    } catch (failure) {
      const { code, message } = readGraphQLFailure(failure);
      if (code === 'FORBIDDEN') await showWrongPin();
      else alertError(say(messages.playlist.deleteFailedTitle), say(message ?? messages.playlist.deleteFailedFallback));
    } finally {
      setBusyId(null);
    }
  }

  if (view !== 'main') {
    return (
      <PlaylistForm
        key={view}
        kind={view}
        heading={intl.formatMessage(ADD_HEADINGS[view])}
        defaultValues={formDefaults(view)}
        onSave={add}
        onCancel={backToMain}
      />
    );
  }

  const total = playlists?.length ?? 0;
  const firstShown = (currentPage - 1) * PAGE_SIZE + 1;

  return (
    <DashboardPanel heading={intl.formatMessage({ id: 'playlists.title', defaultMessage: 'Manage Playlists' })}>
      <div className="playlists__toolbar">
        <div className="playlists__add">
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="button button--primary" onClick={() => openView(kind)}>
              <FormattedMessage {...ADD_HEADINGS[kind]} />
            </button>
          ))}
        </div>
        <div className="playlists__search">
          <label htmlFor="playlist-search" className="visually-hidden">
            <FormattedMessage id="playlists.search.label" defaultMessage="Search playlists by name" />
          </label>
          <input
            id="playlist-search"
            type="search"
            dir="auto"
            placeholder={intl.formatMessage({ id: 'playlists.search.placeholder', defaultMessage: 'Search by name' })}
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>

      {!playlists ? (
        loading ? (
          <Spinner label={intl.formatMessage({ id: 'playlists.loading', defaultMessage: 'Loading playlists…' })} />
        ) : (
          <div className="playlists__empty" role="alert">
            <p className="playlists__empty-title">
              <FormattedMessage id="playlists.loadFailed" defaultMessage="Could not load your playlists." />
            </p>
            <p>{say(readGraphQLFailure(error).message ?? messages.playlist.requestFailed)}</p>
            <button type="button" className="button button--ghost" onClick={refreshList}>
              <FormattedMessage id="playlists.tryAgain" defaultMessage="Try again" />
            </button>
          </div>
        )
      ) : total === 0 ? (
        <div className="playlists__empty">
          <p className="playlists__empty-title">
            <FormattedMessage id="playlists.empty.title" defaultMessage="You have no playlists yet." />
          </p>
          <p>
            <FormattedMessage
              id="playlists.empty.text"
              defaultMessage="Add one with the buttons above; it will appear on your TV the next time the app loads its list."
            />
          </p>
        </div>
      ) : filtered.length === 0 ? (
        <div className="playlists__empty">
          <p className="playlists__empty-title">
            <FormattedMessage
              id="playlists.search.none"
              defaultMessage="No playlist name contains “{search}”."
              values={{ search: search.trim() }}
            />
          </p>
        </div>
      ) : (
        <>
          <div className="playlists__list">
            <div className="playlists__table-wrap">
              <PlaylistTable
                playlists={pageRows}
                busyId={busyId}
                onEdit={(playlist) => void navigate(`/dashboard/edit/${encodeURIComponent(playlist.id)}`)}
                onDelete={(playlist) => void remove(playlist)}
                checkingIds={checks.checkingIds}
                checkResults={checks.results}
                onCheck={(playlist) => void checks.check(playlist)}
                onCloseCheck={checks.close}
              />
            </div>
          </div>
          <div className="playlists__footer">
            <p className="playlists__count" aria-live="polite">
              {filtered.length > PAGE_SIZE ? (
                <FormattedMessage
                  id="playlists.count.range"
                  defaultMessage="Showing {first}–{last} of {total} playlists"
                  values={{ first: firstShown, last: firstShown + pageRows.length - 1, total: filtered.length }}
                />
              ) : (
                // {shown}, not #: the count as it was always written, without a grouping separator.
                <FormattedMessage
                  id="playlists.count.all"
                  defaultMessage="{count, plural, one {{shown} playlist} other {{shown} playlists}}"
                  values={{ count: filtered.length, shown: String(filtered.length) }}
                />
              )}
            </p>
            {filtered.length > PAGE_SIZE && <Pagination page={currentPage} pageCount={pageCount} onPage={setPage} />}
          </div>
        </>
      )}
      <p className="visually-hidden" role="status">
        {checks.announcement}
      </p>
    </DashboardPanel>
  );
}
