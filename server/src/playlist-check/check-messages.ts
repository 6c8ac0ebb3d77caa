import { formatDisplayDate } from '../../../common/dates';
import { DEFAULT_LOCALE, defineMessage, type SourceMessage } from '../../../common/i18n';
import { localizer } from '../i18n/localizer';

/**
 * The playlist check's sentences (verdicts, warnings, failures, guide notes), said in the reader's language.
 *
 * A check's result is kept (a playlist's last check, a short cache shared by every caller) and read later, in
 * whatever language the reader asks for. So a result keeps its sentences as `Said`: a message's id and its
 * values, language-neutral (counts as numbers, dates as ISO, words of ours as nested `Said`s; what the provider
 * or the URL says, verbatim). The graph says them in the request's language when it answers (resolvers); the
 * English is kept beside them too, for the REST answers and for readers of results kept before `Said`s were.
 */
export interface Said {
  id: string;
  values?: Record<string, SaidValue>;
}

/** A number (plurals, counts), a verbatim string (a host, a code, the provider's word), or our words. */
export type SaidValue = string | number | Said;

/** A date (ISO) in the reader's language: '15 Jan. 2031' in English, as the portal writes dates. */
const DATE = '@date';
/** A time of day (ISO), said in UTC: '14:05' in English, the 12-hour '2:05 م' in Arabic (Latin digits). */
const TIME = '@time';

