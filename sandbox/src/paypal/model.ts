import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxKeys } from '../keys';

/**
 * The signature this stand-in puts on its webhooks and checks in its verify-webhook-signature. PayPal signs
 * `transmission_id|transmission_time|webhook_id|crc32(body)` with SHA256withRSA and a certificate at cert_url;
 * the adapter never checks that itself (it asks verify-webhook-signature), so the stand-in keys an HMAC with its
 * client secret over the same fields and the whole body instead.
 */
export function transmissionSig(keys: SandboxKeys, id: string, time: string, body: string): string {
  return createHmac('sha256', keys.paypalClientSecret)
    .update(`${id}|${time}|${keys.paypalWebhookId}|${body}`)
    .digest('base64');
}

/** How the buyer approved, chosen on the stand-in's buttons; decides what the capture does. */
export type Funding = 'good' | 'declined' | 'review' | 'lost-answer' | 'completing';

export interface Amount {
  currency_code: string;
  value: string;
}

export interface SandboxCapture {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  reason: string | null;
  amountMinor: number;
  refundedMinor: number;
  createTime: string;
  updateTime: string;
}

export interface SandboxOrder {
  id: string;
  reference: string;
  referenceId: string;
  description: string | null;
  amountMinor: number;
  currency: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  funding: Funding | null;
  capture: SandboxCapture | null;
  /** This server's origin as the adapter called it: links and the webhook URL. */
  site: string;
  createTime: string;
  updateTime: string;
}

export interface SandboxDispute {
  id: string;
  capture: SandboxCapture;
  createTime: string;
}

/** PayPal's ids: 17 upper-case letters and digits. */
export const paypalId = () => randomBytes(12).toString('hex').toUpperCase().slice(0, 17);
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
export const DECIMAL = /^\d{1,9}(\.\d{1,2})?$/;

/** A bounded map: the oldest entries go first. */
export function bounded<V>(limit: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    set: (key: string, value: V) => {
      if (map.size >= limit) map.delete(map.keys().next().value as string);
      map.set(key, value);
      return value;
    },
  };
}
