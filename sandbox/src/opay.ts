import { createHmac, randomBytes } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { escapeHtml, keysSorted, numberOf, originOf, type SandboxCheckout, type SandboxKit, sameText } from './kit';

/*
 * OPay's stand-in (either account), written from OPay's published international cashier API
 * (documentation.opaycheckout.com, doc.opaycheckout.com; test API testapi.opaycheckout.com):
 *
 * - POST /api/v1/international/cashier/create, `Authorization: Bearer {public key}` and `MerchantId`: answers
 *   {code: '00000', message, data: {reference, orderNo, cashierUrl, status: 'INITIAL', amount}}.
 * - The hosted cashier page: Pay (SUCCESS), Pay by bank transfer (PENDING, the order stays open), Pay with a
 *   declined card (FAIL), Cancel (CLOSE). The browser goes to returnUrl, or cancelUrl when nothing was paid.
 * - Callbacks {payload, sha512, type: 'transaction-status'} to callbackUrl, the payload shaped like OPay's
 *   published example, `sha512` the HMAC-SHA3-512 of OPay's fixed text
 *   `{Amount:"…",Currency:"…",Reference:"…",Refunded:t|f,Status:"…",Timestamp:"…",Token:"…",TransactionID:"…"}`
 *   keyed with the secret key. Or, chosen on the cashier page per order, the second scheme of OPay's Egypt pages
 *   ("OPay Callback Notification Signature", doc.opaycheckout.com/callback-signature-v2): the transaction as the
 *   body, `{amount: {currency, total}, country, failureCode, failureReason, notifyId, orderNo, reference, status,
 *   timestamp, type: 'MACQUIRING_CALLBACK', extras}`, and the headers `Authorization` (the signature), `MerchantId`
 *   and `RequestTimestamp` (milliseconds, as the page's example), the signature being HMAC-SHA512, keyed with the
 *   secret key, of the request timestamp followed by the request body. OPay publishes no refund in this scheme
 *   either: a refund adds `refunded: true` to it.
 * - POST /api/v1/international/cashier/status ("Query Payment Status"), signed as OPay's API calls are, with
 *   `{country, reference}` or `{country, orderNo}`: answers the order's reference, orderNo, status (INITIAL, PENDING,
 *   SUCCESS, FAIL, CLOSE) and amount. The hosted page's "Pay, but the callback is lost" pays without a callback:
 *   only this API tells.
 * - POST /api/v1/international/payment/refund/create, signed as OPay's API calls are (`Authorization: Bearer`
 *   HMAC-SHA512 of the key-sorted JSON body, keyed with the secret key, and `MerchantId`): refunds a paid order in
 *   full and sends its callback again with `refunded: true` to the refund's callbackUrl. OPay does not publish the
 *   refund callback itself; this is the published transaction-status callback with its refunded flag set.
 *
 * The currency is the one the order names (the merchant account's; EGP for an Egyptian account). Callbacks and
 * redirects go only to this server's own URLs; nothing else is fetched. No money moves.
 */

/** The callback signature, written here from OPay's published recipe. */
function callbackSignature(secretKey: string, p: Record<string, string | boolean>): string {
  const text =
    `{Amount:"${p.amount}",Currency:"${p.currency}",Reference:"${p.reference}",` +
    `Refunded:${p.refunded === true ? 't' : 'f'},Status:"${p.status}",Timestamp:"${p.timestamp}",` +
    `Token:"${p.token}",TransactionID:"${p.transactionId}"}`;
  return createHmac('sha3-512', secretKey).update(text).digest('hex');
}

/** The signed-headers callback's signature: HMAC-SHA512 of RequestTimestamp followed by the body, with the secret key. */
function headerSignature(secretKey: string, requestTimestamp: string, body: string): string {
  return createHmac('sha512', secretKey).update(`${requestTimestamp}${body}`).digest('hex');
}

/** How the stand-in signs an order's callbacks: in the body (transaction-status) or in the headers. */
export type OpayCallbackScheme = 'body' | 'headers';

/** OPay's API call signature: HMAC-SHA512 of the request's JSON with its keys sorted, keyed with the secret key. */
function apiSignature(secretKey: string, body: unknown): string {
  return createHmac('sha512', secretKey)
    .update(JSON.stringify(keysSorted(body)))
    .digest('hex');
}

