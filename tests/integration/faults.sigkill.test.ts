import { describeOnPostgres, operatedDatabase } from '../support/database';
import {
  ensureServerBuilt,
  graphql,
  registerTv,
  signInOwner,
  sleep,
  startBuiltServer,
  uniqueMac,
  type ServerProcess,
} from '../support/product';

/**
 * SIGKILL in the middle of writes (a crashed host, the OOM killer, `docker kill`): no handler runs, connections
 * drop mid-transaction. After a restart on the same PostgreSQL database every row is whole, everything the
 * server acknowledged is there, and the server starts and serves as usual.
 *
 * FAULTS_ROUNDS=n repeats the kill and restart n times (default 1; docs/operations.md has the longer form).
 */

const ROUNDS = Math.max(1, Number(process.env.FAULTS_ROUNDS ?? 1) || 1);
const DEVICES = 8;
const WORKERS = 16;

const CREATE_PLAYLIST = `mutation($input: PlaylistInput!) { createPlaylist(input: $input) { playlist { id name } } }`;
const START_CHECKOUT = `mutation($input: StartActivationInput!) {
  startActivation(input: $input) { activation { id amount currency } redirectUrl } }`;

interface Tv {
  /** The TV's token, for its reads. */
  token: string;
  /** Its owner's portal session: playlist changes and payments are the owner's. */
  cookie: string;
  id: string;
}
interface Acknowledged {
  playlists: Map<string, { name: string; tv: number }>;
  activations: Set<string>;
}

