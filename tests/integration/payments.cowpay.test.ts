import {
  CHECKOUT_BODIES,
  activationStatus,
  cowpayBody,
  daysFromNow,
  deliver,
  eventually,
  licenceOf,
  sandboxKeys,
  signedCowpay,
  webhookOutcomes,
  type StartedActivation,
  YEAR_AFTER_TRIAL,
} from '../support/payments';
import { count, signedInDevice, startTestServer, type TestServer } from '../support/server';
import { createHash } from 'node:crypto';

/**
 * Cowpay's card frame end to end against its stand-in, as Cowpay's published protocol has it (docs.cowpay.me
 * api/iframe; Cowpay's WooCommerce plugin): the iframe token with the Bearer token and a signed request, the card
 * frame, the statuses the frame can end in, the md5-signed server callback, and callbacks that are Cowpay's but
 * do not fit the checkout.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface CardCheckout {
  client: Awaited<ReturnType<typeof signedInDevice>>['client'];
  activation: StartedActivation;
  /** The iframe token: the {intension} of /cowpay/checkout/{fram_code}/{intension}. */
  token: string;
}

/** An owner starts paying by card: the site asks Cowpay (the stand-in) for an iframe token. */
async function startCardCheckout(): Promise<CardCheckout> {
  const { client } = await signedInDevice(server);
  const res = await client.request('POST', '/frontend/device/saveActivation', { body: CHECKOUT_BODIES.cowpay });
  expect(res.status).toBe(200);
  const [, token] = /\/cowpay\/checkout\/[^/]+\/([0-9a-f]{32})$/.exec(res.json.url) ?? [];
  expect(token).toBeTruthy();
  const [row] = await server.db.dataSource.query(
    `SELECT id, device_id, provider_reference, amount_minor, currency FROM activations WHERE id = $1`,
    [res.json.activation_id],
  );
  // The reference kept for the checkout is Cowpay's order number (cowpay_reference_id), which callbacks name.
  expect(row.provider_reference).toMatch(/^\d+$/);
  return {
    client,
    token: token!,
    activation: {
      id: row.id,
      deviceId: row.device_id,
      providerReference: row.provider_reference,
      amountMinor: row.amount_minor,
      currency: String(row.currency).trim(),
    } as StartedActivation,
  };
}

/** The buyer presses one of the frame's buttons; returns what the frame tells the page around it. */
async function inFrame(token: string, choice: 'pay' | 'decline' | 'unpaid' | 'expire') {
  const frameUrl = `${server.url}/sandbox/cowpay/api/v1/iframe/load/${token}`;
  const page = await fetch(frameUrl);
  expect(page.status).toBe(200);
  const action = new RegExp(`action="([^"]+/${choice})"`).exec(await page.text())?.[1];
  expect(action).toBeDefined();
  const res = await fetch(new URL(action!, frameUrl), { method: 'POST' });
  expect(res.status).toBe(200);
  const message = /id="cowpay-message">([^<]*)</.exec(await res.text())?.[1];
  return JSON.parse(message ?? 'null') as Record<string, string>;
}

const status = (c: CardCheckout) =>
  eventually(
    () => activationStatus(server, c.activation.id),
    (s) => s !== 'pending',
    3_000,
  );

describe('the card frame on the stand-in', () => {
  it('PAID: the signed callback activates the device once, and the frame tells the page PAID', async () => {
    const checkout = await startCardCheckout();
    const message = await inFrame(checkout.token, 'pay');
    expect(message).toMatchObject({
      message_source: 'cowpay',
      message_type: 'cowpay_browser_callback',
      callback_type: 'order_status_update',
      cowpay_reference_id: checkout.activation.providerReference,
      payment_status: 'PAID',
    });
    expect(await status(checkout)).toBe('paid');
    const licence = await licenceOf(server, checkout.activation.deviceId);
    expect(licence.payments).toBe(1);
    expect(daysFromNow(licence.expiresAt)).toBeCloseTo(YEAR_AFTER_TRIAL, 1);
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual(['activated']);
    // The frame is done: no more buttons, and pressing one again sends nothing.
    const again = await fetch(`${server.url}/sandbox/cowpay/api/v1/iframe/load/${checkout.token}/pay`, {
      method: 'POST',
    });
    expect(await again.text()).toContain('This payment is paid.');
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual(['activated']);
  });

  it.each([
    ['decline', 'FAILED'],
    ['expire', 'EXPIRED'],
  ] as const)('%s (%s): the checkout fails, nothing is activated', async (choice, orderStatus) => {
    const checkout = await startCardCheckout();
    expect((await inFrame(checkout.token, choice)).payment_status).toBe(orderStatus);
    expect(await status(checkout)).toBe('failed');
    expect(await licenceOf(server, checkout.activation.deviceId)).toMatchObject({ payments: 0, expiresAt: null });
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual(['failed']);
  });

  it('UNPAID changes nothing; the buyer can still pay in the same frame', async () => {
    const checkout = await startCardCheckout();
    expect((await inFrame(checkout.token, 'unpaid')).payment_status).toBe('UNPAID');
    expect(await activationStatus(server, checkout.activation.id)).toBe('pending');
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual(['pending']);
    await inFrame(checkout.token, 'pay');
    expect(await status(checkout)).toBe('paid');
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual(['pending', 'activated']);
  });
});