const randomHex = (length: number) => randomBytes(length / 2).toString('hex');

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** OPay answers its errors with 200 and a code other than 00000. */
function refuse(res: Response, code: string, message: string) {
  res.json({ code, message, data: null });
}
const AUTHENTICATION_FAILED = '02000';
const PARAMETER_ERROR = '02001';

type CallbackStatus = 'SUCCESS' | 'PENDING' | 'FAIL' | 'CLOSE';

export function mountOpay(kit: SandboxKit, provider: 'opay' | 'opay1'): void {
  const { router, keys, json, remember } = kit;
  /** Country of each order, and the orders by merchant reference (what a refund names), bounded like the store. */
  const countries = new WeakMap<SandboxCheckout, string>();
  /** Each order's status as OPay's status API tells it (its last callback's, or a lost one's). */
  const statuses = new WeakMap<SandboxCheckout, CallbackStatus | 'INITIAL'>();
  const created = new WeakMap<SandboxCheckout, number>();
  const byReference = new Map<string, string>();
  /** The callback scheme chosen on an order's cashier page (the body-signed one unless changed). */
  const schemes = new WeakMap<SandboxCheckout, OpayCallbackScheme>();

  /** The Egypt pages' signed-headers callback: the transaction as the body, the signature in the headers. */
  const notifyByHeaders = (checkout: SandboxCheckout, status: CallbackStatus, url: string, refunded: boolean) => {
    const sentAt = Date.now();
    const body = JSON.stringify({
      amount: { currency: checkout.currency, total: checkout.amountMinor },
      country: countries.get(checkout) ?? 'EG',
      ...(status === 'FAIL' ? { failureCode: '01582', failureReason: 'Declined by the card issuer (sandbox).' } : {}),
      notifyId: randomHex(32),
      orderNo: checkout.id,
      reference: checkout.reference,
      ...(refunded ? { refunded: true } : {}),
      status,
      timestamp: sentAt,
      type: 'MACQUIRING_CALLBACK',
      extras: {},
    });
    const requestTimestamp = String(sentAt);
    return kit.deliver(url, body, {
      authorization: headerSignature(keys.opaySecretKey, requestTimestamp, body),
      merchantid: keys.opayMerchantId,
      requesttimestamp: requestTimestamp,
    });
  };

  const notify = (checkout: SandboxCheckout, status: CallbackStatus, url: string, refunded = false) => {
    checkout.captureId = checkout.id;
    // What the status API answers from now on.
    statuses.set(checkout, status);
    if (schemes.get(checkout) === 'headers') return notifyByHeaders(checkout, status, url, refunded);
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    // OPay's published example: the token and the transactionId are both the order number.
    const payload = {
      amount: String(checkout.amountMinor),
      channel: 'Web',
      country: countries.get(checkout) ?? 'EG',
      currency: checkout.currency,
      displayedFailure: status === 'FAIL' ? 'Declined by the card issuer (sandbox)' : '',
      fee: '0',
      feeCurrency: checkout.currency,
      instrumentType: 'BankCard',
      reference: checkout.reference,
      refunded,
      status,
      timestamp: now,
      token: checkout.id,
      transactionId: checkout.id,
      updated_at: now,
    };
    const body = { payload, sha512: callbackSignature(keys.opaySecretKey, payload), type: 'transaction-status' };
    return kit.deliver(url, JSON.stringify(body), {});
  };

  // The cashier page's choice of callback scheme for this order (a demo of both of OPay's; tests post it too).
  router.post(
    `/${provider}/checkout/:id/callback-scheme`,
    express.urlencoded({ extended: false, limit: '1kb' }),
    (req, res) => {
      const checkout = kit.find(provider, String(req.params.id));
      if (!checkout) return void res.status(404).send('No such sandbox checkout.');
      const scheme: unknown = (req.body as Record<string, unknown> | undefined)?.scheme;
      if (scheme !== 'body' && scheme !== 'headers') return void res.status(400).send('scheme is body or headers.');
      schemes.set(checkout, scheme);
      res.redirect(303, `/sandbox/${provider}/checkout/${encodeURIComponent(checkout.id)}`);
    },
  );
  const schemeChoice = (checkout: SandboxCheckout) => {
    const now = schemes.get(checkout) ?? 'body';
    const action = `/sandbox/${provider}/checkout/${encodeURIComponent(checkout.id)}/callback-scheme`;
    const option = (scheme: OpayCallbackScheme, label: string) =>
      now === scheme
        ? `<strong>${escapeHtml(label)}</strong>`
        : `<form method="post" action="${action}" style="display:inline"><input type="hidden" name="scheme" value="${scheme}"><button class="other" type="submit">${escapeHtml(label)}</button></form>`;
    return `<p>Callbacks: ${option('body', 'signed in the body (sha512)')} · ${option('headers', 'signed in the headers (HMAC-SHA512)')}</p>`;
  };

  kit.hostedCheckout(
    provider,
    [
      {
        path: 'pay',
        label: 'Pay',
        run: async (checkout) => {
          checkout.state = 'paid';
          await notify(checkout, 'SUCCESS', checkout.webhookUrl);
          return checkout.successUrl;
        },
      },
      {
        path: 'pay-lost',
        label: 'Pay, but the callback is lost (only the status API tells)',
        run: async (checkout) => {
          checkout.state = 'paid';
          checkout.captureId = checkout.id;
          statuses.set(checkout, 'SUCCESS');
          return checkout.successUrl;
        },
      },
      {
        path: 'transfer',
        label: 'Pay by bank transfer (pending)',
        run: async (checkout) => {
          // The transfer has not arrived: the order stays open (Pay completes it).
          await notify(checkout, 'PENDING', checkout.webhookUrl);
          return checkout.successUrl;
        },
      },
      {
        path: 'decline',
        label: 'Pay with a declined card',
        run: async (checkout) => {
          checkout.state = 'failed';
          await notify(checkout, 'FAIL', checkout.webhookUrl);
          return checkout.cancelUrl;
        },
      },
      {
        path: 'cancel',
        label: 'Cancel',
        run: async (checkout) => {
          checkout.state = 'cancelled';
          await notify(checkout, 'CLOSE', checkout.webhookUrl);
          return checkout.cancelUrl;
        },
      },
    ],
    schemeChoice,
  );

  router.post(`/${provider}/api/v1/international/cashier/create`, json, (req, res) => {
    if (
      !sameText(req.get('authorization'), `Bearer ${keys.opayPublicKey}`) ||
      !sameText(req.get('merchantid'), keys.opayMerchantId)
    ) {
      return refuse(res, AUTHENTICATION_FAILED, 'authentication failed');
    }
    const b: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const amount = isObject(b.amount) ? b.amount : {};
    const total = numberOf(amount.total);
    if (typeof b.country !== 'string' || !/^[A-Z]{2}$/.test(b.country)) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: country');
    }
    if (typeof b.reference !== 'string' || !b.reference || b.reference.length > 64) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: reference');
    }
    if (!Number.isSafeInteger(total) || total <= 0) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: amount.total (cent unit)');
    }
    // The account's currency, whichever it is (EGP for an Egyptian account): a three-letter code.
    if (typeof amount.currency !== 'string' || !/^[A-Z]{3}$/.test(amount.currency)) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: amount.currency');
    }
    if (byReference.has(b.reference)) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: reference already used');
    }
    const returnUrl = kit.ownUrl(req, b.returnUrl);
    const callbackUrl = kit.ownUrl(req, b.callbackUrl);
    const cancelUrl = b.cancelUrl === undefined ? returnUrl : kit.ownUrl(req, b.cancelUrl);
    if (!returnUrl || !callbackUrl || !cancelUrl) {
      return refuse(
        res,
        PARAMETER_ERROR,
        'request parameter error: returnUrl, callbackUrl and cancelUrl must be URLs of this site (the sandbox calls nothing else)',
      );
    }
    const orderNo = `2${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const checkout = remember({
      id: orderNo,
      provider,
      reference: b.reference,
      amountMinor: total,
      currency: amount.currency,
      successUrl: returnUrl,
      cancelUrl,
      webhookUrl: callbackUrl,
      state: 'open',
    });
    countries.set(checkout, b.country);
    statuses.set(checkout, 'INITIAL');
    created.set(checkout, Date.now());
    if (byReference.size >= 10_000) byReference.delete(byReference.keys().next().value as string);
    byReference.set(b.reference, orderNo);
    res.json({
      code: '00000',
      message: 'SUCCESSFUL',
      data: {
        reference: b.reference,
        orderNo,
        cashierUrl: `${originOf(returnUrl)}/sandbox/${provider}/checkout/${orderNo}`,
        status: 'INITIAL',
        amount: { total, currency: amount.currency },
        vat: { total: 0, currency: amount.currency },
      },
    });
  });

  // Query Payment Status: signed like the refund call; by the merchant's reference or OPay's order number.
  router.post(`/${provider}/api/v1/international/cashier/status`, json, (req: Request, res: Response) => {
    const b: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const signature = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (
      !sameText(signature, apiSignature(keys.opaySecretKey, b)) ||
      !sameText(req.get('merchantid'), keys.opayMerchantId)
    ) {
      return refuse(res, AUTHENTICATION_FAILED, 'authentication failed');
    }
    if (typeof b.country !== 'string' || !/^[A-Z]{2}$/.test(b.country)) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: country');
    }
    const orderNo =
      typeof b.orderNo === 'string'
        ? b.orderNo
        : typeof b.reference === 'string'
          ? byReference.get(b.reference)
          : undefined;
    const checkout = orderNo === undefined ? undefined : kit.find(provider, orderNo);
    if (!checkout || (typeof b.reference === 'string' && b.reference !== checkout.reference)) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: no such order');
    }
    const status = statuses.get(checkout) ?? 'INITIAL';
    res.json({
      code: '00000',
      message: 'SUCCESSFUL',
      data: {
        reference: checkout.reference,
        orderNo: checkout.id,
        status,
        amount: { total: checkout.amountMinor, currency: checkout.currency },
        vat: { total: 0, currency: checkout.currency },
        createTime: created.get(checkout) ?? Date.now(),
        ...(status === 'FAIL'
          ? { failureCode: 'declined', failureReason: 'Declined by the card issuer (sandbox)' }
          : {}),
      },
    });
  });

  router.post(`/${provider}/api/v1/international/payment/refund/create`, json, async (req: Request, res: Response) => {
    const b: Record<string, unknown> = isObject(req.body) ? req.body : {};
    const signature = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (
      !sameText(signature, apiSignature(keys.opaySecretKey, b)) ||
      !sameText(req.get('merchantid'), keys.opayMerchantId)
    ) {
      return refuse(res, AUTHENTICATION_FAILED, 'authentication failed');
    }
    const amount = isObject(b.amount) ? b.amount : {};
    const orderNo = typeof b.originalReference === 'string' ? byReference.get(b.originalReference) : undefined;
    const checkout = orderNo === undefined ? undefined : kit.find(provider, orderNo);
    if (!checkout) return refuse(res, PARAMETER_ERROR, 'request parameter error: originalReference is no order');
    if (typeof b.reference !== 'string' || !b.reference || b.reference.length > 64) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: reference');
    }
    if (b.refundWay !== 'Original' && b.refundWay !== 'BankAccount') {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: refundWay');
    }
    if (numberOf(amount.total) !== checkout.amountMinor || amount.currency !== checkout.currency) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: the sandbox refunds the whole amount only');
    }
    const callbackUrl = kit.ownUrl(req, b.callbackUrl);
    if (!callbackUrl) {
      return refuse(res, PARAMETER_ERROR, 'request parameter error: callbackUrl must be a URL of this site');
    }
    if (checkout.state !== 'paid') {
      return refuse(res, PARAMETER_ERROR, `request parameter error: the order is ${checkout.state}, not paid`);
    }
    checkout.state = 'refunded';
    await notify(checkout, 'SUCCESS', callbackUrl, true);
    res.json({
      code: '00000',
      message: 'SUCCESSFUL',
      data: {
        reference: b.reference,
        originalReference: checkout.reference,
        orderNo: `3${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`,
        originalOrderNo: checkout.id,
        refundAmount: { total: checkout.amountMinor, currency: checkout.currency },
        country: countries.get(checkout) ?? 'EG',
        orderStatus: 'SUCCESS',
      },
    });
  });
}
