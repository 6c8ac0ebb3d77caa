import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { sandboxRouter } from '@m3u-player/sandbox';
import { runCli } from '../../server/src/cli';
import { loadConfig } from '../../server/src/config';
import { createLogger } from '../../server/src/logger';
import { newSandboxKeys } from '../../server/src/payments/providers';
import { createTestDatabase, describeOnPostgres } from '../support/database';
import {
  daysFromNow,
  eventually,
  licenceOf,
  payButLoseCallback,
  portalView,
  startCheckout,
  startedAgo,
  trailOf,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { signedInDevice, startTestServer, type TestServer } from '../support/server';

/**
 * Reconciliation across instances and from the support tool. Provider credentials are configuration, the same on
 * every instance and for `npm run device`: here NOWPayments, OPay and Cowpay are one stand-in served by the test,
 * which every instance and the tool reach with the same keys. Two servers run the schedule every second on one
 * PostgreSQL database; the tool runs beside them.
 */

const keys = newSandboxKeys();

describeOnPostgres('reconciliation by two instances and by the support tool', () => {
  let a: TestServer;
  let b: TestServer;
  let standIn: Server;
  let standInUrl: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    const provider = express();
    const site = {
      origins: () => ['http://localhost:0', ...[a, b].filter(Boolean).map((s) => s.url)],
      paypalClientId: 'sb',
    };
    provider.use('/sandbox', sandboxRouter(keys, site, ['crypto', 'opay', 'cowpay'], createLogger('silent')));
    standIn = await new Promise<Server>((resolve) => {
      const srv = provider.listen(0, '127.0.0.1', () => resolve(srv));
    });
    standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
    database = await createTestDatabase();
    env = {
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
      CRYPTO_API_URL: `${standInUrl}/sandbox/crypto`,
      CRYPTO_API_KEY: keys.cryptoApiKey,
      CRYPTO_IPN_SECRET: keys.cryptoIpnSecret,
      CRYPTO_EMAIL: keys.cryptoEmail,
      CRYPTO_PASSWORD: keys.cryptoPassword,
      OPAY_API_URL: `${standInUrl}/sandbox/opay`,
      OPAY_MERCHANT_ID: keys.opayMerchantId,
      OPAY_PUBLIC_KEY: keys.opayPublicKey,
      OPAY_SECRET_KEY: keys.opaySecretKey,
      COWPAY_API_URL: `${standInUrl}/sandbox/cowpay`,
      COWPAY_MERCHANT_CODE: keys.cowpayMerchantCode,
      COWPAY_HASH_KEY: keys.cowpayHashKey,
      COWPAY_API_TOKEN: keys.cowpayApiToken,
    };
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

  /** `npm run device -- …` with the servers' configuration, on their database. */
  async function cli(...args: string[]) {
    const lines: string[] = [];
    const config = loadConfig({ ...env, DATABASE_URL: database.url, DATA_DIR: a.dataDir, LOG_LEVEL: 'silent' });
    const code = await runCli(args, (line) => lines.push(line), config);
    return { code, output: lines.join('\n') };
  }

  describe('npm run device -- reconcile', () => {
    it.each(['crypto', 'opay', 'cowpay'] as const)(
      '<reference> asks %s about a paid checkout whose callback was lost, and activates the device',
      async (method) => {
        const { client, device } = await signedInDevice(a);
        const activation = await startCheckout(a, client, method);
        await payButLoseCallback(standInUrl, a, method, activation);
        expect((await portalView(client)).status).toBe('TRIAL');

        const first = await cli('reconcile', activation.id);
        expect(first.code).toBe(0);
        expect(first.output).toMatch(
          new RegExp(`^${activation.id}\\s+${method}\\s+${device.macAddress}\\s+paid: the device is activated until `),
        );
        const seen = await portalView(client);
        expect(seen.status).toBe('ACTIVE');
        expect(seen.payments).toEqual([expect.objectContaining({ id: activation.id, status: 'PAID' })]);
        expect(daysFromNow((await licenceOf(a, device.id)).expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);

        const again = await cli('reconcile', activation.id);
        expect(again.output).toContain('paid already: nothing changed');
        expect((await licenceOf(a, device.id)).payments).toBe(1);
        const payments = await cli('payments', device.macAddress);
        expect(payments.output).toMatch(new RegExp(`${method}\\s+reconcile\\s+activated`));
      },
    );

    it('--pending asks about every open checkout and says what each came to', async () => {
      const payer = await signedInDevice(a);
      const paid = await startCheckout(a, payer.client, 'opay');
      await payButLoseCallback(standInUrl, a, 'opay', paid);
      const waiter = await signedInDevice(b);
      const unpaid = await startCheckout(b, waiter.client, 'crypto');

      const run = await cli('reconcile', '--pending');
      expect(run.code).toBe(0);
      const line = (id: string) => run.output.split('\n').find((l) => l.startsWith(id)) ?? '';
      expect(line(paid.id)).toMatch(/opay\s+\S+\s+paid: the device is activated until/);
      expect(line(unpaid.id)).toMatch(/crypto\s+\S+\s+still pending at the provider \(no payment yet\)/);
      expect((await portalView(payer.client)).status).toBe('ACTIVE');
      expect((await portalView(waiter.client)).status).toBe('TRIAL');
    });

    it("gives the provider's answer when it says paid at another amount than the checkout asked", async () => {
      const { client, device } = await signedInDevice(a);
      const activation = await startCheckout(a, client, 'opay');
      await payButLoseCallback(standInUrl, a, 'opay', activation);
      // The checkout asked one pound more than the provider took.
      await a.db.dataSource.query(`UPDATE activations SET amount_minor = amount_minor + 100 WHERE id = $1`, [
        activation.id,
      ]);
      const asked = (activation.amountMinor + 100) / 100;
      const run = await cli('reconcile', activation.id);
      expect(run.output).toBe(
        `${activation.id}  opay    ${device.macAddress}  the provider says SUCCESS for ${(activation.amountMinor / 100).toFixed(2)} EGP, ` +
          `not the ${asked.toFixed(2)} EGP asked: not applied, still pending (see payments ${device.macAddress})`,
      );
      expect((await portalView(client)).status).toBe('TRIAL');
    });

    it('names a reference it does not know', async () => {
      const unknown = await cli('reconcile', '00000000-0000-4000-8000-000000000000');
      expect(unknown).toEqual({
        code: 1,
        output: 'No payment has the reference 00000000-0000-4000-8000-000000000000.',
      });
      expect((await cli('reconcile')).code).toBe(64);
    });
  });

  describe('two instances on one database', () => {
    it("reconcile a lost callback's payment once on their schedules: one payment, the licence extended once", async () => {
      const { client, device } = await signedInDevice(a);
      const activation = await startCheckout(a, client, 'cowpay');
      await payButLoseCallback(standInUrl, a, 'cowpay', activation);
      await startedAgo(a, activation.id, 10);

      const seen = await eventually(
        () => portalView(client),
        (view) => view.status === 'ACTIVE',
        30_000,
      );
      expect(seen.payments).toEqual([expect.objectContaining({ id: activation.id, status: 'PAID' })]);
      const licence = await licenceOf(b, device.id);
      expect(licence.payments).toBe(1);
      expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
      const trail = await trailOf(a, activation.id);
      expect(trail.filter((e) => e.outcome === 'activated')).toEqual([{ kind: 'reconcile', outcome: 'activated' }]);
    });

    it('and the support tool, all asking at the same moment, pay the checkout once', async () => {
      for (const method of ['crypto', 'opay'] as const) {
        const { client, device } = await signedInDevice(b);
        const activation = await startCheckout(b, client, method);
        await payButLoseCallback(standInUrl, b, method, activation);
        await startedAgo(b, activation.id, 10);

        const [, , tool] = await Promise.all([
          a.services.reconciler.runDue(),
          b.services.reconciler.runDue(),
          cli('reconcile', activation.id),
        ]);
        expect(tool.code).toBe(0);
        expect(tool.output).toMatch(/paid: the device is activated until|paid already: nothing changed/);
        const licence = await licenceOf(a, device.id);
        expect(licence.payments).toBe(1);
        expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
        const activated = (await trailOf(a, activation.id)).filter((e) => e.outcome === 'activated');
        expect(activated).toHaveLength(1);
        expect((await portalView(client)).payments).toEqual([expect.objectContaining({ status: 'PAID' })]);
      }
    });
  });
});
