import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { jsonOf, type TestClient } from './http';
import type { TestServer } from './server';

/**
 * Acting as the payment providers in integration tests: their confirmations, signed with the running server's
 * sandbox keys (or deliberately not), delivered to /webhooks/{provider} the way providers deliver them.
 */

export const DAY_MS = 86_400_000;

/**
 * Days from now to the end of a year's licence bought on a new device: a licence bought during the 7-day trial
 * starts when the trial ends (TRIAL_DAYS' default), not on the day it is paid.
 */
export const YEAR_AFTER_TRIAL = 365 + 7;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sandboxKeys(server: TestServer) {
  return server.services.payments.providers.sandboxKeys;
}

/** The whole days (fractional) from now until `date`. */
export function daysFromNow(date: Date | string | null): number {
  if (date === null) return Number.NaN;
  return (new Date(date).getTime() - Date.now()) / DAY_MS;
}

export interface StartedActivation {
  id: string;
  deviceId: string;
  providerReference: string;
  /** What the checkout charges, fixed when it started: the method's own currency and price. */
  amountMinor: number;
  currency: string;
}

/** The request bodies of a valid saveActivation per method, as the Activate Device form sends them. */
export const CHECKOUT_BODIES = {
  crypto: { email: 'payer@example.com', coin_type: 'BTC', payment_type: 'crypto' },
  cowpay: {
    first_name: 'Amira',
    last_name: 'Hassan',
    email: 'amira@example.com',
    phone_number: '+201001234567',
    payment_type: 'cowpay',
  },
  opay: { payment_type: 'opay' },
  opay1: { payment_type: 'opay1' },
} as const;

/**
 * Starts a checkout through REST saveActivation and reads the new activation (its id and the provider's
 * reference) back from the `activations` table.
 */
export async function startCheckout(
  server: TestServer,
  client: TestClient,
  method: keyof typeof CHECKOUT_BODIES,
): Promise<StartedActivation> {
  const res = await client.request('POST', '/frontend/device/saveActivation', { body: CHECKOUT_BODIES[method] });
  if (res.status !== 200) throw new Error(`saveActivation failed: ${res.status} ${res.text}`);
  const [row] = await server.db.dataSource.query(
    `SELECT id, device_id, provider_reference, amount_minor, currency FROM activations WHERE id = $1`,
    [res.json.activation_id],
  );
  if (!row?.provider_reference) throw new Error('the activation has no provider reference');
  return {
    id: row.id,
    deviceId: row.device_id,
    providerReference: row.provider_reference,
    amountMinor: row.amount_minor,
    currency: row.currency.trim(),
  };
}

/** A PayPal order through the graph (createPayPalOrder), with its activation. */
export async function startPayPalOrder(server: TestServer, client: TestClient): Promise<StartedActivation> {
  const res = await client.gql('mutation { createPayPalOrder { id } }');
  const orderId = res.json?.data?.createPayPalOrder?.id;
  if (typeof orderId !== 'string') throw new Error(`createPayPalOrder failed: ${res.text}`);
  const [row] = await server.db.dataSource.query(
    `SELECT id, device_id, amount_minor, currency FROM activations WHERE method = 'paypal' AND provider_reference = $1`,
    [orderId],
  );
  return {
    id: row.id,
    deviceId: row.device_id,
    providerReference: orderId,
    amountMinor: row.amount_minor,
    currency: row.currency.trim(),
  };
}

/**
 * HMAC-SHA512 (hex) of the JSON of `body` with its keys sorted, nested objects too, lists kept: NOWPayments'
 * `x-nowpayments-sig` (keyed with the IPN secret) and OPay's API call signature (keyed with the secret key), as each
 * publishes it, written here rather than taken from the adapter or the stand-ins.
 */
export function sortedJsonHmac(secret: string, body: unknown): string {
  const sort = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sort)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sort((value as Record<string, unknown>)[key])]),
          )
        : value;
  return createHmac('sha512', secret)
    .update(JSON.stringify(sort(body)))
    .digest('hex');
}

/** `x-nowpayments-sig` as NOWPayments publishes it: the sorted body's HMAC-SHA512, keyed with the IPN secret. */
export function nowPaymentsSignature(secret: string, body: unknown): string {
  return sortedJsonHmac(secret, body);
}

/**
 * OPay's callback `sha512` as OPay publishes it, written here rather than taken from the adapter: HMAC-SHA3-512,
 * keyed with the secret key, of `{Amount:"…",Currency:"…",Reference:"…",Refunded:t|f,Status:"…",Timestamp:"…",
 * Token:"…",TransactionID:"…"}`.
 */
