import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeOnPostgres, operatedDatabase } from '../support/database';
import { TestClient } from '../support/http';
import {
  connectOutcome,
  ensureServerBuilt,
  FAULT_CAPTCHA,
  graphql,
  registerTv,
  signInOwner,
  sleep,
  startBuiltServer,
  uniqueMac,
  type ServerProcess,
} from '../support/product';

/**
 * SIGTERM drains (the way an orchestrator stops an instance, or `docker compose stop`): the requests in
 * flight finish with their answers, new connections are refused at once so the load balancer sends them to the
 * other instance, and the process exits 0 within a few seconds. The built server, as production runs it.
 */

const SOURCE_DELAY_MS = 2_000;

let provider: http.Server;
let providerUrl = '';
const arrived: string[] = [];
let server: ServerProcess | undefined;

beforeAll(async () => {
  await ensureServerBuilt();
  // A playlist provider that takes its time: the playlist check is the slowest request the server serves.
  provider = http.createServer((req, res) => {
    arrived.push(req.url ?? '');
    setTimeout(() => {
      res.setHeader('content-type', 'audio/x-mpegurl');
      res.end('#EXTM3U\n#EXTINF:-1 group-title="News",News One\nhttp://stream.example/1.ts\n');
    }, SOURCE_DELAY_MS);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await new Promise((resolve) => provider?.close(resolve));
});

const CHECK = `mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { verdict reachable m3u { channels } } }`;

it('SIGTERM lets the requests in flight finish with 200, refuses new connections, and exits 0', async () => {
  server = await startBuiltServer({ PLAYLIST_CHECK_ALLOW: '127.0.0.1', PLAYLIST_CHECK_CACHE_SECONDS: '0' });
  const running = server;
  const { deviceToken, deviceKey } = await registerTv(running.url, uniqueMac());

  // Two owners' portal sessions, which check playlists: both the graph and a REST path have a request in flight
  // (two owners: one owner's checks run one at a time).
  const signedIn = async (token: string, key: string) => {
    const client = new TestClient(running.url);
    const mac = (
      await graphql(running.url, 'query { currentDevice { macAddress } }', {}, { authorization: `Bearer ${token}` })
    ).json.data.currentDevice.macAddress;
    const signIn = await client.request('POST', '/frontend/device/login', {
      body: { mac_address: mac, device_key: key, captcha: FAULT_CAPTCHA, token: await client.captcha() },
    });
    expect(signIn.status).toBe(200);
    return client;
  };
  const portal = await signedIn(deviceToken, deviceKey);
  const second = await registerTv(running.url, uniqueMac());
  const otherPortal = await signedIn(second.deviceToken, second.deviceKey);

  const started = Date.now();
  const viaGraph = graphql(
    running.url,
    CHECK,
    { input: { name: 'Slow', type: 'GENERAL', url: `${providerUrl}/graph.m3u` } },
    { cookie: portal.cookieHeader },
  ).then((answer) => ({ ...answer, at: Date.now() }));
  const viaRest = otherPortal
    .request('POST', '/frontend/device/checkPlaylist', {
      body: { playlist_name: 'Slow', playlist_type: 'general', playlist_url: `${providerUrl}/rest.m3u` },
    })
    .then((answer) => ({ ...answer, at: Date.now() }));
  // Both are in flight once the provider has been asked for each.
  while (!['/graph.m3u', '/rest.m3u'].every((path) => arrived.includes(path))) {
    if (Date.now() - started > 5_000) throw new Error(`the checks did not start:\n${running.output()}`);
    await sleep(20);
  }

  running.child.kill('SIGTERM');
  const signalled = Date.now();

  // A new connection is refused while the two are still being served (a plain TCP connect: fetch could
  // reuse a kept-alive connection instead of opening one). A probe that meets the listening socket while it
  // closes is either accepted first or reset with the closing socket's backlog (ECONNRESET): the probe goes on
  // until the socket is closed and connections are refused outright.
  let refused: string | undefined;
  while (!refused && Date.now() - signalled < 1_000) {
    refused = await connectOutcome(running.port);
    if (refused === 'connected' || refused === 'ECONNRESET') refused = undefined;
    if (!refused) await sleep(20);
  }
  const refusedAt = Date.now();
  expect(refused).toBe('ECONNREFUSED');
  expect(running.isRunning()).toBe(true);

  const [graph, rest] = await Promise.all([viaGraph, viaRest]);
  expect(graph.status).toBe(200);
  expect(graph.json.data.checkPlaylistValues).toMatchObject({ reachable: true, m3u: { channels: 1 } });
  expect(rest.status).toBe(200);
  expect(rest.json).toMatchObject({ status: 'success', check: { reachable: true } });
  // They were answered after the refusal: the drain, not a race won before the signal.
  expect(graph.at).toBeGreaterThanOrEqual(refusedAt);
  expect(rest.at).toBeGreaterThanOrEqual(refusedAt);

  const exit = await running.exited;
  const exitMs = Date.now() - signalled;
  process.stdout.write(
    `[faults.shutdown] new connections refused ${refusedAt - signalled} ms after SIGTERM; the two requests in ` +
      `flight answered 200 ${graph.at - signalled} and ${rest.at - signalled} ms after it; exit ${exit.code} ` +
      `after ${exitMs} ms\n`,
  );
  expect(exit).toEqual({ code: 0, signal: null });
  expect(exitMs).toBeLessThan(SOURCE_DELAY_MS + 3_000);
  expect(running.output()).not.toMatch(/shutdown failed|"level":50/);
}, 60_000);

/**
 * A TV that gives up waiting (or a proxy that times out) closes its connection, but the server is still running
 * what it asked for. The drain counts connections, so it is over at once; the database must stay open until that
 * work is done, or the statement is cut off mid-way, its connection handed to the next caller while still busy,
 * and the shutdown logs errors. Here the TV's delete waits on a row lock an operator holds.
 */
describeOnPostgres('SIGTERM while a request whose client has gone is still at work', () => {
  let database: Awaited<ReturnType<typeof operatedDatabase>>;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await operatedDatabase();
  }, 120_000);

  afterAll(async () => {
    await running?.kill();
    await database?.drop();
  });

  const statementsWaitingOnLocks = async () =>
    Number(
      (
        await database.operator.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      ).rows[0].n,
    );

  it('finishes that statement before closing the database, then exits 0 with nothing logged', async () => {
    running = await startBuiltServer({ DATABASE_URL: database.url });
    const server = running;
    // The owner's portal session: playlist changes are the owner's.
    const mac = uniqueMac();
    const tv = { cookie: await signInOwner(server.url, mac, (await registerTv(server.url, mac)).deviceKey) };
    const created = await graphql(
      server.url,
      'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id } } }',
      { input: { name: 'Held', type: 'GENERAL', url: 'http://stream.example/held.m3u' } },
      tv,
    );
    const id: string = created.json.data.createPlaylist.playlist.id;

    await database.operator.query('BEGIN');
    await database.operator.query('SELECT 1 FROM playlists WHERE id = $1 FOR UPDATE', [id]);
    // The browser gives up after half a second; its delete is still waiting for the row.
    const gaveUp = await graphql(
      server.url,
      'mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id } }',
      { input: { id } },
      tv,
      500,
    );
    expect(gaveUp).toMatchObject({ status: 0, error: 'TimeoutError' });
    expect(await statementsWaitingOnLocks()).toBe(1);

    const logBefore = server.output().length;
    server.child.kill('SIGTERM');
    await sleep(1_000);
    // Still up: the statement it is waiting for has not finished.
    expect(server.isRunning()).toBe(true);
    const released = Date.now();
    await database.operator.query('COMMIT');

    const exit = await server.exited;
    process.stdout.write(
      `[faults.shutdown] exit ${exit.code} ${Date.now() - released} ms after the row was released\n`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    // No warning or error on the way out (the statement cut off, its connection reused while busy).
    expect(server.output().slice(logBefore)).not.toMatch(
      /"level":(40|50)|DeprecationWarning|Connection terminated|not connected/,
    );
    // What the TV asked for was done, as it would have been had it waited.
    expect((await database.operator.query('SELECT count(*) AS n FROM playlists WHERE id = $1', [id])).rows[0].n).toBe(
      '0',
    );
  }, 60_000);
});
