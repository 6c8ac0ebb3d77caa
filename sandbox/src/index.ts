import type { Router } from 'express';
import type { Logger } from 'pino';
import type { SandboxKeys } from './keys';
import { sandboxKit, type SandboxProvider, type SandboxSite } from './kit';

export type { SandboxKeys } from './keys';
export type { SandboxProvider, SandboxSite } from './kit';
import { mountCowpay } from './cowpay';
import { mountNowPayments } from './nowpayments';
import { mountOpay } from './opay';
import { mountPayPal } from './paypal/index';

/**
 * Local stand-ins for the payment providers (sandbox mode, no money moves): each speaks its provider's
 * protocol (create, hosted checkout page with Pay and Cancel, signed webhook with retries, return redirect),
 * so the real adapters run unchanged against them. Mounted at /sandbox only for providers without
 * credentials, and never in production unless PAYMENT_SANDBOX=true. No money moves; every page says so.
 */
export function sandboxRouter(
  keys: SandboxKeys,
  site: SandboxSite,
  providers: readonly SandboxProvider[],
  logger: Logger,
): Router {
  const kit = sandboxKit(keys, site, logger);
  const on = (provider: SandboxProvider) => providers.includes(provider);
  if (on('crypto')) mountNowPayments(kit);
  if (on('cowpay')) mountCowpay(kit);
  if (on('opay')) mountOpay(kit, 'opay');
  if (on('opay1')) mountOpay(kit, 'opay1');
  if (on('paypal')) mountPayPal(kit);
  return kit.router;
}
