/**
 * Codecs by the names owners know them: from the codec strings of HLS `CODECS`, DASH `codecs` and MP4 sample
 * entries (RFC 6381: `avc1.64001f`, `hvc1.2.4.L123.B0`, `mp4a.40.2`, `ac-3`, `ec-3`...), and from MPEG-TS
 * stream types (ISO/IEC 13818-1 table 2-34, and DVB's descriptors for AC-3 and E-AC-3 carried as private data).
 */

/** The name of a codec string (its four-character code, with the object type for mp4a), or null if unknown. */
export function codecName(codec: string): string | null {
  const value = codec.trim();
  const fourcc = value.split('.')[0]!.toLowerCase();
  switch (fourcc) {
    case 'avc1':
    case 'avc2':
    case 'avc3':
    case 'avc4':
      return 'H.264';
    case 'hvc1':
    case 'hev1':
      return 'HEVC';
    case 'dvh1':
    case 'dvhe':
    case 'dvav':
    case 'dva1':
      return 'Dolby Vision';
    case 'av01':
      return 'AV1';
    case 'vp09':
    case 'vp9':
      return 'VP9';
    case 'vp08':
    case 'vp8':
      return 'VP8';
    case 'mp4v':
      return 'MPEG-4 Visual';
    case 'mp4a':
      return mp4aName(value);
    case 'ac-3':
      return 'AC-3';
    case 'ec-3':
      return 'E-AC-3';
    case 'ac-4':
      return 'AC-4';
    case 'opus':
      return 'Opus';
    case 'flac':
    case 'fla':
      return 'FLAC';
    case 'mp3':
      return 'MP3';
    case 'vorbis':
      return 'Vorbis';
    case 'dtsc':
    case 'dtse':
    case 'dtsh':
    case 'dtsl':
    case 'dtsx':
      return 'DTS';
    case 'stpp':
    case 'wvtt':
      return null; // subtitles
    default:
      return null;
  }
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
  const names: string[] = [];
  for (const list of lists) {
    if (!list) continue;
    for (const codec of list.split(',')) {
      const name = codecName(codec);
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** DVB descriptor tags that say what a private-data (0x06) elementary stream holds. */
const DVB_DESCRIPTORS: Record<number, string> = {
  0x6a: 'AC-3',
  0x7a: 'E-AC-3',
  0x7b: 'DTS',
  0x7c: 'AAC',
};

/**
 * The codec of an MPEG-TS elementary stream, from its stream type and the descriptors in the PMT (null for
 * what is not audio or video: subtitles, teletext, data, SCTE-35...).
 */
export function tsStreamName(streamType: number, descriptors: readonly number[] = []): string | null {
  switch (streamType) {
    case 0x01:
      return 'MPEG-1 video';
    case 0x02:
      return 'MPEG-2 video';
    case 0x03:
    case 0x04:
      return 'MPEG audio';
    case 0x0f:
    case 0x11:
      return 'AAC';
    case 0x10:
      return 'MPEG-4 Visual';
    case 0x1b:
      return 'H.264';
    case 0x24:
      return 'HEVC';
    case 0x33:
      return 'VVC';
    case 0x81:
      return 'AC-3';
    case 0x87:
      return 'E-AC-3';
    case 0x06:
    case 0x80:
    case 0x82:
    case 0x85:
    case 0x86:
      for (const tag of descriptors) if (DVB_DESCRIPTORS[tag]) return DVB_DESCRIPTORS[tag];
      // 0x82 / 0x85 / 0x86 are DTS in ATSC and Blu-ray; SCTE-35 (0x86) carries a descriptor of its own.
      if (streamType === 0x82 || streamType === 0x85) return 'DTS';
      return null;
    default:
      return null;
  }
}
