import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The build defines the app's version (vite.tv.config.mts); the platform module reads it when loaded.
vi.hoisted(() => {
  (globalThis as { __TV_APP_VERSION__?: string }).__TV_APP_VERSION__ = '1.0.0';
});

const { currentStaleReason, retryAfterSeconds, revalidatingFetch } = await import('./persisted-cache');
const { createTvClient } = await import('./client');
const { TvStartDocument } = await import('../__generated__/graphql');
const { forgetSession, KEYS, read, write } = await import('../platform');

/**
 * The start-up reads' kept answers (persisted-cache.ts) against a real HTTP server on loopback that answers as the
 * graph does: an ETag on a 200, a 304 to a matching If-None-Match, and, when told, 401, 500, 503 or no answer at
 * all (the connection closed).
 */
interface Seen {
  ifNoneMatch: string | undefined;
  authorization: string | undefined;
}

let mode: 'ok' | 'unauthorised' | 'fault' | 'unavailable' | 'down' = 'ok';
let version = 1;
const seen: Seen[] = [];
let base = '';
const server = http.createServer((req, res) => {
  seen.push({ ifNoneMatch: req.headers['if-none-match'], authorization: req.headers.authorization });
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (mode === 'down') return void req.socket.destroy();
  if (mode === 'unauthorised')
    return json(401, { errors: [{ message: 'Signed out', extensions: { code: 'UNAUTHENTICATED' } }] });
  if (mode === 'fault') return json(500, { errors: [{ message: 'Internal server error' }] });
  if (mode === 'unavailable')
    return json(
      503,
      { errors: [{ message: 'Try again', extensions: { code: 'UNAVAILABLE' } }] },
      { 'retry-after': '7' },
    );
  const etag = `W/"v${version}-${req.headers.authorization ?? ''}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag });
    return void res.end();
  }
  json(200, { data: { playlists: [{ name: `Version ${version}` }], by: req.headers.authorization } }, { etag });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'ok';
  version = 1;
  seen.length = 0;
  localStorage.clear();
});
afterEach(async () => {
  // Leave no outage behind for the next test: one good answer clears the notice.
  mode = 'ok';
  await start('Bearer cleanup');
});

/** What the TV's client sends for TvStart: a GET by name, with the token and the language. */
function start(authorization = 'Bearer tv-one', language = 'en') {
  return revalidatingFetch(`${base}/graphql?operationName=TvStart&variables=%7B%7D`, {
    method: 'GET',
    headers: { authorization, 'accept-language': language },
  });
}

async function playlistName(res: Response): Promise<string> {
  return ((await res.json()) as { data: { playlists: { name: string }[] } }).data.playlists[0]!.name;
}

describe('the start-up reads’ kept answers', () => {
  it('sends the kept ETag back, and a 304 is answered from the kept copy', async () => {
    expect(await playlistName(await start())).toBe('Version 1');
    expect(seen[0]!.ifNoneMatch).toBeUndefined();

    const again = await start();
    expect(seen[1]!.ifNoneMatch).toBe('W/"v1-Bearer tv-one"');
    // The server said 304 with no body: the app reads the copy, as a 200.
    expect(again.status).toBe(200);
    expect(await playlistName(again)).toBe('Version 1');
    expect(currentStaleReason()).toBeUndefined();
  });

  it('a 200 replaces the copy and its ETag', async () => {
    await start();
    version = 2;
    const changed = await start();
    expect(await playlistName(changed)).toBe('Version 2');
    await start();
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([undefined, 'W/"v1-Bearer tv-one"', 'W/"v2-Bearer tv-one"']);
    // And the copy an outage shows is the new one.
    mode = 'down';
    expect(await playlistName(await start())).toBe('Version 2');
  });

  it('no connection, a 500 or a 503 keeps the copy, answers with it, and marks it stale', async () => {
    await start();
    const kept = read(KEYS.answers);

    mode = 'down';
    expect(await playlistName(await start())).toBe('Version 1');
    expect(currentStaleReason()).toBe('offline');

    mode = 'fault';
    expect(await playlistName(await start())).toBe('Version 1');
    expect(currentStaleReason()).toBe('unavailable');
    expect(retryAfterSeconds()).toBeUndefined();

    mode = 'unavailable';
    expect(await playlistName(await start())).toBe('Version 1');
    expect(currentStaleReason()).toBe('unavailable');
    // The server's Retry-After is when the app asks again.
    expect(retryAfterSeconds()).toBe(7);
    expect(read(KEYS.answers)).toBe(kept);

    // The server back: a 304 (nothing changed) ends the notice.
    mode = 'ok';
    await start();
    expect(seen.at(-1)!.ifNoneMatch).toBe('W/"v1-Bearer tv-one"');
    expect(currentStaleReason()).toBeUndefined();
  });

  it('an outage with nothing kept is an error, not an empty answer', async () => {
    mode = 'down';
    await expect(start()).rejects.toThrow();
    mode = 'unavailable';
    expect((await start()).status).toBe(503);
    expect(currentStaleReason()).toBeUndefined();
  });

  it('a 401 forgets every kept answer, and ends the session through the client', async () => {
    await start();
    expect(read(KEYS.answers)).not.toBeNull();
    mode = 'unauthorised';
    expect((await start()).status).toBe(401);
    expect(read(KEYS.answers)).toBeNull();
    // Nothing left for an outage to show.
    mode = 'down';
    await expect(start()).rejects.toThrow();

    // The app's client, as App.tsx makes it: the 401 signs the TV out and nothing of the session stays.
    mode = 'ok';
    write(KEYS.token, 'tv-one');
    write(KEYS.deviceKey, '123456');
    const client = createTvClient({ graphqlUrl: `${base}/graphql`, locale: 'en', onSignedOut: forgetSession });
    await start('Bearer tv-one');
    expect(read(KEYS.answers)).not.toBeNull();
    mode = 'unauthorised';
    await expect(client.query({ query: TvStartDocument })).rejects.toThrow();
    expect(seen.at(-1)!.authorization).toBe('Bearer tv-one');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tv.'))).toEqual([]);
  });

  it('a 401 to a token already replaced leaves the new token’s copies alone', async () => {
    await start('Bearer new-token');
    mode = 'unauthorised';
    await start('Bearer old-token');
    mode = 'down';
    expect(await playlistName(await start('Bearer new-token'))).toBe('Version 1');
  });

  it('another token, or another language, reads none of the kept copies', async () => {
    await start('Bearer tv-one');
    // Another TV's token (a new session on this TV): no ETag of the other's sent, no copy of the other's shown.
    mode = 'down';
    await expect(start('Bearer tv-two')).rejects.toThrow();
    mode = 'ok';
    const other = await start('Bearer tv-two');
    expect(seen.at(-1)).toEqual({ ifNoneMatch: undefined, authorization: 'Bearer tv-two' });
    expect(((await other.json()) as { data: { by: string } }).data.by).toBe('Bearer tv-two');
    // Keeping the new one's answer forgot the other's: back to the first token, nothing kept.
    mode = 'down';
    await expect(start('Bearer tv-one')).rejects.toThrow();
    // Nor is a copy in another language shown.
    await expect(start('Bearer tv-two', 'ar')).rejects.toThrow();
    expect(await playlistName(await start('Bearer tv-two', 'en'))).toBe('Version 1');
  });
});
