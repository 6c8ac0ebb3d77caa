/**
 * What a channel's address answers, read from its first bytes before a player is chosen: the HTTP status (a
 * refusal is said in the check's words, not as a player's error code) and the format (HLS, MPEG-TS, MP4, WebM or
 * Matroska, audio: MP3 or AAC radio). A provider that refuses cross-origin reads leaves only the address's
 * extension to go by (`unknown`); the video element may still play it natively.
 */
export type StreamFormat = 'hls' | 'ts' | 'mp4' | 'webm' | 'audio' | 'unknown';

export type Sniffed =
  { ok: true; format: StreamFormat } | { ok: false; error: PlayerFailure } | { ok: 'unreadable'; format: StreamFormat };

/** Why a channel did not play, in the terms player/messages.ts says it. */
export type PlayerFailure =
  | { kind: 'http'; status: number }
  | { kind: 'webPage' }
  | { kind: 'notVideo' }
  | { kind: 'noAnswer'; seconds: number }
  | { kind: 'cors'; host: string }
  | { kind: 'decode'; detail: string };

export const ANSWER_SECONDS = 10;

export function formatOfAddress(url: string): StreamFormat {
  const path = url.split(/[?#]/)[0]!.toLowerCase();
  if (path.endsWith('.m3u8') || path.endsWith('.m3u')) return 'hls';
  if (path.endsWith('.ts') || path.endsWith('.mpegts')) return 'ts';
  if (path.endsWith('.mp4') || path.endsWith('.m4v')) return 'mp4';
  if (path.endsWith('.webm') || path.endsWith('.mkv')) return 'webm';
  if (/\.(mp3|aac|m4a|ogg|opus)$/.test(path)) return 'audio';
  return 'unknown';
}

export function formatOfBytes(bytes: Uint8Array, contentType: string): StreamFormat | 'webPage' | 'notVideo' {
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('#EXTM3U')) return 'hls';
  // Shoutcast v1 radio: "ICY 200 OK" is no HTTP status line, so the engine hands it over as the body (HTTP/0.9).
  if (head.startsWith('ICY 200')) return 'audio';
  if (/^<(!doctype|html|head|body)/i.test(head) || contentType.includes('text/html')) return 'webPage';
  // MPEG-TS: a sync byte every 188 bytes.
  if (bytes[0] === 0x47 && (bytes.length < 189 || bytes[188] === 0x47)) return 'ts';
  if (bytes.length >= 8 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return 'mp4';
  // EBML, the start of every WebM and Matroska file.
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  // Radio: an ID3 tag, or an MPEG audio frame (MP3, or AAC in ADTS): eleven bits set.
  if (String.fromCharCode(...bytes.subarray(0, 3)) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0))
    return 'audio';
  if (/mpegurl/i.test(contentType)) return 'hls';
  if (/mp2t/i.test(contentType)) return 'ts';
  if (/mp4/i.test(contentType)) return 'mp4';
  if (/webm|matroska/i.test(contentType)) return 'webm';
  if (/^audio\//i.test(contentType)) return 'audio';
  return 'notVideo';
}

export async function sniff(url: string, signal: AbortSignal): Promise<Sniffed> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(abort, ANSWER_SECONDS * 1000);
  try {
    let res: Response;
    try {
      res = await fetch(url, { signal: controller.signal, credentials: 'omit' });
    } catch (error) {
      if (signal.aborted) throw error;
      if (controller.signal.aborted) return { ok: false, error: { kind: 'noAnswer', seconds: ANSWER_SECONDS } };
      // No answer the page may read: cross-origin reads refused (or the network is down). Let the player try.
      return { ok: 'unreadable', format: formatOfAddress(url) };
    }
    if (!res.ok) {
      void res.body?.cancel();
      return { ok: false, error: { kind: 'http', status: res.status } };
    }
    const reader = res.body?.getReader();
    const first = reader ? (await reader.read()).value : new Uint8Array(await res.arrayBuffer());
    void reader?.cancel();
    const format = formatOfBytes(first ?? new Uint8Array(), res.headers.get('content-type') ?? '');
    if (format === 'webPage') return { ok: false, error: { kind: 'webPage' } };
    if (format === 'notVideo') return { ok: false, error: { kind: 'notVideo' } };
    return { ok: true, format };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}
