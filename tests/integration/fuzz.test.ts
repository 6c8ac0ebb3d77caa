import { writeFileSync } from 'node:fs';
import type { Express } from 'express';
import type { GraphQLSchema } from 'graphql';
import { contactSchema, newDeviceKeySchema, parentPinSchema, registerDeviceSchema } from '../../common/validation';
import {
  argumentSlots,
  argumentsIfRun,
  brokenRequest,
  deepJson,
  fieldRequest,
  formEncode,
  formView,
  fuzzSchema,
  fuzzSettings,
  mutate,
  PERCENT_TRAPS,
  queryView,
  textOf,
  rootFields,
  Rng,
  sendRaw,
  sendWire,
  setAt,
  short,
  toJson,
  urlComponent,
  valueFor,
  ValueGen,
  wireBodies,
  type GraphRequest,
  type Pools,
  type RootField,
  type Slot,
  type Wire,
} from '../support/fuzz';
import {
  deliver,
  nowPaymentsIpn,
  opayCallback,
  opayPayload,
  cowpayBody,
  paypalDelivery,
  paypalEvent,
  signedIpn,
  startCheckout,
  startPayPalOrder,
  type StartedActivation,
} from '../support/payments';
import { REFUSAL_CODES, runProbes, type Answer, type Probe } from '../support/probes';
import {
  ALLOWED_ORIGIN,
  buildDevice,
  signedInDevice,
  startTestServer,
  TEST_CAPTCHA,
  type TestServer,
} from '../support/server';

/**
 * Fuzzing (issue "Fuzzing"): every GraphQL root field and every REST route the server mounts receives thousands
 * of generated hostile inputs — wrong JSON types, 100 kB strings, JSON nested tens of thousands deep, malformed
 * bodies, wrong content types, odd encodings, percent-encoding traps, other devices' ids and MAC addresses — from
 * anonymous callers, a signed-in portal session, a TV's bearer token and forged credentials. Every answer must
 * be a clear refusal (a GraphQL error with a known code, or `{status: 'error', message}`) or a harmless read;
 * never a 5xx, never internals, never another device's data; the server must keep answering; and no stored data
 * may change except what the product's own validation says was a valid request (a contact message, a new TV).
 *
 * The run is seeded: FUZZ_SEED=<number|text|random> repeats or varies it, FUZZ_ROUNDS=<n> multiplies the number
 * of inputs (the default is the short form for every test run; operators run e.g. FUZZ_ROUNDS=20 for the long
 * one). A failure names the seed, the target and the input, so it can be replayed; FUZZ_PROBLEMS_FILE=<path>
 * writes every problem there in full.
 *
 * So that an input that happens to be valid cannot change data, the calling device stands behind walls the
 * product itself keeps, all reached after validation: it holds its limit of playlists (adds are refused), every
 * playlist it has is protected by a PIN the generator never produces (edits, deletes and checks are refused), it
 * has started its limit of payments this hour and switched MAC address its limit of times today, and its playlist
 * checks for the hour are spent. The calls with no wall (a new device key, a new parent PIN, a TV's app version)
 * are never sent by a signed-in caller with a value the product's own schema accepts, and a renewal of the TV's
 * token is never sent with that token in a form the graph would run. Contact messages and TV registrations are
 * allowed through when the product's schema accepts them; the rows they add are counted and re-validated.
 */

const { seed, rounds } = fuzzSettings();
const count = (base: number) => Math.max(1, Math.round(base * rounds));

const PLAYLIST_LIMIT = 3;
/** PINs and keys the generator must never produce (Pools.secrets). */
const OWN_PIN = '583920';
const OWN_PARENT_PIN = '402913';
const VICTIM_PIN = '736251';
const VICTIM_PARENT_PIN = '615243';
/** In every stored field of the other device's playlists: an answer holding it leaks another device's data. */
const MARKER = 'zqvictim7k3';
/** Markup the generator sends that must never come back unescaped in an HTML page. */
const REFLECTED_MARKUP = /<script>alert\(1\)|onerror=alert\(1\)|<svg\/onload=alert\(1\)>|javascript:alert\(1\)/i;

/**
 * Tables whose rows must be exactly as before (contact_messages, devices and device_tokens may gain the rows of
 * accepted valid requests; payment_events may gain the audit rows of refused webhook deliveries; see below).
 */
const CHECKED_TABLES: Record<string, string> = {
  devices: 'id',
  device_tokens: 'id',
  device_mac_changes: 'id',
  playlists: 'id',
  activations: 'id',
  payments: 'id',
  processed_payment_events: 'provider, event_id',
  payment_events: 'id',
  contact_messages: 'id',
  tv_links: 'id',
  money_back: 'id',
  payment_disputes: 'id',
  support_actions: 'id',
  scheduled_jobs: 'name',
  form_checks: 'device_id',
};
/** Tables that legitimately change while requests are refused, and why. */
const UNCHECKED_TABLES: Record<string, string> = {
  sessions:
    'express-session rewrites the rolling expiry of the signed-in session on its requests (and forged cookies are never stored: saveUninitialized is off)',
  captcha_challenges:
    'every captcha query stores a challenge and every sign-in attempt spends one, whatever the outcome',
  rate_limits: 'refused sign-ins, PINs, registrations, contact messages and checks are counted there by design',
  migrations: "TypeORM's record of applied migrations, written only at start",
  check_claims:
    'a playlist check claims its owner and the Xtream line it samples while it runs, and lets go when it ends, whatever the outcome',
};

