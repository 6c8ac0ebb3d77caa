import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { portalOperation } from '../support/operations.cjs';
import { deliver, nowPaymentsIpn, signedIpn, startCheckout } from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Metrics (issue "Run it for a fleet of millions"): /metrics in Prometheus's text format, never public. On the main
 * port only with `Authorization: Bearer <METRICS_TOKEN>` (unset: 404), and on METRICS_PORT without a token. Its
 * counts move as an operator would see them move: a sign-in, a GraphQL operation, a refused webhook, a prune.
 */

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let server: TestServer;
/** A second server in the same process, without METRICS_TOKEN or METRICS_PORT. */
let plain: TestServer;
let source: http.Server;
let sourceUrl = '';

beforeAll(async () => {
  source = http.createServer((_req, res) => {
    res.setHeader('content-type', 'audio/x-mpegurl');
    res.end('#EXTM3U\n#EXTINF:-1 group-title="News",News One\nhttp://stream.example/1.ts\n');
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/list.m3u`;
  server = await startTestServer({
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: '0',
    PLAYLIST_CHECK_ALLOW: '127.0.0.1',
    PLAYLIST_CHECK_CACHE_SECONDS: '0',
  });
  plain = await startTestServer();
});
afterAll(async () => {
  await Promise.all([server?.stop(), plain?.stop()]);
  await new Promise((resolve) => source.close(resolve));
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** The exposition as Prometheus scrapes it from the main port. */
async function scrape(): Promise<string> {
  const res = await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  return res.text;
}

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Series[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of the series of `name` that have these labels (0 when there is none). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  return parse(text)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('/metrics is not public', () => {
  it('answers 404 when METRICS_TOKEN is not set, whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const res = await get(`${plain.url}/metrics`, headers);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('# TYPE');
    }
    expect(plain.metricsUrl).toBeUndefined();
  });

  it('answers 401 without the token, with another one or another scheme, and shows nothing', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN} extra` },
    ];
    for (const headers of tries) {
      const res = await get(`${server.url}/metrics`, headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 401 });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="metrics"/);
      expect(res.text).not.toContain('# TYPE');
    }
  });

  it('serves nothing but GET /metrics on the separate port', async () => {
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await get(`${server.metricsUrl}/`)).status).toBe(404);
    expect((await get(`${server.metricsUrl}/healthz`)).status).toBe(404);
    const post = await fetch(`${server.metricsUrl}/metrics`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

describe('/metrics with the token', () => {
  it('has every family, in Prometheus text format', async () => {
    const res = await get(`${server.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const families = {
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      graphql_operations_total: 'counter',
      graphql_operation_duration_seconds: 'histogram',
      graphql_errors_total: 'counter',
      payment_events_total: 'counter',
      payment_webhook_refusals_total: 'counter',
      payment_money_back_above_paid_total: 'counter',
      payment_reconciliations_total: 'counter',
      payment_oldest_pending_checkout_age_seconds: 'gauge',
      playlist_checks_total: 'counter',
      playlist_check_duration_seconds: 'histogram',
      db_pool_max_connections: 'gauge',
      db_pool_connections: 'gauge',
      db_pool_idle_connections: 'gauge',
      db_pool_waiting_requests: 'gauge',
      scheduled_job_runs_total: 'counter',
      scheduled_job_duration_seconds: 'histogram',
      // prom-client's default metrics: the event loop and the process.
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
    };
    const declared = Object.fromEntries(
      [...res.text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!] as const),
    );
    for (const [name, type] of Object.entries(families)) expect({ name, type: declared[name] }).toEqual({ name, type });
  });

  it('reads the database pool when scraped', async () => {
    const text = await scrape();
    const max = value(text, 'db_pool_max_connections');
    // DB_POOL_SIZE is 4 in the tests; the embedded engine always has one connection.
    expect([1, 4]).toContain(max);
    expect(value(text, 'db_pool_connections')).toBeLessThanOrEqual(max);
    expect(value(text, 'db_pool_idle_connections')).toBeLessThanOrEqual(value(text, 'db_pool_connections'));
    expect(value(text, 'db_pool_waiting_requests')).toBe(0);
  });

  it('is the same registry on the separate port, without a token', async () => {
    const res = await get(`${server.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE http_requests_total counter');
    const before = value(res.text, 'http_requests_total', { route: '/healthz' });
    await get(`${server.url}/healthz`);
    const after = await get(`${server.metricsUrl}/metrics`);
    expect(value(after.text, 'http_requests_total', { route: '/healthz', status_class: '2xx' })).toBe(before + 1);
  });
});

describe('counts as an operator sees them', () => {
  it('counts a sign-in by its route and status class, in this server only', async () => {
    const series = { method: 'POST', route: '/frontend/device/login', status_class: '2xx' };
    const before = value(await scrape(), 'http_requests_total', series);
    const plainBefore = value((await plain.services.metrics.exposition()).text, 'http_requests_total', series);
    await signedInDevice(server);
    const after = await scrape();
    expect(value(after, 'http_requests_total', series)).toBe(before + 1);
    expect(value(after, 'http_request_duration_seconds_count', series)).toBe(before + 1);
    expect(value(after, 'http_request_duration_seconds_bucket', { ...series, le: '+Inf' })).toBe(before + 1);
    // Two servers in one process share no counter.
    expect(value((await plain.services.metrics.exposition()).text, 'http_requests_total', series)).toBe(plainBefore);
    await signedInDevice(plain);
    expect(value((await plain.services.metrics.exposition()).text, 'http_requests_total', series)).toBe(
      plainBefore + 1,
    );
    expect(value(await scrape(), 'http_requests_total', series)).toBe(before + 1);
  });

  it('labels a path by its route pattern, and every unknown path as one', async () => {
    const { client } = await signedInDevice(server);
    const id = randomUUID();
    const unknown = `/no-such-page-${randomUUID()}`;
    expect((await client.request('DELETE', `/frontend/device/deletePlayListUrl/${id}`, { body: {} })).status).toBe(404);
    expect((await client.request('GET', unknown)).status).toBe(404);
    expect((await client.request('POST', `/frontend/${randomUUID()}`)).status).toBe(404);
    const text = await scrape();
    expect(
      value(text, 'http_requests_total', {
        method: 'DELETE',
        route: '/frontend/device/deletePlayListUrl/:id',
        status_class: '4xx',
      }),
    ).toBe(1);
    expect(value(text, 'http_requests_total', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(id);
    expect(text).not.toContain(unknown);
  });

  it('labels the TV app (/tv/, /ar/tv/) tv, apart from the portal’s pages', async () => {
    const before = await scrape();
    const tv = { method: 'GET', route: 'tv', status_class: '2xx' };
    const pages = { method: 'GET', route: 'pages', status_class: '2xx' };
    for (const path of ['/tv/', '/ar/tv/', '/tv/index.html'])
      expect((await get(`${server.url}${path}`)).status).toBe(200);
    // The bare address moves to the page's own (its addresses are relative): that answer is the TV app's too.
    expect((await fetch(`${server.url}/ar/tv`, { redirect: 'manual' })).status).toBe(301);
    const after = await scrape();
    expect(value(after, 'http_requests_total', tv) - value(before, 'http_requests_total', tv)).toBe(3);
    expect(
      value(after, 'http_requests_total', { ...tv, status_class: '3xx' }) -
        value(before, 'http_requests_total', { ...tv, status_class: '3xx' }),
    ).toBe(1);
    expect(value(after, 'http_requests_total', pages)).toBe(value(before, 'http_requests_total', pages));
  });

  it('counts GraphQL operations by a known name only, and errors by code', async () => {
    const { client } = await signedInDevice(server);
    const before = await scrape();
    const named = (operation: string) => ({ operation, type: 'query' });

    const current = portalOperation('CurrentDevice');
    const res = await client.request('POST', '/graphql', {
      body: { operationName: current.name, query: current.query, variables: {} },
    });
    expect(res.json.data.currentDevice.macAddress).toBeTruthy();
    const madeUp = `Scan${randomUUID().replace(/-/g, '')}`;
    expect((await client.gql(`query ${madeUp} { pricing { currency } }`)).json.data.pricing).toBeTruthy();
    // A portal operation's name on another type of operation is not taken either.
    expect((await client.gql('query Login { pricing { currency } }')).json.data.pricing).toBeTruthy();
    const invalid = await client.gql('query Pricing { noSuchField }');
    expect(invalid.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const signedOut = await server.client().gql('{ ping }', undefined, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(signedOut.status).toBe(401);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(moved('graphql_operations_total', named('CurrentDevice'))).toBe(1);
    expect(moved('graphql_operation_duration_seconds_count', named('CurrentDevice'))).toBe(1);
    expect(moved('graphql_operations_total', named('other'))).toBe(2);
    expect(moved('graphql_operations_total', { operation: 'other', type: 'unknown' })).toBe(1);
    expect(moved('graphql_operations_total', named('Login'))).toBe(0);
    expect(moved('graphql_operations_total', named('Pricing'))).toBe(0);
    expect(moved('graphql_errors_total', { code: 'GRAPHQL_VALIDATION_FAILED' })).toBe(1);
    expect(moved('graphql_errors_total', { code: 'UNAUTHENTICATED' })).toBe(1);
    expect(after).not.toContain(madeUp);
  });

  it('names a safelisted operation sent by its id', async () => {
    const series = { operation: 'TvAppConfig', type: 'query' };
    const before = value(await scrape(), 'graphql_operations_total', series);
    const text = readFileSync(path.resolve(__dirname, '../../schema/operations/TvAppConfig.graphql'), 'utf8').trim();
    const res = await server.client().request('POST', '/graphql', {
      body: {
        operationName: 'TvAppConfig',
        extensions: { persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(text).digest('hex') } },
      },
    });
    expect(res.json.data.pricing).toBeTruthy();
    expect(value(await scrape(), 'graphql_operations_total', series)).toBe(before + 1);
  });

  it('counts payments by provider, kind and outcome, a refused webhook among the refusals, and reconciliation', async () => {
    const { client } = await signedInDevice(server);
    const before = await scrape();
    const activation = await startCheckout(server, client, 'crypto');
    const forged = await deliver(
      server,
      signedIpn(server, nowPaymentsIpn(activation), 'not-the-ipn-secret-0123456789'),
    );
    expect(forged.status).toBe(401);
    // Signed, but for another amount: refused inside the ledger's transaction, counted once it commits.
    const wrongAmount = await deliver(server, signedIpn(server, nowPaymentsIpn(activation, { price_amount: 1.0 })));
    expect(wrongAmount.json.outcome).toBe('refused-amount');
    const reconciled = await server.services.reconciler.reconcile(activation.id);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);
    expect(moved('payment_events_total', { provider: 'crypto', kind: 'checkout', outcome: 'pending' })).toBe(1);
    for (const outcome of ['refused-signature', 'refused-amount']) {
      expect(moved('payment_events_total', { provider: 'crypto', kind: 'webhook', outcome })).toBe(1);
      expect(moved('payment_webhook_refusals_total', { provider: 'crypto', outcome })).toBe(1);
    }
    expect(moved('payment_reconciliations_total', { provider: 'crypto', outcome: reconciled.outcome })).toBe(1);
  });

  it('says how long the oldest checkout has been pending', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'crypto');
    await server.db.dataSource.query(
      `UPDATE activations SET created_at = now() - interval '3 hours' WHERE id = $1 AND status = 'pending'`,
      [activation.id],
    );
    const age = value(await scrape(), 'payment_oldest_pending_checkout_age_seconds');
    expect(age).toBeGreaterThanOrEqual(3 * 3600);
    expect(age).toBeLessThan(4 * 3600);
    // Paid, it is pending no more.
    expect((await deliver(server, signedIpn(server, nowPaymentsIpn(activation)))).json.outcome).toBe('activated');
    expect(value(await scrape(), 'payment_oldest_pending_checkout_age_seconds')).toBeLessThan(3 * 3600);
  });

  it('counts playlist checks by verdict', async () => {
    const { client } = await signedInDevice(server);
    const before = await scrape();
    const res = await client.gql(
      'mutation($input: PlaylistInput!) { checkPlaylistValues(input: $input) { verdict m3u { channels } } }',
      { input: { name: '', type: 'GENERAL', url: sourceUrl } },
    );
    const { verdict } = res.json.data.checkPlaylistValues;
    expect(['OK', 'WARNING']).toContain(verdict);
    const after = await scrape();
    expect(
      value(after, 'playlist_checks_total', { verdict }) - value(before, 'playlist_checks_total', { verdict }),
    ).toBe(1);
    expect(value(after, 'playlist_check_duration_seconds_count')).toBe(value(after, 'playlist_checks_total'));
  });

  it('counts a run of the prune, and starts its failures at 0', async () => {
    const before = await scrape();
    expect(parse(before).some((s) => s.name === 'scheduled_job_runs_total' && s.labels.outcome === 'failed')).toBe(
      true,
    );
    await server.services.jobs.runNow('prune');
    const after = await scrape();
    const ok = { job: 'prune', outcome: 'ok' };
    expect(value(after, 'scheduled_job_runs_total', ok)).toBe(value(before, 'scheduled_job_runs_total', ok) + 1);
    expect(value(after, 'scheduled_job_runs_total', { job: 'prune', outcome: 'failed' })).toBe(0);
    expect(value(after, 'scheduled_job_duration_seconds_count', { job: 'prune' })).toBe(
      value(before, 'scheduled_job_duration_seconds_count', { job: 'prune' }) + 1,
    );
  });
});
