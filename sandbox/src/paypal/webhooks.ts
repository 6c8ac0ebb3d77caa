import express from 'express';
import { sameText } from '../kit';
import { transmissionSig } from './model';
import type { PayPalStandIn } from './standin';

/** POST /v1/notifications/verify-webhook-signature. */
export function mountWebhookVerification(pp: PayPalStandIn): void {
  const { router, keys, authorised, paypalError } = pp;

  // ----- Webhook verification ---------------------------------------------------------------------------------

  router.post(
    '/paypal/v1/notifications/verify-webhook-signature',
    express.text({ type: '*/*', limit: '256kb' }),
    (req, res) => {
      if (!authorised(req, res)) return;
      // The event is taken verbatim from the request text, as PayPal verifies what it sent.
      const raw = String(req.body);
      const start = raw.indexOf('"webhook_event":');
      let fields: Record<string, unknown>;
      try {
        fields = JSON.parse(raw) as Record<string, unknown>;
        if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new Error('not an object');
      } catch {
        const e = paypalError(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
        return void res.status(e.status).json(e.body);
      }
      const field = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
      const missing = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ].find((name) => !field(name));
      if (missing || !fields.webhook_event || typeof fields.webhook_event !== 'object') {
        const e = paypalError(
          400,
          'VALIDATION_ERROR',
          'MISSING_REQUIRED_PARAMETER',
          `${missing ?? 'webhook_event'} is required.`,
        );
        return void res.status(e.status).json(e.body);
      }
      const event = start >= 0 ? raw.slice(start + '"webhook_event":'.length, -1) : '';
      const expected = transmissionSig(keys, field('transmission_id'), field('transmission_time'), event);
      const ok =
        field('webhook_id') === keys.paypalWebhookId &&
        field('auth_algo') === 'SHA256withRSA' &&
        sameText(field('transmission_sig'), expected);
      res.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    },
  );
}
