import { Fragment, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useNow } from '../../../hooks/useNow';
import { CheckResultCard, VerdictBadge } from './CheckResultCard';
import { isCheckable, useCheckWords } from './playlistCheck';
import type { PlaylistCheck } from './playlistCheck';
import { kindOf, urlCell } from './playlistModel';
import type { Playlist, PlaylistKind } from './playlistModel';

/** Each kind's name as the TV app shows it (tvapp.home.type*): one name for one thing across the product. */
const KIND_LABELS = defineMessages<PlaylistKind>({
  general: { id: 'playlists.kind.m3u', defaultMessage: 'M3U playlist' },
  xc: { id: 'playlists.kind.xtreamCodes', defaultMessage: 'Xtream Codes' },
  code: { id: 'playlists.kind.playlistCode', defaultMessage: 'Playlist code' },
});

/** The table's column names, which are also each cell's label on a phone (`data-label`). */
const COLUMN_LABELS = defineMessages({
  playlist: { id: 'playlists.column.playlist', defaultMessage: 'Playlist' },
  url: { id: 'playlists.column.url', defaultMessage: 'URL' },
  username: { id: 'playlists.column.username', defaultMessage: 'Username' },
  password: { id: 'playlists.column.password', defaultMessage: 'Password' },
  lastCheck: { id: 'playlists.column.lastCheck', defaultMessage: 'Last check' },
  actions: { id: 'playlists.column.actions', defaultMessage: 'Actions' },
});

const WORDS = defineMessages({
  protected: { id: 'playlists.protected', defaultMessage: 'Protected' },
  notAvailable: { id: 'playlists.notAvailable', defaultMessage: 'N/A' },
  show: { id: 'playlists.show', defaultMessage: 'Show' },
  hide: { id: 'playlists.hide', defaultMessage: 'Hide' },
  check: { id: 'playlists.check', defaultMessage: 'Check' },
  checking: { id: 'playlists.checking', defaultMessage: 'Checking…' },
  edit: { id: 'playlists.edit', defaultMessage: 'Edit' },
  delete: { id: 'playlists.delete', defaultMessage: 'Delete' },
});

function Secret({ playlist, value, masked = false }: { playlist: Playlist; value: string | null; masked?: boolean }) {
  const [shown, setShown] = useState(false);
  const intl = useIntl();
  // A locked XC playlist has credentials; the server just does not send them without the PIN.
  if (playlist.locked && playlist.type === 'XC') {
    return (
      <span className="playlists__muted">
        <FormattedMessage {...WORDS.protected} />
      </span>
    );
  }
  if (!value) {
    return (
      <span className="playlists__muted">
        <FormattedMessage {...WORDS.notAvailable} />
      </span>
    );
  }
  if (!masked) {
    return (
      <span className="playlists__clip" title={value} dir="ltr">
        {value}
      </span>
    );
  }
  // A password stays hidden from whoever looks over the owner's shoulder until the owner asks to see it.
  return (
    <span className="playlists__secret">
      <span className="playlists__clip playlists__mono" dir="ltr">
        {shown ? value : '••••••••'}
      </span>
      <button
        type="button"
        className="playlists__reveal"
        aria-pressed={shown}
        aria-label={
          shown
            ? intl.formatMessage(
                { id: 'playlists.password.hideOf', defaultMessage: 'Hide the password of {name}' },
                { name: playlist.name },
              )
            : intl.formatMessage(
                { id: 'playlists.password.showOf', defaultMessage: 'Show the password of {name}' },
                { name: playlist.name },
              )
        }
        onClick={() => setShown((now) => !now)}
      >
        <FormattedMessage {...(shown ? WORDS.hide : WORDS.show)} />
      </button>
    </span>
  );
}

