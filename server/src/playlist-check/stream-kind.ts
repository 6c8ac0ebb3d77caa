/**
 * What a stream is, from its first bytes and its headers (never from its URL): MPEG-TS, an HLS master or media
 * playlist, a DASH manifest, MP4 (fragmented or not), Matroska/WebM, FLV, an audio stream (AAC in ADTS, MP3), a
 * web page, or something else. Each reader looks only at the start of the body, as much of it as was read.
 *
 * `sniffStream(start, headers, complete)` answers null while more bytes could change the answer, so the caller
 * stops reading as soon as it knows (a TS stream once its programme table was seen, MP4 once its `moov` or first
 * `moof`, FLV at once), and never holds more than it read.
 *
 * HLS attributes are read by video.js's m3u8-parser, DASH manifests by its mpd-parser; the binary formats by the
 * small readers below, tested on real files (tests/fixtures/streams/).
 */
import { Parser as M3u8Parser } from 'm3u8-parser';
import { parse as parseMpd } from 'mpd-parser';
import { codecName, codecNames, tsStreamName } from './codecs';
import { dashWithinReach } from './stream-chain';

export type StreamFormat =
  | 'MPEG_TS'
  | 'HLS_MASTER'
  | 'HLS_MEDIA'
  | 'DASH'
  | 'MP4'
  | 'FRAGMENTED_MP4'
  | 'MATROSKA'
  | 'FLV'
  | 'AUDIO'
  | 'WEB_PAGE'
  | 'EMPTY'
  | 'NOT_VIDEO';

export interface StreamSniff {
  format: StreamFormat;
  /** Codecs by name ('H.264', 'AAC'), each once; empty when the first bytes did not say. */
  codecs: string[];
  /** HLS master: its qualities; HLS media: its segments. */
  count?: number;
  /** HLS media: 'fmp4' when its segments are fragmented MP4 (#EXT-X-MAP), else 'ts'. Audio: 'aac' or 'mp3'. */
  variant?: string;
}

const TS_PACKET = 188;
/** Packets in a row, each starting with the sync byte, before a body is called MPEG-TS. */
const TS_SYNC_PACKETS = 5;
/** How far into a TS stream its programme table is looked for before it is called TS without codecs. */
const TS_PMT_SEARCH = 128 * 1024;
/** How much of a text body is enough to say it is a web page. */
const TEXT_SNIFF = 2048;

type Headers = Record<string, string | string[] | undefined>;

function contentType(headers: Headers): string {
  const value = headers['content-type'];
  return ((Array.isArray(value) ? value[0] : value) ?? '').toLowerCase();
}

/**
 * What the first bytes of a stream are. `complete`: no more bytes will come (the body ended, or the time or
 * size limit was reached); then the answer is never null.
 */
export function sniffStream(start: Buffer, headers: Headers, complete: boolean): StreamSniff | null {
  if (start.length === 0) return complete ? { format: 'EMPTY', codecs: [] } : null;
  if (start[0] === 0x47 && !isText(start)) {
    const ts = sniffTs(start, complete);
    if (ts !== undefined) return ts;
  }
  if (start.length >= 3 && start.toString('latin1', 0, 3) === 'FLV') return sniffFlv(start, complete);
  if (start.length >= 4 && start.readUInt32BE(0) === 0x1a45dfa3) return sniffMatroska(start, complete);
  const mp4 = sniffMp4(start, complete);
  if (mp4 !== undefined) return mp4;
  const audio = sniffAudio(start, headers);
  if (audio) return audio;
  if (!isText(start)) {
    // A TS stream joined mid-packet: its packets line up a little further on.
    const enough = start.length >= TS_PACKET * (TS_SYNC_PACKETS + 1);
    if (!enough && !complete && isBinary(start)) return null;
    if (enough || complete) {
      const ts = sniffTs(start, complete);
      if (ts !== undefined) return ts;
    }
  }
  return sniffText(start, headers, complete);
}

