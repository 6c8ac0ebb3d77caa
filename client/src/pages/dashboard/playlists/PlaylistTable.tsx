import { Fragment, useState } from 'react';
import { useNow } from '../../../hooks/useNow';
import { CheckResultCard, VerdictBadge } from './CheckResultCard';
import { formatCheckedAgo, formatCheckedAt, isCheckable } from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import { kindOf, urlCell } from './playlistModel';
import type { Playlist } from './playlistModel';

const KIND_LABELS = { general: 'General', xc: 'XC', code: 'Code' } as const;

function Secret({ playlist, value, masked = false }: { playlist: Playlist; value: string | null; masked?: boolean }) {
  const [shown, setShown] = useState(false);
  // A locked XC playlist has credentials; the server just does not send them without the PIN.
  if (playlist.locked && playlist.type === 'XC') return <span className="playlists__muted">Protected</span>;
  if (!value) return <span className="playlists__muted">N/A</span>;
  if (!masked) {
    return (
      <span className="playlists__clip" title={value}>
        {value}
      </span>
    );
  }
  // A password stays hidden from whoever looks over the owner's shoulder until the owner asks to see it.
  return (
    <span className="playlists__secret">
      <span className="playlists__clip playlists__mono">{shown ? value : '••••••••'}</span>
      <button
        type="button"
        className="playlists__reveal"
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Show'} the password of ${playlist.name}`}
        onClick={() => setShown((now) => !now)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </span>
  );
}

/** The 'Last check' cell's status: the last verdict and when, or why there is none. */
function LastCheck({ playlist, now }: { playlist: Playlist; now: number }) {
  if (!isCheckable(playlist)) {
    return (
      <span className="playlists__muted" title="Playlist codes are opened by the TV app and cannot be checked here.">
        n/a
      </span>
    );
  }
  const check = playlist.lastCheck;
  if (check) {
    return (
      <span className="playlists__last-check">
        <VerdictBadge verdict={check.verdict} compact />
        <time className="playlists__checked-at" dateTime={check.checkedAt} title={formatCheckedAt(check.checkedAt)}>
          {formatCheckedAgo(check.checkedAt, now)}
        </time>
      </span>
    );
  }
  // The server keeps a protected playlist's last check to itself until its PIN is given.
  return <span className="playlists__muted">{playlist.isProtected ? 'Protected' : 'Never'}</span>;
}

/** The number of columns, for the check panel's cell that spans them all. */
const COLUMNS = 6;

export interface PlaylistTableProps {
  playlists: Playlist[];
  busyId: string | null;
  onEdit: (playlist: Playlist) => void;
  onDelete: (playlist: Playlist) => void;
  /** Playlists whose check is running. */
  checkingIds: ReadonlySet<string>;
  /** Check results to show under their rows, by playlist id. */
  checkResults: ReadonlyMap<string, PlaylistCheck>;
  onCheck: (playlist: Playlist) => void;
  onCloseCheck: (playlist: Playlist) => void;
}

export function PlaylistTable({
  playlists,
  busyId,
  onEdit,
  onDelete,
  checkingIds,
  checkResults,
  onCheck,
  onCloseCheck,
}: PlaylistTableProps) {
  const now = useNow();
  return (
    <table className="playlists__table">
      <thead>
        <tr>
          <th scope="col" className="playlists__col-name">
            Playlist
          </th>
          <th scope="col" className="playlists__col-url">
            URL
          </th>
          <th scope="col" className="playlists__col-secret">
            Username
          </th>
          <th scope="col" className="playlists__col-secret">
            Password
          </th>
          <th scope="col" className="playlists__col-check">
            Last check
          </th>
          <th scope="col" className="playlists__col-actions">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {playlists.map((playlist) => {
          const url = urlCell(playlist);
          const checking = checkingIds.has(playlist.id);
          const result = checkResults.get(playlist.id);
          const panelId = `playlist-check-${playlist.id}`;
          return (
            <Fragment key={playlist.id}>
              <tr className={result ? 'playlists__row--with-check' : undefined}>
                <td data-label="Playlist" className="playlists__name">
                  <div>
                    <span className="playlists__name-text">{playlist.name}</span>
                    <span className="playlists__kind">{KIND_LABELS[kindOf(playlist.type)]}</span>
                  </div>
                </td>
                <td data-label="URL">
                  {url === 'Protected' ? (
                    <span className="playlists__protected">
                      <LockIcon />
                      Protected
                    </span>
                  ) : url === 'N/A' ? (
                    <span className="playlists__muted">N/A</span>
                  ) : (
                    <span className="playlists__clip playlists__mono" title={url}>
                      {url}
                    </span>
                  )}
                </td>
                <td data-label="Username">
                  <Secret playlist={playlist} value={playlist.username} />
                </td>
                <td data-label="Password">
                  <Secret playlist={playlist} value={playlist.password} masked />
                </td>
                <td data-label="Last check">
                  <div className="playlists__check">
                    <LastCheck playlist={playlist} now={now} />
                    {isCheckable(playlist) && (
                      <button
                        type="button"
                        className="playlists__check-button"
                        aria-label={`Check ${playlist.name}`}
                        aria-controls={result ? panelId : undefined}
                        disabled={checking}
                        aria-busy={checking}
                        onClick={() => onCheck(playlist)}
                      >
                        {checking && <span className="playlists__check-spinner" aria-hidden="true" />}
                        {checking ? 'Checking…' : 'Check'}
                      </button>
                    )}
                  </div>
                </td>
                <td data-label="Actions">
                  <div className="playlists__actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Edit ${playlist.name}`}
                      title="Edit"
                      onClick={() => onEdit(playlist)}
                    >
                      <EditIcon />
                    </button>
                    <button
                      type="button"
                      className="icon-button icon-button--danger"
                      aria-label={`Delete ${playlist.name}`}
                      title="Delete"
                      disabled={busyId === playlist.id}
                      aria-busy={busyId === playlist.id}
                      onClick={() => onDelete(playlist)}
                    >
                      <DeleteIcon />
                    </button>
                  </div>
                </td>
              </tr>
              {result && (
                <tr className="playlists__check-row" id={panelId}>
                  <td colSpan={COLUMNS}>
                    <CheckResultCard
                      key={result.checkedAt}
                      check={result}
                      heading={`Check of “${playlist.name}”`}
                      dismissLabel={`Close the check of ${playlist.name}`}
                      onDismiss={() => onCloseCheck(playlist)}
                      takeFocus
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

/** Page numbers to show: all of them when few, else the ends and the current page's neighbours. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const pages = new Set([1, pageCount, page - 1, page, page + 1]);
  const sorted = [...pages].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const n of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && n - previous > 1) result.push(n - previous === 2 ? previous + 1 : 'gap');
    result.push(n);
  }
  return result;
}

export function Pagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="pagination__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            className="pagination__button pagination__number"
            aria-label={`Page ${entry}`}
            aria-current={entry === page ? 'page' : undefined}
            onClick={() => onPage(entry)}
          >
            {entry}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__button"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z"
      />
    </svg>
  );
}

function EditIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}

function DeleteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M6 19a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2V7H6v12zM19 4h-3.5l-1-1h-5l-1 1H5v2h14V4z" />
    </svg>
  );
}
