import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from '../../logger';
import { cowpayCallbackSignature } from '../providers/cowpay';
import { nowPaymentsSignature } from '../providers/nowpayments';
import { opaySignature } from '../providers/opay';
import type { SandboxKeys } from '../providers';
import { decimalAmount } from '../provider';
import { PAYPAL_SANDBOX_SDK } from './paypal-sdk';

type Provider = 'paypal' | 'crypto' | 'cowpay' | 'opay' | 'opay1';

interface SandboxCheckout {
  id: string;
  provider: Provider;
  reference: string;
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  state: 'open' | 'approved' | 'declined' | 'paid' | 'cancelled';
  captureId?: string;
}

const LABELS: Record<Provider, string> = {
  paypal: 'PayPal',
  crypto: 'Crypto (NOWPayments)',
  cowpay: 'Cowpay card',
  opay: 'OPay',
  opay1: 'OPay (second account)',
};

/** The signature PayPal's stand-in puts on its webhooks, checked by its verify-webhook-signature. */
function paypalTransmissionSig(keys: SandboxKeys, id: string, time: string, body: string): string {
  return createHmac('sha256', keys.paypalClientSecret)
    .update(`${id}|${time}|${keys.paypalWebhookId}|${body}`)
    .digest('base64');
}

/** A number sent as JSON's number or text; anything else (an object whose valueOf throws) is no number. */
function numberOf(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Local stand-ins for the payment providers (sandbox mode, no money moves): each speaks its provider's
 * protocol (create, hosted checkout page with Pay and Cancel, signed webhook with retries, return redirect),
 * so the real adapters run unchanged against them. Mounted at /sandbox only for providers without
 * credentials, and never in production unless PAYMENT_SANDBOX=true. No money moves; every page says so.
 */
export function sandboxRouter(keys: SandboxKeys, providers: readonly Provider[], logger: Logger): Router {
  const router = express.Router();
  const checkouts = new Map<string, SandboxCheckout>();
  const json = express.json({ limit: '64kb' });
  const on = (provider: Provider) => providers.includes(provider);

  const remember = (checkout: SandboxCheckout) => {
    // A bounded store: the oldest checkouts go first.
    if (checkouts.size >= 10_000) checkouts.delete(checkouts.keys().next().value as string);
    checkouts.set(checkout.id, checkout);
    return checkout;
  };

  /** Delivers a webhook the way providers do: retried with growing delays until it is answered 2xx. */
  const deliver = (url: string, body: string, headers: Record<string, string>) => {
    const attempt = async (n: number): Promise<void> => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'payment-sandbox/1.0', ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429)) return;
      } catch {
        // retried below
      }
      if (n < 6) setTimeout(() => void attempt(n + 1), 250 * 2 ** n).unref();
      else logger.warn({ url }, 'sandbox webhook not delivered after 7 attempts');
    };
    return attempt(0);
  };

  const notify = async (checkout: SandboxCheckout, outcome: 'paid' | 'cancelled') => {
    const amount = decimalAmount(checkout.amountMinor);
    switch (checkout.provider) {
      case 'crypto': {
        const paymentId = checkout.captureId ?? String(Date.now()) + String(Math.floor(Math.random() * 1000));
        checkout.captureId = paymentId;
        const body = {
          payment_id: paymentId,
          invoice_id: checkout.id,
          payment_status: outcome === 'paid' ? 'finished' : 'expired',
          price_amount: Number(amount),
          price_currency: checkout.currency.toLowerCase(),
          pay_amount: 0.0001,
          actually_paid: outcome === 'paid' ? 0.0001 : 0,
          pay_currency: 'btc',
          order_id: checkout.reference,
          order_description: 'Sandbox payment',
          outcome_amount: Number(amount),
          outcome_currency: checkout.currency.toLowerCase(),
        };
        const text = JSON.stringify(body);
        return deliver(checkout.webhookUrl, text, {
          'x-nowpayments-sig': nowPaymentsSignature(keys.cryptoIpnSecret, body),
        });
      }
      case 'cowpay': {
        const cowpayId = checkout.captureId ?? String(Math.floor(Math.random() * 1e10));
        checkout.captureId = cowpayId;
        const body: Record<string, unknown> = {
          cowpay_reference_id: cowpayId,
          merchant_reference_id: checkout.reference,
          token: checkout.id,
          order_status: outcome === 'paid' ? 'PAID' : 'CANCELLED',
          amount,
          currency: checkout.currency,
          payment_method: 'CARD',
        };
        body.signature = cowpayCallbackSignature(
          { merchantCode: keys.cowpayMerchantCode, hashKey: keys.cowpayHashKey },
          body,
        );
        return deliver(checkout.webhookUrl, JSON.stringify(body), {});
      }
      case 'opay':
      case 'opay1': {
        const transactionId = checkout.captureId ?? `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
        checkout.captureId = transactionId;
        const payload = {
          amount: String(checkout.amountMinor),
          channel: 'Web',
          country: 'EG',
          currency: checkout.currency,
          displayedFailure: '',
          fee: '0',
          feeCurrency: checkout.currency,
          instrumentType: 'BankCard',
          reference: checkout.reference,
          refunded: false,
          status: outcome === 'paid' ? 'SUCCESS' : 'CLOSE',
          timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
          token: checkout.id,
          transactionId,
          updated_at: new Date().toISOString(),
        };
        const body = { payload, sha512: opaySignature(keys.opaySecretKey, payload), type: 'transaction-status' };
        return deliver(checkout.webhookUrl, JSON.stringify(body), {});
      }
      case 'paypal': {
        const event = {
          id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
          event_version: '1.0',
          create_time: new Date().toISOString(),
          resource_type: 'capture',
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          summary: `Payment completed for EUR ${amount}`,
          resource: {
            id: checkout.captureId,
            status: 'COMPLETED',
            amount: { currency_code: checkout.currency, value: amount },
            custom_id: checkout.reference,
            supplementary_data: { related_ids: { order_id: checkout.id } },
          },
        };
        const text = JSON.stringify(event);
        const transmissionId = randomUUID();
        const time = new Date().toISOString();
        return deliver(checkout.webhookUrl, text, {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/SANDBOX',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': paypalTransmissionSig(keys, transmissionId, time, text),
        });
      }
    }
  };

  /** The hosted checkout page: a sandbox banner, what is paid, Pay and Cancel. */
  const page = (res: Response, checkout: SandboxCheckout, target: '_self' | '_top' = '_self') => {
    const label = LABELS[checkout.provider];
    const base = `/sandbox/${checkout.provider}/checkout/${encodeURIComponent(checkout.id)}`;
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(label)} sandbox checkout</title>
<style>
  body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f7;color:#1b1b1f}
  .banner{background:#b45309;color:#fff;padding:.75rem 1rem;font-weight:700;text-align:center}
  main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px #0002}
  h1{font-size:1.25rem;margin:0 0 1rem} .amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
  .actions{display:flex;gap:.75rem;flex-wrap:wrap} button{font:inherit;padding:.75rem 1.25rem;border-radius:8px;border:0;cursor:pointer}
  .pay{background:#15803d;color:#fff} .cancel{background:#e4e4e7;color:#1b1b1f} dl{font-size:.875rem;color:#52525b}
</style></head>
<body><div class="banner" role="status">SANDBOX: no money moves. This is a local stand-in for ${escapeHtml(label)}.</div>
<main><h1>${escapeHtml(label)} checkout</h1>
<p class="amount">${escapeHtml(decimalAmount(checkout.amountMinor))} ${escapeHtml(checkout.currency)}</p>
<dl><dt>Merchant reference</dt><dd>${escapeHtml(checkout.reference)}</dd></dl>
${
  checkout.state === 'open'
    ? `<div class="actions">
<form method="post" action="${base}/pay" target="${target}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${base}/cancel" target="${target}"><button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p>This checkout is ${escapeHtml(checkout.state)}.</p>`
}
</main></body></html>`);
  };

  const finish = (outcome: 'paid' | 'cancelled') => async (req: Request, res: Response) => {
    const checkout = checkouts.get(String(req.params.id));
    if (!checkout || checkout.provider === 'paypal') return void res.status(404).send('No such sandbox checkout.');
    if (checkout.state === 'open') {
      checkout.state = outcome;
      await notify(checkout, outcome);
    }
    res.redirect(303, checkout.state === 'paid' ? checkout.successUrl : checkout.cancelUrl);
  };

  for (const provider of ['crypto', 'cowpay', 'opay', 'opay1'] as const) {
    if (!on(provider)) continue;
    router.get(`/${provider}/checkout/:id`, (req, res) => {
      const checkout = checkouts.get(req.params.id);
      if (!checkout || checkout.provider !== provider) return void res.status(404).send('No such sandbox checkout.');
      page(res, checkout);
    });
    router.post(`/${provider}/checkout/:id/pay`, finish('paid'));
    router.post(`/${provider}/checkout/:id/cancel`, finish('cancelled'));
  }

  const origin = (url: unknown) => {
    try {
      return new URL(String(url)).origin;
    } catch {
      return null;
    }
  };

  if (on('crypto')) {
    router.post('/crypto/v1/invoice', json, (req, res) => {
      if (req.get('x-api-key') !== keys.cryptoApiKey)
        return void res.status(403).json({ statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' });
      // No body, or one the JSON parser did not read (another content type), is an empty one.
      const b = (req.body ?? {}) as Record<string, unknown>;
      const site = origin(b.success_url);
      const amount = numberOf(b.price_amount);
      if (
        !site ||
        !Number.isFinite(amount) ||
        amount <= 0 ||
        typeof b.order_id !== 'string' ||
        typeof b.ipn_callback_url !== 'string'
      ) {
        return void res.status(400).json({
          statusCode: 400,
          code: 'INVALID_REQUEST_PARAMS',
          message: 'price_amount, order_id, ipn_callback_url and success_url are required',
        });
      }
      const id = String(4_000_000_000 + Math.floor(Math.random() * 999_999_999));
      remember({
        id,
        provider: 'crypto',
        reference: b.order_id,
        amountMinor: Math.round(amount * 100),
        currency: String(b.price_currency ?? 'eur').toUpperCase(),
        successUrl: String(b.success_url),
        cancelUrl: String(b.cancel_url ?? b.success_url),
        webhookUrl: b.ipn_callback_url,
        state: 'open',
      });
      res.json({
        id,
        order_id: b.order_id,
        order_description: b.order_description,
        price_amount: String(amount),
        price_currency: b.price_currency,
        pay_currency: b.pay_currency ?? null,
        ipn_callback_url: b.ipn_callback_url,
        invoice_url: `${site}/sandbox/crypto/checkout/${id}`,
        success_url: b.success_url,
        cancel_url: b.cancel_url,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      });
    });
  }

  if (on('cowpay')) {
    router.post('/cowpay/api/v2/charge/card/init', json, (req, res) => {
      // No body, or one the JSON parser did not read (another content type), is an empty one.
      const b = (req.body ?? {}) as Record<string, unknown>;
      const site = origin(b.return_url);
      const amount = numberOf(b.amount);
      if (b.merchant_code !== keys.cowpayMerchantCode)
        return void res.status(401).json({ success: false, status_code: 401, message: 'Unauthenticated.' });
      if (
        !site ||
        !Number.isFinite(amount) ||
        amount <= 0 ||
        typeof b.merchant_reference_id !== 'string' ||
        typeof b.server_callback_url !== 'string'
      ) {
        return void res.status(422).json({ success: false, status_code: 422, message: 'The given data was invalid.' });
      }
      const token = randomBytes(16).toString('hex');
      remember({
        id: token,
        provider: 'cowpay',
        reference: b.merchant_reference_id,
        amountMinor: Math.round(amount * 100),
        currency: String(b.currency ?? 'EGP'),
        successUrl: String(b.return_url),
        cancelUrl: `${site}/device/playlists?payment_status=cancelled`,
        webhookUrl: b.server_callback_url,
        state: 'open',
      });
      res.json({ success: true, status_code: 200, token, message: 'Charge intention created (sandbox).' });
    });
    // The card frame the site's /cowpay/checkout page embeds; its buttons move the whole page on.
    router.get('/cowpay/frame/:frameCode/:token', (req, res) => {
      const checkout = checkouts.get(req.params.token);
      if (!checkout || checkout.provider !== 'cowpay') return void res.status(404).send('No such sandbox checkout.');
      res.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
      page(res, checkout, '_top');
    });
  }

  for (const provider of ['opay', 'opay1'] as const) {
    if (!on(provider)) continue;
    router.post(`/${provider}/api/v1/international/cashier/create`, json, (req, res) => {
      if (
        req.get('authorization') !== `Bearer ${keys.opayPublicKey}` ||
        req.get('merchantid') !== keys.opayMerchantId
      ) {
        return void res.json({ code: '02000', message: 'authentication failed', data: null });
      }
      const b = (req.body ?? {}) as {
        reference?: unknown;
        amount?: { total?: unknown; currency?: unknown };
        returnUrl?: unknown;
        cancelUrl?: unknown;
        callbackUrl?: unknown;
      };
      const site = origin(b.returnUrl);
      const total = numberOf(b.amount?.total);
      if (
        !site ||
        !Number.isInteger(total) ||
        total <= 0 ||
        typeof b.reference !== 'string' ||
        typeof b.callbackUrl !== 'string'
      ) {
        return void res.json({ code: '02001', message: 'request parameter error', data: null });
      }
      const orderNo = `2${Date.now()}${Math.floor(Math.random() * 1000)}`;
      remember({
        id: orderNo,
        provider,
        reference: b.reference,
        amountMinor: total,
        currency: String(b.amount?.currency ?? 'EGP'),
        successUrl: String(b.returnUrl),
        cancelUrl: String(b.cancelUrl ?? b.returnUrl),
        webhookUrl: b.callbackUrl,
        state: 'open',
      });
      res.json({
        code: '00000',
        message: 'SUCCESSFUL',
        data: {
          reference: b.reference,
          orderNo,
          cashierUrl: `${site}/sandbox/${provider}/checkout/${orderNo}`,
          amount: { total, currency: b.amount?.currency },
          status: 'INITIAL',
        },
      });
    });
  }

  if (on('paypal')) {
    const bearer = `Bearer sandbox-${createHmac('sha256', keys.paypalClientSecret).update('token').digest('hex')}`;
    const authorised = (req: Request, res: Response) => {
      if (req.get('authorization') === bearer) return true;
      res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
      return false;
    };
    const paypalError = (res: Response, status: number, name: string, issue: string, description: string) =>
      res.status(status).json({
        name,
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: randomBytes(6).toString('hex'),
        details: [{ issue, description }],
      });

    router.get('/paypal/sdk/js', (_req, res) => {
      res.type('application/javascript').setHeader('Cache-Control', 'no-store');
      res.send(PAYPAL_SANDBOX_SDK);
    });
    router.post('/paypal/v1/oauth2/token', express.urlencoded({ extended: false }), (req, res) => {
      const given = Buffer.from(String(req.get('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString();
      // Compared as bytes: text of the right length can be more bytes (timingSafeEqual throws on that).
      const secret = Buffer.from(given.slice(given.indexOf(':') + 1));
      const expected = Buffer.from(keys.paypalClientSecret);
      const ok = secret.length === expected.length && timingSafeEqual(secret, expected);
      if (!ok || (req.body as { grant_type?: unknown } | undefined)?.grant_type !== 'client_credentials') {
        return void res
          .status(401)
          .json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      res.json({
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: bearer.slice(7),
        token_type: 'Bearer',
        app_id: 'APP-SANDBOX',
        expires_in: 32400,
      });
    });
    router.post('/paypal/v2/checkout/orders', json, (req, res) => {
      if (!authorised(req, res)) return;
      const unit = (
        (req.body ?? {}) as {
          purchase_units?: { custom_id?: unknown; amount?: { value?: unknown; currency_code?: unknown } }[];
        }
      ).purchase_units?.[0];
      const value = numberOf(unit?.amount?.value);
      if (!unit || typeof unit.custom_id !== 'string' || !Number.isFinite(value) || value <= 0) {
        return void paypalError(
          res,
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'purchase_units[0] needs custom_id and amount.',
        );
      }
      const id = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const site = `${req.protocol}://${req.get('host')}`;
      remember({
        id,
        provider: 'paypal',
        reference: unit.custom_id,
        amountMinor: Math.round(value * 100),
        currency: String(unit.amount?.currency_code ?? 'EUR'),
        successUrl: site,
        cancelUrl: site,
        webhookUrl: `${site}/webhooks/paypal`,
        state: 'open',
      });
      res.status(201).json({
        id,
        status: 'CREATED',
        links: [{ href: `${site}/sandbox/paypal/orders/${id}/approve`, rel: 'approve', method: 'POST' }],
      });
    });
    // What PayPal's popup does when the buyer approves (the sandbox SDK calls it): 'declined' picks a card
    // that the capture will decline.
    router.post('/paypal/orders/:id/approve', json, (req, res) => {
      const checkout = checkouts.get(req.params.id);
      if (!checkout || checkout.provider !== 'paypal') return void res.status(404).json({ message: 'No such order.' });
      if (checkout.state === 'open' || checkout.state === 'declined' || checkout.state === 'approved') {
        checkout.state = (req.body as { card?: unknown })?.card === 'declined' ? 'declined' : 'approved';
      }
      res.json({ id: checkout.id, status: checkout.state === 'paid' ? 'COMPLETED' : 'APPROVED' });
    });
    router.post('/paypal/v2/checkout/orders/:id/capture', json, async (req, res) => {
      if (!authorised(req, res)) return;
      const checkout = checkouts.get(req.params.id);
      if (!checkout || checkout.provider !== 'paypal') {
        return void paypalError(
          res,
          404,
          'RESOURCE_NOT_FOUND',
          'INVALID_RESOURCE_ID',
          'Specified resource ID does not exist.',
        );
      }
      if (checkout.state === 'open') {
        return void paypalError(
          res,
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
      }
      if (checkout.state === 'declined') {
        checkout.state = 'open';
        return void paypalError(
          res,
          422,
          'UNPROCESSABLE_ENTITY',
          'INSTRUMENT_DECLINED',
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        );
      }
      if (checkout.state === 'paid') {
        return void paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
      }
      checkout.state = 'paid';
      checkout.captureId = randomBytes(9).toString('hex').toUpperCase().slice(0, 17);
      const amount = { currency_code: checkout.currency, value: decimalAmount(checkout.amountMinor) };
      res.status(201).json({
        id: checkout.id,
        status: 'COMPLETED',
        purchase_units: [
          {
            reference_id: checkout.reference,
            payments: {
              captures: [
                {
                  id: checkout.captureId,
                  status: 'COMPLETED',
                  amount,
                  custom_id: checkout.reference,
                  final_capture: true,
                },
              ],
            },
          },
        ],
      });
      // PayPal also tells the webhook, a moment later.
      setTimeout(() => void notify(checkout, 'paid'), 200).unref();
    });
    router.post(
      '/paypal/v1/notifications/verify-webhook-signature',
      express.text({ type: '*/*', limit: '256kb' }),
      (req, res) => {
        if (!authorised(req, res)) return;
        // The event is taken verbatim from the request text, as PayPal verifies what it sent.
        const text = String(req.body);
        const start = text.indexOf('"webhook_event":');
        let fields: Record<string, unknown>;
        try {
          fields = JSON.parse(text) as Record<string, unknown>;
          if (!fields || typeof fields !== 'object') throw new Error('not an object');
        } catch {
          return void paypalError(
            res,
            400,
            'INVALID_REQUEST',
            'MALFORMED_REQUEST_JSON',
            'The request JSON is not well formed.',
          );
        }
        const event = start >= 0 ? text.slice(start + '"webhook_event":'.length, -1) : '';
        const expected = paypalTransmissionSig(
          keys,
          typeof fields.transmission_id === 'string' ? fields.transmission_id : '',
          typeof fields.transmission_time === 'string' ? fields.transmission_time : '',
          event,
        );
        const given = Buffer.from(typeof fields.transmission_sig === 'string' ? fields.transmission_sig : '');
        const ok =
          fields.webhook_id === keys.paypalWebhookId &&
          given.length === Buffer.byteLength(expected) &&
          timingSafeEqual(given, Buffer.from(expected));
        res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
      },
    );
  }

  return router;
}
