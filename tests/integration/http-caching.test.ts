import { createHash } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Issue "TV tokens and link codes an owner can trust, and no 5xx left", part 4: what a cache may keep. An error
 * answer (401, 403, 404, 429, 5xx) is never stored by anyone (`no-store`): before the fix, `TvAppConfig` by GET
 * with a garbage token answered 401 with `Cache-Control: public, max-age=300`, which a proxy would have served to
 * every TV for five minutes, and a 503 would have been kept the same way. Every answer that depends on the token
 * says `Vary: Authorization`, so no cache hands one caller's answer to another.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LOGIN_MAX_FAILURES_PER_MAC: '3', LOGIN_MAX_FAILURES_PER_IP: '1000' });
});
afterAll(() => server.stop());

const operationsDir = path.resolve(__dirname, '../../schema/operations');
const idOf = (name: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(operationsDir, `${name}.graphql`), 'utf8').trim())
    .digest('hex');

/** A safelisted operation by GET, as a TV's HTTP stack sends it (node:http: fetch would add its own cache mode). */
function persistedGet(name: string, headers: Record<string, string> = {}) {
  const search = new URLSearchParams({
    operationName: name,
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf(name) } }),
  });
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: any }>((resolve, reject) => {
    const req = http.get(
      `${server.url}/graphql?${search}`,
      { headers: { 'apollo-require-preflight': 'true', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: body ? JSON.parse(body) : undefined }),
        );
      },
    );
    req.on('error', reject);
  });
}

const GARBAGE = { authorization: `Bearer ${'x'.repeat(43)}` };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The database going away under a request, as the driver says it (pg_ctl stop -m fast). */
const databaseAway = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

