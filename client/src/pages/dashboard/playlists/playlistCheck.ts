import { formatDisplayDate } from '../../../../../common/dates';
import { messages } from '../../../../../common/messages';
import { playlistFormSchema } from '../../../../../common/validation';
import type { PlaylistFormInput } from '../../../../../common/validation';
import type {
  GuideSource,
  PlaylistCheckFieldsFragment,
  PlaylistCheckProblem,
  PlaylistCheckVerdict,
  PlaylistInput,
  XcLineState,
} from '../../../__generated__/graphql';
import { showAlert } from '../../../lib/alerts';
import type { GraphQLFailure } from '../../../lib/graphqlFailure';
import { toPlaylistInput } from './playlistModel';
import type { Playlist } from './playlistModel';

export type PlaylistCheck = PlaylistCheckFieldsFragment;

/** The verdict in words: the badge's text, so it never depends on its colour. */
export const VERDICT_LABELS: Record<PlaylistCheckVerdict, string> = {
  OK: 'Will play',
  WARNING: 'Plays, with warnings',
  FAILED: 'Will not play',
};

/** Why a check failed, in a few words; the check's `message` says the rest. */
export const PROBLEM_LABELS: Record<PlaylistCheckProblem, string> = {
  INVALID_URL: 'Not a valid web address',
  DNS: 'Server name not found',
  CONNECTION: 'Server could not be reached',
  TLS: 'Secure connection failed',
  TIMEOUT: 'Server did not answer in time',
  HTTP_STATUS: 'Server answered with an error',
  BLOCKED_ADDRESS: 'Private or internal address',
  TOO_MANY_REDIRECTS: 'Too many redirects',
  TOO_LARGE: 'Answer too large',
  LOGIN_PAGE: 'A web page instead of a playlist',
  NOT_M3U: 'Not an M3U playlist',
  EMPTY: 'No channels',
  XC_AUTH: 'Username or password refused',
  XC_INACTIVE: 'Account not active',
  XC_NOT_API: 'Not an Xtream Codes server',
  SINGLE_STREAM: 'A single stream, not a playlist',
  XC_LINE_REFUSED: 'Line not accepted by the panel',
  XC_NO_FORMAT: 'No stream format the TV plays',
};

/** The Xtream Codes line's real state, in words. */
export const LINE_STATE_LABELS: Record<XcLineState, string> = {
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
  BANNED: 'Banned by the provider',
  DISABLED: 'Disabled by the provider',
  NOT_ACCEPTED: 'Not accepted by the panel',
  OTHER: 'Not active',
};

/** Where the guide came from, in words. */
export const GUIDE_SOURCE_LABELS: Record<GuideSource, string> = {
  TYPED: 'The guide URL you entered',
  PLAYLIST: 'Named in the playlist',
  PANEL: 'The panel’s own guide',
};

/** Playlist codes are opened by the TV app through their provider: the portal cannot check them. */
export function isCheckable(playlist: Pick<Playlist, 'type'>): boolean {
  return playlist.type !== 'CODE';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** '21 Nov. 2026 at 14:05', in the browser's time zone. */
export function formatCheckedAt(checkedAt: string): string {
  const date = new Date(checkedAt);
  if (Number.isNaN(date.getTime())) return formatDisplayDate(date);
  return `${formatDisplayDate(date)} at ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** How long ago a check ran, for the list: minutes and hours while recent, then the date. */
export function formatCheckedAgo(checkedAt: string, now: number): string {
  const elapsed = now - Date.parse(checkedAt);
  if (Number.isNaN(elapsed)) return formatDisplayDate(checkedAt);
  const minutes = Math.floor(elapsed / 60_000);
  // A clock a little ahead of the browser's reads as now, not as the future.
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return formatDisplayDate(checkedAt);
}

export function formatDuration(durationMs: number): string {
  return durationMs < 1000 ? `${durationMs} ms` : `${(durationMs / 1000).toFixed(1)} s`;
}

// Only for validating a form whose name is still empty: a check does not need one.
const NAMELESS = 'Unsaved playlist';

type FormField = keyof PlaylistFormInput;

/**
 * The add and edit forms' values as `checkPlaylistValues` takes them: validated like saving (same messages),
 * except that the name may be empty and protection is left out, since a check neither stores the playlist nor
 * needs its PIN.
 */
export function toCheckInput(
  values: PlaylistFormInput,
): { input: PlaylistInput; fieldErrors?: never } | { input?: never; fieldErrors: Partial<Record<FormField, string>> } {
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  const parsed = playlistFormSchema.safeParse({
    ...values,
    name: name || NAMELESS,
    isProtected: false,
    pin: '',
    pinConfirmation: '',
  });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<FormField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as FormField;
      fieldErrors[field] ??= issue.message;
    }
    return { fieldErrors };
  }
  return { input: { ...toPlaylistInput(parsed.data), name: name ? parsed.data.name : '' } };
}

/**
 * The dialog for a check that could not run. A wrong PIN and field messages are the caller's to show; too many
 * checks get the server's own words, everything else the spec's 'Request failed' (with the server's reason when
 * it refused the playlist itself).
 */
export function showCheckFailure({ answered, code, message }: GraphQLFailure): Promise<void> {
  if (answered && code === 'RATE_LIMITED') return showAlert('error', message ?? messages.playlist.requestFailed);
  if (answered && code === 'BAD_USER_INPUT' && message) {
    return showAlert('error', messages.playlist.requestFailed, message);
  }
  return showAlert('error', messages.playlist.requestFailed);
}
