import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { XzReadableStream } from 'xz-decompress';
import { checkMessages, english, said, type Said } from './check-messages';
import type { EpgCheckResult, GuideSource } from './check-result';
import { type ChannelKeys, GuideKeys, coverage, keyOfValue } from './guide-match';
import { FetchError, type SafeFetchOptions } from './safe-fetch';
import { checkFailureOf, open } from './sources';

/** A <channel> element longer than this (a broken guide) is skipped rather than held. */
const MAX_ELEMENT = 1024 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];
const XZ_MAGIC = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The value of attribute `name` in the start tag s[start, end), or null. */
function attribute(s: string, start: number, end: number, name: string): [number, number] | null {
  let at = s.indexOf(name, start);
  while (at !== -1 && at < end) {
    const before = s.charCodeAt(at - 1);
    let i = at + name.length;
    while (i < end && s.charCodeAt(i) <= 32) i += 1;
    if ((before <= 32 || before === 60) && s.charCodeAt(i) === 61) {
      i += 1;
      while (i < end && s.charCodeAt(i) <= 32) i += 1;
      const quote = s.charCodeAt(i);
      if (quote === 34 || quote === 39) {
        const close = s.indexOf(quote === 34 ? '"' : "'", i + 1);
        if (close !== -1 && close < end) return [i + 1, close];
      }
      return null;
    }
    at = s.indexOf(name, at + name.length);
  }
  return null;
}

function keyOfAttribute(s: string, range: [number, number] | null): number {
  if (range === null) return 0;
  const [a, b] = range;
  for (let i = a; i < b; i += 1) {
    if (s.charCodeAt(i) === 38) return keyOfValue(decodeEntities(s.slice(a, b)));
  }
  return keyOfValue(s, a, b);
}

/**
 * Reads XMLTV text as it arrives: <tv>, each <channel> (id and display names) and each <programme>'s channel.
 * Only what is needed is looked at (the start tags of programmes, never their titles or descriptions); an
 * element cut by a chunk boundary waits for the next chunk.
 */
class XmltvScanner {
  xmltv = false;
  channels = 0;
  readonly guide = new GuideKeys();
  private carry = '';

  constructor(private readonly stopAtProgramme: boolean) {}

  /** Returns false once nothing more is needed. */
  push(text: string): boolean {
    const s = this.carry.length === 0 ? text : this.carry + text;
    this.carry = '';
    if (!this.xmltv && /<tv[\s>/]/.test(s)) this.xmltv = true;
    let pos = 0;
    // The next <channel and <programme (-2 when there is none left), each searched for again only once passed.
    let c = -1;
    let p = -1;
    for (;;) {
      if (c < pos && c !== -2) {
        c = s.indexOf('<channel', pos);
        if (c === -1) c = -2;
      }
      if (p < pos && p !== -2) {
        p = s.indexOf('<programme', pos);
        if (p === -1) p = -2;
      }
      if (c === -2 && p === -2) break;
      const isChannel = p === -2 || (c !== -2 && c < p);
      const at = isChannel ? c : p;
      const after = s.charCodeAt(at + (isChannel ? 8 : 10));
      if (Number.isNaN(after)) {
        this.carry = s.slice(at);
        return true;
      }
      if (!(after <= 32 || after === 62 || after === 47)) {
        // <channels>, <programmeX>: not ours.
        pos = at + 1;
        continue;
      }
      const gt = s.indexOf('>', at);
      if (gt === -1) {
        if (s.length - at > MAX_ELEMENT) pos = s.length;
        else this.carry = s.slice(at);
        return true;
      }
      if (!isChannel) {
        this.guide.addProgramme(keyOfAttribute(s, attribute(s, at, gt, 'channel')));
        if (this.stopAtProgramme) return false;
        pos = gt + 1;
        continue;
      }
      const selfClosing = s.charCodeAt(gt - 1) === 47;
      let end = gt + 1;
      const names: string[] = [];
      if (!selfClosing) {
        const close = s.indexOf('</channel>', gt);
        if (close === -1) {
          if (s.length - at > MAX_ELEMENT) pos = s.length;
          else this.carry = s.slice(at);
          return true;
        }
        end = close + 10;
        let d = s.indexOf('<display-name', gt);
        while (d !== -1 && d < close) {
          const open = s.indexOf('>', d);
          const shut = s.indexOf('</display-name>', open);
          if (open === -1 || shut === -1 || shut > close) break;
          names.push(decodeEntities(s.slice(open + 1, shut)).trim());
          d = s.indexOf('<display-name', shut);
        }
      }
      this.channels += 1;
      this.guide.addChannel(keyOfAttribute(s, attribute(s, at, gt, 'id')), names);
      pos = end;
    }
    // Keep a tail that may hold the start of a tag cut by the chunk boundary.
    if (this.carry.length === 0) this.carry = s.slice(Math.max(pos, s.length - 16));
    return true;
  }
}