export const checkMessages = {
  list: defineMessage({
    id: 'msg.check.list',
    defaultMessage: '{first}, {rest}',
    description: 'Items of a list, one after another',
  }),
  sentences: defineMessage({ id: 'msg.check.sentences', defaultMessage: '{first} {second}' }),
  summary: {
    m3u: defineMessage({
      id: 'msg.check.summary.m3u',
      defaultMessage:
        'The playlist opens: {channels, plural, one {# channel} other {# channels}} in {groups, plural, one {# group} other {# groups}}.',
    }),
    m3uWithBackups: defineMessage({
      id: 'msg.check.summary.m3uWithBackups',
      defaultMessage:
        'The playlist opens: {channels, plural, one {# channel} other {# channels}} (with {backups, plural, one {# backup address} other {# backup addresses}}) in {groups, plural, one {# group} other {# groups}}.',
    }),
    // A playlist whose channels name no group: said so, not "in 0 groups".
    m3uNoGroups: defineMessage({
      id: 'msg.check.summary.m3uNoGroups',
      defaultMessage: 'The playlist opens: {channels, plural, one {# channel} other {# channels}}, without groups.',
    }),
    m3uWithBackupsNoGroups: defineMessage({
      id: 'msg.check.summary.m3uWithBackupsNoGroups',
      defaultMessage:
        'The playlist opens: {channels, plural, one {# channel} other {# channels}} (with {backups, plural, one {# backup address} other {# backup addresses}}), without groups.',
    }),
    xcUntil: defineMessage({
      id: 'msg.check.summary.xcUntil',
      defaultMessage: 'The account is active until {date}: {live} live, {films} film and {series} series categories.',
    }),
    xcNoEnd: defineMessage({
      id: 'msg.check.summary.xcNoEnd',
      defaultMessage:
        'The account is active with no end date: {live} live, {films} film and {series} series categories.',
    }),
    checked: defineMessage({ id: 'msg.check.summary.checked', defaultMessage: 'Checked.' }),
  },
  warning: {
    withoutUrl: defineMessage({
      id: 'msg.check.warning.withoutUrl',
      defaultMessage: '{count, plural, one {# entry has} other {# entries have}} no stream address and will not play.',
    }),
    cannotOpen: defineMessage({
      id: 'msg.check.warning.cannotOpen',
      defaultMessage:
        '{count, plural, one {# entry cannot be opened on a TV ({kinds}): it is not counted as channels.} other {# entries cannot be opened on a TV ({kinds}): they are not counted as channels.}}',
    }),
    allConnections: defineMessage({
      id: 'msg.check.warning.allConnections',
      defaultMessage: 'Every connection the account allows is in use: the TV may be refused until one ends.',
    }),
    noGuide: defineMessage({
      id: 'msg.check.warning.noGuide',
      defaultMessage: 'No guide (EPG) URL: the TV will show channels without programme information.',
    }),
    expiresToday: defineMessage({
      id: 'msg.check.warning.expiresToday',
      defaultMessage: 'The line expires in less than a day ({date} at {time} UTC): renew it now.',
    }),
    expiresInDays: defineMessage({
      id: 'msg.check.warning.expiresInDays',
      defaultMessage: 'The line expires in {days, plural, one {# day} other {# days}}, on {date}.',
    }),
  },
  /** A kind of address a TV cannot open, counted, in the warning's list. */
  kinds: {
    noAddress: defineMessage({
      id: 'msg.check.kind.noAddress',
      defaultMessage: '{count, plural, other {# with a note instead of an address}}',
    }),
    plugin: defineMessage({
      id: 'msg.check.kind.plugin',
      defaultMessage: '{count, plural, other {# Kodi add-on links}}',
    }),
    pipe: defineMessage({
      id: 'msg.check.kind.pipe',
      defaultMessage: '{count, plural, other {# programs to run (pipe://)}}',
    }),
    file: defineMessage({
      id: 'msg.check.kind.file',
      defaultMessage: '{count, plural, other {# files on a computer}}',
    }),
    other: defineMessage({ id: 'msg.check.kind.other', defaultMessage: '{count, plural, other {# {kind} links}}' }),
    // The kinds past the tenth, counted together (check-result.ts KINDS_MAX).
    otherKinds: defineMessage({
      id: 'msg.check.kind.otherKinds',
      defaultMessage: '{count, plural, one {# link of another kind} other {# links of other kinds}}',
    }),
  },
  /** Why a TV cannot open a kind of address (the playlist card's list). */
  reasons: {
    noAddress: defineMessage({
      id: 'msg.check.reason.noAddress',
      defaultMessage:
        'These entries have a note instead of a stream address (such as “[NO PUBLIC STREAM]”): there is nothing to play.',
    }),
    plugin: defineMessage({
      id: 'msg.check.reason.plugin',
      defaultMessage:
        'These are links to Kodi add-ons (plugin://): only Kodi with that add-on installed can open them.',
    }),
    pipe: defineMessage({
      id: 'msg.check.reason.pipe',
      defaultMessage:
        'These start a program on the computer that reads the playlist (pipe://), as Tvheadend and Kodi set up: a TV cannot run them.',
    }),
    file: defineMessage({
      id: 'msg.check.reason.file',
      defaultMessage: 'These are files on someone’s computer (file://, or a drive letter), which the TV cannot reach.',
    }),
    acestream: defineMessage({
      id: 'msg.check.reason.acestream',
      defaultMessage: 'These need the Ace Stream app (acestream://), which the TV does not have.',
    }),
    sopcast: defineMessage({
      id: 'msg.check.reason.sopcast',
      defaultMessage: 'These need the SopCast app (sop://), which the TV does not have.',
    }),
    magnet: defineMessage({
      id: 'msg.check.reason.magnet',
      defaultMessage: 'These are torrent links (magnet:), which the TV does not play.',
    }),
    otherKinds: defineMessage({
      id: 'msg.check.reason.otherKinds',
      defaultMessage: 'These are links of many other kinds, which the TV cannot open.',
    }),
    other: defineMessage({
      id: 'msg.check.reason.other',
      defaultMessage: 'These are {kind} addresses, which the TV cannot open.',
    }),
  },
  m3u: {
    loginPage: defineMessage({
      id: 'msg.check.m3u.loginPage',
      defaultMessage:
        'The server sent a web page instead of a playlist: usually a login, error or block page. Check the URL and the account, or open it in a browser to see the page.',
    }),
    xml: defineMessage({
      id: 'msg.check.m3u.xml',
      defaultMessage:
        'The address holds an XML document (a TV guide, perhaps), not a playlist. A guide goes in the guide (EPG) URL field.',
    }),
    binary: defineMessage({
      id: 'msg.check.m3u.binary',
      defaultMessage: 'The answer is not text, so it is not an M3U playlist.',
    }),
    notM3u: defineMessage({
      id: 'msg.check.m3u.notM3u',
      defaultMessage: 'The answer is not an M3U playlist (it has no #EXTM3U header and no channels).',
    }),
    singleStream: defineMessage({
      id: 'msg.check.m3u.singleStream',
      defaultMessage:
        'This address is a single stream ({what}), not a playlist of channels. Add it as a channel inside an M3U playlist (an #EXTINF line with the channel’s name, then this address on the next line), and add that playlist here.',
    }),
    hlsVariants: defineMessage({
      id: 'msg.check.m3u.hlsVariants',
      defaultMessage: 'an HLS stream offered in {count, plural, one {# quality} other {# qualities}}',
    }),
    hlsSegments: defineMessage({
      id: 'msg.check.m3u.hlsSegments',
      defaultMessage: 'an HLS stream’s list of {count, plural, one {# video segment} other {# video segments}}',
    }),
    nothing: defineMessage({
      id: 'msg.check.m3u.nothing',
      defaultMessage: 'The server answered with nothing: the playlist is empty.',
    }),
    noStreams: defineMessage({
      id: 'msg.check.m3u.noStreams',
      defaultMessage: 'The playlist has no channels with a stream address.',
    }),
    nonePlayable: defineMessage({
      id: 'msg.check.m3u.nonePlayable',
      defaultMessage:
        'None of the playlist’s {count, plural, one {# entry} other {# entries}} has an address the TV can open. {reason}',
    }),
    nonePlayableBare: defineMessage({
      id: 'msg.check.m3u.nonePlayableBare',
      defaultMessage:
        'None of the playlist’s {count, plural, one {# entry} other {# entries}} has an address the TV can open.',
    }),
  },
  http: {
    status: defineMessage({ id: 'msg.check.http.status', defaultMessage: 'The server answered HTTP {status}.' }),
    refused: defineMessage({
      id: 'msg.check.http.refused',
      defaultMessage:
        'The server answered HTTP {status} (access refused: check the account, or the provider may block this kind of request).',
    }),
    notFound: defineMessage({
      id: 'msg.check.http.notFound',
      defaultMessage: 'The server answered HTTP {status} (not found: check the URL).',
    }),
    answerTooLarge: defineMessage({
      id: 'msg.check.http.answerTooLarge',
      defaultMessage: 'The answer is larger than {megabytes} MB.',
    }),
  },
  xc: {
    lineRefused: defineMessage({
      id: 'msg.check.xc.lineRefused',
      defaultMessage:
        'The panel did not accept this line. Panels built on XUI answer “404 Not Found” when the username or password is wrong and when the line has expired or was banned or disabled. Check the username and password, and ask the provider whether the line is active.',
    }),
    notFound: defineMessage({
      id: 'msg.check.xc.notFound',
      defaultMessage:
        'The server answered HTTP 404 (not found): check the host URL and its port. If they are right, the panel may be refusing the line: ask the provider whether it is active.',
    }),
    refusedInactive: defineMessage({
      id: 'msg.check.xc.refusedInactive',
      defaultMessage:
        'The panel refused the line: {words} (it answered {code}). Renew it with the provider or ask why.',
    }),
    refusedAuth: defineMessage({
      id: 'msg.check.xc.refusedAuth',
      defaultMessage: 'The panel refused the line: {words} (it answered {code}). Check the username and password.',
    }),
    refused: defineMessage({
      id: 'msg.check.xc.refused',
      defaultMessage: 'The panel refused the line: {words} (it answered {code}).',
    }),
    refusedUnknown: defineMessage({
      id: 'msg.check.xc.refusedUnknown',
      defaultMessage:
        'The panel refused the line (it answered {code}). Ask the provider what this means for your line.',
    }),
    webPage: defineMessage({
      id: 'msg.check.xc.webPage',
      defaultMessage: 'The server sent a web page instead of the Xtream Codes API: check the host URL (and its port).',
    }),
    notXc: defineMessage({
      id: 'msg.check.xc.notXc',
      defaultMessage: 'The server did not answer like an Xtream Codes server: check the host URL (and its port).',
    }),
    noAccount: defineMessage({
      id: 'msg.check.xc.noAccount',
      defaultMessage: 'The server answered, but not with an Xtream Codes account: check the host URL.',
    }),
    auth: defineMessage({
      id: 'msg.check.xc.auth',
      defaultMessage: 'The Xtream Codes server refused the username or password.',
    }),
    expiredOn: defineMessage({
      id: 'msg.check.xc.expiredOn',
      defaultMessage: 'The line expired on {date}: renew it with the provider.',
    }),
    expiredOnStillActive: defineMessage({
      id: 'msg.check.xc.expiredOnStillActive',
      defaultMessage:
        'The line expired on {date} (the panel still calls it active, but players refuse an expired line): renew it with the provider.',
    }),
    expired: defineMessage({
      id: 'msg.check.xc.expired',
      defaultMessage: 'The line has expired: renew it with the provider.',
    }),
    banned: defineMessage({
      id: 'msg.check.xc.banned',
      defaultMessage: 'The provider has banned this line, so nothing will play. Ask the provider why.',
    }),
    bannedUntil: defineMessage({
      id: 'msg.check.xc.bannedUntil',
      defaultMessage:
        'The provider has banned this line, so nothing will play. Its subscription would otherwise run until {date}. Ask the provider why.',
    }),
    disabled: defineMessage({
      id: 'msg.check.xc.disabled',
      defaultMessage: 'The provider has disabled this line, so nothing will play. Ask the provider to enable it.',
    }),
    disabledUntil: defineMessage({
      id: 'msg.check.xc.disabledUntil',
      defaultMessage:
        'The provider has disabled this line, so nothing will play. Its subscription would otherwise run until {date}. Ask the provider to enable it.',
    }),
    notActive: defineMessage({
      id: 'msg.check.xc.notActive',
      defaultMessage:
        'The panel says the line is “{status}”, not active, so nothing will play. Ask the provider about it.',
    }),
    noFormat: defineMessage({
      id: 'msg.check.xc.noFormat',
      defaultMessage:
        'The panel allows this line no stream format at all, so nothing will play. Ask the provider to allow TS or HLS (m3u8) for it.',
    }),
    onlyFormats: defineMessage({
      id: 'msg.check.xc.onlyFormats',
      defaultMessage:
        'The panel allows this line only {formats}, which the TV does not play. Ask the provider to allow TS or HLS (m3u8) for it.',
    }),
  },
  /** What the check found when it opened a few of the playlist's channels (stream-sample.ts). */
  streams: {
    join: defineMessage({
      id: 'msg.check.streams.join',
      defaultMessage: '{first}; {rest}',
      description: 'Parts of the sentence about the sampled channels, one after another',
    }),
    sentence: defineMessage({ id: 'msg.check.streams.sentence', defaultMessage: '{parts}.' }),
    playable: defineMessage({
      id: 'msg.check.streams.playable',
      defaultMessage:
        '{playable} of {sampled, plural, one {# sampled channel} other {# sampled channels}} answered with video the TV plays ({formats})',
    }),
    nonePlayable: defineMessage({
      id: 'msg.check.streams.nonePlayable',
      defaultMessage:
        '{sampled, plural, one {The sampled channel did not answer with video the TV plays} other {None of the # sampled channels answered with video the TV plays}}',
    }),
    audioOnly: defineMessage({ id: 'msg.check.streams.audioOnly', defaultMessage: 'audio only' }),
    refused: defineMessage({
      id: 'msg.check.streams.refused',
      defaultMessage:
        '{count, plural, one {# was refused} other {# were refused}} (HTTP {status}: the provider may block this server’s network or country, so try {count, plural, one {it} other {them}} on the TV)',
    }),
    gone: defineMessage({
      id: 'msg.check.streams.gone',
      defaultMessage:
        '{count, plural, one {# is no longer at its address} other {# are no longer at their addresses}} (HTTP {status})',
    }),
    legal: defineMessage({
      id: 'msg.check.streams.legal',
      defaultMessage:
        '{count, plural, one {# is} other {# are}} unavailable for legal reasons where this server is (HTTP 451): the TV may be elsewhere',
    }),
    httpError: defineMessage({
      id: 'msg.check.streams.httpError',
      defaultMessage: '{count, plural, one {# answered} other {# answered}} with an error (HTTP {status})',
    }),
    noAnswer: defineMessage({
      id: 'msg.check.streams.noAnswer',
      defaultMessage: '{count, plural, one {# did not answer} other {# did not answer}} in {seconds} s',
    }),
    noBytes: defineMessage({
      id: 'msg.check.streams.noBytes',
      defaultMessage: '{count, plural, one {# answered} other {# answered}} but sent no video in {seconds} s',
    }),
    unreachable: defineMessage({
      id: 'msg.check.streams.unreachable',
      defaultMessage: '{count, plural, one {# could not be reached} other {# could not be reached}} from this server',
    }),
    webPage: defineMessage({
      id: 'msg.check.streams.webPage',
      defaultMessage:
        '{count, plural, one {# answered} other {# answered}} with a web page (a login, error or block page) instead of video',
    }),
    empty: defineMessage({
      id: 'msg.check.streams.empty',
      defaultMessage: '{count, plural, one {# answered} other {# answered}} with nothing',
    }),
    notVideo: defineMessage({
      id: 'msg.check.streams.notVideo',
      defaultMessage: '{count, plural, one {# answered} other {# answered}} with something that is not video',
    }),
    flv: defineMessage({
      id: 'msg.check.streams.flv',
      defaultMessage:
        '{count, plural, one {# answered} other {# answered}} with FLV video, which many TV players do not play',
    }),
    otherScheme: defineMessage({
      id: 'msg.check.streams.otherScheme',
      defaultMessage:
        '{count, plural, one {# is an address} other {# are addresses}} this server does not open ({schemes}), so {count, plural, one {it was} other {they were}} not tried: the TV’s player may open {count, plural, one {it} other {them}}',
    }),
    private: defineMessage({
      id: 'msg.check.streams.private',
      defaultMessage:
        '{count, plural, one {# is on a private network} other {# are on a private network}}, which this server does not open: a TV on that network may play {count, plural, one {it} other {them}}',
    }),
    notSampledConnections: defineMessage({
      id: 'msg.check.streams.notSampledConnections',
      defaultMessage:
        'No channel was opened: every connection the line allows is in use, and opening one would take a connection.',
    }),
    notSampledNone: defineMessage({
      id: 'msg.check.streams.notSampledNone',
      defaultMessage: 'No channel was opened: the panel listed no live channels.',
    }),
    // An Xtream Codes line's panel is asked before any of its streams is opened (docs: "Limits and Xtream lines").
    notSampledPanel: defineMessage({
      id: 'msg.check.streams.notSampledPanel',
      defaultMessage:
        'No channel of the Xtream Codes line was opened: its panel did not say that a connection is free (player_api.php), and opening one could take the TV’s.',
    }),
    notSampledLineBusy: defineMessage({
      id: 'msg.check.streams.notSampledLineBusy',
      defaultMessage:
        'No channel of the Xtream Codes line was opened: another check was using its connection until the time for channels ran out.',
    }),
    notSampledTime: defineMessage({
      id: 'msg.check.streams.notSampledTime',
      defaultMessage: 'No channel was opened: the check had no time left for it.',
    }),
    /** One stream's speed and what it needs, in the sentence below. */
    speed: defineMessage({ id: 'msg.check.streams.speed', defaultMessage: '{speed} of {needed}' }),
    slow: defineMessage({
      id: 'msg.check.streams.slow',
      defaultMessage:
        '{count, plural, one {# arrived} other {# arrived}} too slowly to play smoothly ({speeds} kbit/s): the TV may stall on {count, plural, one {it} other {them}}',
    }),
    allGone: defineMessage({
      id: 'msg.check.streams.allGone',
      defaultMessage:
        '{sampled, plural, one {The sampled channel is no longer at its address} other {None of the # sampled channels is at its address any more}} (HTTP {status}): the provider has moved or removed {sampled, plural, one {it} other {them}}. Ask the provider for an up-to-date playlist.',
    }),
  },
  /** One sampled channel, said: what it answered. */
  sample: {
    plays: defineMessage({ id: 'msg.check.sample.plays', defaultMessage: 'Answered with {format}.' }),
    playsCodecs: defineMessage({
      id: 'msg.check.sample.playsCodecs',
      defaultMessage: 'Answered with {format} ({codecs}).',
    }),
    flv: defineMessage({
      id: 'msg.check.sample.flv',
      defaultMessage: 'Answered with FLV video ({codecs}), which many TV players do not play.',
    }),
    flvBare: defineMessage({
      id: 'msg.check.sample.flvBare',
      defaultMessage: 'Answered with FLV video, which many TV players do not play.',
    }),
    webPage: defineMessage({
      id: 'msg.check.sample.webPage',
      defaultMessage: 'Answered with a web page instead of video: usually a login, error or block page.',
    }),
    empty: defineMessage({ id: 'msg.check.sample.empty', defaultMessage: 'Answered, but sent nothing.' }),
    notVideo: defineMessage({
      id: 'msg.check.sample.notVideo',
      defaultMessage: 'Answered with something that is not a video format the TV plays.',
    }),
    playlist: defineMessage({
      id: 'msg.check.sample.playlist',
      defaultMessage: 'Answered with another playlist of channels, not a stream.',
    }),
    refused: defineMessage({
      id: 'msg.check.sample.refused',
      defaultMessage:
        'Refused: the account may not allow it, or the provider may block this server’s network or country. Try it on the TV.',
    }),
    refusedXui: defineMessage({
      id: 'msg.check.sample.refusedXui',
      defaultMessage:
        'Refused: the panel answered “404 Not Found” as XUI-based panels do for a line, network or country they refuse. Try it on the TV.',
    }),
    gone: defineMessage({
      id: 'msg.check.sample.gone',
      defaultMessage: 'Not there: the provider no longer serves this channel at this address.',
    }),
    legal: defineMessage({
      id: 'msg.check.sample.legal',
      defaultMessage: 'Unavailable for legal reasons where this server is (HTTP 451); it may play where the TV is.',
    }),
    httpError: defineMessage({
      id: 'msg.check.sample.httpError',
      defaultMessage: 'The server answered HTTP {status} instead of video.',
    }),
    noAnswer: defineMessage({
      id: 'msg.check.sample.noAnswer',
      defaultMessage: 'Did not answer in {seconds} s.',
    }),
    noBytes: defineMessage({
      id: 'msg.check.sample.noBytes',
      defaultMessage: 'Answered, but sent no video in {seconds} s.',
    }),
    otherScheme: defineMessage({
      id: 'msg.check.sample.otherScheme',
      defaultMessage:
        'Not tried: this server opens only http and https addresses, and this one is {scheme}. The TV’s player may open it.',
    }),
    /** An HLS or DASH stream whose chain answered to its first media segment. */
    chainPlays: defineMessage({
      id: 'msg.check.sample.chainPlays',
      defaultMessage: 'Answered with {what}, and its first segment with {segment}.',
    }),
    /** A link of an HLS or DASH chain that did not answer with what the player needs ({failure}: how). */
    chainVariants: defineMessage({
      id: 'msg.check.sample.chainVariants',
      defaultMessage:
        'Answered with {what}, but {failure, select, refused {its qualities are refused (HTTP {status})} gone {its qualities are not there (HTTP {status})} error {its qualities answer HTTP {status}} silent {its qualities did not answer in {seconds} s} unreachable {its qualities could not be reached from this server} private {its qualities are on a private network, which this server does not open} other {its qualities did not answer with a playlist}}.',
    }),
    chainSegments: defineMessage({
      id: 'msg.check.sample.chainSegments',
      defaultMessage:
        'Answered with {what}, but {failure, select, refused {its segments are refused (HTTP {status})} gone {its segments are not there (HTTP {status})} error {its segments answer HTTP {status}} silent {its segments sent no video in {seconds} s} unreachable {its segments could not be reached from this server} private {its segments are on a private network, which this server does not open} other {its segments are not video the TV plays}}.',
    }),
    chainInit: defineMessage({
      id: 'msg.check.sample.chainInit',
      defaultMessage:
        'Answered with {what}, but {failure, select, refused {its initialisation segment is refused (HTTP {status})} gone {its initialisation segment is not there (HTTP {status})} error {its initialisation segment answers HTTP {status}} silent {its initialisation segment did not arrive in {seconds} s} unreachable {its initialisation segment could not be reached from this server} private {its initialisation segment is on a private network, which this server does not open} other {its initialisation segment is not MP4}}.',
    }),
    chainKey: defineMessage({
      id: 'msg.check.sample.chainKey',
      defaultMessage:
        'Answered with {what}, but {failure, select, refused {the key to its segments is refused (HTTP {status})} gone {the key to its segments is not there (HTTP {status})} error {the key to its segments answers HTTP {status}} silent {the key to its segments did not arrive in {seconds} s} unreachable {the key to its segments could not be reached from this server} private {the key to its segments is on a private network, which this server does not open} other {the key to its segments is not an AES-128 key}}.',
    }),
    chainNoSegments: defineMessage({
      id: 'msg.check.sample.chainNoSegments',
      defaultMessage: 'Answered with {what}, but it lists no segments.',
    }),
    /** A format with the codecs its bytes named. */
    formatCodecs: defineMessage({ id: 'msg.check.sample.formatCodecs', defaultMessage: '{format} ({codecs})' }),
    /** Said after what a stream answered, when it arrived slower than it plays. */
    slow: defineMessage({
      id: 'msg.check.sample.slow',
      defaultMessage: 'It arrived too slowly to play smoothly ({speed} of {needed} kbit/s).',
    }),
    private: defineMessage({
      id: 'msg.check.sample.private',
      defaultMessage:
        'An address on a private or local network: this server does not open those, so it was not tried. A TV on that network may play it.',
    }),
  },
  /** What a sampled channel answered with (after "Answered with "). */
  /** Codecs known by words rather than a technical name (codecs.ts); the others are said as they are. */
  codecs: {
    'MPEG audio': defineMessage({ id: 'msg.check.codec.mpegAudio', defaultMessage: 'MPEG audio' }),
    'MPEG-1 video': defineMessage({ id: 'msg.check.codec.mpeg1Video', defaultMessage: 'MPEG-1 video' }),
    'MPEG-2 video': defineMessage({ id: 'msg.check.codec.mpeg2Video', defaultMessage: 'MPEG-2 video' }),
  } as Record<string, SourceMessage>,
  formats: {
    ts: defineMessage({ id: 'msg.check.format.ts', defaultMessage: 'an MPEG-TS stream' }),
    hlsMaster: defineMessage({
      id: 'msg.check.format.hlsMaster',
      defaultMessage: 'an HLS playlist in {count, plural, one {# quality} other {# qualities}}',
    }),
    hlsMediaTs: defineMessage({
      id: 'msg.check.format.hlsMediaTs',
      defaultMessage: 'an HLS playlist of {count, plural, one {# MPEG-TS segment} other {# MPEG-TS segments}}',
    }),
    hlsMediaFmp4: defineMessage({
      id: 'msg.check.format.hlsMediaFmp4',
      defaultMessage:
        'an HLS playlist of {count, plural, one {# fragmented MP4 segment} other {# fragmented MP4 segments}}',
    }),
    dash: defineMessage({ id: 'msg.check.format.dash', defaultMessage: 'an MPEG-DASH manifest' }),
    mp4: defineMessage({ id: 'msg.check.format.mp4', defaultMessage: 'an MP4 file' }),
    fmp4: defineMessage({ id: 'msg.check.format.fmp4', defaultMessage: 'fragmented MP4' }),
    matroska: defineMessage({ id: 'msg.check.format.matroska', defaultMessage: 'a Matroska (MKV or WebM) stream' }),
    audio: defineMessage({ id: 'msg.check.format.audio', defaultMessage: 'an audio-only stream' }),
  },
  /** What an XUI-derived panel's debug answer means (after "The panel refused the line: "). */
  panelCodes: {
    INVALID_CREDENTIALS: defineMessage({
      id: 'msg.check.panel.invalidCredentials',
      defaultMessage: 'the username or password is wrong',
    }),
    NO_CREDENTIALS: defineMessage({
      id: 'msg.check.panel.noCredentials',
      defaultMessage: 'no username or password reached it',
    }),
    EXPIRED: defineMessage({ id: 'msg.check.panel.expired', defaultMessage: 'the line has expired' }),
    BANNED: defineMessage({ id: 'msg.check.panel.banned', defaultMessage: 'the line has been banned' }),
    DISABLED: defineMessage({ id: 'msg.check.panel.disabled', defaultMessage: 'the line has been disabled' }),
    PLAYER_API_DISABLED: defineMessage({
      id: 'msg.check.panel.playerApiDisabled',
      defaultMessage: 'its player API is turned off',
    }),
    NOT_IN_ALLOWED_IPS: defineMessage({
      id: 'msg.check.panel.notInAllowedIps',
      defaultMessage: 'the line may only be used from other addresses',
    }),
    NOT_IN_ALLOWED_COUNTRY: defineMessage({
      id: 'msg.check.panel.notInAllowedCountry',
      defaultMessage: 'the line may only be used from other countries',
    }),
    IP_BLOCKED: defineMessage({ id: 'msg.check.panel.ipBlocked', defaultMessage: 'this address is blocked' }),
    BLOCKED_USER_AGENT: defineMessage({
      id: 'msg.check.panel.blockedUserAgent',
      defaultMessage: 'this kind of player is blocked',
    }),
  },
  guide: {
    label: defineMessage({ id: 'msg.check.guide.label', defaultMessage: 'The guide' }),
    panelLabel: defineMessage({ id: 'msg.check.guide.panelLabel', defaultMessage: 'The panel’s guide (xmltv.php)' }),
    damaged: defineMessage({
      id: 'msg.check.guide.damaged',
      defaultMessage: '{label} is compressed ({compression}) but its data is damaged: it cannot be read.',
    }),
    unreadable: defineMessage({
      id: 'msg.check.guide.unreadable',
      defaultMessage: '{label} could not be read: {reason}',
    }),
    notXmltv: defineMessage({
      id: 'msg.check.guide.notXmltv',
      defaultMessage: '{label} address does not hold an XMLTV guide.',
    }),
    noChannels: defineMessage({ id: 'msg.check.guide.noChannels', defaultMessage: '{label} describes no channels.' }),
    noneForTheChannel: defineMessage({
      id: 'msg.check.guide.noneForTheChannel',
      defaultMessage:
        '{label} has no programmes for the playlist’s channel: the TV will show it without programme information. Check that it is the guide meant for this playlist.',
    }),
    noneForAny: defineMessage({
      id: 'msg.check.guide.noneForAny',
      defaultMessage:
        '{label} has no programmes for any of the playlist’s {channels, plural, one {# channel} other {# channels}}: the TV will show them without programme information. Check that it is the guide meant for this playlist.',
    }),
    few: defineMessage({
      id: 'msg.check.guide.few',
      defaultMessage:
        '{label} has programmes for only {covered, number} of the playlist’s {channels, plural, one {# channel} other {# channels}}: most will show no programme information.',
    }),
    partial: defineMessage({
      id: 'msg.check.guide.partial',
      defaultMessage: '{label} is larger than {megabytes} MB, so only its start was read: it may cover more channels.',
    }),
  },
  fetch: {
    invalidUrl: defineMessage({ id: 'msg.check.fetch.invalidUrl', defaultMessage: 'This is not a valid web address.' }),
    redirectInvalid: defineMessage({
      id: 'msg.check.fetch.redirectInvalid',
      defaultMessage: 'The server at {host} redirected to an address that is not valid.',
    }),
    redirectProtocol: defineMessage({
      id: 'msg.check.fetch.redirectProtocol',
      defaultMessage:
        'The server at {host} redirected to a {scheme} address; only http and https addresses are fetched.',
    }),
    protocol: defineMessage({
      id: 'msg.check.fetch.protocol',
      defaultMessage: 'Only http:// and https:// addresses can be fetched (this one is {scheme}).',
    }),
    noHost: defineMessage({ id: 'msg.check.fetch.noHost', defaultMessage: 'This web address has no host name.' }),
    redirected: defineMessage({
      id: 'msg.check.fetch.redirected',
      defaultMessage: 'The server redirected to {url}. {reason}',
    }),
    tooManyRedirects: defineMessage({
      id: 'msg.check.fetch.tooManyRedirects',
      defaultMessage: 'The address redirected more than {max, plural, one {# time} other {# times}} (last to {url}).',
    }),
    blocked: defineMessage({
      id: 'msg.check.fetch.blocked',
      defaultMessage: 'The address {host} is {range}, which this service does not fetch.',
    }),
    dnsLater: defineMessage({
      id: 'msg.check.fetch.dnsLater',
      defaultMessage: 'The address {host} could not be looked up right now (DNS). Please try again later.',
    }),
    // Said alike of a name that does not exist and of one that leads inside this server's network (safe-fetch.ts).
    notPublic: defineMessage({
      id: 'msg.check.fetch.notPublic',
      defaultMessage: 'The address {host} could not be found on the public internet.',
    }),
    tls: defineMessage({
      id: 'msg.check.fetch.tls',
      defaultMessage: 'The secure (https) connection to {host} failed: {reason} ({code}).',
    }),
    notHttp: defineMessage({
      id: 'msg.check.fetch.notHttp',
      defaultMessage: 'The server at {host} did not answer with valid HTTP.',
    }),
    connect: defineMessage({ id: 'msg.check.fetch.connect', defaultMessage: 'Could not connect to {host}: {reason}.' }),
    noAnswer: defineMessage({
      id: 'msg.check.fetch.noAnswer',
      defaultMessage: 'The server did not answer within {time}.',
    }),
    notWhole: defineMessage({
      id: 'msg.check.fetch.notWhole',
      defaultMessage: 'The server did not send the whole response within {time}.',
    }),
    cancelled: defineMessage({ id: 'msg.check.fetch.cancelled', defaultMessage: 'The check was cancelled.' }),
    tooLarge: defineMessage({
      id: 'msg.check.fetch.tooLarge',
      defaultMessage: 'The response from {host} is larger than {size}, the most this service reads.',
    }),
    corrupt: defineMessage({
      id: 'msg.check.fetch.corrupt',
      defaultMessage: 'The compressed response from {host} is corrupt.',
    }),
    brokeOff: defineMessage({
      id: 'msg.check.fetch.brokeOff',
      defaultMessage: 'The connection to {host} broke off while the response was being read.',
    }),
    seconds: defineMessage({
      id: 'msg.check.fetch.seconds',
      defaultMessage: '{seconds, plural, one {# second} other {# seconds}}',
    }),
    megabytes: defineMessage({ id: 'msg.check.fetch.megabytes', defaultMessage: '{size} MB' }),
    kilobytes: defineMessage({ id: 'msg.check.fetch.kilobytes', defaultMessage: '{size} KB' }),
    bytes: defineMessage({ id: 'msg.check.fetch.bytes', defaultMessage: '{size} bytes' }),
  },
  /** What kind of internal address was refused (after "The address … is "). */
  ranges: {
    loopback: defineMessage({
      id: 'msg.check.range.loopback',
      defaultMessage: 'a loopback address (the server itself)',
    }),
    private: defineMessage({ id: 'msg.check.range.private', defaultMessage: 'a private network address' }),
    linkLocal: defineMessage({
      id: 'msg.check.range.linkLocal',
      defaultMessage: 'a link-local address (such as a cloud metadata service)',
    }),
    carrierGradeNat: defineMessage({
      id: 'msg.check.range.carrierGradeNat',
      defaultMessage: 'a carrier-grade NAT (shared) address',
    }),
    unspecified: defineMessage({ id: 'msg.check.range.unspecified', defaultMessage: 'an unspecified address' }),
    multicast: defineMessage({ id: 'msg.check.range.multicast', defaultMessage: 'a multicast address' }),
    broadcast: defineMessage({ id: 'msg.check.range.broadcast', defaultMessage: 'a broadcast address' }),
    reserved: defineMessage({
      id: 'msg.check.range.reserved',
      defaultMessage: 'a reserved or special-purpose address',
    }),
  },
  /** Why a connection failed (after "Could not connect to …: " or "The secure (https) connection … failed: "). */
  connection: {
    refused: defineMessage({ id: 'msg.check.connection.refused', defaultMessage: 'the connection was refused' }),
    closed: defineMessage({
      id: 'msg.check.connection.closed',
      defaultMessage: 'the connection was closed unexpectedly',
    }),
    unreachable: defineMessage({
      id: 'msg.check.connection.unreachable',
      defaultMessage: 'the server cannot be reached from here',
    }),
    timedOut: defineMessage({
      id: 'msg.check.connection.timedOut',
      defaultMessage: 'the connection attempt timed out',
    }),
    failedCode: defineMessage({
      id: 'msg.check.connection.failedCode',
      defaultMessage: 'the connection failed ({code})',
    }),
    failed: defineMessage({ id: 'msg.check.connection.failed', defaultMessage: 'the connection failed' }),
    handshake: defineMessage({ id: 'msg.check.tls.handshake', defaultMessage: 'the secure handshake failed' }),
    certExpired: defineMessage({ id: 'msg.check.tls.certExpired', defaultMessage: 'its certificate has expired' }),
    certNotYetValid: defineMessage({
      id: 'msg.check.tls.certNotYetValid',
      defaultMessage: 'its certificate is not valid yet',
    }),
    certOtherName: defineMessage({
      id: 'msg.check.tls.certOtherName',
      defaultMessage: 'its certificate is for a different name',
    }),
    certUntrusted: defineMessage({
      id: 'msg.check.tls.certUntrusted',
      defaultMessage: 'its certificate is not trusted (self-signed or unknown authority)',
    }),
  },
};

