// Which player plays a stream; no player code here, so Node (tests, the server) may import it.

export type PlayerKind = 'hls' | 'mpegts' | 'native';

/**
 * The player for a stream, by what it is (the playlist check's kinds: HLS_MASTER, MPEG_TS, ...), else by its
 * address (.m3u8, .ts): what the TV app knows before it opens a channel.
 */
export function playerKindFor(kindOrUrl: string): PlayerKind {
  if (/^HLS_/.test(kindOrUrl)) return 'hls';
  if (kindOrUrl === 'MPEG_TS') return 'mpegts';
  if (/^[A-Z_]+$/.test(kindOrUrl)) return 'native';
  const path = kindOrUrl.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith('.m3u8') || path.endsWith('.m3u')) return 'hls';
  if (path.endsWith('.ts')) return 'mpegts';
  return 'native';
}
