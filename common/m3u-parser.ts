/**
 * Streaming M3U / M3U8 (extended M3U, as IPTV providers serve it) parser.
 *
 * Feed it chunks as they arrive (`push`), get every entry through `onEntry` as soon as its URL line (or the next
 * #EXTINF) is read, and the header and figures at the `end`. Memory stays bounded whatever the input: only the
 * partial last line of a chunk is carried over, and a line longer than `maxLineBytes` is skipped (counted) without
 * being buffered.
 *
 * Speed: the decoded text of each chunk is scanned in place with indexOf / charCodeAt (no regular expressions, no
 * splitting into line strings); only the values kept in an entry are sliced out of it.
 *
 * Interpretation of the rules:
 * - The title is what follows the first comma met *between* attributes (a comma inside a quoted value never
 *   counts), so a title may itself contain commas ("Movie, The"), as VLC and most parsers read it.
 * - A line that is neither empty nor a `#` line is a URL line. When it follows an #EXTINF it is that entry's URL,
 *   whatever it looks like. A URL line without an #EXTINF before it is an entry of its own (name '', duration -1)
 *   when the file starts with #EXTM3U, or, in a file without that header, when it starts with a URL scheme
 *   (`scheme://`), so plain lists of URLs parse but an HTML page, a JSON error or binary data give no entries.
 * - Groups as Kodi's IPTV Simple client (pvr.iptvsimple, PlaylistLoader.cpp) reads them: #EXTGRP is a begin
 *   directive. It replaces the groups gathered so far (a group-title of the entry being read included) and applies
 *   to every entry that follows, until an empty #EXTGRP or an entry with a group-title ends it. An entry's own
 *   group-title adds to the #EXTGRP groups in force for that entry only.
 * - #EXTVLCOPT lines belong to the entry being read (after its #EXTINF, before its URL); met before any #EXTINF
 *   (right after the previous URL), they are kept for the next entry, as VLC applies them. #KODIPROP lines the
 *   same way (Kodi's PVR IPTV Simple client reads them as properties of the channel being read).
 * - Backup URLs: URL lines right after an entry's URL (only blank lines or plain `# comments` between, no new
 *   #EXTINF or other tag) are that channel's backup addresses, counted in stats.backupUrls, not new channels.
 * - A missing or unreadable #EXTINF duration is -1.
 * - The header: #EXTM3U on the first non-empty line, or after comment lines before any entry (an HLS master
 *   playlist with a comment first). Later #EXTM3U lines (concatenated playlists) add the header attributes not
 *   seen yet.
 * - HLS tags (#EXT-X-TARGETDURATION, #EXT-X-STREAM-INF, ...) are counted in stats.hlsMediaTags and
 *   stats.hlsVariantTags: a stream's own playlist, not a list of channels (#EXT-X-PLAYLIST-TYPE, which Kodi reads
 *   in channel lists, and #EXT-X-VERSION are not counted).
 */
// Shared by the server's check and the TV app (one reading of a playlist for both), so it uses only what a
// browser and Node both have: TextDecoder for bytes, never Buffer.
const utf8 = new TextEncoder();

/** A string's length in UTF-8 bytes. */
function utf8Bytes(s: string): number {
  return utf8.encode(s).length;
}