export function opaySignature(secretKey: string, payload: object): string {
  const p = payload as Record<string, unknown>;
  const text =
    `{Amount:"${String(p.amount)}",Currency:"${String(p.currency)}",Reference:"${String(p.reference)}",` +
    `Refunded:${p.refunded === true ? 't' : 'f'},Status:"${String(p.status)}",Timestamp:"${String(p.timestamp)}",` +
    `Token:"${String(p.token)}",TransactionID:"${String(p.transactionId)}"}`;
  return createHmac('sha3-512', secretKey).update(text).digest('hex');
}

/** A NOWPayments-style payment id (a number of ten digits), unique enough per test run. */
export function paymentId(): number {
  return 5_000_000_000 + randomInt(0, 999_999_999);
}

/** A NOWPayments IPN body as it sends one for our invoice: numbers where NOWPayments sends numbers. */
export function nowPaymentsIpn(activation: StartedActivation, overrides: Record<string, unknown> = {}) {
  return {
    payment_id: paymentId(),
    invoice_id: Number(activation.providerReference),
    payment_status: 'finished',
    pay_address: 'bc1qsandboxaddress0000000000000000000000',
    price_amount: 8.99,
    price_currency: 'eur',
    pay_amount: 0.00010317,
    actually_paid: 0.00010317,
    pay_currency: 'btc',
    order_id: activation.id,
    order_description: 'Licence (365 days)',
    purchase_id: String(randomInt(1_000_000_000, 1_999_999_999)),
    outcome_amount: 0.0001,
    outcome_currency: 'btc',
    ...overrides,
  };
}

export interface Delivery {
  provider: string;
  rawBody: string;
  headers: Record<string, string>;
}

/** The IPN signed as NOWPayments signs it (`x-nowpayments-sig`), with the given secret. */
export function signedIpn(server: TestServer, body: object, secret = sandboxKeys(server).cryptoIpnSecret): Delivery {
  return {
    provider: 'crypto',
    rawBody: JSON.stringify(body),
    headers: { 'x-nowpayments-sig': nowPaymentsSignature(secret, body) },
  };
}