/** GraphQL codes that are a refusal of the request itself (Apollo's, graphql-js's), besides the domain's. */
const GRAPH_CODES: ReadonlySet<string> = new Set([
  ...REFUSAL_CODES,
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * Every route the server mounts in the test configuration (payment methods on their sandbox stand-ins, no bench
 * baseline), as the Express router stack names them. The test fails when the mounted set differs, so a new route
 * cannot go unfuzzed.
 */
const ROUTES = [
  'GET /healthz',
  'GET /readyz',
  'GET /metrics',
  'GET /graphql/schema.graphql',
  'GET /graphql/operations.json',
  'GET /frontend/captcha/generate',
  'POST /frontend/device/login',
  'GET /device/login',
  'GET /login',
  'POST /device/login',
  'POST /login',
  // The same screen in Arabic (every language of lang/ has its paths under its tag).
  'GET /ar/device/login',
  'GET /ar/login',
  'POST /ar/device/login',
  'POST /ar/login',
  'GET /frontend/device',
  'GET /frontend/device/logout',
  'POST /frontend/device/saveDeviceKey',
  'POST /frontend/device/saveParentPin',
  'POST /frontend/device/switchMacAddress',
  'GET /frontend/device/playlists',
  'POST /frontend/device/savePlaylist',
  'DELETE /frontend/device/deletePlayListUrl/:id',
  'POST /frontend/device/unlockPlaylist/:id',
  'POST /frontend/device/checkPlaylist/:id',
  'POST /frontend/device/checkPlaylist',
  'POST /frontend/device/lockedGroups/:id',
  'GET /frontend/device/checkMacValid',
  'POST /frontend/device/saveActivation',
  'POST /frontend/paypal/order/create',
  'POST /frontend/paypal/order/capture/:orderID',
  'GET /frontend/sendUserQuestion',
  'POST /frontend/sendUserQuestion',
  'POST /webhooks/:provider',
  'GET /sandbox/crypto/checkout/:id',
  'GET /sandbox/crypto/checkout/:id/framed',
  'POST /sandbox/crypto/checkout/:id/pay',
  'POST /sandbox/crypto/checkout/:id/pay-part',
  'POST /sandbox/crypto/checkout/:id/fail',
  'POST /sandbox/crypto/checkout/:id/cancel',
  'POST /sandbox/crypto/merchant/invoices/:id/refund',
  'GET /sandbox/opay/checkout/:id',
  'GET /sandbox/opay/checkout/:id/framed',
  'POST /sandbox/opay/checkout/:id/pay',
  'POST /sandbox/opay/checkout/:id/transfer',
  'POST /sandbox/opay/checkout/:id/decline',
  'POST /sandbox/opay/checkout/:id/cancel',
  'POST /sandbox/opay/checkout/:id/callback-scheme',
  'GET /sandbox/opay1/checkout/:id',
  'GET /sandbox/opay1/checkout/:id/framed',
  'POST /sandbox/opay1/checkout/:id/pay',
  'POST /sandbox/opay1/checkout/:id/transfer',
  'POST /sandbox/opay1/checkout/:id/decline',
  'POST /sandbox/opay1/checkout/:id/cancel',
  'POST /sandbox/opay1/checkout/:id/callback-scheme',
  'POST /sandbox/crypto/v1/invoice',
  'POST /sandbox/cowpay/api/v1/iframe/token',
  'GET /sandbox/cowpay/js/plugins/sandbox-frame-message.js',
  'GET /sandbox/cowpay/api/v1/iframe/load/:token',
  'POST /sandbox/cowpay/api/v1/iframe/load/:token/:outcome',
  'POST /sandbox/opay/api/v1/international/cashier/create',
  'POST /sandbox/opay1/api/v1/international/cashier/create',
  'GET /sandbox/cowpay/api/v1/charge/status',
  'GET /sandbox/crypto/v1/payment/',
  'GET /sandbox/crypto/v1/payment/:id',
  'POST /sandbox/crypto/checkout/:id/pay-lost',
  'POST /sandbox/crypto/v1/auth',
  'POST /sandbox/opay/api/v1/international/cashier/status',
  'POST /sandbox/opay/checkout/:id/pay-lost',
  'POST /sandbox/opay1/api/v1/international/cashier/status',
  'POST /sandbox/opay1/checkout/:id/pay-lost',
  'POST /sandbox/opay/api/v1/international/payment/refund/create',
  'POST /sandbox/opay1/api/v1/international/payment/refund/create',
  'GET /sandbox/paypal/sdk/js',
  'POST /sandbox/paypal/v1/oauth2/token',
  'POST /sandbox/paypal/v2/checkout/orders',
  'POST /sandbox/paypal/orders/:id/approve',
  'POST /sandbox/paypal/v2/checkout/orders/:id/capture',
  'GET /sandbox/paypal/v2/checkout/orders/:id',
  'POST /sandbox/paypal/v2/payments/captures/:id/refund',
  'POST /sandbox/paypal/simulate/captures/:id/review',
  'POST /sandbox/paypal/simulate/captures/:id/reverse',
  'POST /sandbox/paypal/simulate/captures/:id/dispute',
  'POST /sandbox/paypal/simulate/disputes/:id/resolve',
  'POST /sandbox/paypal/v1/notifications/verify-webhook-signature',
  'GET /robots.txt',
  'GET /sitemap.xml',
] as const;
type Route = (typeof ROUTES)[number];
/**
 * Paths mounted as whole handlers rather than routes: the graph, the /frontend fallback (404 for unknown API
 * paths), the client's hashed assets, and (at "/") the client's files and pages, payment return pages included.
 */
const MOUNTS = ['ALL /graphql', 'ALL /frontend', 'ALL /assets', 'ALL /tv', 'ALL /ar/tv', 'ALL /'] as const;
type Mount = (typeof MOUNTS)[number];

/** The routes and mounts of a running Express 5 app, read from its router stack. */
function mountedRoutes(app: Express): string[] {
  const found = new Set<string>();
  const walk = (stack: any[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths: string[] = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) {
          for (const p of paths) found.add(`${method.toUpperCase()} ${prefix}${p}`);
        }
        continue;
      }
      const raw = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
      const path = raw === '/' ? prefix : `${prefix}${raw}`;
      if (Array.isArray(layer.handle?.stack)) walk(layer.handle.stack, path);
      else found.add(`ALL ${path || '/'}`);
    }
  };
  walk((app as any).router.stack, '');
  return [...found].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// The server and the world it holds

let server: TestServer;
let schema: GraphQLSchema;
let roots: RootField[];

interface World {
  /** The calling device: portal session cookie and TV token. */
  own: { id: string; mac: string; cookie: string; token: string; playlistIds: string[]; deviceKey: string };
  /** Another device with playlists (the marker in each), a paid payment and a pending PayPal order. */
  victim: {
    id: string;
    mac: string;
    token: string;
    deviceKey: string;
    playlistIds: string[];
    paid: StartedActivation;
    order: StartedActivation;
  };
  /** Devices with an active and a lifetime licence. */
  others: Array<{ id: string; mac: string; token: string; deviceKey: string }>;
  pools: Pools;
}
let world: World;

beforeAll(async () => {
  server = await startTestServer({
    PLAYLIST_MAX_PER_DEVICE: String(PLAYLIST_LIMIT),
    // High enough that wrong keys and PINs are answered for what they are for a good while (RATE_LIMITED is an
    // allowed refusal afterwards); the per-device PIN limit is the per-MAC one.
    LOGIN_MAX_FAILURES_PER_MAC: '300',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    REGISTER_MAX_PER_IP_PER_HOUR: '1000000',
    CONTACT_MAX_PER_IP_PER_HOUR: '1000000',
    // Walls: the calling device starts with both payments of the hour and its one check of the hour spent.
    PAYMENT_MAX_PENDING_PER_HOUR: '2',
    PLAYLIST_CHECK_PER_DEVICE_PER_HOUR: '1',
    PLAYLIST_CHECK_TIMEOUT_SECONDS: '2',
    // /metrics answers whoever has this token; nobody in the fuzz does.
    METRICS_TOKEN: 'fuzz-metrics-token-nobody-sends-0123456789',
    // No reconciliation pass on the schedule while the data is compared: its run would change scheduled_jobs with
    // time, not with any input (the prune is off for every test server already).
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '0',
  });
  schema = fuzzSchema();
  roots = rootFields(schema);

  const playlists = server.services.playlists;
  const caller = (deviceId: string) => ({ deviceId, clientIp: '127.0.0.1' });

  // The calling device: full, every playlist protected, payments, MAC switches and checks used up.
  const own = await signedInDevice(server);
  const ownPlaylists = [
    { name: 'Own News', type: 'general', url: 'http://own.example.com/l.m3u', epgUrl: 'http://own.example.com/e.xml' },
    { name: 'Own XC', type: 'xc', url: 'http://own-xc.example.com', username: 'ownuser', password: 'ownpass' },
    { name: 'Own Code', type: 'code', playlistCode: '246810' },
  ];
  const ownPlaylistIds: string[] = [];
  for (const input of ownPlaylists) {
    const view = await playlists.create(caller(own.device.id), { ...input, isProtected: true, pin: OWN_PIN });
    ownPlaylistIds.push(view.entity.id);
  }
  await server.services.devices.changeParentPin(own.device.id, { pin: OWN_PARENT_PIN });
  const ownCheckouts = [
    await startCheckout(server, own.client, 'opay'),
    await startCheckout(server, own.client, 'opay1'),
  ];
  for (let i = 0; i < 3; i += 1) await server.services.rateLimits.countMacSwitch(own.device.id);
  await server.services.rateLimits.countPlaylistCheck(own.device.id);

  // Another device, whose records the caller aims at.
  const victim = await signedInDevice(server);
  const victimPlaylists = [
    { name: `News ${MARKER}`, type: 'general', url: `http://${MARKER}.example.com/l.m3u` },
    { name: `XC ${MARKER}`, type: 'xc', url: `http://${MARKER}.example.net`, username: MARKER, password: MARKER },
    { name: `Kids ${MARKER}`, type: 'code', playlistCode: '135790', isProtected: true, pin: VICTIM_PIN },
  ];
  const victimPlaylistIds: string[] = [];
  for (const input of victimPlaylists) {
    victimPlaylistIds.push((await playlists.create(caller(victim.device.id), input)).entity.id);
  }
  await server.services.devices.changeParentPin(victim.device.id, { pin: VICTIM_PARENT_PIN });
  const paid = await startCheckout(server, victim.client, 'crypto');
  const confirmed = await deliver(server, signedIpn(server, nowPaymentsIpn(paid)));
  if (confirmed.status !== 200) throw new Error(`the victim's payment was not confirmed: ${confirmed.text}`);
  const order = await startPayPalOrder(server, victim.client);

  const active = await buildDevice(server);
  await server.db.dataSource.query(`UPDATE devices SET licence_expires_at = now() + interval '1 year' WHERE id = $1`, [
    active.device.id,
  ]);
  const activePlaylist = await playlists.create(caller(active.device.id), {
    name: `Sport ${MARKER}`,
    type: 'general',
    url: `http://${MARKER}.example.org/sport.m3u`,
    isProtected: true,
    pin: VICTIM_PIN,
  });
  const lifetime = await buildDevice(server);
  await server.db.dataSource.query(`UPDATE devices SET licence_lifetime = true WHERE id = $1`, [lifetime.device.id]);
  const others = [active, lifetime].map((d) => ({
    id: d.device.id,
    mac: d.device.macAddress,
    token: d.deviceToken,
    deviceKey: d.deviceKey,
  }));

  const macs = [own.device.macAddress, victim.device.macAddress, ...others.map((o) => o.mac)];
  world = {
    own: {
      id: own.device.id,
      mac: own.device.macAddress,
      cookie: own.client.cookieHeader,
      token: own.deviceToken,
      playlistIds: ownPlaylistIds,
      deviceKey: own.deviceKey,
    },
    victim: {
      id: victim.device.id,
      mac: victim.device.macAddress,
      token: victim.deviceToken,
      deviceKey: victim.deviceKey,
      playlistIds: victimPlaylistIds,
      paid,
      order,
    },
    others,
    pools: {
      ids: [
        ...victimPlaylistIds,
        activePlaylist.entity.id,
        victimPlaylistIds[0]!.toUpperCase(),
        ` ${victimPlaylistIds[1]}`,
        victim.device.id,
        ...others.map((o) => o.id),
        paid.id,
        paid.providerReference,
        order.id,
        order.providerReference,
        ...ownPlaylistIds,
        own.device.id,
        ...ownCheckouts.map((c) => c.id),
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
        '-1',
        -1,
        0,
      ],
      macs: [
        ...macs,
        ...macs.map((m) => m.toUpperCase()),
        ...macs.map((m) => m.replace(/:/g, '-')),
        ...macs.map((m) => ` ${m.toUpperCase().replace(/:/g, '-')} `),
      ],
      secrets: new Set([
        OWN_PIN,
        OWN_PARENT_PIN,
        VICTIM_PIN,
        VICTIM_PARENT_PIN,
        own.deviceKey,
        victim.deviceKey,
        ...others.map((o) => o.deviceKey),
      ]),
    },
  };
}, 120_000);

afterAll(() => server?.stop());

// ---------------------------------------------------------------------------------------------------------------
// Callers

type CallerKind = 'anonymous' | 'session' | 'token' | 'bad token' | 'forged cookie';
const CALLERS: ReadonlyArray<readonly [number, CallerKind]> = [
  [35, 'session'],
  [25, 'token'],
  [20, 'anonymous'],
  [10, 'bad token'],
  [10, 'forged cookie'],
];
const signedIn = (caller: CallerKind) => caller === 'session' || caller === 'token';

function callerHeaders(caller: CallerKind, rng: Rng): Record<string, string> {
  const { own, victim } = world;
  switch (caller) {
    case 'session':
      return { cookie: own.cookie };
    case 'token':
      return { authorization: `Bearer ${own.token}` };
    case 'anonymous':
      return {};
    case 'bad token':
      return {
        authorization: rng.pick([
          `Bearer ${rng.uuid().replace(/-/g, '')}${rng.uuid().replace(/-/g, '')}`,
          `Bearer ${own.token}x`,
          `Bearer ${victim.token.slice(0, -2)}`,
          // The scheme is case-insensitive (RFC 7235 §2.1): a lowercase one with a token that opens nothing.
          `bearer ${own.token}x`,
          `Bearer  ${own.token.slice(1)}`,
          'Bearer',
          'Bearer ',
          `Bearer ${'A'.repeat(201)}`,
          `Bearer ${own.token} ${own.token}`,
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${own.token.slice(0, 20)}\u00e9`,
          'Bearer null',
        ]),
      };
    case 'forged cookie':
      return {
        cookie: rng.pick([
          `sid=s%3A${rng.uuid()}.forgedsignature`,
          `sid=${rng.uuid()}`,
          'sid=',
          `${own.cookie}x`,
          `${own.cookie.replace(/.$/, '')}`,
          'sid=s%3A%ED%A0%BD.x',
          `sid=${'a'.repeat(3000)}`,
          // The real session id without its signature, signed or not.
          own.cookie.split('.')[0] ?? 'sid=',
          `sid=${decodeURIComponent(own.cookie.split('.')[0] ?? '').slice(6)}`,
          // The real session under a name of another case: not the session cookie.
          own.cookie.replace('sid=', 'SID='),
          'sid=s:../../etc/passwd.x',
        ]),
      };
  }
}

/** Now and then, request headers of odd kinds that the answer's encoding, caching and framing read. */
function oddHeaders(rng: Rng): Record<string, string> {
  if (!rng.chance(0.06)) return {};
  const kinds: Array<Record<string, string>> = [
    {
      'accept-encoding': rng.pick(['gzip;q=0', 'identity;q=0, *;q=0', 'br;q=2, gzip;q=-1', `${'x,'.repeat(500)}gzip`]),
    },
    { 'if-none-match': rng.pick(['*', 'W/"x"', '"\u00e9"', 'x'.repeat(4000)]) },
    { 'if-modified-since': rng.pick(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '9'.repeat(40)]) },
    { range: rng.pick(['bytes=0-1', 'bytes=-1', 'bytes=5-2', 'bytes=0-0,1-1,2-2,3-3', 'lines=1-2']) },
    { accept: rng.pick(['text/html', 'application/xml', '*/*;q=0', 'application/json;q=abc']) },
    { 'accept-charset': 'utf-16, latin1;q=0.1' },
    { 'x-forwarded-for': rng.pick(['1.2.3.4', '127.0.0.1, 10.0.0.1', 'not an address', '::1']) },
    { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    { 'x-http-method-override': rng.pick(['DELETE', 'PUT', 'GET']) },
    { 'content-language': '\u00e9'.repeat(10), 'user-agent': 'x'.repeat(8000) },
  ];
  return rng.pick(kinds);
}

// ---------------------------------------------------------------------------------------------------------------
// Probes, and what the run saw

type Judge =
  'read' | 'refuse' | 'contact' | 'register' | 'link-request' | 'pin-check' | 'webhook' | 'sandbox' | 'page' | 'raw';

interface FuzzProbe extends Probe {
  target: string;
  caller: CallerKind;
  judge: Judge;
  /** What was sent, for telling an echo of the input from a leak. */
  sent: string;
  /** For contact messages and registrations through the graph: the product's schema accepts the arguments. */
  validArgs?: boolean;
}

interface Tally {
  sent: number;
  refused: number;
  accepted: number;
  statuses: Map<number, number>;
}
const tallies = new Map<string, Tally>();
const accepted = { contact: 0, register: 0, linkRequest: 0 };
let webhookDeliveries = 0;

function tally(target: string): Tally {
  let t = tallies.get(target);
  if (!t) {
    t = { sent: 0, refused: 0, accepted: 0, statuses: new Map() };
    tallies.set(target, t);
  }
  return t;
}

function isRefusal(res: Answer): boolean {
  if (res.status >= 400) return true;
  return Array.isArray(res.json?.errors) && res.json.errors.length > 0;
}

/** A data answer of the graph with no errors. */
const graphData = (res: Answer) => res.status === 200 && !res.json?.errors && !!res.json?.data;
/**
 * A clear refusal from the HTTP layer in front of the graph (body too large, unreadable body), in the graph's
 * shape, so GraphQL clients read it as they read any error.
 */
const graphRefusal = (res: Answer) =>
  res.status >= 400 &&
  res.status < 500 &&
  Array.isArray(res.json?.errors) &&
  res.json.errors.length > 0 &&
  res.json.errors.every((e: any) => typeof e?.message === 'string' && GRAPH_CODES.has(e?.extensions?.code));
/** Node's HTTP parser refusing a request it cannot read: a 4xx with no body, before the application. */
const parserRefusal = (res: Answer) => res.status >= 400 && res.status < 500 && !res.text;

function mentions(sent: string, mac: string): boolean {
  const text = sent.toLowerCase();
  return [mac, mac.replace(/:/g, '-'), mac.replace(/:/g, '%3a'), mac.replace(/:/g, '')].some((m) => text.includes(m));
}

/** What every answer must satisfy besides being a refusal: nothing of another device, no markup reflected. */
function extraCheck(probe: FuzzProbe, res: Answer): string | null {
  const text = res.text.toLowerCase();
  if (text.includes(MARKER) && !probe.sent.toLowerCase().includes(MARKER)) {
    return `answers with another device's playlist data: ${res.text.slice(0, 200)}`;
  }
  for (const device of [world.victim, ...world.others]) {
    if (text.includes(device.mac) && !mentions(probe.sent, device.mac)) {
      return `names another device's MAC address ${device.mac}: ${res.text.slice(0, 200)}`;
    }
    if (res.text.includes(device.token)) return `answers with another device's token`;
  }
  if (/html/i.test(res.headers.get('content-type') ?? '') && REFLECTED_MARKUP.test(res.text)) {
    return `reflects markup unescaped in an HTML answer: ${res.text.slice(0, 200)}`;
  }
  return null;
}

function probe(
  target: string,
  caller: CallerKind,
  judge: Judge,
  wire: Wire,
  extra: Partial<FuzzProbe> & { raw?: Buffer } = {},
): FuzzProbe {
  const { raw, ...rest } = extra;
  const sent = `${wire.method} ${wire.path}\n${Object.entries(wire.headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join(
      '\n',
    )}\n${raw ? raw.toString('utf8') : Buffer.isBuffer(wire.body) ? wire.body.toString('utf8') : (wire.body ?? '')}`;
  const send = async () => {
    const res = raw ? await sendRaw(server.port, raw) : await sendWire(server.url, wire);
    const t = tally(target);
    t.sent += 1;
    t.statuses.set(res.status, (t.statuses.get(res.status) ?? 0) + 1);
    if (isRefusal(res)) t.refused += 1;
    else t.accepted += 1;
    return res;
  };
  const base: FuzzProbe = {
    label: `[${target}] ${caller}: ${sent.replace(/\s+/g, ' ').slice(0, 300)}`,
    transport:
      judge === 'read' ||
      judge === 'refuse' ||
      judge === 'contact' ||
      judge === 'register' ||
      judge === 'link-request' ||
      judge === 'pin-check'
        ? 'graph'
        : 'rest',
    target,
    caller,
    judge,
    sent,
    send,
    ...rest,
  };
  return base;
}

// ---------------------------------------------------------------------------------------------------------------
// GraphQL: every root field of the schema

interface FieldPolicy {
  judge: 'read' | 'refuse' | 'contact' | 'register' | 'link-request' | 'pin-check';
  /** Plausible arguments to bend: near-valid input is where the bugs are. */
  base?: (rng: Rng) => Record<string, unknown>;
  /** Arguments the product would act on for a signed-in caller: never sent by one (no wall stops them). */
  acts?: (args: Record<string, any>) => boolean;
  /** Callers that may send requests the graph would run at all (a signed-in session must not sign out). */
  runsFor?: readonly CallerKind[];
  /** Probes per field before FUZZ_ROUNDS. */
  weight?: number;
}

const pickId = (rng: Rng) => rng.pick(world.pools.ids);
const pickMac = (rng: Rng) => rng.pick(world.pools.macs);
const playlistInput = (rng: Rng): Record<string, unknown> =>
  rng.pick([
    { name: 'Fresh', type: 'GENERAL', url: 'http://example.com/l.m3u', epgUrl: 'http://example.com/e.xml' },
    { name: 'Fresh', type: 'XC', url: 'http://xc.example.com', username: 'user', password: 'pass' },
    { name: 'Fresh', type: 'CODE', playlistCode: '123456', isProtected: true, pin: '1111' },
  ]);

const FIELD_POLICIES: Record<string, FieldPolicy> = {
  'Query.ping': { judge: 'read', weight: 40 },
  'Query.captcha': { judge: 'read', weight: 40 },
  'Query.currentDevice': { judge: 'read', weight: 60 },
  'Query.activationEligibility': { judge: 'read', weight: 60 },
  'Query.pricing': { judge: 'read', weight: 40 },
  'Query.playlists': { judge: 'read', base: () => ({ search: 'News' }) },
  'Query.playlist': { judge: 'read', base: (rng) => ({ id: pickId(rng) }) },
  'Mutation.ping': { judge: 'read', weight: 40 },
  'Mutation.sendContactMessage': {
    judge: 'contact',
    base: () => ({ input: { name: 'Amira', email: 'amira@example.com', subject: 'Hello', message: 'It plays.' } }),
  },
  'Mutation.login': {
    judge: 'refuse',
    base: (rng) => ({
      input: { macAddress: pickMac(rng), deviceKey: '000000', captcha: TEST_CAPTCHA, captchaToken: rng.uuid() },
    }),
  },
  'Mutation.logout': { judge: 'read', runsFor: ['anonymous', 'token', 'bad token', 'forged cookie'], weight: 60 },
  'Mutation.registerDevice': {
    judge: 'register',
    // Registered MACs (CONFLICT), and new ones, so hostile models and versions reach the database too.
    base: (rng) => ({
      input: { macAddress: rng.chance(0.5) ? pickMac(rng) : rng.mac(), model: 'Samsung QE55', appVersion: '1.0.0' },
    }),
  },
  'Mutation.changeDeviceKey': {
    judge: 'refuse',
    base: () => ({ input: { deviceKey: '000000' } }),
    acts: (args) => newDeviceKeySchema.safeParse(args.input?.deviceKey).success,
  },
  'Mutation.changeParentPin': {
    judge: 'refuse',
    base: () => ({ input: { pin: '0000' } }),
    acts: (args) => parentPinSchema.safeParse(args.input?.pin).success,
  },
  'Mutation.checkParentPin': { judge: 'pin-check', base: () => ({ input: { pin: '0000' } }) },
  'Mutation.switchMacAddress': {
    judge: 'refuse',
    base: (rng) => ({ input: { macAddress: pickMac(rng), deviceKey: '000000' } }),
  },
  'Mutation.startActivation': {
    judge: 'refuse',
    base: (rng) => ({
      input: {
        method: rng.pick(['COWPAY', 'CRYPTO', 'OPAY', 'OPAY1']),
        firstName: 'Amira',
        lastName: 'Hassan',
        email: 'amira@example.com',
        phoneNumber: '+201001234567',
        coinType: 'BTC',
      },
    }),
  },
  'Mutation.createPayPalOrder': { judge: 'refuse', weight: 60 },
  'Mutation.capturePayPalOrder': { judge: 'refuse', base: (rng) => ({ orderId: pickId(rng) }) },
  'Mutation.checkPlaylist': { judge: 'refuse', base: (rng) => ({ input: { id: pickId(rng), pin: '0000' } }) },
  'Mutation.checkPlaylistValues': { judge: 'refuse', base: (rng) => ({ input: playlistInput(rng) }) },
  'Mutation.createPlaylist': { judge: 'refuse', base: (rng) => ({ input: playlistInput(rng) }) },
  'Mutation.updatePlaylist': {
    judge: 'refuse',
    base: (rng) => ({ input: { id: pickId(rng), currentPin: '0000', playlist: playlistInput(rng) } }),
  },
  'Mutation.deletePlaylist': { judge: 'refuse', base: (rng) => ({ input: { id: pickId(rng), pin: '0000' } }) },
  'Mutation.unlockPlaylist': { judge: 'refuse', base: (rng) => ({ input: { id: pickId(rng), pin: '0000' } }) },
  // The calling TV's token must keep working: only callers it would refuse send a renewal the graph runs.
  'Mutation.renewDeviceToken': { judge: 'refuse', runsFor: ['anonymous', 'session', 'bad token', 'forged cookie'] },
  'Mutation.reportAppVersion': {
    judge: 'refuse',
    base: () => ({ input: { appVersion: '1.0.0' } }),
    acts: (args) => registerDeviceSchema.shape.appVersion.safeParse(args.input?.appVersion).success,
  },
  'Mutation.revokeDeviceToken': { judge: 'refuse', base: (rng) => ({ input: { id: pickId(rng) } }) },
  // A valid request stores a pending link (counted and re-validated below); nothing else can change without the
  // owner approving a code the fuzzer never sees.
  'Mutation.requestTvLink': {
    judge: 'link-request',
    base: (rng) => ({ input: { macAddress: pickMac(rng), model: 'Samsung QE55', appVersion: '1.0.0' } }),
  },
  // Unknown handles: a status (EXPIRED), never a token.
  'Mutation.pollTvLink': { judge: 'read', base: (rng) => ({ input: { pollHandle: rng.uuid() } }) },
  'Query.tvLink': { judge: 'read', base: () => ({ input: { code: 'BCDF-GHJK' } }) },
  'Mutation.approveTvLink': { judge: 'refuse', base: () => ({ input: { code: 'BCDF-GHJK' } }) },
  'Mutation.refuseTvLink': { judge: 'refuse', base: () => ({ input: { code: 'BCDF-GHJK' } }) },
};

/** A field the policies above do not know yet still gets probes: queries judged as reads, mutations refused. */
function policyFor(root: RootField): FieldPolicy {
  return FIELD_POLICIES[root.key] ?? { judge: root.operation === 'query' ? 'read' : 'refuse' };
}

/** The graph's envelope bent: what Apollo must refuse before anything runs. */
function bentEnvelope(body: Record<string, unknown>, values: ValueGen): { body: unknown; shape: string } {
  const rng = values.rng;
  const kinds: Array<[string, () => unknown]> = [
    ['variables of a wrong type', () => ({ ...body, variables: rng.pick(['x', 5, [1], true]) })],
    ['operationName of a wrong type', () => ({ ...body, operationName: rng.pick([5, {}, ['A'], true]) })],
    ['query of a wrong type', () => ({ ...body, query: rng.pick([5, null, ['{ ping }'], { a: 1 }]) })],
    ['no query', () => ({ variables: body.variables })],
    [
      'a persisted query that does not exist',
      () => ({ ...body, extensions: { persistedQuery: { version: 1, sha256Hash: 'ab'.repeat(32) } } }),
    ],
    ['extensions of a wrong type', () => ({ ...body, extensions: rng.pick(['x', 5, [1], { persistedQuery: 'x' }]) })],
    ['a batch', () => [body, body]],
    ['an empty batch', () => []],
    ['the body as a JSON string', () => JSON.stringify(body)],
  ];
  const [shape, make] = rng.pick(kinds);
  return { body: make(), shape };
}

function graphWire(request: GraphRequest, caller: CallerKind, rng: Rng, envelope?: unknown): Wire {
  const headers: Record<string, string> = { ...callerHeaders(caller, rng) };
  const body: Record<string, unknown> = { query: request.query };
  if (request.variables !== undefined) body.variables = request.variables;
  if (request.operationName !== undefined) body.operationName = request.operationName;
  const isQuery = request.query.trimStart().startsWith('query');
  const search = () => {
    const params = [`query=${urlComponent(request.query)}`];
    if (request.variables !== undefined) params.push(`variables=${urlComponent(toJson(request.variables))}`);
    if (typeof request.operationName === 'string') params.push(`operationName=${urlComponent(request.operationName)}`);
    return `?${params.join('&')}`;
  };
  if (envelope === undefined && isQuery && rng.chance(0.1)) {
    const path = `/graphql${search()}`;
    if (path.length < 8000) {
      return { method: 'GET', path, headers: { ...headers, 'apollo-require-preflight': 'true' } };
    }
  }
  const r = rng.next();
  if (r < 0.04) headers['content-type'] = 'text/plain';
  else if (r < 0.08) headers['content-type'] = 'application/json; charset=utf-8';
  else headers['content-type'] = 'application/json';
  if (rng.chance(0.06)) headers.origin = rng.pick(['https://evil.example', ALLOWED_ORIGIN, 'null']);
  Object.assign(headers, oddHeaders(rng));
  return { method: 'POST', path: '/graphql', headers, body: toJson(envelope ?? body) };
}

function graphProbes(root: RootField, rng: Rng): FuzzProbe[] {
  const policy = policyFor(root);
  const values = new ValueGen(rng, world.pools);
  const slots = argumentSlots(root.field, values);
  const probes: FuzzProbe[] = [];
  const total = count(policy.weight ?? 170);
  for (let i = 0; i < total; i += 1) {
    const caller = rng.weighted(CALLERS);
    const runs = !policy.runsFor || policy.runsFor.includes(caller);
    // graphql-js's own reading of the request, where a decision depends on it (it is the slow part).
    const needsArgs =
      !runs ||
      (!!policy.acts && signedIn(caller)) ||
      policy.judge === 'contact' ||
      policy.judge === 'register' ||
      policy.judge === 'link-request';
    let request: GraphRequest | undefined;
    let args: Record<string, any> | null = null;
    for (let attempt = 0; attempt < 30 && !request; attempt += 1) {
      let candidate: GraphRequest;
      const kind = rng.next();
      if (!runs || kind < 0.12) {
        candidate = brokenRequest(root, values, roots);
      } else if (root.field.args.length && kind < 0.24) {
        // Arguments generated from the types alone, with no valid base.
        const fromTypes = Object.fromEntries(root.field.args.map((arg) => [arg.name, valueFor(arg.type, values)]));
        candidate = fieldRequest(root, fromTypes, rng);
      } else {
        const base = policy.base?.(rng) ?? {};
        const { value, changes } = mutate(base, slots, values);
        candidate = fieldRequest(root, value, rng);
        candidate.shape = `${candidate.shape}: ${changes.join(' ')}`;
      }
      args = needsArgs ? argumentsIfRun(schema, candidate) : null;
      if (!runs && args !== null) continue;
      if (policy.acts && signedIn(caller) && args && policy.acts(args)) continue;
      request = candidate;
    }
    if (!request) continue;
    let envelope: unknown;
    let shape = request.shape;
    if (runs && rng.chance(0.06)) {
      const bent = bentEnvelope({ query: request.query, variables: request.variables }, values);
      envelope = bent.body;
      shape = `envelope: ${bent.shape}`;
    }
    const wire = graphWire(request, caller, rng, envelope);
    if (envelope !== undefined) args = null;
    const extra: Partial<FuzzProbe> = { codes: GRAPH_CODES };
    switch (policy.judge) {
      case 'read':
        extra.harmless = (res) => graphData(res) || graphRefusal(res);
        break;
      case 'pin-check':
        extra.refusedData = (data) => data?.checkParentPin?.valid === false;
        extra.harmless = graphRefusal;
        break;
      case 'contact': {
        const valid = !!args && contactSchema.safeParse(args.input).success;
        extra.validArgs = valid;
        extra.harmless = (res) => graphRefusal(res) || (valid && res.json?.data?.sendContactMessage?.success === true);
        break;
      }
      case 'register': {
        const valid = !!args && registerDeviceSchema.safeParse(args.input).success;
        extra.validArgs = valid;
        extra.harmless = (res) =>
          graphRefusal(res) || (valid && typeof res.json?.data?.registerDevice?.deviceToken === 'string');
        break;
      }
      case 'link-request': {
        const valid = !!args && registerDeviceSchema.safeParse(args.input).success;
        extra.validArgs = valid;
        extra.harmless = (res) =>
          graphRefusal(res) || (valid && typeof res.json?.data?.requestTvLink?.pollHandle === 'string');
        break;
      }
      default:
        extra.harmless = graphRefusal;
    }
    const p = probe(root.key, caller, policy.judge, wire, extra);
    p.label = `${p.label} (${shape})`;
    probes.push(p);
  }
  return probes;
}

/** The graph's own transport: bodies that are not GraphQL requests, through every caller. */
function graphTransportProbes(rng: Rng): FuzzProbe[] {
  const probes: FuzzProbe[] = [];
  const read = (res: Answer) => graphRefusal(res) || res.json?.data?.ping === true;
  for (const body of wireBodies(JSON.stringify({ query: 'mutation { ping }' }))) {
    for (let i = 0; i < count(1); i += 1) {
      const caller = rng.weighted(CALLERS);
      const headers: Record<string, string> = { ...callerHeaders(caller, rng), ...body.headers };
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      probes.push(
        probe(
          'ALL /graphql',
          caller,
          'raw',
          { method: 'POST', path: '/graphql', headers, body: body.body },
          {
            harmless: read,
            label: `[ALL /graphql] ${caller}: ${body.label}`,
          },
        ),
      );
    }
  }
  // Variables nested tens of thousands deep, for every caller: anything that walks them recursively overflows.
  const operations = [
    'query Q($s: String) { playlists(search: $s) { id } }',
    'mutation M($input: PlaylistInput!) { createPlaylist(input: $input) { message } }',
    'mutation M($input: ContactMessageInput!) { sendContactMessage(input: $input) { success } }',
  ];
  for (const caller of ['session', 'token', 'anonymous'] as const) {
    for (const query of operations) {
      for (const deep of [deepJson(49_000, 'array'), deepJson(16_000, 'object')]) {
        const variable = query.includes('$s') ? 's' : 'input';
        for (let i = 0; i < count(1); i += 1) {
          const body = `{"query":${JSON.stringify(query)},"variables":{"${variable}":${deep.text}}}`;
          probes.push(
            probe(
              'ALL /graphql',
              caller,
              'raw',
              {
                method: 'POST',
                path: '/graphql',
                headers: { ...callerHeaders(caller, rng), 'content-type': 'application/json' },
                body,
              },
              { harmless: read, label: `[ALL /graphql] ${caller}: variables ${deep.label} for ${query}` },
            ),
          );
        }
      }
    }
  }
  // Methods and query strings of the transport itself.
  const values = new ValueGen(rng, world.pools);
  for (let i = 0; i < count(40); i += 1) {
    const caller = rng.weighted(CALLERS);
    const method = rng.pick(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
    const query = rng.chance(0.5) ? `query=${urlComponent(textOf(values.text()))}` : rng.pick(PERCENT_TRAPS);
    const headers: Record<string, string> = {
      ...callerHeaders(caller, rng),
      ...(rng.chance(0.5) ? { 'apollo-require-preflight': 'true' } : {}),
      ...(rng.chance(0.3) ? { accept: 'text/html' } : {}),
      ...(method === 'OPTIONS'
        ? { origin: rng.pick(['https://evil.example', ALLOWED_ORIGIN]), 'access-control-request-method': 'POST' }
        : {}),
    };
    probes.push(
      probe(
        'ALL /graphql',
        caller,
        'raw',
        { method, path: `/graphql?${query}`, headers },
        {
          // The Sandbox landing page (a GET asking for HTML) and CORS preflights are reads.
          harmless: (res) =>
            read(res) ||
            parserRefusal(res) ||
            (res.status < 300 &&
              (method === 'OPTIONS' || method === 'HEAD' || /html/.test(res.headers.get('content-type') ?? ''))),
        },
      ),
    );
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// REST: every mounted route

interface RouteSpec {
  judge: Judge;
  /** A plausible body, bent by the generator. */
  body?: (rng: Rng) => Record<string, unknown>;
  /** A plausible query string, bent by the generator. */
  query?: (rng: Rng) => Record<string, unknown>;
  /** Path parameters. */
  params?: Record<string, (values: ValueGen) => unknown>;
  /** For signed-in callers: bodies the product would act on, never sent (no wall stops them). */
  acts?: (view: Record<string, unknown>) => boolean;
  /** A body of the call the product refuses whoever sends it, for the wire-level corpus. */
  refusedBody?: Record<string, unknown>;
  /** Signed-in sessions send this route only from another site (it would end the session). */
  sessionOnlyCrossSite?: boolean;
  weight?: number;
}

const SIGN_IN_NEXTS = [
  '/dashboard',
  '/dashboard/active-device',
  '/link?code=BCDF-GHJK',
  '//evil.example/',
  'https://evil.example/',
];
const SIGN_IN_FORM = (rng: Rng) => ({
  mac_address: pickMac(rng),
  device_key: '000000',
  captcha: TEST_CAPTCHA,
  token: rng.uuid(),
  next: rng.pick(SIGN_IN_NEXTS),
});

const PLAYLIST_BODY = (rng: Rng) => ({
  current_playlist_url_id: rng.chance(0.5) ? -1 : pickId(rng),
  current_pin: '0000',
  playlist_name: 'Fresh',
  playlist_type: rng.pick(['general', 'xc', 'code']),
  playlist_url: 'http://example.com/l.m3u',
  xml_url: '',
  username: 'user',
  password: 'pass',
  playlist_code: '123456',
  protect: false,
  pin: '',
});
const CONTACT_BODY = () => ({ name: 'Amira', email: 'amira@example.com', subject: 'Hello', message: 'It plays.' });
const idParam = (values: ValueGen) => values.id();
/** A route on one playlist (by id) that a protected playlist's PIN opens: every playlist of the caller is, with another PIN. */
const ONE_PLAYLIST_WITH_PIN: RouteSpec = { judge: 'refuse', params: { id: idParam }, body: () => ({ pin: '0000' }) };

/** The sign-in screen's form posts, in every language: refused as the screen again, never a redirect. */
const SIGN_IN_FORM_ROUTES = new Set<string>([
  'POST /device/login',
  'POST /login',
  'POST /ar/device/login',
  'POST /ar/login',
]);

const ROUTE_SPECS: Record<Route, RouteSpec> = {
  'GET /healthz': { judge: 'read', weight: 15 },
  'GET /readyz': { judge: 'read', weight: 15 },
  // Prometheus's scrape: no caller here has its token (the TV tokens and forged credentials are not it).
  'GET /metrics': { judge: 'refuse', weight: 15 },
  'GET /graphql/schema.graphql': { judge: 'read', weight: 10 },
  'GET /graphql/operations.json': { judge: 'read', weight: 10 },
  'GET /frontend/captcha/generate': { judge: 'read', weight: 20 },
  'POST /frontend/device/login': {
    judge: 'refuse',
    body: (rng) => ({ mac_address: pickMac(rng), device_key: '000000', captcha: TEST_CAPTCHA, token: rng.uuid() }),
  },
  // The sign-in screen as a page: a signed-in owner is sent on (never off the site), anyone else gets the page.
  'GET /device/login': { judge: 'page', weight: 20, query: (rng) => ({ next: rng.pick(SIGN_IN_NEXTS) }) },
  'GET /login': { judge: 'page', weight: 10, query: (rng) => ({ next: rng.pick(SIGN_IN_NEXTS) }) },
  // Its form, posted before the screen's script ran: a wrong key, bent by the generator, is always refused.
  'POST /device/login': { judge: 'refuse', body: SIGN_IN_FORM },
  'POST /login': { judge: 'refuse', weight: 40, body: SIGN_IN_FORM },
  'GET /ar/device/login': { judge: 'page', weight: 10, query: (rng) => ({ next: rng.pick(SIGN_IN_NEXTS) }) },
  'GET /ar/login': { judge: 'page', weight: 5, query: (rng) => ({ next: rng.pick(SIGN_IN_NEXTS) }) },
  'POST /ar/device/login': { judge: 'refuse', weight: 40, body: SIGN_IN_FORM },
  'POST /ar/login': { judge: 'refuse', weight: 20, body: SIGN_IN_FORM },
  'GET /frontend/device': { judge: 'read', weight: 30 },
  'GET /frontend/device/logout': { judge: 'read', sessionOnlyCrossSite: true, weight: 40 },
  'POST /frontend/device/saveDeviceKey': {
    judge: 'refuse',
    body: () => ({ device_key: '000000' }),
    acts: (view) => newDeviceKeySchema.safeParse(view.device_key).success,
    refusedBody: { device_key: '12345' },
  },
  'POST /frontend/device/saveParentPin': {
    judge: 'refuse',
    body: () => ({ pin_code: '0000' }),
    acts: (view) => parentPinSchema.safeParse(view.pin_code).success,
    refusedBody: { pin_code: '12' },
  },
  'POST /frontend/device/switchMacAddress': {
    judge: 'refuse',
    body: (rng) => ({ mac_address: pickMac(rng), device_key: '000000' }),
  },
  'GET /frontend/device/playlists': { judge: 'read', weight: 30 },
  'POST /frontend/device/savePlaylist': { judge: 'refuse', body: PLAYLIST_BODY, weight: 110 },
  'DELETE /frontend/device/deletePlayListUrl/:id': ONE_PLAYLIST_WITH_PIN,
  'POST /frontend/device/unlockPlaylist/:id': ONE_PLAYLIST_WITH_PIN,
  'POST /frontend/device/checkPlaylist/:id': ONE_PLAYLIST_WITH_PIN,
  // Locked groups of a playlist: every playlist of the caller is protected with another PIN, so it is refused.
  'POST /frontend/device/lockedGroups/:id': {
    ...ONE_PLAYLIST_WITH_PIN,
    body: (rng) => ({ locked_groups: rng.pick([['Films'], [], ['Sport', 'News']]), pin: '0000' }),
  },
  'POST /frontend/device/checkPlaylist': {
    judge: 'refuse',
    body: (rng) => {
      const { current_playlist_url_id: _id, current_pin: _pin, ...rest } = PLAYLIST_BODY(rng);
      return { ...rest, playlist_url: rng.pick(['http://127.0.0.1/l.m3u', 'http://example.com/l.m3u']) };
    },
  },
  'GET /frontend/device/checkMacValid': { judge: 'read', weight: 30 },
  'POST /frontend/device/saveActivation': {
    judge: 'refuse',
    body: (rng) => ({
      payment_type: rng.pick(['cowpay', 'crypto', 'opay', 'opay1', 'paypal', 'ibostore']),
      first_name: 'Amira',
      last_name: 'Hassan',
      email: 'amira@example.com',
      phone_number: '+201001234567',
      coin_type: 'BTC',
    }),
  },
  'POST /frontend/paypal/order/create': { judge: 'refuse', body: () => ({}), weight: 40 },
  'POST /frontend/paypal/order/capture/:orderID': {
    judge: 'refuse',
    params: { orderID: idParam },
    body: () => ({ orderID: 'x' }),
  },
  'GET /frontend/sendUserQuestion': { judge: 'contact', query: CONTACT_BODY, sessionOnlyCrossSite: false },
  'POST /frontend/sendUserQuestion': { judge: 'contact', body: CONTACT_BODY },
  'POST /webhooks/:provider': { judge: 'webhook', weight: 0 },
  'GET /sandbox/crypto/checkout/:id': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'GET /sandbox/crypto/checkout/:id/framed': { judge: 'sandbox', params: { id: idParam }, weight: 4 },
  'POST /sandbox/crypto/checkout/:id/pay': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/crypto/checkout/:id/pay-part': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/crypto/checkout/:id/fail': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/crypto/checkout/:id/cancel': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  // The merchant's refund needs the API key: whatever the id, a caller without it is refused.
  'POST /sandbox/crypto/merchant/invoices/:id/refund': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'GET /sandbox/opay/checkout/:id': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'GET /sandbox/opay/checkout/:id/framed': { judge: 'sandbox', params: { id: idParam }, weight: 4 },
  'POST /sandbox/opay/checkout/:id/pay': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay/checkout/:id/transfer': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay/checkout/:id/decline': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay/checkout/:id/cancel': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay/checkout/:id/callback-scheme': { judge: 'sandbox', params: { id: idParam }, weight: 4 },
  'GET /sandbox/opay1/checkout/:id': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'GET /sandbox/opay1/checkout/:id/framed': { judge: 'sandbox', params: { id: idParam }, weight: 4 },
  'POST /sandbox/opay1/checkout/:id/pay': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay1/checkout/:id/transfer': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay1/checkout/:id/decline': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay1/checkout/:id/cancel': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay1/checkout/:id/callback-scheme': { judge: 'sandbox', params: { id: idParam }, weight: 4 },
  'POST /sandbox/crypto/v1/invoice': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      price_amount: 8.99,
      price_currency: 'eur',
      order_id: world.victim.paid.id,
      ipn_callback_url: `${server.url}/webhooks/crypto`,
      success_url: server.url,
    }),
  },
  'POST /sandbox/cowpay/api/v1/iframe/token': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      merchant_reference_id: world.victim.paid.id,
      customer_merchant_profile_id: '0E7A6B7C8D00',
      customer_name: 'Amira Hassan',
      customer_mobile: '+201001234567',
      customer_email: 'amira@example.com',
      amount: '499.00',
      currency_code: 'EGP',
      signature: 'ab'.repeat(32),
      description: 'Licence',
    }),
  },
  'GET /sandbox/cowpay/js/plugins/sandbox-frame-message.js': { judge: 'sandbox', weight: 6 },
  'GET /sandbox/cowpay/api/v1/iframe/load/:token': { judge: 'sandbox', params: { token: idParam }, weight: 8 },
  'POST /sandbox/cowpay/api/v1/iframe/load/:token/:outcome': {
    judge: 'sandbox',
    params: { token: idParam, outcome: (v) => v.text('pay') },
    weight: 8,
  },
  'POST /sandbox/opay/api/v1/international/cashier/create': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({ reference: world.victim.paid.id, amount: { total: 899, currency: 'EUR' }, returnUrl: server.url }),
  },
  'POST /sandbox/opay1/api/v1/international/cashier/create': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({ reference: world.victim.paid.id, amount: { total: 899, currency: 'EUR' }, returnUrl: server.url }),
  },
  // The providers' status APIs (reconciliation) and the stand-ins' "callback lost" payments: signed or keyed, so a
  // caller without the merchant's keys is refused whatever it names.
  'GET /sandbox/cowpay/api/v1/charge/status': { judge: 'sandbox', weight: 8 },
  'GET /sandbox/crypto/v1/payment/': { judge: 'sandbox', weight: 8 },
  'GET /sandbox/crypto/v1/payment/:id': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/crypto/v1/auth': {
    judge: 'sandbox',
    weight: 8,
    body: () => ({ email: 'merchant@example.com', password: 'not-the-password' }),
  },
  'POST /sandbox/crypto/checkout/:id/pay-lost': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay/api/v1/international/cashier/status': {
    judge: 'sandbox',
    weight: 8,
    body: () => ({ country: 'EG', reference: world.victim.paid.id }),
  },
  'POST /sandbox/opay1/api/v1/international/cashier/status': {
    judge: 'sandbox',
    weight: 8,
    body: () => ({ country: 'EG', reference: world.victim.paid.id }),
  },
  'POST /sandbox/opay/checkout/:id/pay-lost': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/opay1/checkout/:id/pay-lost': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  // OPay's refund, which only a request signed with the secret key makes: the victim's paid order named.
  'POST /sandbox/opay/api/v1/international/payment/refund/create': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      amount: { total: 899, currency: 'EUR' },
      callbackUrl: `${server.url}/webhooks/opay`,
      country: 'EG',
      originalReference: world.victim.paid.id,
      reference: 'refund-1',
      refundWay: 'Original',
    }),
  },
  'POST /sandbox/opay1/api/v1/international/payment/refund/create': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      amount: { total: 899, currency: 'EUR' },
      callbackUrl: `${server.url}/webhooks/opay1`,
      country: 'EG',
      originalReference: world.victim.paid.id,
      reference: 'refund-1',
      refundWay: 'Original',
    }),
  },
  'GET /sandbox/paypal/sdk/js': { judge: 'sandbox', weight: 6 },
  'POST /sandbox/paypal/v1/oauth2/token': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({ grant_type: 'client_credentials' }),
  },
  'POST /sandbox/paypal/v2/checkout/orders': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      purchase_units: [{ custom_id: world.victim.paid.id, amount: { value: '8.99', currency_code: 'EUR' } }],
    }),
  },
  'POST /sandbox/paypal/orders/:id/approve': {
    judge: 'sandbox',
    params: { id: (values) => (values.rng.chance(0.5) ? values.rng.uuid() : values.text()) },
    body: () => ({ card: 'declined' }),
    weight: 12,
  },
  'POST /sandbox/paypal/v2/checkout/orders/:id/capture': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({}),
    weight: 12,
  },
  'GET /sandbox/paypal/v2/checkout/orders/:id': { judge: 'sandbox', params: { id: idParam }, weight: 8 },
  'POST /sandbox/paypal/v2/payments/captures/:id/refund': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({ amount: { value: '8.99', currency_code: 'EUR' }, custom_id: world.victim.paid.id }),
    weight: 8,
  },
  'POST /sandbox/paypal/simulate/captures/:id/review': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({ decision: 'complete' }),
    weight: 6,
  },
  'POST /sandbox/paypal/simulate/captures/:id/reverse': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({}),
    weight: 6,
  },
  'POST /sandbox/paypal/simulate/captures/:id/dispute': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({}),
    weight: 6,
  },
  'POST /sandbox/paypal/simulate/disputes/:id/resolve': {
    judge: 'sandbox',
    params: { id: idParam },
    body: () => ({ outcome: 'RESOLVED_BUYER_FAVOUR' }),
    weight: 6,
  },
  'POST /sandbox/paypal/v1/notifications/verify-webhook-signature': {
    judge: 'sandbox',
    weight: 12,
    body: () => ({
      transmission_id: 'x',
      transmission_time: 'y',
      webhook_id: 'z',
      transmission_sig: 'w',
      webhook_event: {},
    }),
  },
  'GET /robots.txt': { judge: 'read', weight: 10 },
  'GET /sitemap.xml': { judge: 'read', weight: 10 },
};