describe("Cowpay's callbacks that are genuine but do not fit", () => {
  it('a retried PAID callback is applied once', async () => {
    const checkout = await startCardCheckout();
    const delivery = signedCowpay(server, cowpayBody(checkout.activation));
    expect((await deliver(server, delivery)).json.outcome).toBe('activated');
    const again = await deliver(server, delivery);
    expect(again.status).toBe(200);
    expect(again.json.outcome).toBe('duplicate');
    expect((await licenceOf(server, checkout.activation.deviceId)).payments).toBe(1);
  });

  it.each([
    ['for another amount', { amount: '1.00' }, 422, 'refused-amount'],
    ['for another Cowpay order', { cowpay_reference_id: 4242 }, 422, 'refused-mismatch'],
    ['with an order status Cowpay does not publish', { order_status: 'REFUNDED' }, 400, 'refused-malformed'],
    ['with an unknown callback type', { callback_type: 'refund' }, 400, 'refused-malformed'],
  ])('%s: refused, recorded, nothing activated', async (_name, change, httpStatus, outcome) => {
    const checkout = await startCardCheckout();
    const before = await count(server, 'payments');
    const answer = await deliver(server, signedCowpay(server, cowpayBody(checkout.activation, change)));
    expect([answer.status, answer.json.outcome]).toEqual([httpStatus, outcome]);
    expect(await count(server, 'payments')).toBe(before);
    expect(await activationStatus(server, checkout.activation.id)).toBe('pending');
    expect(await webhookOutcomes(server, 'cowpay', checkout.activation.id)).toEqual([outcome]);
  });

  it('signed the way this site once expected (sha256 with the merchant code): refused 401', async () => {
    const checkout = await startCardCheckout();
    const body = cowpayBody(checkout.activation);
    const keys = sandboxKeys(server);
    const signature = createHash('sha256')
      .update(
        `${keys.cowpayMerchantCode}${body.amount}${body.cowpay_reference_id}${body.merchant_reference_id}` +
          `${body.order_status}${keys.cowpayHashKey}`,
      )
      .digest('hex');
    const answer = await deliver(server, {
      provider: 'cowpay',
      rawBody: JSON.stringify({ ...body, signature }),
      headers: {},
    });
    expect([answer.status, answer.json.outcome]).toEqual([401, 'refused-signature']);
    expect(await activationStatus(server, checkout.activation.id)).toBe('pending');
  });
});

describe("the stand-in's iframe token endpoint, as Cowpay's", () => {
  const tokenUrl = () => `${server.url}/sandbox/cowpay/api/v1/iframe/token`;
  const sign = (fields: Record<string, string>) => {
    const keys = sandboxKeys(server);
    return createHash('sha256')
      .update(
        `${keys.cowpayMerchantCode}${fields.merchant_reference_id}${fields.customer_merchant_profile_id}` +
          `${fields.amount}${keys.cowpayHashKey}`,
      )
      .digest('hex');
  };
  /** Cowpay's answers, as the tests read them. */
  type Answer = { token: string; cowpay_reference_id: number; errors: Record<string, string[]> };
  const json = async (res: Response) => (await res.json()) as Answer;
  const request = (body: unknown, token = sandboxKeys(server).cowpayApiToken) =>
    fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const fields = (reference: string) => {
    const body: Record<string, string> = {
      merchant_reference_id: reference,
      customer_merchant_profile_id: '253',
      customer_name: 'Test ing',
      customer_mobile: '+201001234567',
      customer_email: 'buyer@example.com',
      amount: '15.00',
      currency_code: 'EGP',
      description: 'description',
    };
    return { ...body, signature: sign(body) };
  };

  it("answers the documented request with the documented answer, and the plugin's frame shows the order", async () => {
    const res = await request(fields(`ref-${Date.now()}`));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      success: true,
      status_code: 200,
      status_description: 'Operation done successfully',
      type: 'IFrame Initial Payment Request',
      cowpay_reference_id: expect.any(Number),
      token: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const frame = await (await fetch(`${server.url}/sandbox/cowpay/api/v1/iframe/load/${body.token}`)).text();
    expect(frame).toContain('15.00 EGP');
    expect(frame).toContain(String(body.cowpay_reference_id));
  });

  it('refuses another Bearer token (401), a bad signature and a reused merchant_reference_id (422)', async () => {
    expect((await request(fields(`ref-a-${Date.now()}`), 'not-the-token')).status).toBe(401);
    const forged = { ...fields(`ref-b-${Date.now()}`), amount: '1.00' };
    const refused = await request(forged);
    expect(refused.status).toBe(422);
    expect((await json(refused)).errors).toHaveProperty('signature');
    const reference = `ref-c-${Date.now()}`;
    expect((await request(fields(reference))).status).toBe(200);
    const twice = await request(fields(reference));
    expect(twice.status).toBe(422);
    expect((await json(twice)).errors).toHaveProperty('merchant_reference_id');
  });

  it('refuses fields out of the documented formats (422), naming each', async () => {
    const bad = { ...fields(`ref-d-${Date.now()}`), amount: '15', customer_mobile: '01001234567' };
    const res = await request({ ...bad, signature: sign(bad), customer_email: 'nobody' });
    expect(res.status).toBe(422);
    expect(Object.keys((await json(res)).errors).sort()).toEqual(['amount', 'customer_email', 'customer_mobile']);
  });

  it("serves the card frame at Cowpay's address for a token, framable by this site only, and no loader script", async () => {
    const { token } = await startCardCheckout();
    const frame = await fetch(`${server.url}/sandbox/cowpay/api/v1/iframe/load/${token}`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(frame.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // Cowpay publishes no loader script for the frame; the stand-in has none either.
    expect((await fetch(`${server.url}/sandbox/cowpay/js/plugins/CCIframePlugin.js`)).status).toBe(404);
  });

  it('has no trace of the card-charge API this site once called', async () => {
    const res = await fetch(`${server.url}/sandbox/cowpay/api/v2/charge/card/init`, { method: 'POST' });
    expect(res.status).toBe(404);
  });
});
