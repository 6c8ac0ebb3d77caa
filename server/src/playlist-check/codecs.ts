/**
 * Codecs by the names owners know them: from the codec strings of HLS `CODECS`, DASH `codecs` and MP4 sample
 * entries (RFC 6381: `avc1.64001f`, `hvc1.2.4.L123.B0`, `mp4a.40.2`, `ac-3`, `ec-3`...), and from MPEG-TS
 * stream types (ISO/IEC 13818-1 table 2-34, and DVB's descriptors for AC-3 and E-AC-3 carried as private data).
 */

// Anything else (subtitles such as stpp and wvtt included) has no name: it is not audio or video.
const FOURCCS: Record<string, string[]> = {
  'H.264': ['avc1', 'avc2', 'avc3', 'avc4'],
  HEVC: ['hvc1', 'hev1'],
  'Dolby Vision': ['dvh1', 'dvhe', 'dvav', 'dva1'],
  AV1: ['av01'],
  VP9: ['vp09', 'vp9'],
  VP8: ['vp08', 'vp8'],
  'MPEG-4 Visual': ['mp4v'],
  'AC-3': ['ac-3'],
  'E-AC-3': ['ec-3'],
  'AC-4': ['ac-4'],
  Opus: ['opus'],
  FLAC: ['flac', 'fla'],
  MP3: ['mp3'],
  Vorbis: ['vorbis'],
  DTS: ['dtsc', 'dtse', 'dtsh', 'dtsl', 'dtsx'],
};
// A Map, not an object: the codes come from strangers' streams ('constructor' must name nothing).
const NAME_OF_FOURCC = new Map(
  Object.entries(FOURCCS).flatMap(([name, fourccs]) => fourccs.map((fourcc) => [fourcc, name] as const)),
);

/** The name of a codec string (its four-character code, with the object type for mp4a), or null if unknown. */
export function codecName(codec: string): string | null {
  const value = codec.trim();
  const fourcc = value.split('.')[0]!.toLowerCase();
  return fourcc === 'mp4a' ? mp4aName(value) : (NAME_OF_FOURCC.get(fourcc) ?? null);
}

/** mp4a.40.x is AAC (any profile); mp4a.69 and mp4a.6B are MPEG audio (MP3); mp4a.A5 / A6 are AC-3 / E-AC-3. */
function mp4aName(value: string): string {
  const oti = (value.split('.')[1] ?? '40').toLowerCase();
  if (oti === '69' || oti === '6b') return 'MP3';
  if (oti === 'a5') return 'AC-3';
  if (oti === 'a6') return 'E-AC-3';
  return 'AAC';
}

/** The names of a list of codec strings ('avc1.64001f,mp4a.40.2' or several such lists), each once, in order. */
export function codecNames(lists: Iterable<string | undefined | null>): string[] {
  const names = [...lists].flatMap((list) => (list ? list.split(',').map(codecName) : []));
  return [...new Set(names.filter((name) => name !== null))];
}

/** DVB descriptor tags that say what a private-data (0x06) elementary stream holds. */
const DVB_DESCRIPTORS: Record<number, string> = {
  0x6a: 'AC-3',
  0x7a: 'E-AC-3',
  0x7b: 'DTS',
  0x7c: 'AAC',
};

const TS_STREAM_TYPES: Record<number, string> = {
  0x01: 'MPEG-1 video',
  0x02: 'MPEG-2 video',
  0x03: 'MPEG audio',
  0x04: 'MPEG audio',
  0x0f: 'AAC',
  0x11: 'AAC',
  0x10: 'MPEG-4 Visual',
  0x1b: 'H.264',
  0x24: 'HEVC',
  0x33: 'VVC',
  0x81: 'AC-3',
  0x87: 'E-AC-3',
};

/** Stream types whose codec the descriptors say. */
const PRIVATE_STREAM_TYPES = new Set([0x06, 0x80, 0x82, 0x85, 0x86]);

/**
 * The codec of an MPEG-TS elementary stream, from its stream type and the descriptors in the PMT (null for
 * what is not audio or video: subtitles, teletext, data, SCTE-35...).
 */
export function tsStreamName(streamType: number, descriptors: readonly number[] = []): string | null {
  if (!PRIVATE_STREAM_TYPES.has(streamType)) return TS_STREAM_TYPES[streamType] ?? null;
  for (const tag of descriptors) if (DVB_DESCRIPTORS[tag]) return DVB_DESCRIPTORS[tag];
  // 0x82 / 0x85 / 0x86 are DTS in ATSC and Blu-ray; SCTE-35 (0x86) carries a descriptor of its own.
  return streamType === 0x82 || streamType === 0x85 ? 'DTS' : null;
}