/** OPay's callback for an activation: {payload, sha512, type}, amounts in minor units. */
export function opayPayload(activation: StartedActivation, overrides: Record<string, unknown> = {}) {
  return {
    amount: String(activation.amountMinor),
    channel: 'Web',
    country: 'EG',
    currency: activation.currency,
    displayedFailure: '',
    fee: '0',
    feeCurrency: activation.currency,
    instrumentType: 'BankCard',
    reference: activation.id,
    refunded: false,
    status: 'SUCCESS',
    timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    token: activation.providerReference,
    transactionId: `2${Date.now()}${randomInt(100_000, 999_999)}`,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

export function opayCallback(provider: 'opay' | 'opay1', payload: object, sha512: string | undefined): Delivery {
  const body = { payload, ...(sha512 === undefined ? {} : { sha512 }), type: 'transaction-status' };
  return { provider, rawBody: JSON.stringify(body), headers: {} };
}

export function signedOpay(server: TestServer, provider: 'opay' | 'opay1', payload: object, secret?: string) {
  return opayCallback(provider, payload, opaySignature(secret ?? sandboxKeys(server).opaySecretKey, payload));
}

/**
 * OPay's signed-headers callback (its Egypt pages' second scheme, doc.opaycheckout.com/callback-signature-v2), written
 * here rather than taken from the adapter: the transaction as the body, `Authorization` the HMAC-SHA512 of
 * RequestTimestamp followed by the body, keyed with the secret key, `MerchantId` and `RequestTimestamp` (ms).
 */
export function headerSignedOpay(
  server: TestServer,
  provider: 'opay' | 'opay1',
  activation: Pick<StartedActivation, 'id' | 'providerReference' | 'amountMinor' | 'currency'>,
  {
    status = 'SUCCESS',
    sentAt = Date.now(),
    secret = sandboxKeys(server).opaySecretKey,
    merchantId = sandboxKeys(server).opayMerchantId,
  }: { status?: string; sentAt?: number; secret?: string; merchantId?: string } = {},
): Delivery {
  const rawBody = JSON.stringify({
    amount: { currency: activation.currency, total: activation.amountMinor },
    country: 'EG',
    notifyId: randomUUID().replace(/-/g, ''),
    orderNo: activation.providerReference,
    reference: activation.id,
    status,
    timestamp: sentAt,
    type: 'MACQUIRING_CALLBACK',
    extras: {},
  });
  const requestTimestamp = String(sentAt);
  return {
    provider,
    rawBody,
    headers: {
      authorization: createHmac('sha512', secret).update(requestTimestamp).update(rawBody).digest('hex'),
      merchantid: merchantId,
      requesttimestamp: requestTimestamp,
    },
  };
}

/**
 * Cowpay's server callback for an activation, without its signature: the fields Cowpay's WooCommerce plugin
 * requires (github.com/cowpay-me/woocommerce, includes/class-woo-cowpay-callback.php line 77). It names the order
 * by the cowpay_reference_id of the iframe token answer (the activation's provider reference) and carries no
 * currency: the merchant account has one.
 */
export function cowpayBody(activation: StartedActivation, overrides: Record<string, unknown> = {}) {
  return {
    cowpay_reference_id: Number(activation.providerReference),
    payment_gateway_reference_id: String(randomInt(100_000_000, 999_999_999)),
    merchant_reference_id: activation.id,
    order_status: 'PAID',
    amount: (activation.amountMinor / 100).toFixed(2),
    callback_type: 'order_status_update',
    ...overrides,
  } as Record<string, unknown>;
}

/**
 * Signed as Cowpay signs it, written here from the plugin's check (is_valid_signature, lines 167-177), not taken
 * from the adapter: md5 hex of hash key + amount + cowpay_reference_id + merchant_reference_id + order_status.
 */
export function signedCowpay(server: TestServer, body: Record<string, unknown>, hashKey?: string): Delivery {
  const key = hashKey ?? sandboxKeys(server).cowpayHashKey;
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const signature = createHash('md5')
    .update(`${key}${text(body.amount)}${text(body.cowpay_reference_id)}${text(body.merchant_reference_id)}`)
    .update(text(body.order_status))
    .digest('hex');
  return { provider: 'cowpay', rawBody: JSON.stringify({ ...body, signature }), headers: {} };
}

/** PayPal's PAYMENT.CAPTURE.COMPLETED event for an order. */
export function paypalEvent(activation: StartedActivation, overrides: Record<string, unknown> = {}) {
  return {
    id: `WH-${randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    summary: 'Payment completed for EUR 8.99',
    resource: {
      id: randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase(),
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '8.99' },
      custom_id: activation.id,
      supplementary_data: { related_ids: { order_id: activation.providerReference } },
    },
    ...overrides,
  };
}

/**
 * PayPal's transmission headers for an event. The signature is the one the sandbox's
 * verify-webhook-signature accepts (HMAC-SHA256 keyed with the client secret), made with `secret`.
 */
export function paypalDelivery(server: TestServer, event: object, secret = sandboxKeys(server).paypalClientSecret) {
  const keys = sandboxKeys(server);
  const rawBody = JSON.stringify(event);
  const id = randomUUID();
  const time = new Date().toISOString();
  const sig = createHmac('sha256', secret).update(`${id}|${time}|${keys.paypalWebhookId}|${rawBody}`).digest('base64');
  return {
    provider: 'paypal',
    rawBody,
    headers: {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/SANDBOX',
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sig,
    },
  } satisfies Delivery;
}

export interface Answer {
  status: number;
  json: any;
  text: string;
}

/** One delivery attempt, as a provider's HTTP client makes it (no cookies, no Origin). */
export async function deliver(server: TestServer, delivery: Delivery): Promise<Answer> {
  const res = await fetch(`${server.url}/webhooks/${delivery.provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'provider-under-test/1.0', ...delivery.headers },
    body: delivery.rawBody,
  });
  const text = await res.text();
  return { status: res.status, json: jsonOf(text), text };
}

/**
 * Delivers like a provider: any answer that is not 2xx (a 503 while the database reconnects, a dropped
 * connection) is retried after a short delay, a bounded number of times. Returns the last answer and the
 * status of every attempt.
 */
export async function deliverUntilAccepted(
  server: TestServer,
  delivery: Delivery,
  { attempts = 50, delayMs = 100 } = {},
): Promise<Answer & { statuses: number[] }> {
  const statuses: number[] = [];
  let last: Answer = { status: 0, json: undefined, text: '' };
  for (let n = 0; n < attempts; n += 1) {
    try {
      last = await deliver(server, delivery);
    } catch {
      last = { status: 0, json: undefined, text: 'connection failed' };
    }
    statuses.push(last.status);
    if (last.status >= 200 && last.status < 300) break;
    await sleep(delayMs);
  }
  return { ...last, statuses };
}

/** The outcomes recorded in payment_events for webhook deliveries whose body holds `marker`, oldest first. */
export async function webhookOutcomes(server: TestServer, provider: string, marker: string): Promise<string[]> {
  const rows: { outcome: string }[] = await server.db.dataSource.query(
    `SELECT outcome FROM payment_events
      WHERE provider = $1 AND kind = 'webhook' AND strpos(payload::text, $2) > 0
      ORDER BY id`,
    [provider, marker],
  );
  return rows.map((row) => row.outcome);
}

/** What the database says about a device's licence and payments. */
export async function licenceOf(server: TestServer, deviceId: string) {
  const [device] = await server.db.dataSource.query(
    `SELECT licence_expires_at, licence_lifetime FROM devices WHERE id = $1`,
    [deviceId],
  );
  const [payments] = await server.db.dataSource.query(`SELECT count(*)::int AS n FROM payments WHERE device_id = $1`, [
    deviceId,
  ]);
  return {
    expiresAt: (device?.licence_expires_at ?? null) as Date | null,
    lifetime: Boolean(device?.licence_lifetime),
    payments: payments.n as number,
  };
}

export async function activationStatus(server: TestServer, activationId: string): Promise<string> {
  const [row] = await server.db.dataSource.query(`SELECT status FROM activations WHERE id = $1`, [activationId]);
  return row?.status;
}

/** What the owner sees in the portal: the device's standing and its payment history. */
export async function portalView(client: TestClient) {
  const res = await client.gql(
    `query { currentDevice { macAddress status expireDate
       payments { id method status amount currency paidAt licenceExpiresAt } } }`,
  );
  if (!res.json?.data?.currentDevice) throw new Error(`currentDevice failed: ${res.text}`);
  return res.json.data.currentDevice as {
    macAddress: string;
    status: 'TRIAL' | 'ACTIVE' | 'INACTIVE';
    expireDate: string | null;
    payments: { id: string; method: string; status: string; amount: string; currency: string }[];
  };
}

/** The connection string of the server's own database (PostgreSQL only). */
export function databaseUrlOf(server: TestServer): string {
  return (server.db.dataSource.options as { url: string }).url;
}

/** A separate connection to the server's database, as an operator's psql would be. */
export async function operatorConnection(server: TestServer): Promise<Client> {
  const client = new Client({ connectionString: databaseUrlOf(server) });
  await client.connect();
  return client;
}

export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > until) return value;
    await sleep(25);
  }
}

