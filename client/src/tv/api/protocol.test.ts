import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The build defines the app's version (vite.tv.config.mts); the platform module reads it when loaded.
vi.hoisted(() => {
  (globalThis as { __TV_APP_VERSION__?: string }).__TV_APP_VERSION__ = '1.0.0';
});

const { sendOperation } = await import('./protocol');
const { readStartup, startSession } = await import('./start');
const { errorCode } = await import('./errors');
const { createTvClient } = await import('./client');
const { handOver } = await import('../live');
const { TvAppConfigDocument, TvRegisterDocument, TvStartDocument } = await import('../__generated__/graphql');
const { PERSISTED_IDS } = await import('../__generated__/persisted-ids');
const { KEYS, read, write } = await import('../platform');

/**
 * The first screen's own requests (start.ts, protocol.ts) and Apollo's link must be one protocol: the same
 * requests, the same kept answers, the same errors. A real HTTP server on loopback records what each sends and
 * answers as the graph does (an ETag and 304 for the reads by id, the registration POSTed with its text).
 */
interface Sent {
  method: string;
  operationName: string | null;
  variables: unknown;
  extensions: unknown;
  query: string | undefined;
  headers: Record<string, string | undefined>;
}

const sent: Sent[] = [];
let conflict = false;
let unauthorised = false;
let base = '';
// A whole answer, as the server's (a missing field would make Apollo ask again).
const START = {
  currentDevice: null,
  playlists: [
    {
      id: 'p1',
      name: 'News',
      type: 'GENERAL',
      isProtected: false,
      locked: false,
      url: 'http://127.0.0.1/list.m3u',
      epgUrl: null,
      username: null,
      password: null,
      playlistCode: null,
      lockedGroups: [],
    },
  ],
};
const CONFIG = {
  appConfig: {
    productName: 'Player',
    minimumAppVersion: null,
    portalUrl: 'http://127.0.0.1',
    supportEmail: 'a@b.c',
    supportPhone: null,
  },
  pricing: { price: 10, currency: 'EUR', licenceDays: 365 },
};
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  req.on('end', () => {
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const param = (name: string) => url.searchParams.get(name);
    sent.push({
      method: req.method ?? '',
      operationName: (body.operationName as string | undefined) ?? param('operationName'),
      variables: body.variables ?? JSON.parse(param('variables') ?? 'null'),
      extensions: body.extensions ?? JSON.parse(param('extensions') ?? 'null'),
      query: (body.query as string | undefined) ?? param('query') ?? undefined,
      headers: {
        'accept-language': req.headers['accept-language'],
        'apollo-require-preflight': String(req.headers['apollo-require-preflight']),
        authorization: req.headers.authorization,
        'if-none-match': req.headers['if-none-match'],
      },
    });
    const json = (status: number, answer: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(answer));
    };
    if (unauthorised)
      return json(401, { errors: [{ message: 'Signed out', extensions: { code: 'UNAUTHENTICATED' } }] });
    if (req.method === 'POST') {
      if (conflict)
        return json(200, { data: null, errors: [{ message: 'Known MAC', extensions: { code: 'CONFLICT' } }] });
      return json(200, {
        data: {
          registerDevice: {
            deviceKey: '654321',
            deviceToken: 'tv-token',
            device: { id: 'd1', macAddress: '00:11:22:33:44:55', status: 'TRIAL' },
          },
        },
      });
    }
    const etag = `W/"${param('operationName')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      return void res.end();
    }
    if (param('operationName') === 'TvStart') return json(200, { data: START }, { etag });
    json(200, { data: CONFIG }, { etag });
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  sent.length = 0;
  conflict = false;
  unauthorised = false;
  localStorage.clear();
});

const graph = () => ({ graphqlUrl: `${base}/graphql`, locale: 'ar', onSignedOut: () => undefined });

describe('the start’s own requests and the Apollo link', () => {
  it('ask for a start-up read by id alike, and share its kept answer and ETag', async () => {
    write(KEYS.token, 'tv-one');
    await sendOperation(graph(), { operationName: 'TvStart' });
    const client = createTvClient(graph());
    const { data } = await client.query({ query: TvStartDocument });
    const [own, apollo] = sent;
    expect(own).toMatchObject({
      method: 'GET',
      operationName: 'TvStart',
      variables: {},
      extensions: { persistedQuery: { version: 1, sha256Hash: PERSISTED_IDS.TvStart } },
      query: undefined,
      headers: { 'accept-language': 'ar', 'apollo-require-preflight': 'true', authorization: 'Bearer tv-one' },
    });
    expect(apollo).toMatchObject({ ...own, headers: { ...own!.headers, 'if-none-match': 'W/"TvStart"' } });
    // Apollo's answer came from the copy the start's request kept (a 304).
    expect(data?.playlists[0]?.name).toBe('News');
  });

  it('POST the registration alike, its code read the same way', async () => {
    const variables = { input: { macAddress: '00:11:22:33:44:55', model: 'TV', appVersion: '1.0.0' } };
    await sendOperation(graph(), { operationName: 'TvRegister', query: 'mutation TvRegister { x }', variables });
    const client = createTvClient(graph());
    await client.mutate({ mutation: TvRegisterDocument, variables });
    const [own, apollo] = sent;
    expect(own).toMatchObject({ method: 'POST', operationName: 'TvRegister', variables, extensions: null });
    expect(apollo).toMatchObject({ method: 'POST', operationName: 'TvRegister', variables });
    expect(apollo!.headers).toEqual(own!.headers);

    conflict = true;
    const failures = await Promise.all([
      sendOperation(graph(), { operationName: 'TvRegister', query: 'mutation TvRegister { x }', variables }).catch(
        (error: unknown) => error,
      ),
      client.mutate({ mutation: TvRegisterDocument, variables }).catch((error: unknown) => error),
    ]);
    expect(failures.map(errorCode)).toEqual(['CONFLICT', 'CONFLICT']);
  });

  it('a fresh TV registers with the document’s own text, then reads; Apollo is handed the reads', async () => {
    const started = await startSession({ graphqlUrl: `${base}/graphql`, locale: 'en' });
    expect(started.next).toEqual({ state: 'signedIn' });
    expect(read(KEYS.deviceKey)).toBe('654321');
    expect(sent[0]!.query).toContain('registerDevice(input: $input)');
    const answers = await started.answers!;
    expect(answers.start?.data).toEqual(START);
    expect(
      sent
        .slice(1)
        .map((s) => [s.operationName, s.headers.authorization])
        .sort(),
    ).toEqual([
      ['TvAppConfig', 'Bearer tv-token'],
      ['TvStart', 'Bearer tv-token'],
    ]);

    // The hooks' first read finds them in the cache: no second request.
    const client = createTvClient(graph());
    handOver(client, answers);
    const [start, config] = await Promise.all([
      client.query({ query: TvStartDocument, fetchPolicy: 'cache-first' }),
      client.query({ query: TvAppConfigDocument, fetchPolicy: 'cache-first' }),
    ]);
    expect(start.data).toEqual(START);
    expect(config.data).toEqual(CONFIG);
    expect(sent).toHaveLength(3);
  });

  it('a 401 to a read ends the session', async () => {
    write(KEYS.token, 'tv-one');
    await readStartup(graph());
    expect(read(KEYS.answers)).not.toBeNull();
    unauthorised = true;
    const answers = await readStartup(graph());
    expect(answers.signedOut).toBe(true);
    expect(read(KEYS.answers)).toBeNull();
  });
});
