import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import type { SandboxKeys } from '../providers';
import { decimalText, numberOf, type SandboxCheckout, type SandboxKit } from './common';
import { PAYPAL_SANDBOX_SDK } from './paypal-sdk';

/** The signature PayPal's stand-in puts on its webhooks, checked by its verify-webhook-signature. */
function paypalTransmissionSig(keys: SandboxKeys, id: string, time: string, body: string): string {
  return createHmac('sha256', keys.paypalClientSecret)
    .update(`${id}|${time}|${keys.paypalWebhookId}|${body}`)
    .digest('base64');
}

/**
 * PayPal's stand-in: OAuth2 token, Orders v2 (create, capture), the browser SDK's approval, the webhook and its
 * verify-webhook-signature.
 */
export function mountPayPal(kit: SandboxKit): void {
  const { router, keys, json, remember } = kit;

  const notify = (checkout: SandboxCheckout) => {
    const amount = decimalText(checkout.amountMinor);
    const event = {
      id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: `Payment completed for ${checkout.currency} ${amount}`,
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
    return kit.deliver(checkout.webhookUrl, text, {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/SANDBOX',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': paypalTransmissionSig(keys, transmissionId, time, text),
    });
  };

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
      return void res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
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
    const checkout = kit.find('paypal', req.params.id);
    if (!checkout || false) return void res.status(404).json({ message: 'No such order.' });
    if (checkout.state === 'open' || checkout.state === 'declined' || checkout.state === 'approved') {
      checkout.state = (req.body as { card?: unknown })?.card === 'declined' ? 'declined' : 'approved';
    }
    res.json({ id: checkout.id, status: checkout.state === 'paid' ? 'COMPLETED' : 'APPROVED' });
  });
  router.post('/paypal/v2/checkout/orders/:id/capture', json, async (req, res) => {
    if (!authorised(req, res)) return;
    const checkout = kit.find('paypal', req.params.id);
    if (!checkout || false) {
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
    const amount = { currency_code: checkout.currency, value: decimalText(checkout.amountMinor) };
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
    setTimeout(() => void notify(checkout), 200).unref();
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
