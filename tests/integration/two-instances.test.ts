import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger } from '../../server/src/logger';
import { migrations } from '../../server/src/database';
import { newSandboxKeys } from '../../server/src/payments/providers';
import { sandboxRouter } from '@m3u-player/sandbox';
import { createTestDatabase } from '../support/database';
import { TestClient } from '../support/http';
import {
  daysFromNow,
  deliverUntilAccepted,
  licenceOf,
  nowPaymentsIpn,
  portalView,
  signedIpn,
  startCheckout,
  webhookOutcomes,
} from '../support/payments';
import { buildDevice, signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

/**
 * Two instances behind one address, everything shared kept in PostgreSQL: two real servers, each with its own process
 * state (caches, rate-limit objects, sandbox keys), on ONE PostgreSQL database. Whatever a client does on one
 * must hold on the other: sessions, captchas, sign-in limits, playlist lists, payment confirmations.
 */

const MAX_FAILURES_PER_MAC = 4;
const MAX_FAILURES_PER_IP = 6;

/**
 * Provider credentials are configuration, the same on every instance in production. Both instances get the
 * same NOWPayments credentials, pointed at one stand-in (the sandbox's, served by the test), so either can
 * verify a confirmation the provider signed.
 */
const providerKeys = newSandboxKeys();

const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const title = process.env.DATABASE_URL
  ? 'two instances on one PostgreSQL database'
  : 'two instances on one PostgreSQL database (SKIPPED: set DATABASE_URL; the embedded engine lives inside one process and cannot be shared by two)';

describeOnPostgres(title, () => {
  let a: TestServer;
  let b: TestServer;
  let standIn: Server;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    const provider = express();
    // A provider of its own, which calls back and redirects only to the two instances: their addresses once they
    // listen, and their PUBLIC_URL (the default, http://localhost:0: these tests deliver the IPNs themselves).
    const site = {
      origins: () => ['http://localhost:0', ...[a, b].filter(Boolean).map((s) => s.url)],
      paypalClientId: 'sb',
    };
    provider.use('/sandbox', sandboxRouter(providerKeys, site, ['crypto'], createLogger('silent')));
    standIn = await new Promise<Server>((resolve) => {
      const srv = provider.listen(0, '127.0.0.1', () => resolve(srv));
    });
    database = await createTestDatabase({ empty: true });
    const env = {
      LOGIN_MAX_FAILURES_PER_MAC: String(MAX_FAILURES_PER_MAC),
      LOGIN_MAX_FAILURES_PER_IP: String(MAX_FAILURES_PER_IP),
      // Behind the load balancer: the client address comes from X-Forwarded-For, set by the tests per scenario.
      TRUST_PROXY: 'loopback',
      CRYPTO_API_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/sandbox/crypto`,
      CRYPTO_API_KEY: providerKeys.cryptoApiKey,
      CRYPTO_IPN_SECRET: providerKeys.cryptoIpnSecret,
    };
    // Started at the same moment on an empty database, like two replicas of a fresh deployment: both migrate.
    [a, b] = await Promise.all([
      startTestServer(env, { databaseUrl: database.url }),
      startTestServer(env, { databaseUrl: database.url }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => standIn?.close(resolve));
    await database?.drop();
  });

  /** The same browser seen through the load balancer: one cookie jar, requests landing on A or on B. */
  function through(server: TestServer, browser: TestClient): TestClient {
    const client = new TestClient(server.url);
    client.cookies = browser.cookies;
    return client;
  }

  let nextIp = 1;
  /** A client address of its own for each scenario, so one scenario's attempts do not count in another's. */
  const freshIp = () => `203.0.113.${nextIp++}`;

  /** One sign-in attempt as the portal makes it: a captcha from one instance, answered on another. */
  async function login(captchaOn: TestServer, loginOn: TestServer, ip: string, fields: Record<string, unknown>) {
    const headers = { 'x-forwarded-for': ip };
    const captcha = await new TestClient(captchaOn.url).request('GET', '/frontend/captcha/generate', { headers });
    expect(captcha.status).toBe(200);
    return new TestClient(loginOn.url).request('POST', '/frontend/device/login', {
      body: { captcha: TEST_CAPTCHA, token: captcha.json.token, ...fields },
      headers,
    });
  }

  it('both started at once on an empty database, and the migrations ran once', async () => {
    const rows: { name: string }[] = await a.db.dataSource.query('SELECT name FROM migrations ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(migrations.map((m) => m.name));
    expect((await a.client().request('GET', '/readyz')).status).toBe(200);
    expect((await b.client().request('GET', '/readyz')).status).toBe(200);
  });

  it('a portal session made on A works on B, and a logout on B ends it on A', async () => {
    const { device, client: browser } = await signedInDevice(a);
    const onA = through(a, browser);
    const onB = through(b, browser);

    const rest = await onB.request('GET', '/frontend/device');
    expect(rest.status).toBe(200);
    expect(rest.json.device.mac_address).toBe(device.macAddress);
    const graph = await onB.gql('query { currentDevice { macAddress status } }');
    expect(graph.json.data.currentDevice).toEqual({ macAddress: device.macAddress, status: 'TRIAL' });

    const stolen = browser.cookieHeader;
    expect((await onB.request('GET', '/frontend/device/logout')).status).toBe(200);
    // The session is gone from the shared store: A refuses it too, even to a client that kept the old cookie.
    const replay = new TestClient(a.url);
    expect((await replay.request('GET', '/frontend/device', { headers: { cookie: stolen } })).status).toBe(401);
    const replayGraph = await replay.gql('query { currentDevice { macAddress } }', undefined, { cookie: stolen });
    expect(replayGraph.json.data.currentDevice).toBeNull();
    expect((await onA.request('GET', '/frontend/device')).status).toBe(401);
  });

  it('a captcha drawn on A is answered on B, and only once across both', async () => {
    const { device, deviceKey } = await buildDevice(a);
    const ip = freshIp();
    const headers = { 'x-forwarded-for': ip };
    const body = async () => ({
      mac_address: device.macAddress,
      device_key: deviceKey,
      captcha: TEST_CAPTCHA,
      token: (await new TestClient(a.url).request('GET', '/frontend/captcha/generate', { headers })).json.token,
    });

    const once = await body();
    const first = await new TestClient(b.url).request('POST', '/frontend/device/login', { body: once, headers });
    expect(first.status).toBe(200);
    // Spent: refused on both instances.
    for (const server of [a, b]) {
      const again = await new TestClient(server.url).request('POST', '/frontend/device/login', { body: once, headers });
      expect(again.status).toBe(401);
    }

    // The same token sent to A and B at the same moment: one sign-in, one refusal.
    const raced = await body();
    const answers = await Promise.all(
      [a, b].map((server) =>
        new TestClient(server.url).request('POST', '/frontend/device/login', { body: raced, headers }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it(`locks a MAC after ${MAX_FAILURES_PER_MAC} failures in total, alternating between A and B`, async () => {
    const { device, deviceKey } = await buildDevice(a);
    const wrong = deviceKey === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let n = 0; n < MAX_FAILURES_PER_MAC; n += 1) {
      // Every attempt from another address and on the other instance: only the per-MAC count can stop them.
      const [captchaOn, loginOn] = n % 2 ? [a, b] : [b, a];
      const res = await login(captchaOn, loginOn, freshIp(), { mac_address: device.macAddress, device_key: wrong });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(MAX_FAILURES_PER_MAC).fill(401));
    // Each instance saw only half the failures; the limit is the total. Even the right key is refused now.
    for (const server of [a, b]) {
      const locked = await login(server, server, freshIp(), { mac_address: device.macAddress, device_key: deviceKey });
      expect(locked.status).toBe(429);
      expect(locked.json.message).toMatch(/^Too many failed sign-in attempts\./);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(`limits one client address to ${MAX_FAILURES_PER_IP} failures in total, alternating between A and B`, async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let n = 0; n < MAX_FAILURES_PER_IP; n += 1) {
      // A different unknown MAC each time: only the per-address count can stop them.
      const mac = `02:00:00:00:${(0x10 + n).toString(16)}:${(0x20 + nextIp).toString(16).padStart(2, '0')}`;
      const res = await login(n % 2 ? a : b, n % 2 ? b : a, ip, { mac_address: mac, device_key: '123456' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(MAX_FAILURES_PER_IP).fill(401));
    const { device, deviceKey } = await buildDevice(a);
    for (const server of [a, b]) {
      const limited = await login(server, server, ip, { mac_address: device.macAddress, device_key: deviceKey });
      expect(limited.status).toBe(429);
    }
    // Another address is not affected.
    expect((await login(a, b, freshIp(), { mac_address: device.macAddress, device_key: deviceKey })).status).toBe(200);
  });

  it('a playlist written on A is listed on B at once, though B had listed them before', async () => {
    const { client: browser, deviceToken } = await signedInDevice(a);
    const onA = through(a, browser);
    const onB = through(b, browser);
    const tvOnB = (query: string, variables?: Record<string, unknown>) =>
      new TestClient(b.url).gql(query, variables, { authorization: `Bearer ${deviceToken}` });
    const LIST = 'query { playlists { id name } }';
    const CREATE = 'mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id name } } }';
    const UPDATE = 'mutation($input: UpdatePlaylistInput!) { updatePlaylist(input: $input) { playlist { id name } } }';
    const DELETE = 'mutation($input: DeletePlaylistInput!) { deletePlaylist(input: $input) { id } }';

    /** What B answers on every path that lists playlists: the graph (portal and TV) and REST. */
    const namesOnB = async () => {
      const graph = (await onB.gql(LIST)).json.data.playlists.map((p: { name: string }) => p.name);
      const tv = (await tvOnB(LIST)).json.data.playlists.map((p: { name: string }) => p.name);
      const rest = (await onB.request('GET', '/frontend/device/playlists')).json.playlists.map(
        (p: { playlist_name: string }) => p.playlist_name,
      );
      expect(tv).toEqual(graph);
      expect(rest).toEqual(graph);
      return graph as string[];
    };

    // B reads the empty list, twice.
    expect(await namesOnB()).toEqual([]);
    expect(await namesOnB()).toEqual([]);

    const expected: string[] = [];
    for (let n = 1; n <= 5; n += 1) {
      const created = await onA.gql(CREATE, {
        input: { name: `Channel pack ${n}`, type: 'GENERAL', url: `http://provider.example/${n}.m3u` },
      });
      expect(created.json.data.createPlaylist.playlist.name).toBe(`Channel pack ${n}`);
      expected.unshift(`Channel pack ${n}`);
      expect(await namesOnB()).toEqual(expected);
    }

    const [latest] = (await onB.gql(LIST)).json.data.playlists;
    const renamed = await onA.gql(UPDATE, {
      input: {
        id: latest.id,
        playlist: { name: 'Renamed on A', type: 'GENERAL', url: 'http://provider.example/r.m3u' },
      },
    });
    expect(renamed.json.data.updatePlaylist.playlist.name).toBe('Renamed on A');
    expected[0] = 'Renamed on A';
    expect(await namesOnB()).toEqual(expected);

    // And the other way round: deleted on B, gone from A's list at once.
    expect((await onA.gql(LIST)).json.data.playlists).toHaveLength(5);
    expect((await onB.gql(DELETE, { input: { id: latest.id } })).json.data.deletePlaylist.id).toBe(latest.id);
    const onAAfter = (await onA.gql(LIST)).json.data.playlists.map((p: { name: string }) => p.name);
    expect(onAAfter).toEqual(expected.slice(1));
  });

  it('a payment confirmation delivered to A and to B at the same time activates once', async () => {
    const { client: browser, device } = await signedInDevice(a);
    const activation = await startCheckout(a, browser, 'crypto');
    const ipn = nowPaymentsIpn(activation);
    const delivery = signedIpn(a, ipn, providerKeys.cryptoIpnSecret);

    // The provider retries a confirmation it thinks was lost: ten copies land on each instance at once.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => deliverUntilAccepted(n % 2 ? a : b, delivery)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.json.outcome === 'activated')).toHaveLength(1);
    expect(answers.every((answer) => ['activated', 'duplicate', 'already-applied'].includes(answer.json.outcome))).toBe(
      true,
    );

    const licence = await licenceOf(b, device.id);
    expect(licence.payments).toBe(1);
    const days = daysFromNow(licence.expiresAt);
    // Paid during the trial: the year starts when the trial ends.
    expect(days).toBeGreaterThan(371.9);
    expect(days).toBeLessThan(372.1);
    const outcomes = await webhookOutcomes(b, 'crypto', String(ipn.payment_id));
    expect(outcomes).toHaveLength(20);
    expect(outcomes.filter((outcome) => outcome === 'activated')).toHaveLength(1);
    expect((await portalView(through(b, browser))).status).toBe('ACTIVE');
  });
});