export interface M3uEntry {
  /** The title after the comma that follows the #EXTINF attributes (trimmed; '' without one). */
  name: string;
  /** #EXTINF:<duration>; -1 when missing or unreadable. */
  duration: number;
  /** The stream URL line (without any |header suffix); null if the entry has none before the next #EXTINF / end. */
  url: string | null;
  /** From a `url|User-Agent=x&Referer=y` suffix (URL-decoded values). */
  headers: Record<string, string>;
  /** Every key="value" (and key=value unquoted) attribute of #EXTINF, with lower-case keys. */
  attributes: Record<string, string>;
  /**
   * The #EXTGRP groups in force (see the rules above) and group-title split on ';'; trimmed, empty ones dropped,
   * no duplicates. Entries under one #EXTGRP may share this array: read it, do not change it.
   */
  groups: string[];
  /** #EXTVLCOPT:key=value lines belonging to the entry (lower-case keys). */
  vlcOptions: Record<string, string>;
  /**
   * #KODIPROP:key=value lines belonging to the entry, as #EXTVLCOPT (lower-case keys); absent when it has none.
   * Kodi's inputstream.adaptive reads `inputstream.adaptive.stream_headers` (kodiStreamHeaders()).
   */
  kodiProps?: Record<string, string>;
}

/** #EXTM3U attributes: x-tvg-url, url-tvg, tvg-url, catchup, ... (lower-case keys). */
export interface M3uHeader {
  isM3u: boolean;
  attributes: Record<string, string>;
}

export interface M3uParserOptions {
  onEntry?: (entry: M3uEntry) => void;
  /** Default 64 * 1024: a longer line (in UTF-8 bytes) is skipped, counted in stats.overlongLines, never buffered. */
  maxLineBytes?: number;
}

export interface M3uStats {
  entries: number;
  withUrl: number;
  withoutUrl: number;
  overlongLines: number;
  /** Lines read (empty ones included; a CRLF ends one line). */
  lines: number;
  /** Bytes pushed (UTF-8 bytes for string chunks). */
  bytes: number;
  /** URL lines right after an entry's URL: backup addresses of that channel, not channels. */
  backupUrls: number;
  /** HLS media playlist tags: #EXT-X-TARGETDURATION, -MEDIA-SEQUENCE, -ENDLIST, -KEY, -MAP, -PART-INF, ... */
  hlsMediaTags: number;
  /** HLS master playlist tags: #EXT-X-STREAM-INF, -I-FRAME-STREAM-INF, -MEDIA. */
  hlsVariantTags: number;
  /** Entries that came with an #EXTINF line. */
  withExtinf: number;
}

const TAB_OR_LESS = 32; // charCodeAt(i) <= 32: space, tab and every control character count as blank
const LF = 10;
const CR = 13;
const HASH = 35;
const COMMA = 44;
const EQUALS = 61;
const QUOTE = 34;
const APOSTROPHE = 39;
const COLON = 58;
const SEMICOLON = ';';
const BOM = 0xfeff;
/** HLS master playlist tags (after '#EXT-X-'): a stream's variants. */
const HLS_VARIANT_TAGS = new Set(['STREAM-INF', 'I-FRAME-STREAM-INF', 'MEDIA']);
/** HLS media playlist tags (after '#EXT-X-'): a stream's segments. #EXT-X-PLAYLIST-TYPE is left out (Kodi reads it). */
const HLS_MEDIA_TAGS = new Set([
  'TARGETDURATION',
  'MEDIA-SEQUENCE',
  'DISCONTINUITY-SEQUENCE',
  'ENDLIST',
  'KEY',
  'MAP',
  'BYTERANGE',
  'PROGRAM-DATE-TIME',
  'PART-INF',
  'SERVER-CONTROL',
  'PART',
  'PRELOAD-HINT',
  'I-FRAMES-ONLY',
]);
/** The groups of an entry without any (shared, so frozen). */
const EMPTY_GROUPS: string[] = Object.freeze([]) as unknown as string[];

/** Set by scanAttributes: the group-title value of the line just scanned (undefined without one). */
let scannedGroupTitle: string | undefined;

/**
 * The attribute names met in nearly every line, as constants: storing a constant key skips slicing the name out
 * and looking it up in V8's string table. Any other name is sliced (and lower-cased when needed).
 */
