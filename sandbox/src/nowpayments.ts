import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  currencyDecimals,
  decimalText,
  keysSorted,
  minorOf,
  originOf,
  type SandboxCheckout,
  type SandboxKit,
  sameText,
} from './kit';

/*
 * NOWPayments' stand-in, written from NOWPayments' published API (documenter.getpostman.com/view/7907941/2s93JusNJt,
 * "NOWPayments API"; the sandbox at api-sandbox.nowpayments.io is documented at .../view/7907941/T1LSCRHC):
 *
 * - POST /v1/invoice with `x-api-key` and the invoice's documented fields; answers 201 with the invoice, its
 *   `invoice_url` the hosted page below.
 * - The hosted invoice page: Pay (waiting, confirming, finished), Pay part (waiting, partially_paid), Fail
 *   (waiting, failed), Cancel (expired); the browser goes to success_url, partially_paid_url or cancel_url.
 * - IPNs to ipn_callback_url shaped like NOWPayments' published "Webhooks Examples" (payments), signed with
 *   `x-nowpayments-sig`: HMAC-SHA512 of the body with its keys sorted at every level, keyed with the IPN secret.
 * - The merchant refunding a finished payment (in NOWPayments this is done from the dashboard, not the public
 *   API): POST /merchant/invoices/:id/refund with the `x-api-key`, which sends the `refunded` IPN.
 * - "Authentication" (POST /v1/auth, the account's email and password: a JWT), "Get list of payments"
 *   (GET /v1/payment/ with x-api-key and that JWT as Bearer; `invoiceId`, `limit`, `page` narrow it) and "Get
 *   payment status" (GET /v1/payment/{payment_id}, x-api-key): the payments as their IPNs describe them.
 * - A payment whose IPN never arrives (the hosted page's "Pay, but the IPN is lost"): the payment is finished at
 *   the stand-in and only its status API says so.
 *
 * Callbacks and redirects go only to this server's own URLs; nothing else is fetched. No money moves.
 */

/** The fields POST /v1/invoice documents; anything else is refused (customer_email is not one of them). */
const INVOICE_FIELDS = new Set([
  'price_amount',
  'price_currency',
  'pay_currency',
  'ipn_callback_url',
  'order_id',
  'order_description',
  'success_url',
  'cancel_url',
  'partially_paid_url',
  'is_fixed_rate',
  'is_fee_paid_by_user',
]);

/** What the stand-in knows of an invoice beyond the shared checkout record. */
interface Invoice {
  payCurrency: string;
  description: string | null;
  partiallyPaidUrl: string;
  paymentId?: number;
  purchaseId?: string;
  /** The payment's status as NOWPayments' API shows it (its last IPN's, or a lost one's). */
  paymentStatus?: IpnStatus;
  paymentCreated?: string;
  paymentUpdated?: string;
}

/** NOWPayments' published recipe, written here: sort the keys (nested objects too), JSON, HMAC-SHA512, hex. */
function ipnSignature(secret: string, body: object): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(keysSorted(body)))
    .digest('hex');
}

function refuse(res: Response, statusCode: number, code: string, message: string) {
  res.status(statusCode).json({ status: false, statusCode, code, message });
}

type IpnStatus = 'waiting' | 'confirming' | 'finished' | 'partially_paid' | 'failed' | 'expired' | 'refunded';

