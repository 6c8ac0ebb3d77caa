import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Request, Response } from 'express';
import {
  LABELS,
  currencyDecimals,
  decimalText,
  escapeHtml,
  minorOf,
  sameText,
  standInPage,
  type SandboxCheckout,
  type SandboxKit,
} from './kit';

/*
 * Cowpay's stand-in, written from what Cowpay publishes (never from this site's adapter):
 * - docs.cowpay.me/api/iframe: POST /api/v1/iframe/token with `Authorization: Bearer`, the documented keys and
 *   their sha256 signature (merchant_code + merchant_reference_id + customer_merchant_profile_id + amount +
 *   hash_key), answered {success, status_code, status_description, type, cowpay_reference_id, token}.
 * - The card frame is Cowpay's page for the token, /api/v1/iframe/load/{token}, which Cowpay's own WooCommerce
 *   plugin loads (includes/rest_api/class-woo-cowpay-api.php, get_checkout_url); this site frames it.
 * - Cowpay's WooCommerce plugin (github.com/cowpay-me/woocommerce): the server callback's fields
 *   (includes/class-woo-cowpay-callback.php line 77), its statuses, and its md5 signature (lines 167-177); the
 *   callback goes to the URL set in the merchant's Cowpay dashboard (views/field-callback-url.php); the frame
 *   tells the page it is in with a message {message_source: 'cowpay', payment_status, cowpay_reference_id, ...}
 *   (includes/payments/class-woo-cowpay-credit-card.php lines 77-87, public/js/woo-cowpay-public.js).
 * - docs.cowpay.me/api/status ("Get Status"): GET /api/v1/charge/status?merchant_reference_id=…&signature=… with
 *   the Bearer token, signature = sha256 of merchant_code + merchant_reference_id + hash_key; answered {success,
 *   status_code, status_description, merchant_reference_id, cowpay_reference_id, order_status}. The frame's "Pay,
 *   but the callback is lost" pays without a callback: only this API tells.
 * No wording of Cowpay's refusals is published beyond the shape {success, status_code, status_description,
 * errors} the plugin reads (abstract-woo-payment-gateway-cowpay.php, get_user_error_messages): the messages
 * below are the stand-in's own.
 */

/** What the hosted frame's buttons make Cowpay report, by the path segment they post to. */
const OUTCOMES = {
  pay: { label: 'Pay', status: 'PAID', state: 'paid' },
  'pay-lost': { label: 'Pay, but the callback is lost', status: 'PAID', state: 'paid', silent: true },
  decline: { label: 'Card declined', status: 'FAILED', state: 'failed' },
  unpaid: { label: 'Leave unpaid', status: 'UNPAID', state: 'open' },
  expire: { label: 'Let it expire', status: 'EXPIRED', state: 'cancelled' },
} as const satisfies Record<
  string,
  { label: string; status: string; state: SandboxCheckout['state']; silent?: boolean }
>;
type OutcomeName = keyof typeof OUTCOMES;

const REQUIRED = [
  'merchant_reference_id',
  'customer_merchant_profile_id',
  'amount',
  'customer_name',
  'customer_mobile',
  'customer_email',
  'description',
  'signature',
] as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Run inside the frame after an outcome: tells the page around it, on this site's origin only. */
const MESSENGER = `(function () {
  'use strict';
  var data = document.getElementById('cowpay-message');
  if (data && window.parent !== window) window.parent.postMessage(JSON.parse(data.textContent), location.origin);
})();
`;