function attributeKey(s: string, start: number, end: number, upper: boolean): string {
  if (!upper) {
    switch (end - start) {
      case 6:
        if (s.startsWith('tvg-id', start)) return 'tvg-id';
        break;
      case 7:
        if (s.startsWith('catchup', start)) return 'catchup';
        if (s.startsWith('tvg-url', start)) return 'tvg-url';
        if (s.startsWith('url-tvg', start)) return 'url-tvg';
        break;
      case 8:
        if (s.startsWith('tvg-name', start)) return 'tvg-name';
        if (s.startsWith('tvg-logo', start)) return 'tvg-logo';
        if (s.startsWith('tvg-chno', start)) return 'tvg-chno';
        break;
      case 9:
        if (s.startsWith('x-tvg-url', start)) return 'x-tvg-url';
        break;
      case 11:
        if (s.startsWith('group-title', start)) return 'group-title';
        break;
      case 12:
        if (s.startsWith('catchup-days', start)) return 'catchup-days';
        break;
      case 14:
        if (s.startsWith('catchup-source', start)) return 'catchup-source';
        break;
    }
    return s.slice(start, end);
  }
  return s.slice(start, end).toLowerCase();
}

/**
 * Reads `key="value"`, `key='value'` and `key=value` attributes of s[i, end) into attrs; returns the index of the
 * first comma met between attributes (the title follows it), or -1.
 */
function scanAttributes(s: string, i: number, end: number, attrs: Record<string, string>): number {
  scannedGroupTitle = undefined;
  while (i < end) {
    let c = s.charCodeAt(i);
    if (c <= TAB_OR_LESS) {
      i += 1;
      continue;
    }
    if (c === COMMA) return i;
    // A name: up to '=', a blank or a comma.
    const k = i;
    let upper = false;
    for (;;) {
      if (c >= 65 && c <= 90) upper = true;
      i += 1;
      if (i >= end) break;
      c = s.charCodeAt(i);
      if (c <= TAB_OR_LESS || c === EQUALS || c === COMMA) break;
    }
    if (i >= end || c !== EQUALS || i === k) continue; // a bare word: ignored
    const key = attributeKey(s, k, i, upper);
    i += 1;
    c = i < end ? s.charCodeAt(i) : 0;
    if (c <= TAB_OR_LESS && i < end) {
      // `key= "value"`: blanks before a quote are tolerated; otherwise the value is empty.
      let j = i + 1;
      while (j < end && s.charCodeAt(j) <= TAB_OR_LESS) j += 1;
      const q = j < end ? s.charCodeAt(j) : 0;
      if (q === QUOTE || q === APOSTROPHE) {
        i = j;
        c = q;
      }
    }
    let value: string;
    if (c === QUOTE || c === APOSTROPHE) {
      const close = s.indexOf(c === QUOTE ? '"' : "'", i + 1);
      if (close === -1 || close >= end) {
        value = s.slice(i + 1, end);
        i = end;
      } else {
        value = s.slice(i + 1, close);
        i = close + 1;
      }
    } else {
      const v = i;
      while (i < end && (c = s.charCodeAt(i)) > TAB_OR_LESS && c !== COMMA) i += 1;
      value = s.slice(v, i);
    }
    attrs[key] = value;
    if (key === 'group-title') scannedGroupTitle = value;
  }
  return -1;
}

/** #EXTINF duration token s[start, end) (digits, sign, dot). */
function parseDuration(s: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  let c = s.charCodeAt(i);
  if (c === 45) {
    negative = true;
    i += 1;
  } else if (c === 43) i += 1;
  let n = 0;
  const digitsStart = i;
  while (i < end) {
    c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
    i += 1;
  }
  if (i === end && i > digitsStart && i - digitsStart < 15) return negative ? -n : n;
  const v = parseFloat(s.slice(start, end));
  return Number.isFinite(v) ? v : -1;
}

function trimmed(s: string): string {
  const n = s.length;
  if (n === 0 || (s.charCodeAt(0) > TAB_OR_LESS && s.charCodeAt(n - 1) > TAB_OR_LESS)) return s;
  return s.trim();
}

