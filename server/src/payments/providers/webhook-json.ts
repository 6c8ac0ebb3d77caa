import { WebhookRefused } from '../provider';

/** A webhook's raw body read as JSON; a body that is not JSON is refused as malformed. */
export function webhookJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRefused('refused-malformed', 'The body is not JSON.');
  }
}