/**
 * The sandbox checkout pages pay whoever presses Pay: that is what a provider's hosted page does, so their ids
 * are never taken from the pools (the ids of the device's own pending checkouts would pay them). Unknown ids,
 * hostile text and the graph's ids only.
 */
function sandboxId(values: ValueGen): unknown {
  const known = new Set([world.victim.paid.providerReference, world.victim.order.providerReference]);
  const id = values.rng.chance(0.3) ? values.rng.uuid() : values.text();
  return typeof id === 'string' && known.has(id) ? 'unknown' : id;
}

function fillPath(route: string, spec: RouteSpec, values: ValueGen): string {
  const rng = values.rng;
  const [, path = ''] = route.split(' ');
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    if (rng.chance(0.15)) return rng.pick(PERCENT_TRAPS) + (rng.chance(0.5) ? rng.uuid() : '');
    const make = spec.judge === 'sandbox' && name !== 'frameCode' ? sandboxId : (spec.params?.[name] ?? idParam);
    return urlComponent(textOf(make(values)).slice(0, 6000));
  });
}

/** The judge's view of a route's answer. */
function restHarmless(spec: RouteSpec, route: string, caller: CallerKind, view: Record<string, unknown> | null) {
  if (SIGN_IN_FORM_ROUTES.has(route)) {
    // The sign-in form is refused as the screen again, an HTML page whose state says why (or, from another site,
    // the API's 403): never a redirect into the portal.
    return (res: Answer) =>
      res.status >= 400 &&
      res.status < 500 &&
      (res.json?.status === 'error' || /<script id="sign-in-state"[^>]*>[^<]*"error":"[^"]/.test(res.text));
  }
  switch (spec.judge) {
    case 'read':
      return (res: Answer) => res.status >= 200 && res.status < 300;
    case 'page':
      // The page, or (signed in) a redirect that stays on this site, whatever `next` asked for.
      return (res: Answer) =>
        res.status === 200 || (res.status === 303 && /^\/(?!\/)/.test(res.headers.get('location') ?? ''));
    case 'contact': {
      const record = view && typeof view === 'object' && !Array.isArray(view) ? view : {};
      const fields = { name: record.name, email: record.email, subject: record.subject, message: record.message };
      const valid = view !== null && contactSchema.safeParse(fields).success;
      return (res: Answer) => valid && res.status === 200 && res.json?.status === 'success';
    }
    case 'sandbox':
      // The stand-ins answer in their providers' shapes: a 4xx, OPay's 200 with an error code, the SDK script.
      return (res: Answer) =>
        (res.status >= 400 && res.status < 500) ||
        (res.status === 200 && typeof res.json?.code === 'string' && res.json.code !== '00000') ||
        (route === 'GET /sandbox/paypal/sdk/js' && res.status === 200) ||
        (route.startsWith('GET /sandbox/cowpay/js/plugins/') && res.status === 200) ||
        (route.endsWith('verify-webhook-signature') && res.json?.verification_status === 'FAILURE');
    default:
      void caller;
      return undefined;
  }
}

