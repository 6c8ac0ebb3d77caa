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
  mkv: ['video/x-matroska', () => streamFixture('media3-sample_with_opus_audio.mkv'), false],
  flv: ['video/x-flv', () => streamFixture('media3-sample.head.flv'), true],
  aac: ['audio/aac', () => streamFixture('media3-sample.head.adts'), true],
  mp3: ['audio/mpeg', () => streamFixture('media3-test-cbr-info-header.mp3'), true],
};

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