/** The body with its first bytes looked at: plain, gzip or xz, as Kodi reads guides (.xml, .xml.gz, .xml.xz). */
async function* decompressed(
  body: AsyncIterable<Buffer>,
  onCompression: (kind: 'plain' | 'gzip' | 'xz') => void,
): AsyncGenerator<Buffer> {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < XZ_MAGIC.length) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const start = Buffer.concat(head);
  const rest = async function* (): AsyncGenerator<Buffer> {
    if (start.length) yield start;
    if (done) return;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  };
  const is = (magic: number[]) => magic.every((byte, i) => start[i] === byte);
  if (is(GZIP_MAGIC)) {
    onCompression('gzip');
    const gunzip = Readable.from(rest()).pipe(createGunzip());
    try {
      for await (const chunk of gunzip) yield chunk as Buffer;
    } finally {
      gunzip.destroy();
    }
  } else if (is(XZ_MAGIC)) {
    onCompression('xz');
    const xz = new XzReadableStream(ReadableStream.from(rest()) as ReadableStream<Uint8Array>);
    const reader = xz.getReader();
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) return;
        yield Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  } else {
    onCompression('plain');
    yield* rest();
  }
}

export interface EpgCheckOptions {
  source: GuideSource;
  /** The playlist's live channels: the whole guide is read to see which have programmes. */
  channels: ChannelKeys | null;
  /** Words for the guide in messages ('The guide', 'The panel’s guide'). */
  label: Said;
}

/** A guide's message: said (for the reader's language) and its English. */
function note(message: Said): Pick<EpgCheckResult, 'message' | 'said'> {
  return { message: english(message), said: message };
}

/** A guide that could not be read as XMLTV. */
function unread(source: GuideSource, reachable: boolean, message: Said): EpgCheckResult {
  return {
    source,
    reachable,
    xmltv: false,
    channels: 0,
    channelsWithProgrammes: null,
    coverage: null,
    ...note(message),
  };
}

/**
 * Reads an XMLTV guide (plain, gzip or xz, as Kodi reads them) as it arrives, never holding it whole: whether it
 * is XMLTV, its channels, and, with the playlist's channels, how many of them it has programmes for (matched by
 * tvg-id, then by name, as players match). Without channels to match it stops at the first programme, so a guide
 * of hundreds of MB is judged from its start.
 */
export async function checkEpg(
  url: string,
  options: SafeFetchOptions,
  { source, channels, label }: EpgCheckOptions,
): Promise<EpgCheckResult> {
  const matching = channels !== null && channels.size > 0;
  const scanner = new XmltvScanner(!matching);
  let compression: 'plain' | 'gzip' | 'xz' = 'plain';
  let partial = false;
  try {
    const res = await open(url, options);
    const decoder = new StringDecoder('utf8');
    let unpacked = 0;
    try {
      for await (const chunk of decompressed(res.body, (kind) => (compression = kind))) {
        unpacked += chunk.length;
        if (unpacked > options.maxBytes) {
          partial = true;
          break;
        }
        if (!scanner.push(decoder.write(chunk))) break;
      }
      if (!partial) scanner.push(decoder.end());
    } catch (err) {
      if (err instanceof FetchError && err.failure === 'too-large') partial = true;
      else if (err instanceof FetchError || (err as { name?: string })?.name === 'CheckFailure') throw err;
      else if (compression !== 'plain' && scanner.channels === 0) {
        return unread(source, true, said(checkMessages.guide.damaged, { label, compression }));
      } else if (compression !== 'plain') partial = true;
      else throw err;
    } finally {
      res.close();
    }
  } catch (err) {
    const failure = checkFailureOf(err);
    return unread(source, failure.reachable, said(checkMessages.guide.unreadable, { label, reason: failure.said }));
  }
  if (!scanner.xmltv) return unread(source, true, said(checkMessages.guide.notXmltv, { label }));
  if (scanner.channels === 0) {
    return {
      source,
      reachable: true,
      xmltv: true,
      channels: 0,
      channelsWithProgrammes: matching ? 0 : null,
      coverage: matching ? { channels: channels.size, covered: 0, byId: 0, byName: 0 } : null,
      ...note(said(checkMessages.guide.noChannels, { label })),
    };
  }
  if (!matching) {
    return {
      source,
      reachable: true,
      xmltv: true,
      channels: scanner.channels,
      channelsWithProgrammes: null,
      coverage: null,
      message: null,
    };
  }
  const covered = coverage(channels, scanner.guide);
  const { guide } = checkMessages;
  let message: Said | null = null;
  if (covered.covered * 2 < covered.channels) {
    message =
      covered.covered === 0
        ? covered.channels === 1
          ? said(guide.noneForTheChannel, { label })
          : said(guide.noneForAny, { label, channels: covered.channels })
        : said(guide.few, { label, covered: covered.covered, channels: covered.channels });
  }
  if (partial) {
    const more = said(guide.partial, { label, megabytes: String(Math.round(options.maxBytes / 1024 / 1024)) });
    message = message ? said(checkMessages.sentences, { first: message, second: more }) : more;
  }
  return {
    source,
    reachable: true,
    xmltv: true,
    channels: scanner.channels,
    channelsWithProgrammes: scanner.guide.withProgrammes.size,
    coverage: covered,
    ...(message ? note(message) : { message: null, said: null }),
  };
}