function restProbes(route: Route, rng: Rng): FuzzProbe[] {
  const spec = ROUTE_SPECS[route];
  const values = new ValueGen(rng, world.pools);
  const [method] = route.split(' ') as [string];
  const probes: FuzzProbe[] = [];
  const total = count(spec.weight ?? 85);
  const bodySlots = (base: Record<string, unknown>): Slot[] => [
    { path: [], gen: () => values.wrongType(), object: true },
    ...Object.keys(base).map((key) => ({ path: [key], gen: (b: unknown) => values.text(b) })),
  ];
  for (let i = 0; i < total; i += 1) {
    const caller = rng.weighted(CALLERS);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const headers: Record<string, string> = { ...callerHeaders(caller, rng) };
      const path = fillPath(route, spec, values);
      let search = '';
      let body: string | undefined;
      let view: Record<string, unknown> | null = {};
      let shape = '';
      if (spec.query) {
        const { value, changes } = mutate(spec.query(rng), bodySlots(spec.query(rng)), values);
        search = `?${formEncode(value)}`;
        view = queryView(search);
        shape = changes.join(' ');
      } else if (rng.chance(0.15) || method === 'GET') {
        const junk = { [values.unknownKey()]: values.text() };
        search = rng.chance(0.3) ? `?${rng.pick(PERCENT_TRAPS)}=${rng.pick(PERCENT_TRAPS)}` : `?${formEncode(junk)}`;
      }
      if (spec.body && method !== 'GET') {
        const base = spec.body(rng);
        const { value, changes } = mutate(base, bodySlots(base), values);
        shape = changes.join(' ');
        const r = rng.next();
        if (r < 0.68) {
          body = toJson(value);
          headers['content-type'] = rng.chance(0.9) ? 'application/json' : 'application/json; charset=utf-8';
          try {
            view = JSON.parse(body) as Record<string, unknown>;
          } catch {
            view = null;
          }
        } else if (r < 0.93) {
          body = formEncode(value);
          headers['content-type'] = 'application/x-www-form-urlencoded';
          view = formView(body);
        } else {
          body = toJson(value);
          headers['content-type'] = rng.pick(['text/plain', 'application/xml', 'multipart/form-data']);
          view = {};
        }
      }
      // From another site: refused before anything runs on /frontend (the state-changing GETs included).
      // (A signed-in session only ever sends the sign-out from another site: it would end the session.)
      const crossSite = rng.chance(0.08) || (spec.sessionOnlyCrossSite === true && caller === 'session');
      if (crossSite) {
        if (rng.chance(0.7))
          headers.origin = rng.pick(['https://evil.example', 'null', 'http://localhost.evil.example']);
        else headers['sec-fetch-site'] = 'cross-site';
      } else if (rng.chance(0.05)) headers.origin = ALLOWED_ORIGIN;
      Object.assign(headers, oddHeaders(rng));
      const refusedAsCrossSite =
        route.includes(' /frontend/') &&
        ((method !== 'GET' && headers.origin !== undefined && headers.origin !== ALLOWED_ORIGIN) ||
          (method !== 'GET' && !headers.origin && headers['sec-fetch-site'] === 'cross-site') ||
          ((route === 'GET /frontend/device/logout' || route === 'GET /frontend/sendUserQuestion') &&
            ((headers.origin !== undefined && headers.origin !== ALLOWED_ORIGIN) ||
              (!headers.origin && headers['sec-fetch-site'] === 'cross-site'))));
      if (spec.sessionOnlyCrossSite && caller === 'session' && !refusedAsCrossSite) continue;
      if (spec.acts && signedIn(caller) && !refusedAsCrossSite && view && spec.acts(view)) continue;
      const harmless = refusedAsCrossSite ? undefined : restHarmless(spec, route, caller, view);
      const judge = refusedAsCrossSite ? 'refuse' : spec.judge;
      const p = probe(route, caller, judge, { method, path: `${path}${search}`, headers, body }, { harmless });
      p.transport = 'rest';
      if (shape) p.label = `${p.label} (${shape})`;
      probes.push(p);
      break;
    }
  }
  return probes;
}