function varyOf(headers: http.IncomingHttpHeaders | Headers): string[] {
  const vary = headers instanceof Headers ? headers.get('vary') : headers.vary;
  return String(vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

function cacheControlOf(headers: http.IncomingHttpHeaders | Headers): string {
  return String((headers instanceof Headers ? headers.get('cache-control') : headers['cache-control']) ?? '');
}

/** An error answer: stored by no cache, private or shared, and not revalidatable. */
function expectNotStored(headers: http.IncomingHttpHeaders | Headers) {
  const cacheControl = cacheControlOf(headers);
  expect(cacheControl).not.toMatch(/public|max-age|s-maxage/);
  expect(cacheControl).toMatch(/(^|[ ,])no-store($|[ ,])/);
  expect(headers instanceof Headers ? headers.get('etag') : headers.etag).toBeFalsy();
}

describe('TvAppConfig, the public start-up read', () => {
  it('is public for five minutes when it succeeds, and says that it varies with the token', async () => {
    const anonymous = await persistedGet('TvAppConfig');
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('public, max-age=300');
    expect(varyOf(anonymous.headers)).toContain('authorization');

    const { deviceToken } = await buildDevice(server);
    const withToken = await persistedGet('TvAppConfig', bearer(deviceToken));
    expect(withToken.status).toBe(200);
    expect(withToken.json.data).toEqual(anonymous.json.data);
    expect(varyOf(withToken.headers)).toContain('authorization');
  });

  it('answers a garbage token 401, stored by nobody, varying with the token', async () => {
    const res = await persistedGet('TvAppConfig', GARBAGE);
    expect(res.status).toBe(401);
    expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expectNotStored(res.headers);
    expect(varyOf(res.headers)).toContain('authorization');
  });

  it('answers 503 while the database is away, stored by nobody', async () => {
    const { deviceToken } = await buildDevice(server);
    const spy = jest.spyOn(server.services.devices, 'findByToken').mockRejectedValueOnce(databaseAway());
    try {
      const res = await persistedGet('TvAppConfig', bearer(deviceToken));
      expect(res.status).toBe(503);
      expect(res.json.errors[0].extensions.code).toBe('UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('5');
      expectNotStored(res.headers);
      expect(varyOf(res.headers)).toContain('authorization');
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a fault of ours 500, stored by nobody', async () => {
    const { deviceToken } = await buildDevice(server);
    const spy = jest.spyOn(server.services.devices, 'findByToken').mockRejectedValueOnce(new TypeError('a bug'));
    try {
      const res = await persistedGet('TvAppConfig', bearer(deviceToken));
      expect(res.status).toBe(500);
      expectNotStored(res.headers);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('TvStart, the device start-up read', () => {
  it('keeps its ETag and private revalidation for answers that succeeded, varying with the token', async () => {
    const { deviceToken } = await buildDevice(server);
    const res = await persistedGet('TvStart', bearer(deviceToken));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(varyOf(res.headers)).toEqual(expect.arrayContaining(['authorization', 'cookie']));
  });

  it('gives no ETag to a 401, a 503 or an answer with errors: a TV never revalidates its way to an error', async () => {
    const { deviceToken } = await buildDevice(server);
    const refused = await persistedGet('TvStart', GARBAGE);
    expect(refused.status).toBe(401);
    expectNotStored(refused.headers);
    expect(varyOf(refused.headers)).toContain('authorization');

    const away = jest.spyOn(server.services.playlists, 'list').mockRejectedValueOnce(databaseAway());
    try {
      const res = await persistedGet('TvStart', bearer(deviceToken));
      expect(res.status).toBe(503);
      expectNotStored(res.headers);
      expect(varyOf(res.headers)).toContain('authorization');
    } finally {
      away.mockRestore();
    }

    const broken = jest.spyOn(server.services.playlists, 'list').mockRejectedValueOnce(new TypeError('a bug'));
    try {
      // A 200 whose data has an error: kept by nobody, and without any ETag (neither the device's nor Express's).
      const res = await persistedGet('TvStart', bearer(deviceToken));
      expect(res.json.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    } finally {
      broken.mockRestore();
    }
    // And once it works again, the TV gets a fresh answer to keep.
    const again = await persistedGet('TvStart', bearer(deviceToken));
    expect(again.status).toBe(200);
    expect(again.headers.etag).toMatch(/^W\/"/);
  });
});

describe('the graph and REST', () => {
  it('answer every 401, 403, 404, 429 and 5xx no-store, and what depends on the token varies with it', async () => {
    const owner = await signedInDevice(server);
    const { deviceToken } = owner;
    const tv = bearer(deviceToken);
    const client = server.client();
    const answers: Array<[string, number, Headers, boolean]> = [];
    const ask = async (
      label: string,
      method: string,
      url: string,
      init: { body?: unknown; headers?: Record<string, string> },
      dependsOnToken = true,
      by = client,
    ) => {
      const res = await by.request(method, url, init);
      answers.push([label, res.status, res.headers, dependsOnToken]);
      return res;
    };

    await ask('REST 401', 'GET', '/frontend/device', { headers: GARBAGE });
    await ask('graph 401', 'POST', '/graphql', { body: { query: '{ currentDevice { id } }' }, headers: GARBAGE });
    await ask('REST 403', 'POST', '/frontend/device/savePlaylist', {
      body: { current_playlist_url_id: -1, playlist_name: 'x', playlist_type: 'general', playlist_url: 'http://a.b/c' },
      headers: tv,
    });
    await ask(
      'REST 404',
      'DELETE',
      '/frontend/device/deletePlayListUrl/00000000-0000-4000-8000-000000000000',
      {},
      true,
      owner.client,
    );
    await ask('REST 404, no such path', 'GET', '/frontend/no-such-path', {}, false);
    await ask('page 404', 'GET', '/no-such-page', {}, false);
    await ask('404, no such route', 'POST', '/contact', { body: { a: 1 } }, false);
    // Wrong current PINs from the TV, past the limit.
    await owner.client.request('POST', '/frontend/device/saveParentPin', { body: { pin_code: '1234' } });
    let limited;
    for (let i = 0; i < 5; i += 1) {
      limited = await client.request('POST', '/frontend/device/saveParentPin', {
        body: { pin_code: '5678', current_pin_code: '0000' },
        headers: tv,
      });
    }
    expect(limited!.status).toBe(429);
    answers.push(['REST 429', limited!.status, limited!.headers, true]);

    const away = jest.spyOn(server.services.playlists, 'list').mockRejectedValueOnce(databaseAway());
    try {
      await ask('REST 503', 'GET', '/frontend/device/playlists', { headers: tv });
    } finally {
      away.mockRestore();
    }
    const broken = jest.spyOn(server.services.playlists, 'list').mockRejectedValueOnce(new TypeError('a bug'));
    try {
      await ask('REST 500', 'GET', '/frontend/device/playlists', { headers: tv });
    } finally {
      broken.mockRestore();
    }

    expect(answers.map(([label, status]) => [label, status])).toEqual([
      ['REST 401', 401],
      ['graph 401', 401],
      ['REST 403', 403],
      ['REST 404', 404],
      ['REST 404, no such path', 404],
      ['page 404', 404],
      ['404, no such route', 404],
      ['REST 429', 429],
      ['REST 503', 503],
      ['REST 500', 500],
    ]);
    for (const [label, , headers, dependsOnToken] of answers) {
      expect([label, cacheControlOf(headers)]).toEqual([label, expect.stringMatching(/no-store/)]);
      expect([label, cacheControlOf(headers)]).not.toEqual([label, expect.stringMatching(/public|max-age/)]);
      if (dependsOnToken) expect([label, varyOf(headers)]).toEqual([label, expect.arrayContaining(['authorization'])]);
    }
  });

  it('say Vary: Authorization on the answers that succeed too', async () => {
    const { deviceToken } = await buildDevice(server);
    const rest = await server.client().request('GET', '/frontend/device/playlists', { headers: bearer(deviceToken) });
    expect(rest.status).toBe(200);
    expect(varyOf(rest.headers)).toContain('authorization');
    const graph = await server.client().gql('{ currentDevice { id } }', undefined, bearer(deviceToken));
    expect(graph.status).toBe(200);
    expect(varyOf(graph.headers)).toContain('authorization');
    expect(cacheControlOf(graph.headers)).toBe('no-store');
  });
});