function addGroup(groups: string[], name: string): void {
  const g = trimmed(name);
  if (g.length !== 0 && !groups.includes(g)) groups.push(g);
}

function addGroups(groups: string[], groupTitle: string): void {
  if (groupTitle.indexOf(SEMICOLON) === -1) addGroup(groups, groupTitle);
  else for (const part of groupTitle.split(SEMICOLON)) addGroup(groups, part);
}

function decodeComponent(s: string): string {
  if (s.indexOf('%') === -1) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The `User-Agent=x&Referer=y` suffix of a URL line (after its '|'). */
function parseHeaderSuffix(suffix: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of suffix.split('&')) {
    const eq = pair.indexOf('=');
    const key = decodeComponent(trimmed(eq === -1 ? pair : pair.slice(0, eq)));
    if (key.length !== 0) headers[key] = eq === -1 ? '' : decodeComponent(trimmed(pair.slice(eq + 1)));
  }
  return headers;
}

/**
 * The HTTP headers Kodi's inputstream.adaptive sends for a channel's manifest and segments:
 * `#KODIPROP:inputstream.adaptive.stream_headers=User-Agent=x&Referer=y` (URL-encoded values, as its wiki gives
 * them). Keys as written.
 */
export function kodiStreamHeaders(entry: Pick<M3uEntry, 'kodiProps'>): Record<string, string> {
  const value = entry.kodiProps?.['inputstream.adaptive.stream_headers'];
  return value ? parseHeaderSuffix(value) : {};
}

/** `scheme://` at s[start]: scheme is a letter then letters, digits, '+', '-', '.'. */
function startsWithScheme(s: string, start: number, end: number): boolean {
  let i = start;
  const limit = Math.min(end, start + 32);
  while (i < limit) {
    const c = s.charCodeAt(i) | 32;
    if ((c >= 97 && c <= 122) || (i > start && ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46))) i += 1;
    else break;
  }
  return i > start && i + 2 < end && s.startsWith('://', i);
}

/** `#EXTM3U` (any case) at s[i]. */
function startsWithExtM3u(s: string, i: number): boolean {
  return (
    s.charCodeAt(i) === HASH &&
    (s.charCodeAt(i + 1) | 32) === 101 &&
    (s.charCodeAt(i + 2) | 32) === 120 &&
    (s.charCodeAt(i + 3) | 32) === 116 &&
    (s.charCodeAt(i + 4) | 32) === 109 &&
    s.charCodeAt(i + 5) === 51 &&
    (s.charCodeAt(i + 6) | 32) === 117
  );
}

export class M3uParser {
  private readonly onEntry: ((entry: M3uEntry) => void) | undefined;
  private readonly maxLineBytes: number;
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  /** The partial last line of the previous chunk ('' for none). */
  private carry = '';
  /** Inside a line longer than maxLineBytes: dropping its text up to its end. */
  private skipping = false;
  /** The previous chunk ended with CR: a LF starting the next one ends the same line. */
  private pendingCR = false;
  /** A string chunk's last unit, a high surrogate, waiting for its low half at the start of the next one. */
  private highSurrogate = '';
  private started = false;
  private ended = false;
  private headerValue: M3uHeader | null = null;
  /** The entry whose #EXTINF was read and whose URL line has not come yet. */
  private current: M3uEntry | null = null;
  /** #EXTVLCOPT met while no entry was open: they go to the next one. */
  private nextOptions: Record<string, string> | null = null;
  /** #KODIPROP met while no entry was open, likewise. */
  private nextKodiProps: Record<string, string> | null = null;
  /** The groups in force (Kodi's list): never changed in place, replaced, so emitted entries may share it. */
  private groupList: string[] = EMPTY_GROUPS;
  /** groupList came from #EXTGRP (a begin directive): it stays for the entries that follow. */
  private groupsSticky = false;
  /** The last line with content was the URL of an entry that had an #EXTINF: a URL line now is a backup. */
  private backupOpen = false;
  private readonly stats: M3uStats = {
    entries: 0,
    withUrl: 0,
    withoutUrl: 0,
    overlongLines: 0,
    lines: 0,
    bytes: 0,
    backupUrls: 0,
    hlsMediaTags: 0,
    hlsVariantTags: 0,
    withExtinf: 0,
  };