/** HEAD requests to the GETs that change state, from another site: refused like the GETs themselves. */
function crossSiteHeadProbes(rng: Rng): FuzzProbe[] {
  const probes: FuzzProbe[] = [];
  for (const route of ['GET /frontend/device/logout', 'GET /frontend/sendUserQuestion'] as const) {
    const [, path] = route.split(' ');
    for (let i = 0; i < count(4); i += 1) {
      const headers = {
        ...callerHeaders('session', rng),
        ...(i % 2 ? { origin: 'https://evil.example' } : { 'sec-fetch-site': 'cross-site' }),
      };
      const query = route.endsWith('sendUserQuestion') ? `?${formEncode(CONTACT_BODY())}` : '';
      const p = probe(route, 'session', 'refuse', { method: 'HEAD', path: `${path}${query}`, headers });
      p.transport = 'rest';
      // A HEAD answer has no body: the status is the refusal.
      p.harmless = (res) => res.status === 403;
      probes.push(p);
    }
  }
  return probes;
}

/** Unknown paths under /frontend: the API's 404, never the client's page. */
function frontendFallbackProbes(rng: Rng): FuzzProbe[] {
  const values = new ValueGen(rng, world.pools);
  const probes: FuzzProbe[] = [];
  for (let i = 0; i < count(40); i += 1) {
    const caller = rng.weighted(CALLERS);
    const method = rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    // (Never a bare dot segment: the client would resolve it out of /frontend before sending.)
    const segment = `${rng.chance(0.4) ? rng.pick(PERCENT_TRAPS) : urlComponent(textOf(values.text()).slice(0, 200))}x`;
    const path = rng.pick([
      '/frontend/',
      '/frontend/device/',
      '/frontend/paypal/order/',
      '/frontend/device/savePlaylist/',
    ]);
    const headers = { ...callerHeaders(caller, rng), 'content-type': 'application/json' };
    const p = probe('ALL /frontend', caller, 'refuse', {
      method,
      path: `${path}${segment || 'x'}`,
      headers,
      body: method === 'GET' ? undefined : '{}',
    });
    p.transport = 'rest';
    probes.push(p);
  }
  return probes;
}

