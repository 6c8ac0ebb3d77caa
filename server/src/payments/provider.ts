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
   *   not Cowpay, which publishes no refund callback); takes back the licence the payment gave.
   * - reversed: the money was taken back without us (PayPal reversal, a chargeback or dispute opened against
   *   the payment); takes back the licence too.
   */
  status: 'paid' | 'pending' | 'partial' | 'failed' | 'cancelled' | 'refunded' | 'reversed';
  /**
   * For refunded and reversed: the `transactionId` of the paid confirmation whose money went back (a PayPal
   * capture id), when the notification names it; the payment is found by it when `reference` is missing.
   */
  takesBack?: string | null;
  /** For partial: what arrived and what was asked, in the currency the buyer pays with (a coin). */
  partial?: { received: string; expected: string; currency: string } | null;
  amountMinor: number | null;
  currency: string | null;
  /** The provider's own status word, for the audit trail. */
  providerStatus: string;
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
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks the signature over the raw body and reads the notification; throws WebhookRefused. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<Confirmation> | Confirmation;
}

/**
 * Amounts in each currency's own decimals (ISO 4217: JPY 0, EUR 2, KWD 3): `decimalAmount(1500, 'JPY')` is
 * '1500', `minorAmount('4.500', 'KWD')` 4500. See currency.ts.
 */
export { decimalAmount, minorAmount } from './currency';

/** POSTs JSON with a time limit and reads JSON back; network and timeout failures become ProviderError. */
export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  timeoutMs = 15_000,
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new ProviderError(`The payment provider could not be reached (${(err as Error).name}).`);
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