export function mountNowPayments(kit: SandboxKit): void {
  const { router, keys, json, remember } = kit;
  const invoices = new WeakMap<SandboxCheckout, Invoice>();
  /** Payments by id ("Get payment status"), and the JWTs POST /v1/auth gave (5 minutes each); both bounded. */
  const paymentsById = new Map<string, SandboxCheckout>();
  const tokens = new Map<string, number>();

  /** The sandbox's rate: a coin costs 1000 of the invoice's currency (no money moves; any number would do). */
  const payAmount = (checkout: SandboxCheckout) => Number((checkout.amountMinor / 100_000).toFixed(8));

  /** The payment of an invoice as NOWPayments describes it (the IPN's body; "Get payment status"), at `status`. */
  const paymentOf = (checkout: SandboxCheckout, status: IpnStatus) => {
    const invoice = invoices.get(checkout)!;
    const asked = payAmount(checkout);
    const paid =
      status === 'finished' || status === 'refunded'
        ? asked
        : status === 'partially_paid'
          ? Number((asked / 2).toFixed(8))
          : 0;
    const price = Number(decimalText(checkout.amountMinor, checkout.currency));
    // The fields of NOWPayments' published payment IPN example, in its order.
    return {
      payment_id: invoice.paymentId!,
      parent_payment_id: null,
      invoice_id: Number(checkout.id),
      payment_status: status,
      pay_address: `sandbox-${invoice.payCurrency}-address`,
      payin_extra_id: null,
      price_amount: price,
      price_currency: checkout.currency.toLowerCase(),
      pay_amount: asked,
      actually_paid: paid,
      actually_paid_at_fiat: paid === asked ? price : Number((price * (paid / asked)).toFixed(2)),
      pay_currency: invoice.payCurrency,
      order_id: checkout.reference,
      order_description: invoice.description,
      purchase_id: invoice.purchaseId!,
      outcome_amount: paid,
      outcome_currency: invoice.payCurrency,
      payment_extra_ids: null,
      fee: { currency: invoice.payCurrency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
    };
  };

  /** The invoice's payment moves to `status`; its IPN is sent unless it is lost on the way (`deliver: false`). */
  const notify = (checkout: SandboxCheckout, status: IpnStatus, deliver = true) => {
    const invoice = invoices.get(checkout)!;
    if (invoice.paymentId === undefined) {
      invoice.paymentId = 5_000_000_000 + randomInt(0, 999_999_999);
      invoice.paymentCreated = new Date().toISOString();
      if (paymentsById.size >= 10_000) paymentsById.delete(paymentsById.keys().next().value as string);
      paymentsById.set(String(invoice.paymentId), checkout);
    }
    invoice.purchaseId ??= String(randomInt(1_000_000_000, 1_999_999_999));
    invoice.paymentStatus = status;
    invoice.paymentUpdated = new Date().toISOString();
    checkout.captureId = String(invoice.paymentId);
    if (!deliver) return Promise.resolve();
    const body = paymentOf(checkout, status);
    return kit.deliver(checkout.webhookUrl, JSON.stringify(body), {
      'x-nowpayments-sig': ipnSignature(keys.cryptoIpnSecret, body),
    });
  };

  /** The payment as "Get payment status" and "Get list of payments" show it. */
  const paymentView = (checkout: SandboxCheckout) => {
    const invoice = invoices.get(checkout)!;
    const { fee: _fee, ...payment } = paymentOf(checkout, invoice.paymentStatus!);
    return { ...payment, created_at: invoice.paymentCreated, updated_at: invoice.paymentUpdated };
  };

  /** IPNs in the order NOWPayments sends them (each delivery's first attempt is made before the next). */
  const notifyAll = async (checkout: SandboxCheckout, statuses: IpnStatus[]) => {
    for (const status of statuses) await notify(checkout, status);
  };

  kit.hostedCheckout('crypto', [
    {
      path: 'pay',
      label: 'Pay',
      run: async (checkout) => {
        checkout.state = 'paid';
        await notifyAll(checkout, ['waiting', 'confirming', 'finished']);
        return checkout.successUrl;
      },
    },
    {
      path: 'pay-lost',
      label: 'Pay, but the IPN is lost (only the status API tells)',
      run: async (checkout) => {
        checkout.state = 'paid';
        await notifyAll(checkout, ['waiting', 'confirming']);
        await notify(checkout, 'finished', false);
        return checkout.successUrl;
      },
    },
    {
      path: 'pay-part',
      label: 'Pay part (send half the coins)',
      run: async (checkout) => {
        checkout.state = 'partial';
        await notifyAll(checkout, ['waiting', 'partially_paid']);
        return invoices.get(checkout)!.partiallyPaidUrl;
      },
    },
    {
      path: 'fail',
      label: 'Fail (the payment errors)',
      run: async (checkout) => {
        checkout.state = 'failed';
        await notifyAll(checkout, ['waiting', 'failed']);
        return checkout.cancelUrl;
      },
    },
    {
      path: 'cancel',
      label: 'Cancel',
      run: async (checkout) => {
        checkout.state = 'cancelled';
        await notify(checkout, 'expired');
        return checkout.cancelUrl;
      },
    },
  ]);

  const authorised = (req: Request, res: Response) => {
    if (sameText(req.get('x-api-key'), keys.cryptoApiKey)) return true;
    refuse(res, 403, 'INVALID_API_KEY', 'Invalid api key');
    return false;
  };

  router.post('/crypto/v1/invoice', json, (req, res) => {
    if (!authorised(req, res)) return;
    // No body, or one the JSON parser did not read (another content type), is an empty one.
    const raw: unknown = req.body ?? {};
    const b = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const unknown = Object.keys(b).find((key) => !INVOICE_FIELDS.has(key));
    if (unknown) return refuse(res, 400, 'INVALID_REQUEST_PARAMS', `"${unknown.slice(0, 60)}" is not allowed`);
    if (typeof b.price_currency !== 'string' || !/^[a-z]{3}$/i.test(b.price_currency)) {
      return refuse(res, 400, 'INVALID_REQUEST_PARAMS', '"price_currency" is required');
    }
    // A fiat price, in its currency's decimals (ISO 4217: 1500 JPY, 8.99 EUR, 2.750 KWD).
    const priceCurrency = b.price_currency.toUpperCase();
    const amountMinor = typeof b.price_amount === 'number' ? minorOf(b.price_amount, priceCurrency) : null;
    if (amountMinor === null || !(amountMinor > 0)) {
      return refuse(
        res,
        400,
        'INVALID_REQUEST_PARAMS',
        `"price_amount" must be a positive amount with at most ${currencyDecimals(priceCurrency) ?? 2} decimals`,
      );
    }
    const amount = b.price_amount as number;
    if (
      b.pay_currency !== undefined &&
      (typeof b.pay_currency !== 'string' || !/^[a-z0-9]{2,20}$/i.test(b.pay_currency))
    ) {
      return refuse(res, 400, 'INVALID_REQUEST_PARAMS', '"pay_currency" is not a currency');
    }
    if (typeof b.order_id !== 'string' || !b.order_id || b.order_id.length > 100) {
      return refuse(res, 400, 'INVALID_REQUEST_PARAMS', '"order_id" is required by this stand-in');
    }
    if (
      b.order_description !== undefined &&
      (typeof b.order_description !== 'string' || b.order_description.length > 500)
    ) {
      return refuse(res, 400, 'INVALID_REQUEST_PARAMS', '"order_description" must be a text');
    }
    for (const flag of ['is_fixed_rate', 'is_fee_paid_by_user']) {
      if (b[flag] !== undefined && typeof b[flag] !== 'boolean') {
        return refuse(res, 400, 'INVALID_REQUEST_PARAMS', `"${flag}" must be a boolean`);
      }
    }
    // The stand-in calls back and sends the browser only to this server.
    const ipnUrl = kit.ownUrl(req, b.ipn_callback_url);
    const successUrl = kit.ownUrl(req, b.success_url);
    if (!ipnUrl || !successUrl) {
      return refuse(
        res,
        400,
        'INVALID_REQUEST_PARAMS',
        '"ipn_callback_url" and "success_url" must be URLs of this site (the sandbox calls nothing else)',
      );
    }
    const cancelUrl = b.cancel_url === undefined ? successUrl : kit.ownUrl(req, b.cancel_url);
    const partialUrl = b.partially_paid_url === undefined ? successUrl : kit.ownUrl(req, b.partially_paid_url);
    if (!cancelUrl || !partialUrl) {
      return refuse(
        res,
        400,
        'INVALID_REQUEST_PARAMS',
        '"cancel_url" and "partially_paid_url" must be URLs of this site',
      );
    }
    const id = String(4_000_000_000 + randomInt(0, 999_999_999));
    const checkout = remember({
      id,
      provider: 'crypto',
      reference: b.order_id,
      amountMinor,
      currency: priceCurrency,
      successUrl,
      cancelUrl,
      webhookUrl: ipnUrl,
      state: 'open',
    });
    invoices.set(checkout, {
      payCurrency: typeof b.pay_currency === 'string' ? b.pay_currency.toLowerCase() : 'btc',
      description: typeof b.order_description === 'string' ? b.order_description : null,
      partiallyPaidUrl: partialUrl,
    });
    const now = new Date().toISOString();
    // The fields of NOWPayments' published 201 answer to "Create invoice".
    res.status(201).json({
      id,
      token_id: `sandbox${id}`,
      order_id: b.order_id,
      order_description: b.order_description ?? null,
      price_amount: String(amount),
      price_currency: b.price_currency.toLowerCase(),
      pay_currency: typeof b.pay_currency === 'string' ? b.pay_currency.toLowerCase() : null,
      ipn_callback_url: ipnUrl,
      invoice_url: `${originOf(successUrl)}/sandbox/crypto/checkout/${id}`,
      success_url: successUrl,
      cancel_url: b.cancel_url ?? null,
      partially_paid_url: b.partially_paid_url ?? null,
      payout_currency: null,
      created_at: now,
      updated_at: now,
      is_fixed_rate: b.is_fixed_rate ?? false,
      is_fee_paid_by_user: b.is_fee_paid_by_user ?? false,
    });
  });

  // "Authentication": the account's email and password give a JWT, valid 5 minutes.
  router.post('/crypto/v1/auth', json, (req, res) => {
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    if (!sameText(b.email, keys.cryptoEmail) || !sameText(b.password, keys.cryptoPassword)) {
      return refuse(res, 401, 'INVALID_CREDENTIALS', 'Invalid email or password');
    }
    const token = randomBytes(24).toString('base64url');
    if (tokens.size >= 10_000) tokens.delete(tokens.keys().next().value as string);
    tokens.set(token, Date.now() + 5 * 60_000);
    res.json({ token });
  });

  const bearer = (req: Request, res: Response) => {
    const token = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if ((tokens.get(token) ?? 0) > Date.now()) return true;
    refuse(res, 401, 'AUTH_REQUIRED', 'Authorization header is empty (Bearer JWTtoken is required)');
    return false;
  };

  // "Get list of payments": x-api-key and the JWT; invoiceId narrows it to one invoice's payments.
  router.get('/crypto/v1/payment/', (req, res) => {
    if (!authorised(req, res) || !bearer(req, res)) return;
    const invoiceId = typeof req.query.invoiceId === 'string' ? req.query.invoiceId : undefined;
    const limit = Math.min(500, Math.max(1, Number(req.query.limit) || 10));
    const page = Math.max(0, Number(req.query.page) || 0);
    const all = [...paymentsById.values()].filter((c) => invoiceId === undefined || c.id === invoiceId).reverse();
    res.json({
      data: all.slice(page * limit, (page + 1) * limit).map(paymentView),
      limit,
      page,
      pagesCount: Math.ceil(all.length / limit),
      total: all.length,
    });
  });

  // "Get payment status": x-api-key.
  router.get('/crypto/v1/payment/:id', (req, res) => {
    if (!authorised(req, res)) return;
    const checkout = paymentsById.get(String(req.params.id));
    if (!checkout) return refuse(res, 404, 'NOT_FOUND', 'Payment not found');
    res.json(paymentView(checkout));
  });

  // The merchant refunds a finished payment (NOWPayments: from the dashboard); the refunded IPN follows.
  router.post('/crypto/merchant/invoices/:id/refund', async (req, res) => {
    if (!authorised(req, res)) return;
    const checkout = kit.find('crypto', String(req.params.id));
    if (!checkout) return refuse(res, 404, 'NOT_FOUND', 'No such sandbox invoice.');
    if (checkout.state !== 'paid') {
      return refuse(
        res,
        409,
        'INVALID_STATUS',
        `Only a finished payment can be refunded; this one is ${checkout.state}.`,
      );
    }
    checkout.state = 'refunded';
    await notify(checkout, 'refunded');
    res.json({ payment_id: invoices.get(checkout)!.paymentId, payment_status: 'refunded' });
  });
}
