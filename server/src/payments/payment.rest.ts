import express, { type Router } from 'express';
import type { Config } from '../config';
import { DomainError, httpStatusFor, INTERNAL_ERROR_MESSAGE } from '../common/errors';
import { raceRefusal } from '../db/races';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { bodyFields, fieldNamesOf, restHandler } from '../http/body';
import { authenticate, clientIp } from '../auth/authenticate';
import { requireOwner } from '../auth/caller';
import { setRefusalHeaders } from '../http/errors';
import { legacyDevice } from '../device/device.rest-view';
import type { Logger } from '../logger';
import type { DeviceService } from '../device/device.service';
import type { PricingTerms } from '../pricing/pricing.service';
import type { PaymentProviderName } from './activation.entity';
import type { CheckoutInput, PaymentService } from './payment.service';
import { PROVIDER_NAMES } from './providers';
import { siteBaseFor } from './return-urls';
import { localizer, sayTo } from '../i18n/localizer';
import { messages } from '../../../common/messages';

/** REST body field → service field for saveActivation (the legacy portal's field names). */
const ACTIVATION_BODY = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
  coin_type: 'coinType',
  payment_type: 'method',
} as const;
const ACTIVATION_FIELDS = fieldNamesOf(ACTIVATION_BODY);

/**
 * The legacy payment paths over the payment service the graph uses too. Bodies are untyped JSON:
 * each is cast to the input its service takes, and the service checks it.
 */
export function paymentRestRouter(
  { devices, payments }: { devices: DeviceService; payments: PaymentService },
  config: Config,
): Router {
  const router = express.Router();

  router.get(
    '/device/checkMacValid',
    restHandler({}, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const { eligible, message } = payments.eligibility(device);
      res.json(
        eligible
          ? { status: 'success', msg: sayTo(req, messages.payment.canActivate) }
          : { status: 'error', msg: message && sayTo(req, message) },
      );
    }),
  );

  router.post(
    '/device/saveActivation',
    restHandler(ACTIVATION_FIELDS, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const input = bodyFields(req.body, ACTIVATION_BODY) as CheckoutInput;
      const started = await payments.start(device, input, {
        siteBase: siteBaseFor(req, config),
        locale: localizer().ofRequest(req),
      });
      res.json({ status: 'success', url: started.redirectUrl, activation_id: started.activation.id });
    }),
  );

  router.post(
    '/paypal/order/create',
    restHandler({}, async (req, res) => {
      const device = requireOwner(await authenticate(req, devices));
      const order = await payments.createPayPalOrder(device);
      res.json({ id: order.id });
    }),
  );

  // PayPal's shape for refusals (details[0].issue / description, debug_id), as the spec's buttons read them.
  router.post('/paypal/order/capture/:orderID', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const device = requireOwner(await authenticate(req, devices));
      const captured = await payments.capturePayPalOrder(device, req.params.orderID);
      res.json({
        id: req.params.orderID,
        status: captured.activation.status === 'paid' ? 'COMPLETED' : 'PENDING',
        device: legacyDevice(captured.device, devices),
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      setRefusalHeaders(res, err);
      const issue = err.details?.issue ?? err.code;
      const { message } = localizer().refusal(localizer().ofRequest(req), err);
      res.status(httpStatusFor(err.code)).json({
        status: 'error',
        name: err.code,
        message,
        details: [{ issue, description: err.details?.description ?? message }],
        debug_id: err.details?.debugId ?? '',
      });
    }
  });

  return router;
}

/**
 * Providers' webhooks at /webhooks/{provider}: the raw body is kept for the signature, nothing else parses it.
 * No session and no Origin check: providers are not browsers; the signature is the authentication.
 *
 * A provider this server cannot verify (no credentials, and its sandbox stand-in not running here, as in
 * production) has no webhook: 404, before anything is called or recorded. What the ledger could not do is
 * answered by what went wrong: 503 with Retry-After when the database is away (the provider retries once it is
 * back), 409 when a concurrent change rolled the transaction back, 500 for a fault of ours.
 */
export function webhookRouter(services: { payments: PaymentService; pricing: PricingTerms }, logger: Logger): Router {
  const router = express.Router();
  // Verifiable: real credentials, or the stand-in app.ts mounts (only where sandboxes are allowed).
  const verifiable = (name: string) =>
    !(PROVIDER_NAMES as readonly string[]).includes(name) ||
    !services.payments.providers.isSandbox(name as PaymentProviderName) ||
    (services.pricing.sandboxMethods as readonly string[]).includes(name);
  router.post('/:provider', express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const provider = String(req.params.provider);
    if (!verifiable(provider)) {
      res.status(404).json({ status: 'error', message: 'No such payment provider.' });
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      const answer = await services.payments.handleWebhook(provider, body, req.headers, clientIp(req));
      res.status(answer.status).json(answer.body);
    } catch (err) {
      if (isDatabaseUnavailable(err)) {
        // The database went away mid-way: nothing was committed, and the provider retries.
        logger.warn({ err, provider }, 'webhook not processed (database unavailable); the provider will retry');
        res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        res.status(503).json({ status: 'error', message: 'Try again later.' });
      } else if (raceRefusal(err)) {
        logger.warn({ err, provider }, 'webhook not processed (a concurrent change); the provider will retry');
        res.status(409).json({ status: 'error', message: 'Try again later.' });
      } else {
        logger.error({ err, provider }, 'webhook not processed: unexpected error');
        res.status(500).json({ status: 'error', message: INTERNAL_ERROR_MESSAGE });
      }
    }
  });
  return router;
}
