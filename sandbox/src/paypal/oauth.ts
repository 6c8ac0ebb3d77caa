import { randomBytes } from 'node:crypto';
import express from 'express';
import { sameText } from '../kit';
import { now } from './model';
import type { PayPalStandIn } from './standin';

/** OAuth2 client credentials: POST /v1/oauth2/token. */
export function mountOAuth(pp: PayPalStandIn): void {
  const { router, keys, clientId, bearer } = pp;

  // ----- OAuth2 ---------------------------------------------------------------------------------------------

  router.post('/paypal/v1/oauth2/token', express.urlencoded({ extended: false, limit: '8kb' }), (req, res) => {
    const given = Buffer.from(String(req.get('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString();
    const colon = given.indexOf(':');
    const ok =
      colon > 0 &&
      sameText(given.slice(0, colon), clientId()) &&
      sameText(given.slice(colon + 1), keys.paypalClientSecret) &&
      (req.body as { grant_type?: unknown } | undefined)?.grant_type === 'client_credentials';
    if (!ok)
      return void res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund',
      access_token: bearer,
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX',
      expires_in: 32400,
      nonce: `${now()}${randomBytes(8).toString('hex')}`,
    });
  });
}
