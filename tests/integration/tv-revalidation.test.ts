import { createHash } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDevice, signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * What a TV fleet costs on start-up: every TV asks for its status and playlists each time it starts, and most
 * starts find nothing changed. The TV sends a safelisted operation by id as a GET, keeps the ETag, and asks again
 * with If-None-Match: unchanged, the answer is a 304 with no body.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GRAPHQL_INTROSPECTION: 'false', MIN_APP_VERSION: '2.4.0' });
});
afterAll(() => server.stop());

const operationsDir = path.resolve(__dirname, '../../schema/operations');
const text = (name: string) => readFileSync(path.join(operationsDir, `${name}.graphql`), 'utf8').trim();
const idOf = (name: string) => createHash('sha256').update(text(name)).digest('hex');

/**
 * A persisted operation as a TV sends it: GET, by id, with the header Apollo's CSRF prevention asks of a GET.
 * Through node:http, as a TV's HTTP stack sends it: fetch() adds `Cache-Control: no-cache` to any request with
 * If-None-Match (the Fetch standard's cache mode), which a TV app does not.
 */
function persistedGet(name: string, headers: Record<string, string> = {}) {
  const search = new URLSearchParams({
    operationName: name,
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: idOf(name) } }),
  });
  return new Promise<{ status: number; headers: Headers; body: string; json: any }>((resolve, reject) => {
    const req = http.get(
      `${server.url}/graphql?${search}`,
      { headers: { 'apollo-require-preflight': 'true', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const answerHeaders = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') answerHeaders.set(key, value);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: answerHeaders,
            body,
            json: body ? JSON.parse(body) : undefined,
          });
        });
      },
    );
    req.on('error', reject);
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('a TV revalidating its start-up read', () => {
  it('gets its status and playlists with an ETag, then 304 with no body while nothing changed', async () => {
    const { deviceToken, device } = await buildDevice(server, { model: 'Living room' });
    const first = await persistedGet('TvStart', bearer(deviceToken));
    expect(first.status).toBe(200);
    expect(first.json.data.currentDevice).toMatchObject({ macAddress: device.macAddress, status: 'TRIAL' });
    expect(first.json.data.playlists).toEqual([]);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await persistedGet('TvStart', { ...bearer(deviceToken), 'if-none-match': etag as string });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('gets the new list, with a new ETag, once a playlist is added, edited or deleted', async () => {
    const { client, deviceToken } = await signedInDevice(server);
    const tv = bearer(deviceToken);
    const first = await persistedGet('TvStart', tv);
    let etag = first.headers.get('etag') as string;

    const created = await client.gql('mutation($i: PlaylistInput!) { createPlaylist(input: $i) { playlist { id } } }', {
      i: { name: 'News', type: 'GENERAL', url: 'http://lists.example.com/news.m3u' },
    });
    const id = created.json.data.createPlaylist.playlist.id as string;
    const afterAdd = await persistedGet('TvStart', { ...tv, 'if-none-match': etag });
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.json.data.playlists.map((p: { name: string }) => p.name)).toEqual(['News']);
    expect(afterAdd.headers.get('etag')).not.toBe(etag);
    etag = afterAdd.headers.get('etag') as string;

    await client.gql('mutation($i: UpdatePlaylistInput!) { updatePlaylist(input: $i) { message } }', {
      i: { id, playlist: { name: 'World news', type: 'GENERAL', url: 'http://lists.example.com/news.m3u' } },
    });
    const afterEdit = await persistedGet('TvStart', { ...tv, 'if-none-match': etag });
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.json.data.playlists[0].name).toBe('World news');
    etag = afterEdit.headers.get('etag') as string;

    await client.gql('mutation($i: DeletePlaylistInput!) { deletePlaylist(input: $i) { id } }', { i: { id } });
    const afterDelete = await persistedGet('TvStart', { ...tv, 'if-none-match': etag });
    expect(afterDelete.status).toBe(200);
    expect(afterDelete.json.data.playlists).toEqual([]);
  });

  it('gets the new status once the licence changes, or the trial ends with the clock', async () => {
    const { deviceToken, device } = await buildDevice(server);
    const tv = bearer(deviceToken);
    const etag = (await persistedGet('TvStart', tv)).headers.get('etag') as string;
    await server.db.dataSource.query(`UPDATE devices SET licence_lifetime = true WHERE id = $1`, [device.id]);
    const activated = await persistedGet('TvStart', { ...tv, 'if-none-match': etag });
    expect(activated.status).toBe(200);
    expect(activated.json.data.currentDevice.status).toBe('ACTIVE');

    // A trial that ran out: nothing was written, the clock moved.
    const other = await buildDevice(server);
    const otherTv = bearer(other.deviceToken);
    const trialTag = (await persistedGet('TvStart', otherTv)).headers.get('etag') as string;
    await server.db.dataSource.query(`UPDATE devices SET created_at = now() - interval '30 days' WHERE id = $1`, [
      other.device.id,
    ]);
    const ended = await persistedGet('TvStart', { ...otherTv, 'if-none-match': trialTag });
    expect(ended.status).toBe(200);
    expect(ended.json.data.currentDevice.status).toBe('INACTIVE');
  });

  it('never answers one TV 304 on another TV’s ETag, nor a caller without a valid token', async () => {
    const a = await buildDevice(server);
    const b = await buildDevice(server);
    const etag = (await persistedGet('TvStart', bearer(a.deviceToken))).headers.get('etag') as string;
    const other = await persistedGet('TvStart', { ...bearer(b.deviceToken), 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.json.data.currentDevice.macAddress).toBe(b.device.macAddress);

    const forged = await persistedGet('TvStart', { ...bearer('x'.repeat(43)), 'if-none-match': etag });
    expect(forged.status).toBe(401);
    expect(forged.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const anonymous = await persistedGet('TvStart', { 'if-none-match': etag });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('answers TvStart without a token 401, as with a token that opens nothing, by GET or POST', async () => {
    const get = await persistedGet('TvStart');
    expect(get.status).toBe(401);
    expect(get.headers.get('www-authenticate')).toBe('Bearer');
    expect(get.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(get.json.data).toBeUndefined();
    const post = await server.client().request('POST', '/graphql', {
      body: { query: text('TvStart'), operationName: 'TvStart' },
    });
    expect(post.status).toBe(401);
    expect(post.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // The public operation still needs nobody.
    expect((await persistedGet('TvAppConfig')).status).toBe(200);
  });

  it('sends no ETag with an answer that is an error, whatever its status', async () => {
    const { deviceToken } = await buildDevice(server);
    const refusals = [
      await persistedGet('TvStart'),
      await persistedGet('TvStart', bearer('x'.repeat(43))),
      await server.client().request('POST', '/graphql', { body: { query: '{ playlists { id } }' } }),
      await server.client().request('POST', '/graphql', {
        body: { extensions: { persistedQuery: { version: 1, sha256Hash: 'b'.repeat(64) } } },
      }),
      await server.client().request('POST', '/graphql', {
        headers: bearer(deviceToken),
        body: { query: '{ currentDevice { id payments { id } } playlists(first: -1) { id } }' },
      }),
    ];
    for (const answer of refusals) {
      expect(answer.json.errors?.length).toBeGreaterThan(0);
      expect([answer.status, answer.headers.get('etag')]).toEqual([answer.status, null]);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // An answer that succeeded keeps its ETag.
    expect((await persistedGet('TvStart', bearer(deviceToken))).headers.get('etag')).toMatch(/^W\//);
  });
});

describe('what anyone may cache', () => {
  it('serves the app config and pricing publicly cacheable, and 304 when unchanged', async () => {
    const first = await persistedGet('TvAppConfig');
    expect(first.status).toBe(200);
    expect(first.json.data.appConfig).toMatchObject({
      minimumAppVersion: '2.4.0',
      portalUrl: expect.stringMatching(/\/device\/login$/),
    });
    expect(first.json.data.pricing.currency).toBe('EUR');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const again = await persistedGet('TvAppConfig', { 'if-none-match': first.headers.get('etag') as string });
    expect(again.status).toBe(304);
  });
});

describe('safelisted operations', () => {
  it('are listed with their ids at /graphql/operations.json', async () => {
    const res = await fetch(`${server.url}/graphql/operations.json`);
    const manifest = (await res.json()) as Record<string, unknown>;
    expect(manifest.TvStart).toEqual({ id: idOf('TvStart'), query: text('TvStart') });
  });

  it('are the only documents kept: one sent with its hash runs but is never stored', async () => {
    const client = server.client();
    const unknown = await client.request('POST', '/graphql', {
      body: { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } },
    });
    expect(unknown.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const query = '{ ping }';
    const hash = createHash('sha256').update(query).digest('hex');
    const registered = await client.request('POST', '/graphql', {
      body: { query, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
    });
    expect(registered.json).toEqual({ data: { ping: true } });
    const byId = await client.request('POST', '/graphql', {
      body: { extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
    });
    expect(byId.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

describe('the schema for TV developers', () => {
  it('is served as SDL with its descriptions at /graphql/schema.graphql, with introspection off', async () => {
    const introspection = await server.client().gql('{ __schema { types { name } } }');
    expect(introspection.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const res = await fetch(`${server.url}/graphql/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const sdl = await res.text();
    expect(sdl).toMatch(/^type Device \{/m);
    expect(sdl).toContain('playlistsVersion: Int!');
    expect(sdl).toContain('What a TV app needs to know first');
    expect(sdl).not.toMatch(/^extend type/m);
  });
});