/** The 'Last check' cell's status: the last verdict and when, or why there is none. */
function LastCheck({ playlist, now }: { playlist: Playlist; now: number }) {
  const intl = useIntl();
  const words = useCheckWords();
  if (!isCheckable(playlist)) {
    return (
      <span
        className="playlists__muted"
        title={intl.formatMessage({
          id: 'playlists.codeNotCheckable',
          defaultMessage: 'Playlist codes are opened by the TV app and cannot be checked here.',
        })}
      >
        <FormattedMessage {...WORDS.notAvailable} />
      </span>
    );
  }
  const check = playlist.lastCheck;
  if (check) {
    return (
      <span className="playlists__last-check">
        <VerdictBadge verdict={check.verdict} compact />
        <time className="playlists__checked-at" dateTime={check.checkedAt} title={words.checkedAt(check.checkedAt)}>
          {words.checkedAgo(check.checkedAt, now)}
        </time>
      </span>
    );
  }
  // The server keeps a protected playlist's last check to itself until its PIN is given.
  return (
    <span className="playlists__muted">
      {playlist.isProtected ? (
        <FormattedMessage {...WORDS.protected} />
      ) : (
        <FormattedMessage id="playlists.lastCheck.never" defaultMessage="Never" />
      )}
    </span>
  );
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
  const intl = useIntl();
  const column = (name: keyof typeof COLUMN_LABELS) => intl.formatMessage(COLUMN_LABELS[name]);
  const about = (name: string) => ({ name });
  return (
    <table className="playlists__table">
      <thead>
        <tr>
          <th scope="col" className="playlists__col-name">
            {column('playlist')}
          </th>
          <th scope="col" className="playlists__col-url">
            {column('url')}
          </th>
          <th scope="col" className="playlists__col-secret">
            {column('username')}
          </th>
          <th scope="col" className="playlists__col-secret">
            {column('password')}
          </th>
          <th scope="col" className="playlists__col-check">
            {column('lastCheck')}
          </th>
          <th scope="col" className="playlists__col-actions">
            {column('actions')}
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
                <td data-label={column('playlist')} className="playlists__name">
                  <div>
                    <span className="playlists__name-text" dir="auto">
                      {playlist.name}
                    </span>
                    <span className="playlists__kind">{intl.formatMessage(KIND_LABELS[kindOf(playlist.type)])}</span>
                  </div>
                </td>
                <td data-label={column('url')}>
                  {url === 'Protected' ? (
                    <span className="playlists__protected">
                      <LockIcon />
                      <FormattedMessage {...WORDS.protected} />
                    </span>
                  ) : url === 'N/A' ? (
                    <span className="playlists__muted">
                      <FormattedMessage {...WORDS.notAvailable} />
                    </span>
                  ) : (
                    <span className="playlists__clip playlists__mono" title={url} dir="ltr">
                      {url}
                    </span>
                  )}
                </td>
                <td data-label={column('username')}>
                  <Secret playlist={playlist} value={playlist.username} />
                </td>
                <td data-label={column('password')}>
                  <Secret playlist={playlist} value={playlist.password} masked />
                </td>
                <td data-label={column('lastCheck')}>
                  <div className="playlists__check">
                    <LastCheck playlist={playlist} now={now} />
                    {isCheckable(playlist) && (
                      <button
                        type="button"
                        className="playlists__check-button"
                        aria-label={intl.formatMessage(
                          { id: 'playlists.checkOf', defaultMessage: 'Check {name}' },
                          about(playlist.name),
                        )}
                        aria-controls={result ? panelId : undefined}
                        disabled={checking}
                        aria-busy={checking}
                        onClick={() => onCheck(playlist)}
                      >
                        {checking && <span className="playlists__check-spinner" aria-hidden="true" />}
                        <FormattedMessage {...(checking ? WORDS.checking : WORDS.check)} />
                      </button>
                    )}
                  </div>
                </td>
                <td data-label={column('actions')}>
                  <div className="playlists__actions">
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={intl.formatMessage(
                        { id: 'playlists.editOf', defaultMessage: 'Edit {name}' },
                        about(playlist.name),
                      )}
                      title={intl.formatMessage(WORDS.edit)}
                      onClick={() => onEdit(playlist)}
                    >
                      <EditIcon />
                    </button>
                    <button
                      type="button"
                      className="icon-button icon-button--danger"
                      aria-label={intl.formatMessage(
                        { id: 'playlists.deleteOf', defaultMessage: 'Delete {name}' },
                        about(playlist.name),
                      )}
                      title={intl.formatMessage(WORDS.delete)}
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
                      heading={intl.formatMessage(
                        { id: 'playlists.checkResultOf', defaultMessage: 'Check of “{name}”' },
                        about(playlist.name),
                      )}
                      dismissLabel={intl.formatMessage(
                        { id: 'playlists.closeCheckOf', defaultMessage: 'Close the check of {name}' },
                        about(playlist.name),
                      )}
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
  const intl = useIntl();
  return (
    <nav
      className="pagination"
      aria-label={intl.formatMessage({ id: 'playlists.pagination.label', defaultMessage: 'Pages' })}
    >
      <button type="button" className="pagination__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="playlists.pagination.previous" defaultMessage="Previous" />
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
            aria-label={intl.formatMessage(
              { id: 'playlists.pagination.page', defaultMessage: 'Page {page}' },
              { page: entry },
            )}
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
        <FormattedMessage id="playlists.pagination.next" defaultMessage="Next" />
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
