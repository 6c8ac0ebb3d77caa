import { defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { messages } from '../../../../../common/messages';
import { playlistFormSchema } from '../../../../../common/validation';
import type { PlaylistFormInput } from '../../../../../common/validation';
import type {
  GuideSource,
  PlaylistCheckFieldsFragment,
  PlaylistCheckProblem,
  PlaylistCheckVerdict,
  PlaylistInput,
  StreamSampleKind,
  XcLineState,
} from '../../../__generated__/graphql';
import { useFormatDate, useFormatTime } from '../../../i18n/format';
import type { Translator } from '../../../i18n/locale';
import { showAlert } from '../../../lib/alerts';
import type { GraphQLFailure } from '../../../lib/graphqlErrors';
import { toPlaylistInput } from './playlistModel';
import type { Playlist } from './playlistModel';

export type PlaylistCheck = PlaylistCheckFieldsFragment;

/** The verdict in words: the badge's text, so it never depends on its colour. */
export const VERDICT_LABELS = defineMessages<PlaylistCheckVerdict>({
  OK: { id: 'check.verdict.ok', defaultMessage: 'Will play' },
  WARNING: { id: 'check.verdict.warning', defaultMessage: 'Plays, with warnings' },
  FAILED: { id: 'check.verdict.failed', defaultMessage: 'Will not play' },
});

/** Why a check failed, in a few words; the check's `message` says the rest. */
export const PROBLEM_LABELS = defineMessages<PlaylistCheckProblem>({
  INVALID_URL: { id: 'check.problem.invalidUrl', defaultMessage: 'Not a valid web address' },
  DNS: { id: 'check.problem.dns', defaultMessage: 'Server name not found' },
  CONNECTION: { id: 'check.problem.connection', defaultMessage: 'Server could not be reached' },
  TLS: { id: 'check.problem.tls', defaultMessage: 'Secure connection failed' },
  TIMEOUT: { id: 'check.problem.timeout', defaultMessage: 'Server did not answer in time' },
  HTTP_STATUS: { id: 'check.problem.httpStatus', defaultMessage: 'Server answered with an error' },
  BLOCKED_ADDRESS: { id: 'check.problem.blockedAddress', defaultMessage: 'Private or internal address' },
  TOO_MANY_REDIRECTS: { id: 'check.problem.tooManyRedirects', defaultMessage: 'Too many redirects' },
  TOO_LARGE: { id: 'check.problem.tooLarge', defaultMessage: 'Answer too large' },
  LOGIN_PAGE: { id: 'check.problem.loginPage', defaultMessage: 'A web page instead of a playlist' },
  NOT_M3U: { id: 'check.problem.notM3u', defaultMessage: 'Not an M3U playlist' },
  EMPTY: { id: 'check.problem.empty', defaultMessage: 'No channels' },
  XC_AUTH: { id: 'check.problem.xcAuth', defaultMessage: 'Username or password refused' },
  XC_INACTIVE: { id: 'check.problem.xcInactive', defaultMessage: 'Account not active' },
  XC_NOT_API: { id: 'check.problem.xcNotApi', defaultMessage: 'Not an Xtream Codes server' },
  SINGLE_STREAM: { id: 'check.problem.singleStream', defaultMessage: 'A single stream, not a playlist' },
  XC_LINE_REFUSED: { id: 'check.problem.xcLineRefused', defaultMessage: 'Line not accepted by the panel' },
  XC_NO_FORMAT: { id: 'check.problem.xcNoFormat', defaultMessage: 'No stream format the TV plays' },
  STREAMS_GONE: { id: 'check.problem.streamsGone', defaultMessage: 'The channels are gone' },
});

/** What a sampled channel answered with, in a word or two (its message says the rest). */
export const STREAM_KIND_LABELS = defineMessages<StreamSampleKind>({
  MPEG_TS: { id: 'check.stream.mpegTs', defaultMessage: 'MPEG-TS' },
  HLS_MASTER: { id: 'check.stream.hlsMaster', defaultMessage: 'HLS, several qualities' },
  HLS_MEDIA: { id: 'check.stream.hlsMedia', defaultMessage: 'HLS' },
  DASH: { id: 'check.stream.dash', defaultMessage: 'MPEG-DASH' },
  MP4: { id: 'check.stream.mp4', defaultMessage: 'MP4' },
  FRAGMENTED_MP4: { id: 'check.stream.fragmentedMp4', defaultMessage: 'Fragmented MP4' },
  MATROSKA: { id: 'check.stream.matroska', defaultMessage: 'MKV / WebM' },
  FLV: { id: 'check.stream.flv', defaultMessage: 'FLV' },
  AUDIO: { id: 'check.stream.audio', defaultMessage: 'Audio only' },
  WEB_PAGE: { id: 'check.stream.webPage', defaultMessage: 'Web page' },
  EMPTY: { id: 'check.stream.empty', defaultMessage: 'Empty answer' },
  NOT_VIDEO: { id: 'check.stream.notVideo', defaultMessage: 'Not video' },
  REFUSED: { id: 'check.stream.refused', defaultMessage: 'Refused' },
  GONE: { id: 'check.stream.gone', defaultMessage: 'Not there' },
  LEGAL_BLOCK: { id: 'check.stream.legalBlock', defaultMessage: 'Blocked for legal reasons' },
  HTTP_ERROR: { id: 'check.stream.httpError', defaultMessage: 'Server error' },
  NO_ANSWER: { id: 'check.stream.noAnswer', defaultMessage: 'No answer' },
  UNREACHABLE: { id: 'check.stream.unreachable', defaultMessage: 'Unreachable from here' },
  OTHER_SCHEME: { id: 'check.stream.otherScheme', defaultMessage: 'Not tried' },
  PRIVATE_ADDRESS: { id: 'check.stream.privateAddress', defaultMessage: 'Private network: not tried' },
});

/** How a sampled channel came out: it plays, it did not, or the server did not try it. */
export function streamOutcome(kind: StreamSampleKind): 'plays' | 'fails' | 'untried' {
  switch (kind) {
    case 'MPEG_TS':
    case 'HLS_MASTER':
    case 'HLS_MEDIA':
    case 'DASH':
    case 'MP4':
    case 'FRAGMENTED_MP4':
    case 'MATROSKA':
    case 'AUDIO':
      return 'plays';
    case 'OTHER_SCHEME':
    case 'PRIVATE_ADDRESS':
      return 'untried';
    default:
      return 'fails';
  }
}

/** The Xtream Codes line's real state, in words. */
export const LINE_STATE_LABELS = defineMessages<XcLineState>({
  ACTIVE: { id: 'check.line.active', defaultMessage: 'Active' },
  EXPIRED: { id: 'check.line.expired', defaultMessage: 'Expired' },
  BANNED: { id: 'check.line.banned', defaultMessage: 'Banned by the provider' },
  DISABLED: { id: 'check.line.disabled', defaultMessage: 'Disabled by the provider' },
  NOT_ACCEPTED: { id: 'check.line.notAccepted', defaultMessage: 'Not accepted by the panel' },
  OTHER: { id: 'check.line.other', defaultMessage: 'Not active' },
});

/** Where the guide came from, in words. */
export const GUIDE_SOURCE_LABELS = defineMessages<GuideSource>({
  TYPED: { id: 'check.guideSource.typed', defaultMessage: 'The guide URL you entered' },
  PLAYLIST: { id: 'check.guideSource.playlist', defaultMessage: 'Named in the playlist' },
  PANEL: { id: 'check.guideSource.panel', defaultMessage: 'The panel’s own guide' },
});

type NoValues = Record<string, never>;

const TIMES = defineMessages<{
  checkedAt: { date: string; time: string };
  justNow: NoValues;
  minutesAgo: { minutes: number };
  hoursAgo: { hours: number };
  milliseconds: { milliseconds: number };
  seconds: { seconds: string };
}>({
  checkedAt: { id: 'check.checkedAt', defaultMessage: '{date} at {time}' },
  justNow: { id: 'check.ago.justNow', defaultMessage: 'Just now' },
  // A plural with one form in English: other languages say the unit by the count.
  minutesAgo: { id: 'check.ago.minutes', defaultMessage: '{minutes, plural, other {# min ago}}' },
  hoursAgo: { id: 'check.ago.hours', defaultMessage: '{hours, plural, other {# h ago}}' },
  milliseconds: { id: 'check.duration.milliseconds', defaultMessage: '{milliseconds, plural, other {# ms}}' },
  // The seconds keep their one decimal as written ('1.2'): a string, not a count.
  seconds: { id: 'check.duration.seconds', defaultMessage: '{seconds} s' },
});

/** Playlist codes are opened by the TV app through their provider: the portal cannot check them. */
export function isCheckable(playlist: Pick<Playlist, 'type'>): boolean {
  return playlist.type !== 'CODE';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A check's times and verdict in the page's language. */
export interface CheckWords {
  verdict: (verdict: PlaylistCheckVerdict) => string;
  /** '21 Nov. 2026 at 14:05' ('20 نوفمبر 2026 الساعة 2:05 م'), in the browser's time zone. */
  checkedAt: (checkedAt: string) => string;
  /** How long ago a check ran, for the list: minutes and hours while recent, then the date. */
  checkedAgo: (checkedAt: string, now: number) => string;
  /** '850 ms', '1.2 s'. */
  duration: (durationMs: number) => string;
}

/** The words of a check in the language of `intl`, its dates and times as `formatDate` and `formatTime` write them. */
export function checkWords(
  intl: IntlShape,
  formatDate: (value: string | Date) => string,
  formatTime: (value: Date) => string = (date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`,
): CheckWords {
  return {
    verdict: (verdict) => intl.formatMessage(VERDICT_LABELS[verdict]),
    checkedAt(checkedAt) {
      const date = new Date(checkedAt);
      if (Number.isNaN(date.getTime())) return formatDate(date);
      return intl.formatMessage(TIMES.checkedAt, { date: formatDate(date), time: formatTime(date) });
    },
    checkedAgo(checkedAt, now) {
      const elapsed = now - Date.parse(checkedAt);
      if (Number.isNaN(elapsed)) return formatDate(checkedAt);
      const minutes = Math.floor(elapsed / 60_000);
      // A clock a little ahead of the browser's reads as now, not as the future.
      if (minutes < 1) return intl.formatMessage(TIMES.justNow);
      if (minutes < 60) return intl.formatMessage(TIMES.minutesAgo, { minutes });
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return intl.formatMessage(TIMES.hoursAgo, { hours });
      return formatDate(checkedAt);
    },
    duration: (durationMs) =>
      durationMs < 1000
        ? intl.formatMessage(TIMES.milliseconds, { milliseconds: durationMs })
        : intl.formatMessage(TIMES.seconds, { seconds: (durationMs / 1000).toFixed(1) }),
  };
}

/** A check's times and verdict in the page's language. */
export function useCheckWords(): CheckWords {
  const intl = useIntl();
  const formatDate = useFormatDate();
  const formatTime = useFormatTime();
  return checkWords(intl, formatDate, formatTime);
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
 * it refused the playlist itself), each in the page's language (`say`: useLocale().text).
 */
export function showCheckFailure({ answered, code, message }: GraphQLFailure, say: Translator['text']): Promise<void> {
  const requestFailed = say(messages.playlist.requestFailed);
  if (answered && code === 'RATE_LIMITED') return showAlert('error', message ? say(message) : requestFailed);
  if (answered && code === 'BAD_USER_INPUT' && message) {
    return showAlert('error', requestFailed, say(message));
  }
  return showAlert('error', requestFailed);
}

/** Codecs the check names in words (server codecs.ts), said in the reader's language; others are technical names. */
export const CODEC_WORDS: Readonly<Record<string, MessageDescriptor>> = defineMessages({
  'MPEG audio': { id: 'check.codec.mpegAudio', defaultMessage: 'MPEG audio' },
  'MPEG-1 video': { id: 'check.codec.mpeg1Video', defaultMessage: 'MPEG-1 video' },
  'MPEG-2 video': { id: 'check.codec.mpeg2Video', defaultMessage: 'MPEG-2 video' },
});