/** The client's pages (payment return pages included) and files, with hostile paths and query strings. */
function pageProbes(rng: Rng): FuzzProbe[] {
  const values = new ValueGen(rng, world.pools);
  const probes: FuzzProbe[] = [];
  const pages = [
    '/',
    '/contact',
    '/device/login',
    '/device/playlists',
    '/link',
    '/dashboard/activate',
    '/cowpayReturnUrl',
    '/activation/crypto/redirect',
    '/cowpay/checkout/sandbox/',
    '/terms-and-conditions',
    '/index.html',
    '/no/such/page/',
  ];
  const returnQueries = () =>
    rng.pick([
      { payment_status: values.text('success') },
      { merchant_reference_id: values.id(), order_status: values.text('PAID'), payment_status: 'success' },
      { NP_id: values.id(), order_id: world.victim.paid.id },
      { token: values.id(), cowpay_reference_id: values.text('123') },
      { [values.unknownKey()]: values.text() },
    ]);
  for (let i = 0; i < count(110); i += 1) {
    const caller = rng.weighted(CALLERS);
    let page = rng.pick(pages);
    if (page.endsWith('/checkout/sandbox/')) page += urlComponent(textOf(values.text()).slice(0, 300)) || 'x';
    if (rng.chance(0.2)) page += rng.pick(PERCENT_TRAPS);
    const search = rng.chance(0.15) ? `?${rng.pick(PERCENT_TRAPS)}` : `?${formEncode(returnQueries())}`;
    const method = rng.pick(['GET', 'GET', 'GET', 'HEAD', 'POST']);
    const target: Mount = 'ALL /';
    const p = probe(target, caller, 'page', {
      method,
      path: `${page}${search}`,
      headers: { ...callerHeaders(caller, rng), accept: 'text/html' },
      body: method === 'POST' ? 'a=1' : undefined,
    });
    p.harmless = (res) => res.status < 500;
    probes.push(p);
  }
  // The TV app's static files (/tv, and /ar/tv in Arabic): files, traversal tries and bent names alike.
  for (const target of ['ALL /tv', 'ALL /ar/tv'] as const) {
    for (let i = 0; i < count(10); i += 1) {
      const caller = rng.weighted(CALLERS);
      const file = rng.chance(0.5) ? rng.pick(PERCENT_TRAPS) : urlComponent(textOf(values.text()).slice(0, 200));
      const p = probe(target, caller, 'page', {
        method: rng.pick(['GET', 'GET', 'HEAD', 'POST']),
        path: `${target.slice(4)}/${rng.chance(0.3) ? '' : file || 'x'}${rng.chance(0.3) ? '/../../index.html' : ''}`,
        headers: callerHeaders(caller, rng),
      });
      p.harmless = (res) => res.status < 500;
      probes.push(p);
    }
  }
  for (let i = 0; i < count(20); i += 1) {
    const caller = rng.weighted(CALLERS);
    const file = rng.chance(0.5) ? rng.pick(PERCENT_TRAPS) : urlComponent(textOf(values.text()).slice(0, 200));
    const p = probe('ALL /assets', caller, 'page', {
      method: 'GET',
      path: `/assets/${file || 'x'}${rng.chance(0.3) ? '/../../index.html' : ''}`,
      headers: callerHeaders(caller, rng),
    });
    p.harmless = (res) => res.status < 500;
    probes.push(p);
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks: providers' deliveries, forged, bent and broken

function webhookProbes(rng: Rng): FuzzProbe[] {
  const values = new ValueGen(rng, world.pools);
  const probes: FuzzProbe[] = [];
  const { paid, order } = world.victim;
  const wrongKey = 'not-the-secret-key-0123456789';
  // Genuine shapes of each provider's delivery for the other device's payments, signed with a wrong key: every
  // bend of them must be refused, and nothing but the refusal may be recorded.
  const bases: Array<{ provider: string; body: () => Record<string, unknown>; headers: () => Record<string, string> }> =
    [
      {
        provider: 'crypto',
        body: () => nowPaymentsIpn(paid),
        headers: () => ({
          'x-nowpayments-sig': signedIpn(server, nowPaymentsIpn(paid), wrongKey).headers['x-nowpayments-sig']!,
        }),
      },
      {
        provider: rng.pick(['opay', 'opay1']),
        body: () => JSON.parse(opayCallback('opay', opayPayload(paid), 'ab'.repeat(64)).rawBody),
        headers: () => ({}),
      },
      {
        provider: 'cowpay',
        body: () => ({ ...cowpayBody(paid), signature: 'cd'.repeat(32) }),
        headers: () => ({}),
      },
      {
        provider: 'paypal',
        body: () => paypalEvent(order),
        headers: () => paypalDelivery(server, paypalEvent(order), wrongKey).headers,
      },
    ];
  const slotsOf = (base: Record<string, unknown>): Slot[] => {
    const slots: Slot[] = [{ path: [], gen: () => values.wrongType(), object: true }];
    const walk = (value: unknown, path: string[], depth: number) => {
      if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 2) return;
      for (const key of Object.keys(value)) {
        slots.push({ path: [...path, key], gen: (b) => (rng.chance(0.5) ? values.text(b) : values.wrongType()) });
        walk((value as Record<string, unknown>)[key], [...path, key], depth + 1);
      }
    };
    walk(base, [], 0);
    return slots;
  };
  // Fields nested tens of thousands deep (a 256 kB body allows 100,000), with well-formed signature headers, so
  // that they get past the first checks to whatever reads the fields.
  for (const base of bases) {
    for (const deep of [deepJson(60_000, 'array'), deepJson(30_000, 'object')]) {
      const body = base.body();
      // Any field, at any level (OPay's are inside its payload).
      const field = rng.pick(slotsOf(body).filter((slot) => slot.path.length)).path;
      setAt(body, field, deep);
      webhookDeliveries += 1;
      const p = probe('POST /webhooks/:provider', 'anonymous', 'webhook', {
        method: 'POST',
        path: `/webhooks/${base.provider}`,
        headers: { 'content-type': 'application/json', ...base.headers() },
        body: toJson(body),
      });
      p.label = `${p.label} (${field.join('.')}=<${deep.label}>)`;
      probes.push(p);
    }
  }
  for (let i = 0; i < count(150); i += 1) {
    const base = rng.pick(bases);
    // Unknown providers too (never a bare dot segment, which the client resolves away before sending).
    const unknown = urlComponent(
      textOf(rng.pick([values.text(), 'PAYPAL', 'ibostore', 'opay2', 'crypto%00'])).slice(0, 200),
    );
    const provider = rng.chance(0.1)
      ? /^\.*$/.test(unknown)
        ? 'x'
        : unknown
      : base.provider === 'opay' || base.provider === 'opay1'
        ? rng.pick(['opay', 'opay1'])
        : base.provider;
    const original = base.body();
    const { value, changes } = mutate(original, slotsOf(original), values);
    let headers: Record<string, string> = { 'content-type': 'application/json', ...base.headers() };
    if (rng.chance(0.2)) {
      // Signature headers bent or missing.
      headers = Object.fromEntries(
        Object.entries(headers).map(([k, v]) => [k, k === 'content-type' ? v : textOf(values.text(v)).slice(0, 2000)]),
      );
    }
    if (rng.chance(0.1)) headers.authorization = `Bearer ${world.own.token}`;
    webhookDeliveries += 1;
    const p = probe('POST /webhooks/:provider', 'anonymous', 'webhook', {
      method: 'POST',
      path: `/webhooks/${provider}`,
      headers,
      body: toJson(value),
    });
    p.label = `${p.label} (${changes.join(' ')})`;
    probes.push(p);
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// The wire: malformed bodies and raw requests on every route that takes a body

const BODY_ROUTES = ROUTES.filter((r) => r.startsWith('POST ') || r.startsWith('DELETE '));

function wireProbes(rng: Rng): FuzzProbe[] {
  const values = new ValueGen(rng, world.pools);
  const probes: FuzzProbe[] = [];
  // Each route takes the corpus in turn from where the previous one stopped, so every kind of body is sent.
  let turn = rng.int(1000);
  for (const route of BODY_ROUTES) {
    const spec = ROUTE_SPECS[route];
    const base =
      spec.refusedBody ??
      spec.body?.(rng) ??
      (route.startsWith('POST /webhooks') ? nowPaymentsIpn(world.victim.paid) : {});
    const corpus = wireBodies(JSON.stringify(base));
    const perRoute = route.startsWith('POST /sandbox') ? 4 : 14;
    for (let i = 0; i < count(perRoute); i += 1) {
      const body = corpus[turn++ % corpus.length]!;
      const caller = rng.weighted(CALLERS);
      const headers: Record<string, string> = { ...callerHeaders(caller, rng), ...body.headers };
      if (body.contentType !== undefined) headers['content-type'] = body.contentType;
      const path = route.startsWith('POST /webhooks')
        ? `/webhooks/${rng.pick(['crypto', 'opay', 'opay1', 'cowpay', 'paypal'])}`
        : fillPath(route, spec, values);
      if (route.startsWith('POST /webhooks')) webhookDeliveries += 1;
      const harmless =
        spec.judge === 'contact'
          ? // A body the parser still reads as the valid message is stored; it is counted like the others.
            (res: Answer) => res.status === 200 && res.json?.status === 'success'
          : spec.judge === 'sandbox' || SIGN_IN_FORM_ROUTES.has(route)
            ? restHarmless(spec, route, caller, null)
            : undefined;
      const p = probe(
        route,
        caller,
        spec.judge === 'contact' ? 'contact' : spec.judge === 'sandbox' ? 'sandbox' : 'refuse',
        {
          method: route.split(' ')[0]!,
          path,
          headers,
          body: body.body,
        },
        { harmless },
      );
      p.transport = 'rest';
      p.label = `[${route}] ${caller}: ${path} ${body.label}`;
      probes.push(p);
    }
  }
  return probes;
}

/** Requests fetch would not send as they are: raw request lines, header tricks, framing that lies. */
function rawProbes(rng: Rng): FuzzProbe[] {
  const probes: FuzzProbe[] = [];
  const { own } = world;
  const targets = ['/frontend/device/savePlaylist', '/graphql', '/frontend/device/saveParentPin', '/webhooks/crypto'];
  const host = `127.0.0.1:${server.port}`;
  const json = '{"pin_code":"12"}';
  const requests: Array<[string, Buffer | string]> = [
    [
      'raw UTF-8 bytes in the path',
      Buffer.from(
        `GET /frontend/device/deletePlayListUrl/é📺 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
        'utf8',
      ),
    ],
    ['a space in the path', `GET /frontend/device /x HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    [
      'an absolute-form target',
      `GET http://evil.example/frontend/device HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nConnection: close\r\n\r\n`,
    ],
    ['an asterisk target', `OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    ['HTTP/1.0 without Host', `GET /frontend/device HTTP/1.0\r\n\r\n`],
    ['an unknown HTTP version', `GET /healthz HTTP/3.7\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    ['an unknown method', `BREW /frontend/device HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
    [
      'a NUL in a header',
      `GET /frontend/device HTTP/1.1\r\nHost: ${host}\r\nX-A: a\u0000b\r\nConnection: close\r\n\r\n`,
    ],
    [
      'a header without a colon',
      `GET /frontend/device HTTP/1.1\r\nHost: ${host}\r\nBroken header\r\nConnection: close\r\n\r\n`,
    ],
    ['bare LF line ends', `GET /frontend/device HTTP/1.1\nHost: ${host}\nConnection: close\n\n`],
    [
      'a 40 kB header',
      `GET /frontend/device HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(40_000)}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'a 20 kB path',
      `GET /frontend/device/deletePlayListUrl/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ],
    [
      'both Content-Length and chunked',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
    ],
    [
      'two Content-Lengths',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nContent-Length: 3\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'a negative Content-Length',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: -5\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'broken chunk sizes',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n${json}\r\n0\r\n\r\n`,
    ],
    [
      'a chunk longer than it says',
      `POST /graphql HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{"query":"{ ping }"}\r\n0\r\n\r\n`,
    ],
    [
      'Transfer-Encoding it cannot read',
      `POST /graphql HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked, klingon\r\nConnection: close\r\n\r\n0\r\n\r\n`,
    ],
    [
      'a request smuggled behind another',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}GET /frontend/device/logout HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nOrigin: https://evil.example\r\nConnection: close\r\n\r\n`,
    ],
    [
      'header injection in a cookie',
      `GET /frontend/device HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\n Set-Cookie: x=y\r\nConnection: close\r\n\r\n`,
    ],
    ['a Host of another site', `GET /frontend/device HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`],
    [
      'Expect: 100-continue, then the body',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'an Expect it cannot meet',
      `POST /frontend/device/saveParentPin HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nExpect: 200-ok\r\nContent-Length: ${json.length}\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'a Host with a path',
      `POST /frontend/device/saveActivation HTTP/1.1\r\nHost: evil.example/x?y\r\nCookie: ${own.cookie}\r\nContent-Type: application/json\r\nContent-Length: 23\r\nConnection: close\r\n\r\n{"payment_type":"opay"}`,
    ],
    [
      'latin-1 bytes in a header',
      Buffer.concat([
        Buffer.from(`GET /frontend/device HTTP/1.1\r\nHost: ${host}\r\nX-Name: caf`),
        Buffer.from([0xe9, 0xff, 0x80]),
        Buffer.from('\r\nConnection: close\r\n\r\n'),
      ]),
    ],
  ];
  for (const trap of PERCENT_TRAPS) {
    requests.push([
      `the trap ${trap} in a path`,
      `DELETE /frontend/device/deletePlayListUrl/${trap}${rng.uuid()} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${own.cookie}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    ]);
    requests.push([
      `the trap ${trap} in a query string`,
      `GET /frontend/sendUserQuestion?name=${trap}&email=a${trap}@example.com&subject=${trap}&message=${trap} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    ]);
  }
  void targets;
  for (let round = 0; round < count(1); round += 1) {
    for (const [label, raw] of requests) {
      const bytes = Buffer.isBuffer(raw) ? raw : Buffer.from(raw, 'latin1');
      const firstLine = bytes.subarray(0, Math.min(bytes.length, 200)).toString('latin1').split('\r\n')[0] ?? '';
      const isContact = firstLine.includes('sendUserQuestion');
      const p = probe(
        'raw HTTP',
        'anonymous',
        isContact ? 'contact' : 'raw',
        { method: 'RAW', path: firstLine },
        { raw: bytes },
      );
      p.transport = 'rest';
      p.label = `[raw HTTP] ${label}: ${firstLine.slice(0, 120)}`;
      // Node's parser refuses what it cannot read with a bare 4xx before the application; GETs that reach a
      // read answer it; a contact message the query string still spells validly is stored (and counted).
      p.harmless = (res) =>
        parserRefusal(res) ||
        (res.status === 200 &&
          (/^GET (http:\/\/[^/]+)?\/(frontend\/device|healthz) /.test(firstLine) || firstLine.startsWith('OPTIONS'))) ||
        (isContact && res.status === 200 && res.json?.status === 'success') ||
        (firstLine.startsWith('OPTIONS') && res.status < 500);
      probes.push(p);
    }
  }
  return probes;
}

// ---------------------------------------------------------------------------------------------------------------
// Snapshots

type Rows = Map<string, string>;

async function snapshot(): Promise<Record<string, Rows>> {
  const out: Record<string, Rows> = {};
  for (const [table, key] of Object.entries(CHECKED_TABLES)) {
    const rows: Record<string, unknown>[] = await server.db.dataSource.query(`SELECT * FROM ${table} ORDER BY ${key}`);
    const keys = key.split(',').map((k) => k.trim());
    out[table] = new Map(rows.map((row) => [keys.map((k) => String(row[k])).join('|'), JSON.stringify(row)]));
  }
  return out;
}

interface TableDiff {
  added: Record<string, any>[];
  removed: string[];
  changed: string[];
}

function diff(before: Rows, after: Rows): TableDiff {
  const d: TableDiff = { added: [], removed: [], changed: [] };
  for (const [key, row] of after) {
    const old = before.get(key);
    if (old === undefined) d.added.push(JSON.parse(row));
    else if (old !== row) d.changed.push(`${key}: ${old.slice(0, 300)} → ${row.slice(0, 300)}`);
  }
  for (const key of before.keys()) if (!after.has(key)) d.removed.push(key);
  return d;
}

/**
 * The signed-in portal sessions (sessions is not compared row by row, see UNCHECKED_TABLES): no request may
 * create one (a sign-in the fuzzer should never manage) or end one (the caller's own must survive).
 */
async function signedInSessions(): Promise<string[]> {
  const rows: { sid: string; device_id: string }[] = await server.db.dataSource.query(
    `SELECT sid, sess ->> 'deviceId' AS device_id FROM sessions WHERE sess ->> 'deviceId' IS NOT NULL ORDER BY sid`,
  );
  return rows.map((row) => `${row.device_id} ${row.sid}`);
}

/** Stored text, as PostgreSQL keeps it: lone surrogates become U+FFFD. */
const stored = (text: unknown) => (typeof text === 'string' ? Buffer.from(text, 'utf8').toString('utf8') : text);

/** What changed beyond the rows accepted valid requests may add. */
function dataProblems(before: Record<string, Rows>, after: Record<string, Rows>): string[] {
  const problems: string[] = [];
  const diffs = Object.fromEntries(Object.keys(CHECKED_TABLES).map((t) => [t, diff(before[t]!, after[t]!)]));
  for (const [table, d] of Object.entries(diffs)) {
    if (d.removed.length)
      problems.push(`${table}: ${d.removed.length} rows deleted (${d.removed.slice(0, 3).join(', ')})`);
    for (const change of d.changed.slice(0, 5)) problems.push(`${table}: row changed ${change}`);
    if (d.changed.length > 5) problems.push(`${table}: ${d.changed.length - 5} more rows changed`);
  }
  // Contact messages: only as many as were accepted, each one valid by the contact form's own rules.
  const messages = diffs.contact_messages!.added;
  if (messages.length !== accepted.contact) {
    problems.push(`contact_messages: ${messages.length} rows added for ${accepted.contact} accepted messages`);
  }
  for (const row of messages) {
    const fields = { name: row.name, email: row.email, subject: row.subject, message: row.message };
    const parsed = contactSchema.safeParse(fields);
    if (
      !parsed.success ||
      JSON.stringify(Object.values(parsed.data).map(stored)) !== JSON.stringify(Object.values(fields))
    ) {
      problems.push(`contact_messages: a stored message the contact form would refuse: ${short(fields)}`);
    }
  }
  // Devices: only those registered by accepted requests, each valid, in its trial, with one TV token.
  const devices = diffs.devices!.added;
  if (devices.length !== accepted.register) {
    problems.push(`devices: ${devices.length} rows added for ${accepted.register} accepted registrations`);
  }
  const newIds = new Set(devices.map((row) => row.id));
  for (const row of devices) {
    const fields = { macAddress: row.mac_address, model: row.model, appVersion: row.app_version };
    const parsed = registerDeviceSchema.safeParse(fields);
    if (
      !parsed.success ||
      JSON.stringify([parsed.data.macAddress, stored(parsed.data.model), stored(parsed.data.appVersion)]) !==
        JSON.stringify([fields.macAddress, fields.model, fields.appVersion]) ||
      row.licence_lifetime ||
      row.licence_expires_at !== null ||
      row.parent_pin_hash !== null
    ) {
      problems.push(`devices: a registered device the registration rules would refuse: ${short(row)}`);
    }
  }
  const tokens = diffs.device_tokens!.added;
  if (tokens.length !== devices.length || tokens.some((row) => !newIds.has(row.device_id))) {
    problems.push(`device_tokens: ${tokens.length} tokens added for ${devices.length} registered devices`);
  }
  // The audit trail records refused deliveries (README: "refused ones too"), and nothing else.
  const events = diffs.payment_events!.added;
  const notRefusals = events.filter(
    (row) => row.kind !== 'webhook' || !String(row.outcome).startsWith('refused-') || row.activation_id !== null,
  );
  if (notRefusals.length) {
    problems.push(
      `payment_events: ${notRefusals.length} rows that are not refused deliveries: ${short(notRefusals[0])}`,
    );
  }
  if (events.length > webhookDeliveries) {
    problems.push(`payment_events: ${events.length} rows for ${webhookDeliveries} webhook deliveries`);
  }
  // Link requests: only those accepted, each valid by the registration rules, pending and linked to no device.
  const links = diffs.tv_links!.added;
  if (links.length !== accepted.linkRequest) {
    problems.push(`tv_links: ${links.length} rows added for ${accepted.linkRequest} accepted link requests`);
  }
  for (const row of links) {
    const fields = { macAddress: row.mac_address, model: row.model, appVersion: row.app_version };
    const parsed = registerDeviceSchema.safeParse(fields);
    if (!parsed.success || parsed.data.macAddress !== fields.macAddress || row.state !== 'PENDING' || row.device_id) {
      problems.push(`tv_links: a link request the rules would refuse, or one answered: ${short(row)}`);
    }
  }
  for (const table of Object.keys(CHECKED_TABLES)) {
    if (['contact_messages', 'devices', 'device_tokens', 'payment_events', 'tv_links'].includes(table)) continue;
    const added = diffs[table]!.added;
    if (added.length) problems.push(`${table}: ${added.length} rows added, e.g. ${short(added[0])}`);
  }
  return problems;
}

/**
 * Sends the probes six at a time; returns every answer that is not a clear refusal or a harmless read
 * (probes.ts problemWith), or that leaks (extraCheck). Counts the contact messages and registrations accepted.
 */
function runFuzz(probes: FuzzProbe[]): Promise<string[]> {
  return runProbes(probes, 6, (p, res) => {
    const problem = extraCheck(p, res);
    if (!problem && !isRefusal(res)) {
      if (p.judge === 'contact') accepted.contact += 1;
      if (p.judge === 'register') accepted.register += 1;
      if (p.judge === 'link-request') accepted.linkRequest += 1;
    }
    return problem;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The tests

describe('fuzzing every GraphQL operation and REST route', () => {
  it('knows every route the server mounts', () => {
    const mounted = mountedRoutes(server.app);
    const listed = [...ROUTES, ...MOUNTS].sort();
    expect({ missingFromTheFuzzer: mounted.filter((r) => !listed.includes(r as Route)) }).toEqual({
      missingFromTheFuzzer: [],
    });
    expect({ notMounted: listed.filter((r) => !mounted.includes(r)) }).toEqual({ notMounted: [] });
    expect(mounted).toHaveLength(ROUTES.length + MOUNTS.length);
  });

  it('keeps no table out of the data check without a reason', async () => {
    const rows: { table_name: string }[] = await server.db.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    const tables = rows.map((r) => r.table_name).sort();
    expect(tables).toEqual([...Object.keys(CHECKED_TABLES), ...Object.keys(UNCHECKED_TABLES)].sort());
  });

  it(
    'answers thousands of hostile inputs with clear refusals, leaks nothing and changes no data',
    async () => {
      const started = Date.now();
      const rng = new Rng(seed);
      const probes: FuzzProbe[] = [];
      for (const root of roots) probes.push(...graphProbes(root, rng.fork(`graph ${root.key}`)));
      probes.push(...graphTransportProbes(rng.fork('graph transport')));
      for (const route of ROUTES) {
        if (route === 'POST /webhooks/:provider') continue;
        probes.push(...restProbes(route, rng.fork(`rest ${route}`)));
      }
      probes.push(...crossSiteHeadProbes(rng.fork('cross-site HEAD')));
      probes.push(...frontendFallbackProbes(rng.fork('frontend fallback')));
      probes.push(...pageProbes(rng.fork('pages')));
      probes.push(...webhookProbes(rng.fork('webhooks')));
      probes.push(...wireProbes(rng.fork('wire')));
      probes.push(...rawProbes(rng.fork('raw')));
      const generatedMs = Date.now() - started;
      // The order of sending is shuffled (seeded), so callers and targets interleave as on a real server.
      const order = new Rng(seed ^ 0x9e37);
      for (let i = probes.length - 1; i > 0; i -= 1) {
        const j = order.int(i + 1);
        [probes[i], probes[j]] = [probes[j]!, probes[i]!];
      }

      // Every root field of the schema and every mounted route got probes.
      const targets = new Set(probes.map((p) => p.target));
      expect(roots.map((r) => r.key).filter((key) => !targets.has(key))).toEqual([]);
      expect([...ROUTES, ...MOUNTS].filter((route) => !targets.has(route))).toEqual([]);

      const before = await snapshot();
      const sessionsBefore = await signedInSessions();
      const sendStarted = Date.now();
      const problems = await runFuzz(probes);
      const sendMs = Date.now() - sendStarted;

      // The server still answers, and the calling device is still signed in on its session.
      const health = await sendWire(server.url, { method: 'GET', path: '/healthz' });
      const ping = await sendWire(server.url, {
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json', cookie: world.own.cookie },
        body: JSON.stringify({ query: '{ ping currentDevice { id } }' }),
      });
      const after = await snapshot();
      const changes = dataProblems(before, after);
      const sessionsAfter = await signedInSessions();
      if (sessionsAfter.join() !== sessionsBefore.join()) {
        changes.push(`signed-in sessions changed: ${sessionsBefore.join(', ')} → ${sessionsAfter.join(', ')}`);
      }

      report(probes.length, Date.now() - started, generatedMs, sendMs);
      const failures = problems.map((p) => (p.length > 700 ? `${p.slice(0, 700)}…` : p));
      if (process.env.FUZZ_PROBLEMS_FILE) {
        writeFileSync(process.env.FUZZ_PROBLEMS_FILE, [...failures, ...changes].join('\n'));
      }
      if (failures.length || changes.length) {
        console.log(
          `fuzz FAILED (seed ${seed}, rounds ${rounds}): ${failures.length} answers and ${changes.length} data problems\n` +
            [...failures.slice(0, 40), ...changes].join('\n'),
        );
      }
      expect({ seed, problems: failures.slice(0, 40), count: failures.length }).toEqual({
        seed,
        problems: [],
        count: 0,
      });
      expect(changes).toEqual([]);
      expect(health.status).toBe(200);
      expect(ping.json?.data).toEqual({ ping: true, currentDevice: { id: world.own.id } });
      expect(probes.length).toBeGreaterThan(count(4000));
    },
    Math.max(300_000, 240_000 * rounds),
  );
});

function report(total: number, elapsedMs: number, generatedMs: number, sendMs: number) {
  const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(...rows.map(([t]) => t.length));
  const lines = rows.map(([target, t]) => {
    const statuses = [...t.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    return `  ${target.padEnd(width)}  ${String(t.sent).padStart(5)} sent  ${String(t.refused).padStart(5)} refused  ${String(t.accepted).padStart(4)} accepted  [${statuses}]`;
  });
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded';
  console.log(
    [
      `fuzz report — seed ${seed} (FUZZ_SEED), rounds ${rounds} (FUZZ_ROUNDS), database ${database}`,
      ...lines,
      `  ${rows.length} targets, ${total} hostile inputs in ${sendMs} ms (${Math.round(total / (sendMs / 1000))}/s), generated in ${generatedMs} ms; whole run ${elapsedMs} ms`,
      `  accepted as valid: ${accepted.contact} contact messages, ${accepted.register} registrations; ${webhookDeliveries} webhook deliveries`,
    ].join('\n'),
  );
}