/** Whether the start of a body is nearly all printable ASCII (text never is TS, whatever its first letter). */
function isText(start: Buffer): boolean {
  const head = start.subarray(0, 1024);
  const printable = head.filter((b) => (b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13);
  return printable.length >= head.length * 0.95;
}

/** Whether the start of a body is binary data rather than text (as m3u-check tells a playlist from data). */
function isBinary(start: Buffer): boolean {
  const head = start.subarray(0, 1024);
  const control = head.filter((b) => b < 9 || (b > 13 && b < 32 && b !== 27));
  return head.length > 0 && control.length / head.length > 0.1;
}

// ---------------------------------------------------------------------------------------------------------------
// MPEG-TS: 0x47 every 188 bytes; the PAT names the PMT, whose stream types (and descriptors) name the codecs.

/** The offset of the first packet (a stream may start mid-packet), or -1 when the bytes are not TS. */
function tsOffset(start: Buffer): number {
  const packets = Math.min(TS_SYNC_PACKETS, Math.floor(start.length / TS_PACKET));
  if (packets < 2) return -1;
  for (let offset = 0; offset < TS_PACKET && offset + (packets - 1) * TS_PACKET < start.length; offset += 1) {
    let synced = 0;
    while (synced < packets && start[offset + synced * TS_PACKET] === 0x47) synced += 1;
    if (synced === packets) return offset;
  }
  return -1;
}

/** undefined: not TS; null: TS whose programme table is still to come; else the answer. */
function sniffTs(start: Buffer, complete: boolean): StreamSniff | null | undefined {
  // Enough packets to be sure, or all there will be.
  if (start.length < TS_PACKET * TS_SYNC_PACKETS && !complete) return null;
  const offset = tsOffset(start);
  if (offset < 0) return undefined;
  const codecs = readPmt(start, offset);
  if (codecs) return { format: 'MPEG_TS', codecs };
  if (complete || start.length >= TS_PMT_SEARCH) return { format: 'MPEG_TS', codecs: [] };
  return null;
}

/** A section's payload in one packet (tables of IPTV streams fit one packet), after the pointer field. */
function sectionOf(packet: Buffer): Buffer | null {
  if (!(packet[1]! & 0x40)) return null; // the section must start here
  const control = (packet[3]! >> 4) & 0x3;
  let at = 4;
  if (control === 2) return null; // adaptation field only
  if (control === 3) at += 1 + packet[4]!;
  if (at >= TS_PACKET) return null;
  at += 1 + packet[at]!; // pointer_field
  if (at + 3 > TS_PACKET) return null;
  const length = ((packet[at + 1]! & 0x0f) << 8) | packet[at + 2]!;
  return packet.subarray(at, Math.min(TS_PACKET, at + 3 + length));
}

/** The codecs the PMT names, or null when no PMT was in these bytes. */
function readPmt(start: Buffer, offset: number): string[] | null {
  const pmtPids = new Set<number>();
  for (let at = offset; at + TS_PACKET <= start.length; at += TS_PACKET) {
    const packet = start.subarray(at, at + TS_PACKET);
    if (packet[0] !== 0x47) continue;
    const pid = ((packet[1]! & 0x1f) << 8) | packet[2]!;
    if (pid === 0) {
      const pat = sectionOf(packet);
      if (!pat || pat[0] !== 0x00) continue;
      // Programmes from byte 8 to the CRC: program_number (2), PMT PID (2). Programme 0 is the network PID.
      for (let i = 8; i + 4 <= pat.length - 4; i += 4) {
        const program = (pat[i]! << 8) | pat[i + 1]!;
        if (program !== 0) pmtPids.add(((pat[i + 2]! & 0x1f) << 8) | pat[i + 3]!);
      }
      continue;
    }
    if (!pmtPids.has(pid)) continue;
    const pmt = sectionOf(packet);
    if (!pmt || pmt[0] !== 0x02 || pmt.length < 12) continue;
    const end = pmt.length - 4; // the CRC
    const programInfo = ((pmt[10]! & 0x0f) << 8) | pmt[11]!;
    const names: string[] = [];
    for (let i = 12 + programInfo; i + 5 <= end;) {
      const type = pmt[i]!;
      const infoLength = ((pmt[i + 3]! & 0x0f) << 8) | pmt[i + 4]!;
      const tags: number[] = [];
      for (let d = i + 5; d + 2 <= Math.min(end, i + 5 + infoLength); d += 2 + pmt[d + 1]!) tags.push(pmt[d]!);
      const name = tsStreamName(type, tags);
      if (name && !names.includes(name)) names.push(name);
      i += 5 + infoLength;
    }
    return names;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// FLV: 'FLV', version, flags; then tags whose first byte names the codec.

function sniffFlv(start: Buffer, complete: boolean): StreamSniff | null {
  const flags = start.length > 4 ? start[4]! : 0;
  const wantAudio = (flags & 0x04) !== 0;
  const wantVideo = (flags & 0x01) !== 0;
  let audio: string | null = null;
  let video: string | null = null;
  let at = start.length >= 9 ? start.readUInt32BE(5) + 4 : start.length;
  while (at + 12 <= start.length && (!audio || !video)) {
    const type = start[at]! & 0x1f;
    const size = start.readUIntBE(at + 1, 3);
    const first = start[at + 11]!;
    if (type === 8 && !audio) {
      audio = ({ 10: 'AAC', 2: 'MP3', 14: 'MP3' } as Record<number, string>)[first >> 4] ?? null;
    } else if (type === 9 && !video) {
      if (first & 0x80 && at + 16 <= start.length) {
        // Enhanced RTMP/FLV: a FourCC follows the first byte.
        video = codecName(start.toString('latin1', at + 12, at + 16));
      } else {
        video =
          ({ 7: 'H.264', 12: 'HEVC', 2: 'Sorenson H.263', 4: 'VP6' } as Record<number, string>)[first & 0x0f] ?? null;
      }
    }
    at += 11 + size + 4;
  }
  const done = (!wantAudio || audio) && (!wantVideo || video);
  if (!done && !complete && start.length < 64 * 1024) return null;
  return { format: 'FLV', codecs: [video, audio].filter((name) => name !== null) };
}

// ---------------------------------------------------------------------------------------------------------------
// Matroska / WebM: the EBML magic; the DocType says which; CodecID strings (V_MPEG4/ISO/AVC, A_AAC...) the codecs.

const MATROSKA_CODECS: [RegExp, string][] = [
  [/^V_MPEG4\/ISO\/AVC/, 'H.264'],
  [/^V_MPEGH\/ISO\/HEVC/, 'HEVC'],
  [/^V_AV1/, 'AV1'],
  [/^V_VP9/, 'VP9'],
  [/^V_VP8/, 'VP8'],
  [/^V_MPEG2/, 'MPEG-2 video'],
  [/^A_AAC/, 'AAC'],
  [/^A_AC3/, 'AC-3'],
  [/^A_EAC3/, 'E-AC-3'],
  [/^A_OPUS/, 'Opus'],
  [/^A_VORBIS/, 'Vorbis'],
  [/^A_MPEG\/L3/, 'MP3'],
  [/^A_FLAC/, 'FLAC'],
  [/^A_DTS/, 'DTS'],
];

function sniffMatroska(start: Buffer, complete: boolean): StreamSniff | null {
  const codecs: string[] = [];
  // CodecID is element 0x86 with a one-byte size (0x80 | length) and the ASCII id.
  for (let at = start.indexOf(0x86); at !== -1 && at + 2 < start.length; at = start.indexOf(0x86, at + 1)) {
    const size = start[at + 1]!;
    if (size < 0x81 || size > 0xa0) continue;
    const id = start.toString('latin1', at + 2, Math.min(start.length, at + 2 + (size & 0x7f)));
    const known = MATROSKA_CODECS.find(([pattern]) => pattern.test(id));
    if (known && !codecs.includes(known[1])) codecs.push(known[1]);
  }
  // The tracks come before the first cluster; a cluster's id (1F 43 B6 75) means they were all seen.
  const clusterSeen = start.includes(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
  if (!clusterSeen && !complete && start.length < 64 * 1024) return null;
  return { format: 'MATROSKA', codecs };
}

// ---------------------------------------------------------------------------------------------------------------
// MP4 (ISO BMFF): top-level boxes; moof (or mvex in moov) means fragmented; stsd sample entries name the codecs.

const TOP_LEVEL_BOXES = new Set([
  'ftyp',
  'styp',
  'moov',
  'moof',
  'sidx',
  'free',
  'skip',
  'mdat',
  'emsg',
  'prft',
  'uuid',
]);

function boxAt(data: Buffer, at: number): { type: string; start: number; end: number } | null {
  if (at + 8 > data.length) return null;
  let size = data.readUInt32BE(at);
  const type = data.toString('latin1', at + 4, at + 8);
  let header = 8;
  if (size === 1) {
    if (at + 16 > data.length) return null;
    size = Number(data.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size === 0) {
    size = Number.MAX_SAFE_INTEGER; // to the end of the file
  }
  if (size < header) return null;
  return { type, start: at + header, end: at + size };
}

/** Child boxes of [start, end) that lie within the bytes read. */
function* children(data: Buffer, start: number, end: number) {
  for (let at = start; at < Math.min(end, data.length);) {
    const box = boxAt(data, at);
    if (!box || box.end <= at) return;
    yield box;
    at = box.end;
  }
}

function find(data: Buffer, start: number, end: number, path: string[]): { start: number; end: number }[] {
  const [first, ...rest] = path;
  const found: { start: number; end: number }[] = [];
  for (const box of children(data, start, end)) {
    if (box.type !== first) continue;
    // stsd has a version/flags word and an entry count before its entries.
    const inner = first === 'stsd' ? box.start + 8 : box.start;
    if (rest.length === 0) found.push({ start: inner, end: box.end });
    else found.push(...find(data, inner, box.end, rest));
  }
  return found;
}

/** The codecs of a moov's tracks: each sample entry's four-character code; mp4a by its esds object type. */
function moovCodecs(data: Buffer, moov: { start: number; end: number }): string[] {
  const codecs: string[] = [];
  for (const stsd of find(data, moov.start, moov.end, ['trak', 'mdia', 'minf', 'stbl', 'stsd'])) {
    for (const entry of children(data, stsd.start, stsd.end)) {
      let type = entry.type;
      // An encrypted entry (encv / enca) names the original format in sinf/frma.
      if (type === 'encv' || type === 'enca') {
        const skip = type === 'encv' ? 78 : 28;
        const frma = find(data, entry.start + skip, entry.end, ['sinf', 'frma'])[0];
        if (frma && frma.start + 4 <= data.length) type = data.toString('latin1', frma.start, frma.start + 4);
      }
      let codec = type;
      if (type === 'mp4a') {
        const esds = find(data, entry.start + 28, entry.end, ['esds'])[0];
        const oti = esds ? objectType(data, esds.start + 4, Math.min(esds.end, data.length)) : null;
        if (oti !== null) codec = `mp4a.${oti.toString(16)}`;
      }
      const name = codecName(codec);
      if (name && !codecs.includes(name)) codecs.push(name);
    }
  }
  return codecs;
}

/** A descriptor's length (1 to 4 bytes of 7 bits): where its body starts. */
function afterLength(data: Buffer, at: number): number {
  for (let i = 0; i < 4 && at < data.length; i += 1) if (!(data[at++]! & 0x80)) break;
  return at;
}

/**
 * The object type indication of an esds box's body (ISO/IEC 14496-1): the ES descriptor (tag 3) with its
 * optional fields, then the decoder config descriptor (tag 4), whose first byte it is. 0x40 is AAC.
 */
function objectType(data: Buffer, at: number, end: number): number | null {
  if (data[at] === 0x03) {
    at = afterLength(data, at + 1) + 2; // ES_ID
    const flags = data[at++] ?? 0;
    if (flags & 0x80) at += 2; // dependsOn_ES_ID
    if (flags & 0x40) at += 1 + (data[at] ?? 0); // URL
    if (flags & 0x20) at += 2; // OCR_ES_Id
  }
  if (at >= end || data[at] !== 0x04) return null;
  at = afterLength(data, at + 1);
  return at < end ? data[at]! : null;
}

/** undefined: not MP4; null: wait for its moov or first fragment; else the answer. */
function sniffMp4(start: Buffer, complete: boolean): StreamSniff | null | undefined {
  if (start.length < 8) return complete ? undefined : null;
  const first = boxAt(start, 0);
  if (!first || !TOP_LEVEL_BOXES.has(first.type) || first.type === 'mdat' || first.type === 'uuid') {
    return undefined;
  }
  let fragmented = first.type === 'styp';
  for (const box of children(start, 0, Number.MAX_SAFE_INTEGER)) {
    if (box.type === 'moof') return { format: 'FRAGMENTED_MP4', codecs: [] };
    if (box.type === 'mdat') return { format: fragmented ? 'FRAGMENTED_MP4' : 'MP4', codecs: [] };
    if (box.type === 'moov') {
      if (box.end > start.length && !complete) return null; // wait for all of it
      fragmented ||= find(start, box.start, box.end, ['mvex']).length > 0;
      return { format: fragmented ? 'FRAGMENTED_MP4' : 'MP4', codecs: moovCodecs(start, box) };
    }
    if (!TOP_LEVEL_BOXES.has(box.type)) break;
  }
  return complete ? { format: fragmented ? 'FRAGMENTED_MP4' : 'MP4', codecs: [] } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Audio streams (radio): AAC in ADTS frames, MP3 frames (after an ID3 tag or not).

function adtsAt(data: Buffer, at: number): number {
  if (at + 7 > data.length || data[at] !== 0xff || (data[at + 1]! & 0xf6) !== 0xf0) return 0;
  return ((data[at + 3]! & 0x03) << 11) | (data[at + 4]! << 3) | (data[at + 5]! >> 5);
}

function mp3At(data: Buffer, at: number): boolean {
  if (at + 4 > data.length || data[at] !== 0xff || (data[at + 1]! & 0xe0) !== 0xe0) return false;
  const layer = (data[at + 1]! >> 1) & 0x3;
  const bitrate = data[at + 2]! >> 4;
  const rate = (data[at + 2]! >> 2) & 0x3;
  return layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

function sniffAudio(start: Buffer, headers: Headers): StreamSniff | null {
  let at = 0;
  if (start.length >= 10 && start.toString('latin1', 0, 3) === 'ID3') {
    // ID3v2: a 10-byte header and a syncsafe size.
    at = 10 + ((start[6]! & 0x7f) << 21) + ((start[7]! & 0x7f) << 14) + ((start[8]! & 0x7f) << 7) + (start[9]! & 0x7f);
    if (at >= start.length) return contentType(headers).startsWith('audio/') ? { format: 'AUDIO', codecs: [] } : null;
  }
  const frame = adtsAt(start, at);
  if (frame > 7 && (at + frame >= start.length || adtsAt(start, at + frame) > 0)) {
    return { format: 'AUDIO', codecs: ['AAC'], variant: 'aac' };
  }
  if (mp3At(start, at) && (at > 0 || contentType(headers).startsWith('audio/') || mp3At(start, nextMp3(start, at)))) {
    return { format: 'AUDIO', codecs: ['MP3'], variant: 'mp3' };
  }
  return null;
}

/** Where the MPEG audio frame after the one at `at` starts (MPEG-1 layer III sizes; others rarely stream). */
function nextMp3(data: Buffer, at: number): number {
  const kbps = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][data[at + 2]! >> 4] ?? 0;
  const hz = [44100, 48000, 32000][(data[at + 2]! >> 2) & 0x3] ?? 44100;
  const padding = (data[at + 2]! >> 1) & 0x1;
  return at + Math.floor((144000 * kbps) / hz) + padding;
}

// ---------------------------------------------------------------------------------------------------------------
// Text: an HLS playlist, a DASH manifest, a web page, or other text.

function sniffText(start: Buffer, headers: Headers, complete: boolean): StreamSniff | null {
  const text = start.toString('utf8', 0, Math.min(start.length, TEXT_SNIFF)).replace(/^\uFEFF/, '');
  const head = text.trimStart();
  const lower = head.toLowerCase();
  // HLS: #EXTM3U first (comment lines before it, as in the wild).
  const firstLine = head.split(/\r?\n/).find((line) => {
    const trimmed = line.trim();
    return trimmed !== '' && !(trimmed.startsWith('#') && !/^#EXT/i.test(trimmed));
  });
  if (firstLine !== undefined && /^#EXTM3U/i.test(firstLine.trim())) {
    if (!complete) return null; // the whole playlist (it is short; the size limit bounds it)
    return sniffHls(start.toString('utf8'));
  }
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!doctype[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<mpd[\s>]/i.test(head)) {
    if (!complete) return null;
    return sniffDash(start.toString('utf8'));
  }
  if (/^<\?xml/.test(lower) && !complete && !/<[a-z]/i.test(lower.slice(5))) return null;
  if (/^(<!doctype html|<html|<head|<body|<title|<meta|<script|<!--|<div|<form|<center|<h1|<p[\s>])/.test(lower)) {
    return { format: 'WEB_PAGE', codecs: [] };
  }
  if (contentType(headers).includes('text/html') && /^</.test(head)) return { format: 'WEB_PAGE', codecs: [] };
  if (!complete && start.length < TEXT_SNIFF && /^\s*$/.test(text)) return null;
  return { format: 'NOT_VIDEO', codecs: [] };
}

function sniffHls(text: string): StreamSniff {
  const parser = new M3u8Parser();
  parser.push(text);
  parser.end();
  const manifest = parser.manifest;
  const variants = manifest.playlists ?? [];
  if (variants.length > 0 || /#EXT-X-STREAM-INF/i.test(text)) {
    const codecs = codecNames(variants.map((variant) => variant.attributes?.CODECS));
    return { format: 'HLS_MASTER', codecs, count: variants.length };
  }
  const segments = manifest.segments ?? [];
  const mediaTags = /#EXT-X-(TARGETDURATION|MEDIA-SEQUENCE|ENDLIST|MAP|PLAYLIST-TYPE)/i.test(text);
  // A list of channels (#EXTINF with tvg-* or group-title) is another playlist, not a stream.
  if (!mediaTags && /#EXTINF:[^\n,]*\b(tvg-[a-z]+|group-title)=/i.test(text)) {
    return { format: 'NOT_VIDEO', codecs: [], variant: 'playlist' };
  }
  const fmp4 = segments.some((segment) => segment.map) || /#EXT-X-MAP/i.test(text);
  return { format: 'HLS_MEDIA', codecs: [], count: segments.length, variant: fmp4 ? 'fmp4' : 'ts' };
}

interface MpdPlaylist {
  attributes?: { CODECS?: string };
}

function sniffDash(text: string): StreamSniff {
  // No document type or entities: a manifest needs neither, and they are how XML parsers are made to work hard.
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) return { format: 'DASH', codecs: [] };
  // A manifest implying more segments than a parser should list is named by its codecs attributes alone.
  if (!dashWithinReach(text)) {
    return { format: 'DASH', codecs: codecNames([...text.matchAll(/\bcodecs="([^"]*)"/g)].map((m) => m[1])) };
  }
  try {
    const manifest = parseMpd(text, { manifestUri: 'http://manifest.invalid/stream.mpd' }) as {
      playlists?: MpdPlaylist[];
      mediaGroups?: { AUDIO?: Record<string, Record<string, { playlists?: MpdPlaylist[] }>> };
    };
    const lists: (string | undefined)[] = (manifest.playlists ?? []).map((p) => p.attributes?.CODECS);
    for (const group of Object.values(manifest.mediaGroups?.AUDIO ?? {})) {
      for (const rendition of Object.values(group)) {
        for (const playlist of rendition.playlists ?? []) lists.push(playlist.attributes?.CODECS);
      }
    }
    return { format: 'DASH', codecs: codecNames(lists) };
  } catch {
    // An MPD the parser does not take (cut at the size limit, or unusual): still DASH, codecs by attribute.
    return { format: 'DASH', codecs: codecNames([...text.matchAll(/\bcodecs="([^"]*)"/g)].map((m) => m[1])) };
  }
}
