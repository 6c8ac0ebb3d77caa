import { createCipheriv, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

/**
 * A local provider of streams for the check's stream tests, on 127.0.0.1 only: real stream bytes
 * (tests/fixtures/streams/, sources in tests/fixtures/README.md) served the way IPTV servers serve them (a live
 * TS or audio stream never ends; a film declares its whole length), and the ways streams fail (refusals, pages,
 * silence). It counts the stream connections open at once and how many were closed, so a test can say that
 * the check opened one at a time and let go of each.
 */

const FIXTURES = path.join(__dirname, '../fixtures');
export const streamFixture = (name: string) => readFileSync(path.join(FIXTURES, 'streams', name));
const playlistFixture = (name: string) => readFileSync(path.join(FIXTURES, 'playlists', name));
const xtreamFixture = (name: string) => readFileSync(path.join(FIXTURES, 'xtream', name));

/** Bodies that play, by path under /s/: [content type, bytes, live (repeated until the client goes)]. */
const PLAYS: Record<string, [string, () => Buffer, boolean]> = {
  'ts-h264': ['video/mp2t', () => streamFixture('media3-sample_h264_mpeg_audio.ts'), true],
  'ts-hevc': ['video/mp2t', () => streamFixture('media3-sample_h265.ts'), true],
  // Sent once: repeated, its timestamps would jump back each time, which no real live stream does.
  'ts-aac': ['video/mp2t', () => streamFixture('media3-hls-cea608/sd-hls0000000000.ts'), false],
  'ts-ac3': ['video/mp2t', () => streamFixture('media3-sample_ac3.ts'), true],
  'ts-eac3': ['video/mp2t', () => streamFixture('media3-sample_eac3.head.ts'), true],
  'hls-master': ['application/vnd.apple.mpegurl', () => streamFixture('videojs-master-fmp4.m3u8'), false],
  'hls-master-hevc': ['application/vnd.apple.mpegurl', () => streamFixture('videojs-iFramePlaylist.m3u8'), false],
  'hls-multivariant': ['application/x-mpegurl', () => streamFixture('media3-multivariant.m3u8'), false],
  'hls-media-fmp4': ['application/vnd.apple.mpegurl', () => streamFixture('media3-hls-fmp4-media.m3u8'), false],
  'hls-media-ts': ['audio/mpegurl', () => playlistFixture('videojs-liveStart30sBefore.m3u8'), false],
  dash: ['application/dash+xml', () => streamFixture('media3-dash-multi-track.mpd'), false],
  'dash-dolby': ['application/dash+xml', () => streamFixture('media3-sample_mpd_dolby.mpd'), false],
  'fmp4-init': ['video/mp4', () => streamFixture('media3-sample_fragmented.init.mp4'), false],
  mp4: ['video/mp4', () => streamFixture('media3-sample.mp4'), false],
  webm: ['video/webm', () => streamFixture('media3-bear-vp9.webm'), false],
  mkv: ['video/x-matroska', () => streamFixture('media3-sample_with_opus_audio.mkv'), false],
  flv: ['video/x-flv', () => streamFixture('media3-sample.head.flv'), true],
  aac: ['audio/aac', () => streamFixture('media3-sample.head.adts'), true],
  mp3: ['audio/mpeg', () => streamFixture('media3-test-cbr-info-header.mp3'), true],
};

/**
 * Whole HLS and DASH chains of real media (androidx/media's test assets), served under
 * /c/{set}/{how}/{file}: `set` picks the media, `how` breaks one link the way providers break it:
 * ok, seg403 (segments refused), var404 (every quality's playlist gone), key403 (the AES-128 key refused),
 * init404 (the EXT-X-MAP / DASH initialisation segment gone), empty (media playlists listing no segment, as a live
 * playlist whose encoder stopped), slow (segments sent at 2 KB/s).
 */
type Role = 'entry' | 'variant' | 'init' | 'segment' | 'key';
interface ChainFile {
  role: Role;
  type: string;
  bytes: () => Buffer;
}

/** The AES-128 key and the encrypted TS segment of the `hls-aes` set (RFC 8216: AES-128-CBC, PKCS7, IV = sequence 0). */
export const AES_KEY = createHash('sha256').update('stream-provider aes-128 key').digest().subarray(0, 16);
let encrypted: Buffer | null = null;
function encryptedSegment(): Buffer {
  if (!encrypted) {
    const cipher = createCipheriv('aes-128-cbc', AES_KEY, Buffer.alloc(16));
    encrypted = Buffer.concat([cipher.update(streamFixture('media3-hls-cea608/sd-hls0000000000.ts')), cipher.final()]);
  }
  return encrypted;
}

const M3U8 = 'application/vnd.apple.mpegurl';
const CHAIN_SETS: Record<string, Record<string, ChainFile>> = {
  // A master (one quality, H.264 + AAC), its media playlist and one TS segment.
  'hls-ts': {
    'manifest.m3u8': { role: 'entry', type: M3U8, bytes: () => streamFixture('media3-hls-cea608/manifest.m3u8') },
    'sd-hls.m3u8': { role: 'variant', type: M3U8, bytes: () => streamFixture('media3-hls-cea608/sd-hls.m3u8') },
    'sd-hls0000000000.ts': {
      role: 'segment',
      type: 'video/mp2t',
      bytes: () => streamFixture('media3-hls-cea608/sd-hls0000000000.ts'),
    },
  },
  // A media playlist of fragmented MP4: EXT-X-MAP init, two segments.
  'hls-fmp4': {
    'playlist.m3u8': {
      role: 'entry',
      type: M3U8,
      bytes: () => streamFixture('media3-hls-multi-segment/playlist.m3u8'),
    },
    'init.mp4': { role: 'init', type: 'video/mp4', bytes: () => streamFixture('media3-hls-multi-segment/init.mp4') },
    'playlist0.m4s': {
      role: 'segment',
      type: 'video/iso.segment',
      bytes: () => streamFixture('media3-hls-multi-segment/playlist0.m4s'),
    },
    'playlist1.m4s': {
      role: 'segment',
      type: 'video/iso.segment',
      bytes: () => streamFixture('media3-hls-multi-segment/playlist1.m4s'),
    },
  },
  // The TS segment above encrypted with AES-128, its media playlist given the key (no byte range: the length changed).
  'hls-aes': {
    'crypt.m3u8': {
      role: 'entry',
      type: M3U8,
      bytes: () =>
        Buffer.from(
          streamFixture('media3-hls-cea608/sd-hls.m3u8')
            .toString('utf8')
            .replace('#EXT-X-MEDIA-SEQUENCE:0\n', '#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-KEY:METHOD=AES-128,URI="key.bin"\n')
            .replace(/#EXT-X-BYTERANGE:.*\n/, ''),
        ),
    },
    'key.bin': { role: 'key', type: 'application/octet-stream', bytes: () => AES_KEY },
    'sd-hls0000000000.ts': { role: 'segment', type: 'video/mp2t', bytes: encryptedSegment },
  },
  // DASH (CMAF): the video representation's initialisation segment and first media segment.
  dash: {
    'manifest.mpd': {
      role: 'entry',
      type: 'application/dash+xml',
      bytes: () => streamFixture('media3-cmaf/manifest.mpd'),
    },
    'video_init.mp4': { role: 'init', type: 'video/mp4', bytes: () => streamFixture('media3-cmaf/video_init.mp4') },
    'video_1.m4s': {
      role: 'segment',
      type: 'video/iso.segment',
      bytes: () => streamFixture('media3-cmaf/video_1.m4s'),
    },
  },
  // A media playlist of fragmented MP4 (CMAF) in H.264: its first four video segments.
  'hls-cmaf': {
    'stream_1.m3u8': { role: 'entry', type: M3U8, bytes: () => streamFixture('media3-cmaf/stream_1.head.m3u8') },
    'video_init.mp4': { role: 'init', type: 'video/mp4', bytes: () => streamFixture('media3-cmaf/video_init.mp4') },
    ...Object.fromEntries(
      [1, 2, 3, 4].map((n) => [
        `video_${n}.m4s`,
        { role: 'segment', type: 'video/iso.segment', bytes: () => streamFixture(`media3-cmaf/video_${n}.m4s`) },
      ]),
    ),
  },
  // A master of 24 qualities (video.js's test playlist) whose media playlists are served nowhere.
  'hls-24': {
    'master.m3u8': { role: 'entry', type: M3U8, bytes: () => streamFixture('videojs-master-fmp4.m3u8') },
  },
};

/** A chain's media playlist with its segments taken out: tags stay, no #EXTINF, no address, no end. */
function withoutSegments(playlist: Buffer): Buffer {
  const kept = playlist
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('#') && !/^#EXT(INF|-X-BYTERANGE|-X-ENDLIST)/.test(line));
  return Buffer.from(`${kept.join('\n')}\n`);
}

export interface StreamProvider {
  url: string;
  /** Paths asked for, in order (with their query). */
  requests: string[];
  /** Stream connections open now, the most ever open at once, and how many have closed. */
  stats(): { open: number; mostAtOnce: number; closed: number; opened: number };
  /** Per Xtream Codes line: its stream connections open now and the most at once. */
  lineStats(username: string): { open: number; mostAtOnce: number; opened: number };
  /** Serves anything else a test wants (playlists, panels); return false to let the provider answer 404. */
  route(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean): void;
  close(): Promise<void>;
}

/** A line of the fake Xtream Codes panel. */
export interface FakeLine {
  password: string;
  maxConnections: number;
  /** Connections the panel counts as in use by other players. */
  busy: number;
  formats: string[];
}

export async function startStreamProvider(lines: Record<string, FakeLine> = {}): Promise<StreamProvider> {
  const requests: string[] = [];
  let open = 0;
  let mostAtOnce = 0;
  let closed = 0;
  let opened = 0;
  const lineOpen = new Map<string, { open: number; mostAtOnce: number; opened: number }>();
  const routes: ((req: http.IncomingMessage, res: http.ServerResponse, url: URL) => boolean)[] = [];
  const sockets = new Set<Socket>();

  /** Counts a stream connection from its request until the client lets go of it. */
  function counted(req: http.IncomingMessage, username?: string) {
    open += 1;
    opened += 1;
    mostAtOnce = Math.max(mostAtOnce, open);
    const line = username ? (lineOpen.get(username) ?? { open: 0, mostAtOnce: 0, opened: 0 }) : undefined;
    if (line && username) {
      line.open += 1;
      line.opened += 1;
      line.mostAtOnce = Math.max(line.mostAtOnce, line.open);
      lineOpen.set(username, line);
    }
    req.socket.once('close', () => {
      open -= 1;
      closed += 1;
      if (line) line.open -= 1;
    });
  }

  function play(res: http.ServerResponse, req: http.IncomingMessage, name: string): boolean {
    const found = PLAYS[name];
    if (!found) return false;
    const [type, bytes, live] = found;
    const body = bytes();
    res.setHeader('content-type', type);
    if (!live) return (void res.end(body), true);
    // A live stream: the same bytes again and again, as fast as the client reads, until it goes.
    const pump = () => {
      while (res.write(body)) {
        /* fill the buffer */
      }
    };
    res.on('drain', pump);
    req.socket.once('close', () => res.off('drain', pump));
    pump();
    return true;
  }

  function fail(res: http.ServerResponse, req: http.IncomingMessage, name: string): boolean {
    switch (name) {
      case '401':
      case '403':
      case '404':
      case '410':
      case '451':
      case '503':
        res.statusCode = Number(name);
        return (void res.end('<html><body>no</body></html>'), true);
      case 'xui-404':
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html');
        return (void res.end(xtreamFixture('xui-404.html')), true);
      case 'login':
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return (
          void res.end(
            '<!DOCTYPE html><html><head><title>Sign in</title></head><body><form action="/login"><input name="user"></form></body></html>',
          ),
          true
        );
      case 'empty':
        return (void res.end(), true);
      case 'json-error':
        res.setHeader('content-type', 'application/json');
        return (void res.end('{"error":"stream not available"}'), true);
      case 'channels':
        res.setHeader('content-type', 'audio/x-mpegurl');
        return (
          void res.end('#EXTM3U\n#EXTINF:-1 tvg-id="a" group-title="News",A\nhttp://stream.invalid/a.ts\n'),
          true
        );
      case 'icy':
        // Shoutcast v1: "ICY 200 OK", its icy- headers, then MP3 until the client goes (no HTTP version, no length).
        req.socket.write('ICY 200 OK\r\nicy-name:Old Radio\r\nicy-br:128\r\ncontent-type:audio/mpeg\r\n\r\n');
        {
          const mp3 = streamFixture('media3-test-cbr-info-header.mp3');
          const pump = () => {
            while (req.socket.writable && req.socket.write(mp3)) {
              /* fill the buffer */
            }
          };
          req.socket.on('drain', pump);
          pump();
        }
        return true;
      case 'ts-slow':
        // A live TS stream arriving at 2 KB/s: it plays, then stalls on any TV.
        res.setHeader('content-type', 'video/mp2t');
        return (drip(req, res, streamFixture('media3-sample_h264_mpeg_audio.ts'), 200), true);
      case 'drip':
        // One byte a second.
        res.setHeader('content-type', 'video/mp2t');
        res.flushHeaders();
        {
          const ts = streamFixture('media3-sample_h264_mpeg_audio.ts');
          let at = 0;
          const timer = setInterval(() => res.write(ts.subarray(at, ++at)), 1000);
          req.socket.once('close', () => clearInterval(timer));
        }
        return true;
      case 'nginx-404': {
        // nginx's own 404 page: padded with its six comments only for MSIE and Chrome (ngx_http_special_response.c).
        const agent = String(req.headers['user-agent'] ?? '');
        const padded = /Chrome\//.test(agent) && !/Gecko\//.test(agent) && !/Opera/.test(agent);
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html');
        const page = xtreamFixture('xui-404.html').toString('latin1');
        return (void res.end(padded ? page : page.slice(0, page.indexOf('<!--'))), true);
      }
      case 'silent':
        // Takes the connection, never answers.
        return true;
      case 'stall':
        // Answers, then sends nothing.
        res.setHeader('content-type', 'video/mp2t');
        res.flushHeaders();
        return true;
      case 'film': {
        // A film: its whole length declared, its first bytes sent, the rest never (the client must not wait).
        const head = streamFixture('media3-sample.head.mp4');
        res.setHeader('content-type', 'video/mp4');
        res.setHeader('content-length', String(2_000_000_000));
        res.write(head);
        return true;
      }
      case 'to-rtmp':
        res.statusCode = 302;
        res.setHeader('location', 'rtmp://live.invalid/app/stream');
        return (void res.end(), true);
      case 'to-metadata':
        res.statusCode = 302;
        res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
        return (void res.end(), true);
      case 'loop':
        res.statusCode = 302;
        res.setHeader('location', req.url ?? '/');
        return (void res.end(), true);
      default:
        return false;
    }
  }

  /** Bytes sent slowly: `size` bytes every 100 ms, until the client goes. */
  function drip(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, size: number): void {
    let at = 0;
    const timer = setInterval(() => {
      if (at >= body.length) at = 0;
      res.write(body.subarray(at, at + size));
      at += size;
    }, 100);
    req.socket.once('close', () => clearInterval(timer));
  }

  /** /c/{set}/{how}/{file}: a link of an HLS or DASH chain, broken as `how` says (CHAIN_SETS). */
  function chain(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
    const match = /^\/c\/([a-z0-9-]+)\/([a-z0-9-]+)\/([^/]+)$/.exec(url.pathname);
    const set = match ? CHAIN_SETS[match[1]!] : undefined;
    if (!match || !set) return false;
    const how = match[2]!;
    const file = set[match[3]!];
    counted(req);
    if (!file || (how === 'var404' && file.role === 'variant') || (how === 'init404' && file.role === 'init')) {
      res.statusCode = 404;
      return (void res.end('<html><body>not found</body></html>'), true);
    }
    if ((how === 'seg403' && file.role === 'segment') || (how === 'key403' && file.role === 'key')) {
      res.statusCode = 403;
      return (void res.end('<html><body>forbidden</body></html>'), true);
    }
    let body = file.bytes();
    if (how === 'empty' && body.includes('#EXTINF')) body = withoutSegments(body);
    res.setHeader('content-type', file.type);
    res.setHeader('access-control-allow-origin', '*');
    // A byte range (EXT-X-BYTERANGE), as players ask for it.
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
    if (range) {
      const from = Number(range[1]);
      const to = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${from}-${to}/${body.length}`);
      body = body.subarray(from, to + 1);
    }
    if (how === 'slow' && file.role === 'segment') return (drip(req, res, body, 200), true);
    return (void res.end(body), true);
  }

  /** /live/{username}/{password}/{stream_id}.{ext}, as Xtream Codes panels serve a line's live streams. */
  function live(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean {
    const match = /^\/(?:[^/]+\/)?live\/([^/]+)\/([^/]+)\/(\d+)\.(ts|m3u8)$/.exec(url.pathname);
    if (!match) return false;
    const [, username, password, id, ext] = match.map((part) => decodeURIComponent(part ?? ''));
    const line = lines[username!];
    counted(req, username);
    if (!line || line.password !== password || !line.formats.includes(ext!)) {
      res.statusCode = 403;
      return (void res.end(), true);
    }
    // The panel refuses a connection over the line's limit, as panels do.
    const inUse = (lineOpen.get(username!)?.open ?? 0) + line.busy;
    if (inUse > line.maxConnections) {
      res.statusCode = 403;
      return (void res.end('MAX_CONNECTIONS'), true);
    }
    if (ext === 'm3u8') {
      res.setHeader('content-type', 'application/vnd.apple.mpegurl');
      return (
        void res.end(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:${id}\n#EXTINF:10,\n/hls/${id}/1.ts\n`),
        true
      );
    }
    return play(res, req, Number(id) % 2 === 0 ? 'ts-h264' : 'ts-hevc');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    for (const handler of routes) if (handler(req, res, url)) return;
    if (live(req, res, url)) return;
    if (chain(req, res, url)) return;
    // An Xtream Codes panel's HLS output: the segments its /live/….m3u8 playlists list.
    if (/^\/hls\/\d+\/\d+\.ts$/.test(url.pathname)) {
      counted(req);
      res.setHeader('content-type', 'video/mp2t');
      return void res.end(streamFixture('media3-sample_h264_mpeg_audio.ts'));
    }
    const stream = /^\/s\/([^/]+?)(?:\/[^/]*)?$/.exec(url.pathname)?.[1];
    if (stream) {
      counted(req);
      if (play(res, req, stream) || fail(res, req, stream)) return;
    }
    res.statusCode = 404;
    res.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stats: () => ({ open, mostAtOnce, closed, opened }),
    lineStats: (username) => ({ ...(lineOpen.get(username) ?? { open: 0, mostAtOnce: 0, opened: 0 }) }),
    route: (handler) => void routes.push(handler),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Waits until the provider's stream connections are all closed (the client may close a moment later). */
export async function allClosed(provider: StreamProvider, withinMs = 5000): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (provider.stats().open > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  return provider.stats().open === 0;
}