describeOnPostgres('SIGKILL in the middle of writes', () => {
  let database: Awaited<ReturnType<typeof operatedDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    await ensureServerBuilt();
    database = await operatedDatabase();
  }, 120_000);

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  const start = () =>
    startBuiltServer({
      DATABASE_URL: database.url,
      DB_POOL_SIZE: '10',
      PAYMENT_MAX_PENDING_PER_HOUR: '1000',
      PLAYLIST_MAX_PER_DEVICE: '100000',
    });

  /**
   * WORKERS clients each write in a loop (a playlist, or a checkout: an activation row, the provider's call,
   * then its reference) until the server stops answering. Resolves with what was acknowledged once every
   * worker has given up; `inFlight()` tells how many requests are out at any moment.
   */
  function writeLoad(url: string, tvs: Tv[], ack: Acknowledged, round: number) {
    let inFlight = 0;
    let sent = 0;
    const failures: string[] = [];
    const worker = async (w: number) => {
      for (let n = 0; ; n += 1) {
        const tv = (w + n) % tvs.length;
        const headers = { cookie: tvs[tv]!.cookie };
        inFlight += 1;
        sent += 1;
        const name = `r${round} w${w} n${n}`;
        const checkout = n % 4 === 3;
        const res = checkout
          ? await graphql(url, START_CHECKOUT, { input: { method: 'OPAY' } }, headers, 10_000)
          : await graphql(
              url,
              CREATE_PLAYLIST,
              { input: { name, type: 'GENERAL', url: `http://provider.example/${round}/${w}/${n}.m3u` } },
              headers,
              10_000,
            );
        inFlight -= 1;
        if (res.status === 0) return; // the process is gone
        if (res.status !== 200 || res.json?.errors) {
          failures.push(`${checkout ? 'checkout' : 'playlist'}: ${res.status} ${JSON.stringify(res.json)}`);
          continue;
        }
        if (checkout) ack.activations.add(res.json.data.startActivation.activation.id);
        else ack.playlists.set(res.json.data.createPlaylist.playlist.id, { name, tv });
      }
    };
    const done = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    return { done, inFlight: () => inFlight, sent: () => sent, failures: () => failures };
  }

  it(
    `keeps every acknowledged write and every row whole across ${ROUNDS} kill(s) mid-write`,
    async () => {
      server = await start();
      const tvs: Tv[] = [];
      for (let n = 0; n < DEVICES; n += 1) {
        const mac = uniqueMac();
        const { deviceToken, deviceKey } = await registerTv(server.url, mac);
        const me = await graphql(
          server.url,
          'query { currentDevice { id } }',
          {},
          { authorization: `Bearer ${deviceToken}` },
        );
        const cookie = await signInOwner(server.url, mac, deviceKey);
        tvs.push({ token: deviceToken, cookie, id: me.json.data.currentDevice.id });
      }
      const ack: Acknowledged = { playlists: new Map(), activations: new Set() };
      const figures: string[] = [];

      for (let round = 1; round <= ROUNDS; round += 1) {
        const before = { playlists: ack.playlists.size, activations: ack.activations.size };
        const load = writeLoad(server.url, tvs, ack, round);
        // Kill at a moment nobody chose, once writes are flowing: between 0.8 and 1.6 s into the load.
        await sleep(800 + Math.random() * 800);
        const inFlightAtKill = load.inFlight();
        const killed = await server.kill();
        expect(killed.signal).toBe('SIGKILL');
        await load.done;
        expect(inFlightAtKill).toBeGreaterThan(0);
        expect(load.failures()).toEqual([]);
        expect(ack.playlists.size).toBeGreaterThan(before.playlists);

        // The restart is clean: migrations find nothing to do, nothing is logged as an error, /readyz is 200.
        server = await start();
        expect(server.isRunning()).toBe(true);
        expect(server.output()).not.toMatch(/"level":(50|60)/);
        figures.push(
          `round ${round}: ${load.sent()} sent, ${inFlightAtKill} in flight at the kill, ` +
            `${ack.playlists.size - before.playlists} playlists and ${ack.activations.size - before.activations} checkouts acknowledged`,
        );
      }

      // Every acknowledged playlist is there, with the name and the device it was acknowledged with.
      const ids = [...ack.playlists.keys()];
      const { rows: present } = await database.operator.query(
        `SELECT id, name, device_id FROM playlists WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      expect(present).toHaveLength(ids.length);
      for (const row of present) {
        const acknowledged = ack.playlists.get(row.id)!;
        expect(row.name).toBe(acknowledged.name);
        expect(row.device_id).toBe(tvs[acknowledged.tv]!.id);
      }
      const { rows: totals } = await database.operator.query(`SELECT count(*)::int AS n FROM playlists`);
      const unanswered = totals[0].n - ids.length;
      // At most the requests cut off at each kill were committed without their answer.
      expect(unanswered).toBeGreaterThanOrEqual(0);
      expect(unanswered).toBeLessThanOrEqual(WORKERS * ROUNDS);

      // No orphan, no half-applied change: each playlist has its device, each device's version counts each insert.
      const { rows: orphans } = await database.operator.query(
        `SELECT count(*)::int AS n FROM playlists p LEFT JOIN devices d ON d.id = p.device_id WHERE d.id IS NULL`,
      );
      expect(orphans[0].n).toBe(0);
      const { rows: versions } = await database.operator.query(
        `SELECT d.id, d.playlists_version AS version, count(p.id)::int AS playlists
         FROM devices d LEFT JOIN playlists p ON p.device_id = d.id GROUP BY d.id`,
      );
      for (const row of versions) expect(row.version).toBeGreaterThanOrEqual(row.playlists);
      // The count each device keeps of its playlists (it enforces the per-device limit) is exact.
      const { rows: counts } = await database.operator.query(
        `SELECT d.id, d.playlist_count AS kept, count(p.id)::int AS actual
         FROM devices d LEFT JOIN playlists p ON p.device_id = d.id GROUP BY d.id`,
      );
      for (const row of counts) expect([row.id, row.kept]).toEqual([row.id, row.actual]);

      // Every activation is whole (device, amount, currency, a known method and status); every acknowledged one
      // has its provider reference and checkout URL, and its checkout recorded in the audit trail.
      const { rows: activations } = await database.operator.query(
        `SELECT a.id, a.amount_minor, a.currency, a.method, a.status, a.provider_reference, a.checkout_url,
              d.id AS device, (SELECT count(*)::int FROM payment_events e
                                WHERE e.activation_id = a.id AND e.kind = 'checkout') AS recorded
         FROM activations a LEFT JOIN devices d ON d.id = a.device_id`,
      );
      for (const row of activations) {
        expect(row.device).not.toBeNull();
        // A provider's reference and its audit row are written together or not at all, acknowledged or not.
        expect([row.id, row.recorded]).toEqual([row.id, row.provider_reference === null ? 0 : 1]);
        // OPay's Egyptian account charges its own price (PRICE_EGP's default, 499.00).
        expect(row.amount_minor).toBe(49_900);
        expect(row.currency).toBe('EGP');
        expect(row.method).toBe('opay');
        expect(row.status).toBe('pending');
      }
      const byId = new Map(activations.map((row) => [row.id as string, row]));
      for (const id of ack.activations) {
        const row = byId.get(id);
        expect(row).toBeDefined();
        expect(row.provider_reference).toEqual(expect.any(String));
        expect(row.checkout_url).toMatch(/^http/);
        expect(row.recorded).toBe(1);
      }
      // Checkouts cut off between their row and the provider's reference stay pending without one: harmless
      // (nothing was charged, no webhook can name them), and bounded by what was in flight.
      const abandoned = activations.filter((row) => row.provider_reference === null).length;
      expect(abandoned).toBeLessThanOrEqual(WORKERS * ROUNDS);

      // The restarted server serves every device: its list is exactly what the database holds, and it writes
      // (no lock or transaction of the killed process survived it).
      for (const tv of tvs) {
        const headers = { authorization: `Bearer ${tv.token}` };
        const list = await graphql(server.url, 'query { playlists { id } }', {}, headers);
        const { rows } = await database.operator.query(
          `SELECT count(*)::int AS n FROM playlists WHERE device_id = $1`,
          [tv.id],
        );
        expect(list.json.data.playlists).toHaveLength(rows[0].n);
        // The owner's session, kept in the database, outlives the killed process too.
        const more = await graphql(
          server.url,
          CREATE_PLAYLIST,
          { input: { name: 'After the restart', type: 'GENERAL', url: 'http://provider.example/after.m3u' } },
          { cookie: tv.cookie },
        );
        expect(more.json.data.createPlaylist.playlist.name).toBe('After the restart');
      }
      figures.push(
        `total: ${ids.length} acknowledged playlists all present (+${unanswered} committed but unanswered), ` +
          `${ack.activations.size} acknowledged checkouts all present (${abandoned} cut off before the provider's reference)`,
      );
      process.stdout.write(`[faults.sigkill] ${figures.join('; ')}\n`);
    },
    60_000 + ROUNDS * 20_000,
  );
});
