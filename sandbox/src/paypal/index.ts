import type { SandboxKit } from '../kit';
import { mountBuyer } from './buyer';
import { mountOAuth } from './oauth';
import { mountOrders } from './orders';
import { mountRefunds } from './refunds';
import { mountSimulations } from './simulate';
import { mountWebhookVerification } from './webhooks';
import { payPalStandIn } from './standin';

/*
 * PayPal's stand-in, written from PayPal's published protocol, never from the adapter:
 * - OAuth2 client credentials (oauth.ts): POST /v1/oauth2/token (Basic client-id:secret).
 * - Orders v2 (orders.ts; paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json): POST /v2/checkout/orders,
 *   GET /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture, with `PayPal-Request-Id` (the same id
 *   is answered as the first time, no second order or capture) and `Prefer: return=minimal|return=representation`
 *   (minimal is the default: id, status, links). Errors are PayPal's: name, message, debug_id, details[].issue
 *   and .description, with the published issue names and descriptions.
 * - Payments v2 (refunds.ts; openapi/payments_payment_v2.json): POST /v2/payments/captures/{id}/refund.
 * - Webhooks (standin.ts delivers them, webhooks.ts verifies; openapi/notifications_webhooks_v1.json): events shaped as PayPal's `event` (id, event_version,
 *   create_time, resource_type, resource_version, event_type, summary, resource, links), delivered with PayPal's
 *   transmission headers and retried until answered 2xx; POST /v1/notifications/verify-webhook-signature.
 * - The browser SDK (/sdk/js, sdk.ts) and the approval PayPal's popup does (/orders/{id}/approve): buyer.ts.
 * - What PayPal does on its own, for tests and demos (/simulate/..., simulate.ts): a held capture completed or denied, a
 *   reversal, a dispute opened and resolved.
 * What they share (the stores, PayPal's representations, webhook delivery, Request-Id idempotency) is standin.ts;
 * ids, clock and the records' types are model.ts.
 */

/**
 * PayPal's stand-in: OAuth2 token, Orders v2 (create, show, capture), refunds, the browser SDK and its approval,
 * webhooks and their verify-webhook-signature, and PayPal's own moves (review, reversal, dispute).
 */
export function mountPayPal(kit: SandboxKit): void {
  const pp = payPalStandIn(kit);
  mountBuyer(pp);
  mountOAuth(pp);
  mountOrders(pp);
  mountRefunds(pp);
  mountSimulations(pp);
  mountWebhookVerification(pp);
}
