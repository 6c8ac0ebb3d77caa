import type { IncomingHttpHeaders } from 'node:http';
import type { PayerDetails } from '../../../common/payment';
import type { PaymentProviderName } from './activation.entity';

/** What a provider needs to open a checkout for a pending activation. */
export interface CheckoutRequest {
  /** Our merchant reference (the activation's id). */
  reference: string;
  amountMinor: number;
  currency: string;
  description: string;
  macAddress: string;
  payer: PayerDetails;
  /** Where the provider sends the browser after paying, and after cancelling. */
  successUrl: string;
  cancelUrl: string;
  /** Where the provider posts its signed confirmation. */
  webhookUrl: string;
}

export interface Checkout {
  /** The provider's id for this checkout (order, invoice, payment intention). */
  providerReference: string;
  /** Where to send the browser to pay. */
  redirectUrl: string;
}

/** What a verified confirmation says, in one shape for every provider. */
export interface Confirmation {
  /** The provider's id of this notification (deduplication); stable across its retries. */
  eventId: string;
  /** Our merchant reference as the provider echoes it. */
  reference: string | null;
  /** The provider's checkout id, compared with the one stored for the activation. */
  providerReference: string | null;
  /**
   * The provider's id of the money movement: the exactly-once key of a paid confirmation. For a refund or
   * reversal, the id of that refund or reversal (its own exactly-once key).
   */
  transactionId: string | null;
  /**
   * - paid: the money arrived (activates, once).
   * - pending: nothing final yet (a PayPal capture held for review, a crypto payment confirming).
   * - partial: some of the money arrived, not all (NOWPayments `partially_paid`); see `partial`.
   * - failed, cancelled: no money, and none will come for this checkout.
   * - refunded: the merchant gave money back (PayPal refund, NOWPayments `refunded`, OPay's refunded flag,
   *   not Cowpay, which publishes no refund callback); `amountMinor` is the sum returned (null: all that is left).
   *   Refunds add up; the days the payment added come off once they reach what was paid.
   * - reversed: the money was taken back without us (a PayPal reversal or chargeback, a dispute lost); counted
   *   like a refund.
   * - disputed: a dispute or inquiry opened or moved on; no money moved, nothing is taken.
   * - reinstated: a dispute ended with the money staying with us (won, cancelled by the buyer, denied): a
   *   reversal of the payment is undone, and days taken for it come back, once.
   */
  status: 'paid' | 'pending' | 'partial' | 'failed' | 'cancelled' | 'refunded' | 'reversed' | 'disputed' | 'reinstated';
  /**
   * For refunded, reversed, disputed and reinstated: the `transactionId` of the paid confirmation it is about (a
   * PayPal capture id), when the notification names it; the payment is found by it when `reference` is missing.
   */
  takesBack?: string | null;
  /**
   * For disputed, reinstated and a dispute's reversed: the provider's id of the dispute (PayPal's `dispute_id`).
   * Each dispute undoes only what it did: a dispute won gives back the money and days of that dispute alone.
   */
  disputeId?: string | null;
  /** For partial: what arrived and what was asked, in the currency the buyer pays with (a coin). */
  partial?: { received: string; expected: string; currency: string } | null;
  amountMinor: number | null;
  currency: string | null;
  /** The provider's own status word, for the audit trail. */
  providerStatus: string;
  /**
   * A PayPal order the buyer approved that nobody has captured yet (the event CHECKOUT.ORDER.APPROVED, or the order
   * read back by reconciliation): whoever applies this confirmation captures the order, through the same capture
   * as the browser's (payment.service.ts), so the buyer who closed PayPal's window is charged once all the same.
   */
  approvedOrder?: string | null;
}

/** One of our checkouts, as reconciliation asks its provider about it. */
export interface CheckoutLookup {
  /** Our merchant reference (the activation's id). */
  reference: string;
  /** The provider's id for the checkout, kept when it started (an order, an invoice, a cashier order). */
  providerReference: string;
  /** What the checkout charges, fixed when it started. */
  amountMinor: number;
  currency: string;
  /** The provider's ids of the money this checkout's earlier notifications named (a NOWPayments payment id). */
  knownTransactions: readonly string[];
}

