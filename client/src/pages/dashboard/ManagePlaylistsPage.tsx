import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../../../common/messages';
import type { PlaylistValues } from '../../../../common/validation';
import { useCreatePlaylistMutation, useDeletePlaylistMutation, usePlaylistsQuery } from '../../__generated__/hooks';
import { Spinner } from '../../components/Spinner';
import { alertError, confirmAction, notifySuccess, promptPin, showAlert, showWrongPin } from '../../lib/alerts';
import { readGraphQLFailure } from '../../lib/graphqlFailure';
import { DashboardPanel } from './DashboardPanel';
import { PlaylistForm } from './playlists/PlaylistForm';
import { Pagination, PlaylistTable } from './playlists/PlaylistTable';
import { ADD_HEADINGS, formDefaults, toPlaylistInput } from './playlists/playlistModel';
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
  useEffect(() => {
    if (view !== 'main' || !flash || shownFlash.current === location.key) return;
    shownFlash.current = location.key;
    void showAlert(
      flash.paymentStatus === 'error' ? 'error' : 'info',
      flash.paymentStatus === 'error' ? 'Cancelled' : 'Payment is being processed',
      flash.message,
    );
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
    notifySuccess(saved?.createPlaylist.message ?? 'Playlist saved.');
    backToMain();
    refreshList();
  }

  async function remove(playlist: Playlist) {
    let pin: string | null = null;
    if (playlist.isProtected) {
      pin = await promptPin(`“${playlist.name}” is protected.`);
      if (pin === null) return;
    }
    const confirmed = await confirmAction({
      title: `Delete ${playlist.name}?`,
      text: 'This cannot be undone.',
      confirmText: 'Delete',
    });
    if (!confirmed) return;
    setBusyId(playlist.id);
    try {
      await deletePlaylist({ variables: { input: { id: playlist.id, pin } } });
      refreshList();
      await showAlert('success', messages.playlist.deleted);
    } catch (failure) {
      const { code, message } = readGraphQLFailure(failure);
      if (code === 'FORBIDDEN') await showWrongPin();
      else alertError(messages.playlist.deleteFailedTitle, message ?? messages.playlist.deleteFailedFallback);
    } finally {
      setBusyId(null);
    }
  }

  if (view !== 'main') {
    return (
      <PlaylistForm
        key={view}
        kind={view}
        heading={ADD_HEADINGS[view]}
        defaultValues={formDefaults(view)}
        onSave={add}
        onCancel={backToMain}
      />
    );
  }

  const total = playlists?.length ?? 0;
  const firstShown = (currentPage - 1) * PAGE_SIZE + 1;

  return (
    <DashboardPanel heading="Manage Playlists">
      <div className="playlists__toolbar">
        <div className="playlists__add">
          {KINDS.map((kind) => (
            <button key={kind} type="button" className="button button--primary" onClick={() => openView(kind)}>
              {ADD_HEADINGS[kind]}
            </button>
          ))}
        </div>
        <div className="playlists__search">
          <label htmlFor="playlist-search" className="visually-hidden">
            Search playlists by name
          </label>
          <input
            id="playlist-search"
            type="search"
            placeholder="Search by name"
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
          <Spinner label="Loading playlists…" />
        ) : (
          <div className="playlists__empty" role="alert">
            <p className="playlists__empty-title">Could not load your playlists.</p>
            <p>{readGraphQLFailure(error).message ?? messages.playlist.requestFailed}</p>
            <button type="button" className="button button--ghost" onClick={refreshList}>
              Try again
            </button>
          </div>
        )
      ) : total === 0 ? (
        <div className="playlists__empty">
          <p className="playlists__empty-title">You have no playlists yet.</p>
          <p>Add one with the buttons above; it will appear on your TV the next time the app loads its list.</p>
        </div>
      ) : filtered.length === 0 ? (
        <div className="playlists__empty">
          <p className="playlists__empty-title">No playlist name contains “{search.trim()}”.</p>
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
              {filtered.length > PAGE_SIZE
                ? `Showing ${firstShown}–${firstShown + pageRows.length - 1} of ${filtered.length} playlists`
                : `${filtered.length} ${filtered.length === 1 ? 'playlist' : 'playlists'}`}
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