const byId = new Map<string, SourceMessage>();
(function collect(node: object): void {
  for (const value of Object.values(node) as (SourceMessage | object)[]) {
    if ('id' in value && 'defaultMessage' in value) byId.set(value.id, value);
    else collect(value);
  }
})(checkMessages);

/** A message with its values, to be said later in the reader's language. */
export function said(message: SourceMessage, values?: Record<string, SaidValue>): Said {
  return values ? { id: message.id, values } : { id: message.id };
}

/** A date, said in the reader's language. */
export function saidDate(iso: string): Said {
  return { id: DATE, values: { iso } };
}

/** A time of day in UTC, said in the reader's language. */
export function saidTime(iso: string): Said {
  return { id: TIME, values: { iso } };
}

/** Items one after another ('a, b, c' in English). */
export function saidList(items: SaidValue[]): SaidValue {
  return items.reduceRight((rest, first) => said(checkMessages.list, { first, rest }));
}

function dateIn(locale: string, iso: string): string {
  const date = new Date(iso);
  if (locale === DEFAULT_LOCALE || Number.isNaN(date.getTime())) return formatDisplayDate(iso);
  return new Intl.DateTimeFormat(`${locale}-u-nu-latn`, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    date,
  );
}

function timeIn(locale: string, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (locale === DEFAULT_LOCALE) return iso.slice(11, 16);
  const clock = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } as const;
  // One line on a narrow screen: '2:05' and 'م' never apart.
  return new Intl.DateTimeFormat(`${locale}-u-nu-latn`, clock).format(date).replace(/ /g, '\u00a0');
}

/** A said sentence in `locale`; null when it names a message this code no longer has (say the kept English). */
export function sayIn(locale: string, value: SaidValue | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'object' || typeof value.id !== 'string') return null;
  if (value.id === DATE) return dateIn(locale, String(value.values?.iso ?? ''));
  if (value.id === TIME) return timeIn(locale, String(value.values?.iso ?? ''));
  const message = byId.get(value.id);
  if (!message) return null;
  const values: Record<string, string | number> = {};
  for (const [name, inner] of Object.entries(value.values ?? {})) {
    if (typeof inner === 'number') values[name] = inner;
    else {
      const text = sayIn(locale, inner);
      if (text === null) return null;
      values[name] = text;
    }
  }
  return localizer().format(locale, message, values);
}

/** A said sentence in English, as the result keeps it. */
export function english(value: SaidValue): string {
  return sayIn(DEFAULT_LOCALE, value) ?? '';
}