/** What a provider's status API said about one checkout. */
export interface Lookup {
  /**
   * What the answer confirms, in the webhook's shape, to be applied by the ledger exactly as a webhook would be;
   * null when the provider knows of nothing paid, failed or on its way for the checkout yet.
   */
  confirmation: Confirmation | null;
  /** The provider's own word for where the checkout stands (the operator's log and the audit trail). */
  providerStatus: string;
  /** The provider's answer, kept in the audit trail. */
  answer: unknown;
}

/** A webhook that is not the provider's, or not readable: answered 4xx, nothing changes, recorded. */
export class WebhookRefused extends Error {
  constructor(
    readonly outcome: 'refused-signature' | 'refused-malformed',
    message: string,
  ) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

/**
 * A field a provider signs as text. Providers send JSON's strings, numbers and booleans there; an object or a
 * list is no delivery of theirs, and String() of one can throw (`{"toString": 0}`) or recurse without end (a list
 * nested thousands deep), which would answer 503 and have a forger's delivery retried as if we were down.
 */
export function signedField(value: unknown, name: string): string {
  if (value !== null && typeof value === 'object') {
    throw new WebhookRefused('refused-malformed', `The field ${name} is not a text or a number.`);
  }
  return String(value);
}

/** True when a parsed JSON body nests deeper than `max` levels (checked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The provider answered, but not with a checkout (bad credentials, refused amount, outage). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** One payment provider: create a checkout; verify its webhooks. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** True when it talks to this site's local stand-in (no credentials configured): no money moves. */
  readonly sandbox: boolean;
  /**
   * How long after a checkout starts the buyer can still pay it at the provider, in hours, from the provider's
   * own documentation (each adapter cites it); absent when the provider publishes none. Reconciliation keeps
   * asking about a checkout it gave up on until this window has passed (docs/payments.md, "Reconciliation").
   */
  readonly paymentWindowHours?: number;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the signature over the raw body and reads the notification; throws WebhookRefused. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<Confirmation> | Confirmation;
  /**
   * Asks the provider's published status API where a checkout stands (reconciliation: a callback that never
   * arrived). Absent for a provider that cannot be asked. Throws ProviderError when the provider cannot be
   * reached or answers with something that is not a status.
   */
  lookup?(checkout: CheckoutLookup): Promise<Lookup>;
}

/**
 * Amounts in each currency's own decimals (ISO 4217: JPY 0, EUR 2, KWD 3): `decimalAmount(1500, 'JPY')` is
 * '1500', `minorAmount('4.500', 'KWD')` 4500. See currency.ts.
 */
export { decimalAmount, minorAmount } from './currency';

/** How long a provider has to answer one request. */
const TIMEOUT_MS = 15_000;

/** POSTs JSON with a time limit and reads JSON back; network and timeout failures become ProviderError. */
export function postJson(url: string, body: unknown, headers: Record<string, string>) {
  return requestJson('POST', url, body, headers);
}

/** GETs JSON with a time limit; network and timeout failures become ProviderError. */
export function getJson(url: string, headers: Record<string, string>) {
  return requestJson('GET', url, undefined, headers);
}

async function requestJson(
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    // Say what went wrong where (fetch's own TypeError says only "fetch failed": the cause has the code).
    const cause = (err as { cause?: { code?: unknown } }).cause?.code;
    const why =
      (err as Error).name === 'TimeoutError'
        ? `no answer in ${TIMEOUT_MS / 1000} s`
        : String(cause ?? (err as Error).message);
    throw new ProviderError(`The payment provider could not be reached at ${new URL(url).host} (${why}).`);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    throw new ProviderError(`The payment provider answered ${res.status} with something that is not JSON.`);
  }
  return { status: res.status, body: parsed };
}
