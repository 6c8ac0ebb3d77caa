import { runCli } from '../../server/src/cli';
import { loadConfig } from '../../server/src/config';
import { startCheckout } from '../support/payments';
import { signedInDevice, startTestServer, TEST_CAPTCHA, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function cli(...args: string[]) {
  const lines: string[] = [];
  // The tool opens its own connection: point it at the test server's database.
  const url = (server.db.dataSource.options as { url: string }).url;
  const code = await runCli(
    args,
    (l) => lines.push(l),
    loadConfig({ DATABASE_URL: url, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' }),
  );
  return { code, output: lines.join('\n') };
}

async function signIn(mac: string, key: string) {
  const client = server.client();
  const token = await client.captcha();
  return client.request('POST', '/frontend/device/login', {
    body: { mac_address: mac, device_key: key, captcha: TEST_CAPTCHA, token },
  });
}

describe('support command-line tool', () => {
  it('creates a device, shows its status, and resets its key', async () => {
    const created = await cli('create', '--mac', '02:11:22:33:44:55', '--model', 'Support bench');
    expect(created.code).toBe(0);
    expect(created.output).toContain('MAC address: 02:11:22:33:44:55');
    expect(created.output).toContain('Status:      Trial');
    const key = /Device key:\s+(\d{6})/.exec(created.output)?.[1] as string;
    expect((await signIn('02:11:22:33:44:55', key)).status).toBe(200);

    const status = await cli('status', '02-11-22-33-44-55');
    expect(status.code).toBe(0);
    expect(status.output).toMatch(/^Created: {5}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/m);
    expect(status.output).toMatch(/^Expires: {5}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/m);
    expect(status.output).not.toContain(key);

    const reset = await cli('reset-key', '02:11:22:33:44:55');
    const newKey = /New device key: (\d{6})/.exec(reset.output)?.[1] as string;
    expect(reset.code).toBe(0);
    expect((await signIn('02:11:22:33:44:55', key)).status).toBe(key === newKey ? 200 : 401);
    expect((await signIn('02:11:22:33:44:55', newKey)).status).toBe(200);
  });

  it('says clearly when a device does not exist or input is bad', async () => {
    expect(await cli('status', '02:99:99:99:99:99')).toEqual({
      code: 1,
      output: 'No device is registered with the MAC address 02:99:99:99:99:99.',
    });
    expect((await cli('reset-key', 'nonsense')).output).toBe('* Invalid Mac Address*');
  });

  it('names an unknown command, an option the command has not, and a bad value, and does nothing', async () => {
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(64);
    expect(unknown.output).toMatch(/^Unknown command "frobnicate"\.\n\nSupport tool for devices\./);
    const foreign = await cli('status', '02:11:22:33:44:56', '--limit', '5');
    expect(foreign.code).toBe(64);
    expect(foreign.output).toMatch(/^--limit is not an option of status\./);
    for (const limit of ['abc', '0', '501', '2.5', '-1']) {
      const bad = await cli('events', `--limit=${limit}`);
      expect(bad.code).toBe(64);
      expect(bad.output).toMatch(
        new RegExp(`^--limit must be a whole number from 1 to 500 \\(got "${limit.replace('.', '\\.')}"\\)\\.`),
      );
    }
    const extra = await cli('status', '02:11:22:33:44:56', '02:11:22:33:44:57');
    expect(extra.code).toBe(64);
    expect(extra.output).toMatch(/^status takes a MAC address: "02:11:22:33:44:56 02:11:22:33:44:57" is too much\./);
    expect((await cli('events', 'now')).output).toMatch(/^events takes no argument/);
    expect((await cli('reset-key')).output).toMatch(/^reset-key needs a MAC address\./);
  });

  it('reset-key signs the TVs out as the portal key change does, unless --keep-tvs', async () => {
    const created = await cli('create', '--mac', '02:11:22:33:44:66');
    const token = /TV token:\s+(\S+)/.exec(created.output)?.[1] as string;
    const tvReads = async (bearer: string) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ query: '{ currentDevice { macAddress } }' }),
      });
      const body = (await res.json()) as { data?: { currentDevice: { macAddress: string } | null } };
      return body.data?.currentDevice?.macAddress ?? null;
    };
    expect(await tvReads(token)).toBe('02:11:22:33:44:66');

    const kept = await cli('reset-key', '02:11:22:33:44:66', '--keep-tvs');
    expect(kept.code).toBe(0);
    expect(kept.output).toContain('TVs kept signed in (--keep-tvs).');
    expect(await tvReads(token)).toBe('02:11:22:33:44:66');

    const reset = await cli('reset-key', '02:11:22:33:44:66');
    expect(reset.code).toBe(0);
    expect(reset.output).toContain('TVs signed out: 1 (each signs in again with the new key).');
    expect(await tvReads(token)).toBeNull();
  });

  it('finds a device by a MAC it had before a Switch MAC, and shows its MAC history', async () => {
    const mover = await signedInDevice(server, { macAddress: '02:11:22:33:44:77' });
    const created = await cli('create', '--mac', '02:11:22:33:44:78');
    const key = /Device key:\s+(\d{6})/.exec(created.output)?.[1] as string;
    const switched = await mover.client.request('POST', '/frontend/device/switchMacAddress', {
      body: { mac_address: '02:11:22:33:44:78', device_key: key },
    });
    expect(switched.json).toMatchObject({ status: 'success' });

    const old = await cli('status', '02:11:22:33:44:77');
    expect(old.code).toBe(0);
    expect(old.output).toContain('02:11:22:33:44:77 is a former MAC address of this device (see its MAC history).');
    expect(old.output).toContain('MAC address: 02:11:22:33:44:78');
    expect(old.output).toMatch(
      /^MAC history:\n {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}02:11:22:33:44:77 -> 02:11:22:33:44:78 \(Switch MAC\)$/m,
    );
    expect((await cli('payments', '02:11:22:33:44:77')).output).toContain('MAC address: 02:11:22:33:44:78');
  });

  it('says a stand-in method can be asked only by the running server, not "TypeError"', async () => {
    const { client, device } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'opay');
    const asked = await cli('reconcile', activation.id);
    expect(asked.code).toBe(1);
    expect(asked.output).toBe(
      `${activation.id}  opay    ${device.macAddress}  not asked: opay runs on this site's sandbox stand-in (no credentials configured), which only the running server can ask (its reconcile job does), still pending`,
    );
  });

  it("lists a device's payments with their provider events, and the latest deliveries", async () => {
    const { client, device } = await signedInDevice(server);
    const started = await client.request('POST', '/frontend/device/saveActivation', {
      body: { payment_type: 'crypto', email: 'payer@example.com', coin_type: 'BTC' },
    });
    expect(started.status).toBe(200);
    // The owner pays on the sandbox's hosted page; its signed IPN activates the device.
    const page = await (await fetch(started.json.url)).text();
    const action = /action="([^"]+\/pay)"/.exec(page)?.[1] ?? '';
    await fetch(new URL(action, started.json.url), { method: 'POST', redirect: 'manual' });
    for (let i = 0; i < 100 && !(await cli('payments', device.macAddress)).output.includes('activated'); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const forged = await fetch(`${server.url}/webhooks/crypto`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_id: 1, payment_status: 'finished', order_id: 'x' }),
    });
    expect(forged.status).toBe(401);

    const payments = await cli('payments', device.macAddress);
    expect(payments.code).toBe(0);
    expect(payments.output).toMatch(/Status:\s+Active/);
    expect(payments.output).toMatch(/crypto \(sandbox\)\s+8\.99 EUR\s+paid/);
    expect(payments.output).toMatch(/crypto\s+checkout\s+pending/);
    expect(payments.output).toMatch(/crypto\s+webhook\s+activated\s+\d+:finished/);
    // The payer's details stay in the database.
    expect(payments.output).not.toContain('payer@example.com');

    const events = await cli('events', '--limit', '5');
    expect(events.code).toBe(0);
    expect(events.output.split('\n')[0]).toMatch(/^Time\s+Provider\s+Kind\s+Outcome\s+Event id\s+MAC address$/);
    expect(events.output.split('\n')).toHaveLength(6);
    expect(events.output).toMatch(/crypto\s+webhook\s+refused-signature/);
    expect(events.output).toContain(device.macAddress);
  });

  it('records a refund no provider notifies (a Cowpay refund made in its dashboard): the licence is shortened once', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'cowpay');
    const paid = await server.services.ledger.confirm(
      'cowpay',
      {
        eventId: 'cli-test:PAID',
        reference: activation.id,
        providerReference: activation.providerReference,
        transactionId: `cli-test-${activation.id}`,
        status: 'paid',
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        providerStatus: 'PAID',
      },
      'webhook',
      {},
    );
    expect(paid).toBe('activated');

    const refunded = await cli('refund', activation.id, '--note', 'Refunded in the Cowpay dashboard, ticket 42');
    expect(refunded.code).toBe(0);
    expect(refunded.output).toContain('Refunded: the days this payment gave were taken off the licence.');
    expect(refunded.output).toContain('Status:      Trial');
    // A refunded payment gives no licence: its row says when its money went back, not a licence date.
    const listed = await cli('payments', refunded.output.match(/MAC address: (\S+)/)?.[1] as string);
    const row = listed.output.split('\n').find((line) => line.includes(' refunded')) ?? '';
    expect(row).toMatch(/cowpay \(sandbox\)\s+\S+ EGP\s+refunded\s+.*taken back \d{4}-/);
    expect(row).not.toContain('licence until');
    const seen = await client.gql('query { currentDevice { status payments { status takenBackAt } } }');
    expect(seen.json.data.currentDevice).toMatchObject({
      status: 'TRIAL',
      payments: [{ status: 'REFUNDED', takenBackAt: expect.any(String) }],
    });
    const [event] = await server.db.dataSource.query(
      `SELECT kind, outcome, payload->'payload'->>'note' AS note FROM payment_events WHERE activation_id = $1 AND kind = 'operator'`,
      [activation.id],
    );
    expect(event).toEqual({
      kind: 'operator',
      outcome: 'refunded',
      note: 'Refunded in the Cowpay dashboard, ticket 42',
    });

    const again = await cli('refund', activation.id, '--reversed');
    expect(again.code).toBe(0);
    expect(again.output).toContain('Its money was already taken back: nothing changed.');
    const unknown = await cli('refund', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No payment has the reference 00000000-0000-4000-8000-000000000000.');
    expect((await cli('refund')).code).toBe(64);
  });

  it('records part of a refund with --amount: sums add up, and the days come off once they reach the price', async () => {
    const { client } = await signedInDevice(server);
    const activation = await startCheckout(server, client, 'cowpay');
    const paid = await server.services.ledger.confirm(
      'cowpay',
      {
        eventId: `cli-part:${activation.id}`,
        reference: activation.id,
        providerReference: activation.providerReference,
        transactionId: `cli-part-${activation.id}`,
        status: 'paid',
        amountMinor: activation.amountMinor,
        currency: activation.currency,
        providerStatus: 'PAID',
      },
      'webhook',
      {},
    );
    expect(paid).toBe('activated');
    const price = (activation.amountMinor / 100).toFixed(2);

    const part = await cli('refund', activation.id, '--amount', '100.00', '--note', 'Goodwill', '--by', 'Mona');
    expect(part.code).toBe(0);
    expect(part.output).toContain('Recorded: part of the payment went back; the licence keeps its days.');
    expect(part.output).toContain(`Returned so far: 100.00 ${activation.currency} of ${price} ${activation.currency}`);
    expect(part.output).toContain('Status:      Active');
    const shown = await client.gql('query { currentDevice { status payments { status refunded } } }');
    expect(shown.json.data.currentDevice).toEqual({
      status: 'ACTIVE',
      payments: [{ status: 'PAID', refunded: '100.00' }],
    });

    const bad = await cli('refund', activation.id, '--amount', 'ten', '--note', 'typo');
    expect(bad.code).toBe(1);
    expect(bad.output).toBe(`The amount must be a sum above 0 in ${activation.currency}, such as 0.50.`);

    const rest = await cli('refund', activation.id, '--note', 'The rest, ticket 43', '--by', 'Mona');
    expect(rest.code).toBe(0);
    expect(rest.output).toContain('Refunded: the days this payment gave were taken off the licence.');
    expect(rest.output).toContain(`Returned so far: ${price} ${activation.currency} of ${price}`);
    expect(rest.output).toContain('Status:      Trial');

    const trail = await server.db.dataSource.query(
      `SELECT action, actor, note, detail->>'outcome' AS outcome FROM support_actions
        WHERE activation_id = $1 ORDER BY id`,
      [activation.id],
    );
    expect(trail).toEqual([
      { action: 'money-back', actor: 'Mona', note: 'Goodwill', outcome: 'partly-refunded' },
      { action: 'money-back', actor: 'Mona', note: 'The rest, ticket 43', outcome: 'refunded' },
    ]);
  });

  it('extends a licence by hand, by days or for life, and keeps who did it and why', async () => {
    const { device } = await signedInDevice(server);
    const before = await server.db.dataSource.query(`SELECT created_at FROM devices WHERE id = $1`, [device.id]);
    const days = await cli('extend', device.macAddress, '--days', '30', '--note', 'Dispute PP-D-1 won', '--by', 'Omar');
    expect(days.code).toBe(0);
    // In its trial: the 30 days start when the trial ends.
    const trialEnd = new Date(before[0].created_at.getTime() + 7 * 86_400_000);
    const end = new Date(trialEnd.getTime() + 30 * 86_400_000);
    const [row] = await server.db.dataSource.query(`SELECT licence_expires_at FROM devices WHERE id = $1`, [device.id]);
    expect(Math.abs(row.licence_expires_at.getTime() - end.getTime())).toBeLessThan(5_000);
    expect(days.output).toContain('Extended by 30 days: the licence now ends');
    expect(days.output).toContain('Status:      Active');

    const life = await cli('extend', device.macAddress, '--lifetime', '--note', 'Goodwill');
    expect(life.code).toBe(0);
    expect(life.output).toContain('Extended: the device now has a lifetime licence.');
    expect(life.output).toContain('Expires:     never (lifetime licence)');

    const trail = await server.db.dataSource.query(
      `SELECT action, actor, note, detail->>'days' AS days, detail->>'lifetime' AS lifetime
         FROM support_actions WHERE device_id = $1 ORDER BY id`,
      [device.id],
    );
    expect(trail).toEqual([
      { action: 'extend', actor: 'Omar', note: 'Dispute PP-D-1 won', days: '30', lifetime: 'false' },
      { action: 'extend', actor: expect.any(String), note: 'Goodwill', days: null, lifetime: 'true' },
    ]);

    // Bad input changes nothing and says why.
    expect((await cli('extend', device.macAddress, '--note', 'no length')).code).toBe(64);
    expect((await cli('extend', device.macAddress, '--days', '30', '--lifetime', '--note', 'both')).code).toBe(64);
    expect((await cli('extend', device.macAddress, '--days', '-3', '--note', 'x')).code).toBe(64);
    expect(await cli('extend', device.macAddress, '--days=-3', '--note', 'x')).toEqual({
      code: 1,
      output: 'The days must be a whole number from 1 to 36500.',
    });
    expect(await cli('extend', device.macAddress, '--days', '3')).toEqual({
      code: 1,
      output: 'Say why with --note: the trail keeps it.',
    });
    expect((await cli('extend', '02:99:99:99:99:98', '--days', '3', '--note', 'x')).output).toBe(
      'No device is registered with the MAC address 02:99:99:99:99:98.',
    );
    const after = await server.db.dataSource.query(
      `SELECT count(*)::int AS n FROM support_actions WHERE device_id = $1`,
      [device.id],
    );
    expect(after[0].n).toBe(2);
  });

  it('shows the scheduled jobs and runs the prune on demand', async () => {
    const ran = await cli('jobs', '--run', 'prune');
    expect(ran.code).toBe(0);
    expect(ran.output).toMatch(/^prune: rateLimits \d+, captchas \d+, sessions \d+/);
    const listed = await cli('jobs');
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(/^Job\s+Last run\s+Outcome\s+Next run\s+Runs\s+Failures\s+Last result$/m);
    // Its last run, its outcome, and its next run: an hour later (the tool's configuration: the default period).
    const date = String.raw`\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC`;
    expect(listed.output).toMatch(
      new RegExp(String.raw`^prune\s+${date}\s+ok\s+${date}\s+\d+\s+0\s+.*rateLimits \d+`, 'm'),
    );
    expect(listed.output).toMatch(/^reconcile\s+/m);
    expect(await cli('jobs', '--run', 'nothing')).toEqual({ code: 1, output: 'No scheduled job is named nothing.' });
  });
});