/**
 * The buyer pays at the provider's stand-in (reached at `standIn`) and the provider's callback never arrives: the
 * stand-in's "Pay, but the callback is lost" (NOWPayments' and OPay's hosted pages, Cowpay's card frame). Only the
 * provider's status API knows the checkout is paid.
 */
export async function payButLoseCallback(
  standIn: string,
  server: TestServer,
  method: 'crypto' | 'opay' | 'opay1' | 'cowpay',
  activation: StartedActivation,
): Promise<void> {
  let path = `/sandbox/${method}/checkout/${activation.providerReference}/pay-lost`;
  if (method === 'cowpay') {
    // The card page's link ends with the frame's token (/cowpay/checkout/{frame code}/{token}).
    const [row] = await server.db.dataSource.query(`SELECT checkout_url FROM activations WHERE id = $1`, [
      activation.id,
    ]);
    path = `/sandbox/cowpay/api/v1/iframe/load/${String(row.checkout_url).split('/').pop()}/pay-lost`;
  }
  const res = await fetch(`${standIn}${path}`, { method: 'POST', redirect: 'manual' });
  if (res.status >= 400) throw new Error(`the stand-in refused to pay: ${res.status} ${await res.text()}`);
}

/** Moves a checkout's start back in time, as if it had been started `minutes` ago. */
export async function startedAgo(server: TestServer, activationId: string, minutes: number): Promise<void> {
  await server.db.dataSource.query(
    `UPDATE activations SET created_at = now() - make_interval(mins => $2::int) WHERE id = $1`,
    [activationId, minutes],
  );
}

/** The audit trail of one checkout, oldest first: how each delivery or question came, and what it came to. */
export async function trailOf(server: TestServer, activationId: string): Promise<{ kind: string; outcome: string }[]> {
  return server.db.dataSource.query(`SELECT kind, outcome FROM payment_events WHERE activation_id = $1 ORDER BY id`, [
    activationId,
  ]);
}

/** PayPal's REST API on the stand-in, as the merchant (or PayPal itself) calls it: OAuth token, then JSON. */
export async function paypalApi(
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const keys = sandboxKeys(server);
  const basic = Buffer.from(`${server.services.pricing.paypalClientId}:${keys.paypalClientSecret}`).toString('base64');
  const token = await fetch(`${server.url}/sandbox/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  }).then((res) => res.json() as Promise<{ access_token: string }>);
  const res = await fetch(`${server.url}/sandbox/paypal${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}