  constructor(options: M3uParserOptions = {}) {
    this.onEntry = options.onEntry;
    const max = options.maxLineBytes ?? 64 * 1024;
    this.maxLineBytes = max > 0 ? max : 64 * 1024;
  }

  /** The header as soon as the first non-empty line was seen (null before). */
  get header(): M3uHeader | null {
    return this.headerValue;
  }

  /**
   * Feeds the next chunk (bytes or string) as it arrives; handles chunk boundaries anywhere (mid-line, mid-CRLF,
   * mid-UTF-8 sequence), CRLF/LF/CR line ends, a UTF-8 BOM at the start.
   */
  push(chunk: Uint8Array | string): void {
    if (this.ended) throw new Error('M3uParser: push after end');
    if (typeof chunk === 'string') {
      // Bytes of an unfinished UTF-8 sequence from a previous bytes chunk stay unfinished.
      if (this.decoder !== null) this.feed(this.decoder.decode());
      let text = this.highSurrogate + chunk;
      this.highSurrogate = '';
      // A surrogate pair split between two string chunks is joined again (and counted as its 4 bytes).
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        this.highSurrogate = text.slice(-1);
        text = text.slice(0, -1);
      }
      this.stats.bytes += utf8Bytes(text);
      this.feed(text);
    } else {
      this.flushHighSurrogate();
      this.stats.bytes += chunk.length;
      this.decoder ??= new TextDecoder('utf-8');
      this.feed(this.decoder.decode(chunk, { stream: true }));
    }
  }

  /** Ends the input; returns the header and stats. */
  end(): { header: M3uHeader; stats: M3uStats } {
    if (!this.ended) {
      this.flushHighSurrogate();
      if (this.decoder !== null) this.feed(this.decoder.decode());
      this.ended = true;
      if (this.skipping) {
        this.skipping = false;
        this.stats.lines += 1;
      } else if (this.carry.length !== 0) {
        const line = this.carry;
        this.carry = '';
        this.stats.lines += 1;
        this.processLine(line, 0, line.length);
      }
      this.emitCurrent();
      this.headerValue ??= { isM3u: false, attributes: {} };
    }
    return { header: this.headerValue!, stats: this.stats };
  }

  private flushHighSurrogate(): void {
    if (this.highSurrogate.length === 0) return;
    const text = this.highSurrogate;
    this.highSurrogate = '';
    this.stats.bytes += utf8Bytes(text);
    this.feed(text);
  }

  private feed(text: string): void {
    const len = text.length;
    if (len === 0) return;
    let pos = 0;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === BOM) pos = 1;
    }
    if (this.pendingCR) {
      this.pendingCR = false;
      if (text.charCodeAt(pos) === LF) pos += 1;
    }
    if (this.skipping || this.carry.length !== 0) {
      // The end of the line carried over (or skipped) from the previous chunks.
      let e = text.indexOf('\n', pos);
      const cr = text.indexOf('\r', pos);
      if (cr !== -1 && (e === -1 || cr < e)) e = cr;
      if (e === -1) {
        if (!this.skipping && pos < len) {
          this.carry += pos === 0 ? text : text.slice(pos);
          this.checkCarry();
        }
        return;
      }
      this.stats.lines += 1;
      if (this.skipping) this.skipping = false;
      else {
        const line = this.carry + text.slice(pos, e);
        this.carry = '';
        if (this.tooLong(line, 0, line.length)) this.overlong(line, 0);
        else this.processLine(line, 0, line.length);
      }
      pos = e + 1;
      if (text.charCodeAt(e) === CR) {
        if (pos >= len) this.pendingCR = true;
        else if (text.charCodeAt(pos) === LF) pos += 1;
      }
    }
    // Whole lines of this chunk, scanned in place. The next LF and the next CR are each searched for again only
    // once passed, so a file without CR costs one scan for CR per chunk.
    const maxUnits = this.maxLineBytes;
    const surelyShort = Math.floor(maxUnits / 3); // a UTF-16 unit is at most 3 UTF-8 bytes
    let lf = -1;
    let cr = -1;
    for (;;) {
      if (lf < pos) {
        lf = text.indexOf('\n', pos);
        if (lf === -1) lf = len;
      }
      if (cr < pos) {
        cr = text.indexOf('\r', pos);
        if (cr === -1) cr = len;
      }
      const e = lf < cr ? lf : cr;
      if (e === len) break;
      this.stats.lines += 1;
      if (e - pos > surelyShort && this.tooLong(text, pos, e)) this.overlong(text, pos);
      else this.processLine(text, pos, e);
      pos = e + 1;
      if (e === cr) {
        if (pos >= len) this.pendingCR = true;
        else if (text.charCodeAt(pos) === LF) pos += 1;
      }
    }
    if (pos < len) {
      this.carry = text.slice(pos);
      this.checkCarry();
    }
  }

  private tooLong(s: string, start: number, end: number): boolean {
    const units = end - start;
    if (units > this.maxLineBytes) return true;
    if (units * 3 <= this.maxLineBytes) return false;
    return utf8Bytes(start === 0 && end === s.length ? s : s.slice(start, end)) > this.maxLineBytes;
  }

  /** The partial line grew past the limit: count it, drop it, skip the rest of it. */
  private checkCarry(): void {
    const carry = this.carry;
    if (!this.tooLong(carry, 0, carry.length)) return;
    this.carry = '';
    this.skipping = true;
    this.overlong(carry, 0);
  }

  private overlong(s: string, start: number): void {
    this.stats.overlongLines += 1;
    // An unreadable line (an #EXTINF, most likely) ends a channel's backup URLs.
    this.backupOpen = false;
    if (this.headerValue === null) {
      while (start < s.length && s.charCodeAt(start) <= TAB_OR_LESS) start += 1;
      this.headerValue = { isM3u: startsWithExtM3u(s, start), attributes: {} };
    }
  }

  private processLine(s: string, start: number, end: number): void {
    while (start < end && s.charCodeAt(start) <= TAB_OR_LESS) start += 1;
    if (start === end) return;
    while (s.charCodeAt(end - 1) <= TAB_OR_LESS) end -= 1;
    if (this.headerValue === null) {
      const isM3u = startsWithExtM3u(s, start);
      const attributes: Record<string, string> = {};
      this.headerValue = { isM3u, attributes };
      if (isM3u) {
        scanAttributes(s, start + 7, end, attributes);
        return;
      }
    }
    if (s.charCodeAt(start) === HASH) this.directive(s, start, end);
    else this.urlLine(s, start, end);
  }

  /** A `#` line: #EXTINF, #EXTGRP, #EXTVLCOPT, #EXTM3U, HLS tags; anything else is a comment. */
  private directive(s: string, start: number, end: number): void {
    // A tag (#EXT..., #KODIPROP...) ends a channel's backup URLs; a plain comment ('# text') does not.
    const c1 = s.charCodeAt(start + 1) | 32;
    if (c1 >= 97 && c1 <= 122) this.backupOpen = false;
    // #KODIPROP:key=value
    if (
      c1 === 107 &&
      end - start > 10 &&
      s.charCodeAt(start + 9) === COLON &&
      /^kodiprop$/i.test(s.slice(start + 1, start + 9))
    ) {
      this.option(s, start + 10, end, 'kodi');
      return;
    }
    if (
      end - start < 7 ||
      (s.charCodeAt(start + 1) | 32) !== 101 ||
      (s.charCodeAt(start + 2) | 32) !== 120 ||
      (s.charCodeAt(start + 3) | 32) !== 116
    )
      return;
    const c4 = s.charCodeAt(start + 4) | 32;
    if (c4 === 105) {
      // #EXTINF
      if ((s.charCodeAt(start + 5) | 32) === 110 && (s.charCodeAt(start + 6) | 32) === 102)
        this.extinf(s, start + 7, end);
    } else if (c4 === 118) {
      // #EXTVLCOPT:key=value
      if (
        end - start > 11 &&
        s.charCodeAt(start + 10) === COLON &&
        (s.startsWith('LCOPT', start + 5) || s.slice(start + 5, start + 10).toLowerCase() === 'lcopt')
      )
        this.vlcOption(s, start + 11, end);
    } else if (c4 === 103) {
      // #EXTGRP:name
      if (
        end - start > 8 &&
        (s.charCodeAt(start + 5) | 32) === 114 &&
        (s.charCodeAt(start + 6) | 32) === 112 &&
        s.charCodeAt(start + 7) === COLON
      ) {
        // Kodi: the list so far is replaced; a non-empty #EXTGRP stays for the entries that follow.
        const groups: string[] = [];
        addGroups(groups, s.slice(start + 8, end));
        this.groupList = groups;
        this.groupsSticky = groups.length !== 0;
      }
    } else if (c4 === 109 && startsWithExtM3u(s, start)) {
      const header = this.headerValue!;
      if (!header.isM3u && this.stats.entries === 0 && this.current === null) {
        // #EXTM3U after comment lines, before any entry: the file is an M3U all the same.
        header.isM3u = true;
      }
      // A later #EXTM3U (concatenated playlists): attributes not seen yet are added.
      const more: Record<string, string> = {};
      scanAttributes(s, start + 7, end, more);
      const attributes = header.attributes;
      for (const key of Object.keys(more)) if (!(key in attributes)) attributes[key] = more[key]!;
    } else if (c4 === 45 && (s.charCodeAt(start + 5) | 32) === 120 && s.charCodeAt(start + 6) === 45) {
      this.hlsTag(s, start + 7, end);
    }
  }

  /** An #EXT-X- tag (name from s[i]): HLS media and master playlist tags are counted. */
  private hlsTag(s: string, i: number, end: number): void {
    let e = s.indexOf(':', i);
    if (e === -1 || e > end) e = end;
    const tag = s.slice(i, e).toUpperCase();
    if (HLS_VARIANT_TAGS.has(tag)) this.stats.hlsVariantTags += 1;
    else if (HLS_MEDIA_TAGS.has(tag)) this.stats.hlsMediaTags += 1;
  }

  private extinf(s: string, i: number, end: number): void {
    if (i < end) {
      const c = s.charCodeAt(i);
      if (c === COLON) i += 1;
      else if (c > TAB_OR_LESS) return; // #EXTINFO..., not an #EXTINF
    }
    while (i < end && s.charCodeAt(i) <= TAB_OR_LESS) i += 1;
    const d = i;
    while (i < end) {
      const c = s.charCodeAt(i);
      if ((c >= 48 && c <= 57) || c === 45 || c === 46 || c === 43) i += 1;
      else break;
    }
    const duration = i > d ? parseDuration(s, d, i) : -1;
    const attributes: Record<string, string> = {};
    const comma = scanAttributes(s, i, end, attributes);
    let name = '';
    if (comma !== -1) {
      let a = comma + 1;
      while (a < end && s.charCodeAt(a) <= TAB_OR_LESS) a += 1;
      if (a < end) name = s.slice(a, end);
    }
    const groupTitle = scannedGroupTitle;
    this.emitCurrent();
    if (groupTitle !== undefined && groupTitle.length !== 0) {
      // Kodi: the entry's group-title adds to the groups in force, for this entry only.
      const groups = this.groupList.length === 0 ? [] : this.groupList.slice();
      addGroups(groups, groupTitle);
      this.groupList = groups;
      this.groupsSticky = false;
    }
    this.stats.withExtinf += 1;
    this.current = this.open(name, duration, attributes);
  }

  /** A new entry, taking the #EXTVLCOPT lines that came before it; its groups are set when it is emitted. */
  private open(name: string, duration: number, attributes: Record<string, string>): M3uEntry {
    const vlcOptions = this.nextOptions ?? {};
    this.nextOptions = null;
    const entry: M3uEntry = { name, duration, url: null, headers: {}, attributes, groups: EMPTY_GROUPS, vlcOptions };
    if (this.nextKodiProps) entry.kodiProps = this.nextKodiProps;
    this.nextKodiProps = null;
    return entry;
  }

  private vlcOption(s: string, i: number, end: number): void {
    this.option(s, i, end, 'vlc');
  }

  /** An #EXTVLCOPT or #KODIPROP key=value: to the entry being read, else to the next one. */
  private option(s: string, i: number, end: number, kind: 'vlc' | 'kodi'): void {
    while (i < end && s.charCodeAt(i) <= TAB_OR_LESS) i += 1;
    if (i >= end) return;
    const eq = s.indexOf('=', i);
    let key: string;
    let value = '';
    if (eq === -1 || eq >= end) key = s.slice(i, end).toLowerCase();
    else {
      key = trimmed(s.slice(i, eq)).toLowerCase();
      value = trimmed(s.slice(eq + 1, end));
    }
    if (key.length === 0) return;
    if (kind === 'vlc') {
      if (this.current !== null) this.current.vlcOptions[key] = value;
      else (this.nextOptions ??= {})[key] = value;
    } else if (this.current !== null) (this.current.kodiProps ??= {})[key] = value;
    else (this.nextKodiProps ??= {})[key] = value;
  }

  private urlLine(s: string, start: number, end: number): void {
    let entry = this.current;
    const fromExtinf = entry !== null;
    if (entry === null) {
      if (this.backupOpen) {
        // Another address for the channel just read (players try it when the first fails): not a channel.
        this.stats.backupUrls += 1;
        return;
      }
      if (!this.headerValue!.isM3u && !startsWithScheme(s, start, end)) return; // not a playlist line
      entry = this.open('', -1, {});
    } else this.current = null;
    const line = s.slice(start, end);
    const bar = line.indexOf('|');
    if (bar === -1) entry.url = line;
    else {
      entry.url = trimmed(line.slice(0, bar));
      entry.headers = parseHeaderSuffix(line.slice(bar + 1));
    }
    this.emit(entry);
    this.backupOpen = fromExtinf;
  }

  /** Emits the entry still waiting for its URL line, if any, without one. */
  private emitCurrent(): void {
    const entry = this.current;
    if (entry === null) return;
    this.current = null;
    this.emit(entry);
  }

  private emit(entry: M3uEntry): void {
    entry.groups = this.groupList;
    if (!this.groupsSticky && this.groupList.length !== 0) this.groupList = EMPTY_GROUPS;
    const stats = this.stats;
    stats.entries += 1;
    if (entry.url === null) stats.withoutUrl += 1;
    else stats.withUrl += 1;
    if (this.onEntry !== undefined) this.onEntry(entry);
  }
}

/** Convenience: parse a whole string, returning every entry. */
export function parseM3u(text: string): { header: M3uHeader; entries: M3uEntry[]; stats: M3uStats } {
  const entries: M3uEntry[] = [];
  const parser = new M3uParser({ onEntry: (entry) => entries.push(entry) });
  parser.push(text);
  const { header, stats } = parser.end();
  return { header, entries, stats };
}