/** Cowpay's stand-in: the iframe token, its card frame, and the signed server callback. */
export function mountCowpay(kit: SandboxKit): void {
  const { router, keys, json, remember } = kit;
  const label = LABELS.cowpay;
  // Cowpay's order numbers (cowpay_reference_id) count up; each process starts somewhere new.
  let nextOrder = randomInt(1_000_000, 9_000_000);
  // merchant_reference_id must be unique per charge request (docs.cowpay.me/faqs): each names its token.
  const usedReferences = new Map<string, string>();
  /** Each order's status as "Get Status" tells it (its last callback's, or a lost one's). */
  const statuses = new WeakMap<SandboxCheckout, string>();

  const refuse = (res: Response, errors: Record<string, string>) =>
    void res.status(422).json({
      success: false,
      status_code: 422,
      status_description: 'The given data was invalid.',
      errors: Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])),
    });

  router.post('/cowpay/api/v1/iframe/token', json, (req, res) => {
    const bearer = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if (!sameText(bearer, keys.cowpayApiToken)) return void res.status(401).json({ message: 'Unauthenticated.' });
    // No body, or one the JSON parser did not read (another content type), is an empty one.
    const b = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const errors: Record<string, string> = {};
    for (const field of REQUIRED) {
      if (typeof b[field] !== 'string' || !(b[field] as string).trim()) {
        errors[field] = `The ${field.replace(/_/g, ' ')} field is required.`;
      }
    }
    const text = (field: string) => (typeof b[field] === 'string' ? (b[field] as string) : '');
    const amount = text('amount');
    const currency = b.currency_code === undefined ? 'EGP' : b.currency_code;
    const digits = typeof currency === 'string' ? currencyDecimals(currency) : null;
    if (digits === null) {
      errors.currency_code = 'The currency code must be a three-letter currency code.';
    }
    // "two decimal value like: 15.60" (docs.cowpay.me/api/iframe) for EGP: written with the currency's decimals.
    const amountMinor = digits === null ? null : minorOf(amount, currency as string);
    if (
      !errors.amount &&
      digits !== null &&
      (amountMinor === null || amountMinor <= 0 || amount !== decimalText(amountMinor, currency as string))
    ) {
      errors.amount = `The amount must be a ${digits} decimal value like ${decimalText(1560 * 10 ** Math.max(digits - 2, 0), currency as string)}.`;
    }
    for (const field of ['merchant_reference_id', 'customer_merchant_profile_id']) {
      if (!errors[field] && !/^[\w-]{1,100}$/.test(text(field))) errors[field] = `The ${field} must be alphanumeric.`;
    }
    if (!errors.customer_email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text('customer_email'))) {
      errors.customer_email = 'The customer email must be a valid email address.';
    }
    if (!errors.customer_mobile && !/^\+\d{8,15}$/.test(text('customer_mobile'))) {
      errors.customer_mobile = 'The customer mobile must be internationally formatted.';
    }
    if (Object.keys(errors).length) return refuse(res, errors);
    const reference = text('merchant_reference_id');
    const expected = sha256(
      `${keys.cowpayMerchantCode}${reference}${text('customer_merchant_profile_id')}${amount}${keys.cowpayHashKey}`,
    );
    if (!sameText(text('signature').toLowerCase(), expected)) {
      return refuse(res, { signature: 'The signature does not match the merchant code, hash key and fields.' });
    }
    if (usedReferences.has(reference)) {
      return refuse(res, { merchant_reference_id: 'The merchant reference id has already been taken.' });
    }
    const token = randomBytes(16).toString('hex');
    if (usedReferences.size >= 10_000) usedReferences.delete(usedReferences.keys().next().value as string);
    usedReferences.set(reference, token);
    const cowpayId = nextOrder++;
    // The callback URL is a setting of the merchant's Cowpay dashboard; this stand-in's account is this
    // server's, reached at the origin the token request came to: its callbacks go nowhere else.
    const site = `${req.protocol}://${req.get('host')}`;
    remember({
      id: token,
      provider: 'cowpay',
      reference,
      amountMinor: amountMinor!,
      currency: currency as string,
      successUrl: site,
      cancelUrl: site,
      webhookUrl: `${site}/webhooks/cowpay`,
      state: 'open',
      captureId: String(cowpayId),
    });
    res.json({
      success: true,
      status_code: 200,
      status_description: 'Operation done successfully',
      type: 'IFrame Initial Payment Request',
      cowpay_reference_id: cowpayId,
      token,
    });
  });

  // "Get Status": the order of a merchant_reference_id, signed with the merchant code and hash key.
  router.get('/cowpay/api/v1/charge/status', (req, res) => {
    const bearer = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '')?.[1] ?? '';
    if (!sameText(bearer, keys.cowpayApiToken)) return void res.status(401).json({ message: 'Unauthenticated.' });
    const reference = typeof req.query.merchant_reference_id === 'string' ? req.query.merchant_reference_id : '';
    const signature = typeof req.query.signature === 'string' ? req.query.signature.toLowerCase() : '';
    if (!reference) return refuse(res, { merchant_reference_id: 'The merchant reference id field is required.' });
    if (!sameText(signature, sha256(`${keys.cowpayMerchantCode}${reference}${keys.cowpayHashKey}`))) {
      return refuse(res, { signature: 'The signature does not match the merchant code, hash key and reference.' });
    }
    const token = usedReferences.get(reference);
    const checkout = token === undefined ? undefined : kit.find('cowpay', token);
    if (!checkout) {
      return void res
        .status(404)
        .json({ success: false, status_code: 404, status_description: 'No order has this merchant reference id.' });
    }
    res.json({
      success: true,
      status_code: 200,
      status_description: 'Operation done successfully',
      merchant_reference_id: reference,
      cowpay_reference_id: Number(checkout.captureId),
      order_status: statuses.get(checkout) ?? 'UNPAID',
    });
  });
  router.get('/cowpay/js/plugins/sandbox-frame-message.js', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/javascript').send(MESSENGER);
  });

  /** Posts Cowpay's signed server callback for an order status. */
  const notify = (checkout: SandboxCheckout, status: string, gatewayId: string) => {
    const body: Record<string, unknown> = {
      cowpay_reference_id: Number(checkout.captureId),
      payment_gateway_reference_id: gatewayId,
      merchant_reference_id: checkout.reference,
      order_status: status,
      amount: decimalText(checkout.amountMinor, checkout.currency),
      callback_type: 'order_status_update',
    };
    body.signature = md5(
      `${keys.cowpayHashKey}${String(body.amount)}${String(body.cowpay_reference_id)}${checkout.reference}${status}`,
    );
    return kit.deliver(checkout.webhookUrl, JSON.stringify(body), {});
  };

  const framePage = (res: Response, checkout: SandboxCheckout, result?: Record<string, string>) => {
    const base = `/sandbox/cowpay/api/v1/iframe/load/${encodeURIComponent(checkout.id)}`;
    // The frame lives inside this site's checkout page: it may be framed by this site and nothing else.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
    );
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.setHeader('Cache-Control', 'no-store');
    const buttons = (Object.keys(OUTCOMES) as OutcomeName[])
      .map(
        (name, i) =>
          `<form method="post" action="${base}/${name}"><button class="${i === 0 ? 'pay' : 'other'}" type="submit">${escapeHtml(OUTCOMES[name].label)}</button></form>`,
      )
      .join('\n');
    const message = result
      ? `<script type="application/json" id="cowpay-message">${JSON.stringify(result).replace(/</g, '\\u003c')}</script>
<script src="/sandbox/cowpay/js/plugins/sandbox-frame-message.js"></script>`
      : '';
    res.type('html').send(
      standInPage({
        title: `${label} sandbox form`,
        label,
        margin: '1.5rem',
        main: `<h1>${escapeHtml(label)} form</h1>
<p class="amount">${escapeHtml(decimalText(checkout.amountMinor, checkout.currency))} ${escapeHtml(checkout.currency)}</p>
<dl><dt>Merchant reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
<dt>Cowpay reference</dt><dd>${escapeHtml(checkout.captureId ?? '')}</dd></dl>
${result ? `<p role="status">Cowpay reported ${escapeHtml(result.payment_status ?? '')}.</p>` : ''}
${checkout.state === 'open' ? `<div class="actions">\n${buttons}\n</div>` : `<p>This payment is ${escapeHtml(checkout.state)}.</p>`}`,
        tail: message,
      }),
    );
  };

  const findOpen = (req: Request, res: Response): SandboxCheckout | undefined => {
    const checkout = kit.find('cowpay', String(req.params.token));
    if (!checkout) res.status(404).type('text').send('No such Cowpay iframe token.');
    return checkout;
  };

  // The card frame for a token (the hosted form; its buttons stand for what the buyer does).
  router.get('/cowpay/api/v1/iframe/load/:token', (req, res) => {
    const checkout = findOpen(req, res);
    if (checkout) framePage(res, checkout);
  });
  router.post('/cowpay/api/v1/iframe/load/:token/:outcome', async (req, res) => {
    const checkout = findOpen(req, res);
    if (!checkout) return;
    const name = String(req.params.outcome);
    if (!Object.hasOwn(OUTCOMES, name)) return void res.status(404).type('text').send('No such action.');
    if (checkout.state !== 'open') return framePage(res, checkout);
    const outcome: { status: string; state: SandboxCheckout['state']; silent?: boolean } =
      OUTCOMES[name as OutcomeName];
    checkout.state = outcome.state;
    statuses.set(checkout, outcome.status);
    const gatewayId = String(randomInt(100_000_000, 999_999_999));
    if (!outcome.silent) await notify(checkout, outcome.status, gatewayId);
    framePage(res, checkout, {
      message_source: 'cowpay',
      message_type: 'cowpay_browser_callback',
      callback_type: 'order_status_update',
      cowpay_reference_id: checkout.captureId ?? '',
      payment_gateway_reference_id: gatewayId,
      payment_status: outcome.status,
    });
  });
}
