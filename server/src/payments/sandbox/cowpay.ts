import { randomBytes } from 'node:crypto';
import { cowpayCallbackSignature } from '../providers/cowpay';
import { decimalText, numberOf, originOf, type SandboxCheckout, type SandboxKit } from './common';

/** Cowpay's stand-in: the charge intention, the card frame, and the signed server callback. */
export function mountCowpay(kit: SandboxKit): void {
  const { router, keys, json, remember } = kit;

  const notify = (checkout: SandboxCheckout, outcome: 'paid' | 'cancelled') => {
    const amount = decimalText(checkout.amountMinor);
    const cowpayId = checkout.captureId ?? String(Math.floor(Math.random() * 1e10));
    checkout.captureId = cowpayId;
    const body: Record<string, unknown> = {
      cowpay_reference_id: cowpayId,
      merchant_reference_id: checkout.reference,
      token: checkout.id,
      order_status: outcome === 'paid' ? 'PAID' : 'CANCELLED',
      amount,
      currency: checkout.currency,
      payment_method: 'CARD',
    };
    body.signature = cowpayCallbackSignature(
      { merchantCode: keys.cowpayMerchantCode, hashKey: keys.cowpayHashKey },
      body,
    );
    return kit.deliver(checkout.webhookUrl, JSON.stringify(body), {});
  };

  kit.hostedCheckout('cowpay', [
    {
      path: 'pay',
      label: 'Pay',
      run: async (checkout) => {
        checkout.state = 'paid';
        await notify(checkout, 'paid');
        return checkout.successUrl;
      },
    },
    {
      path: 'cancel',
      label: 'Cancel',
      run: async (checkout) => {
        checkout.state = 'cancelled';
        await notify(checkout, 'cancelled');
        return checkout.cancelUrl;
      },
    },
  ]);

  router.post('/cowpay/api/v2/charge/card/init', json, (req, res) => {
    // No body, or one the JSON parser did not read (another content type), is an empty one.
    const b = (req.body ?? {}) as Record<string, unknown>;
    const site = originOf(b.return_url);
    const amount = numberOf(b.amount);
    if (b.merchant_code !== keys.cowpayMerchantCode)
      return void res.status(401).json({ success: false, status_code: 401, message: 'Unauthenticated.' });
    if (
      !site ||
      !Number.isFinite(amount) ||
      amount <= 0 ||
      typeof b.merchant_reference_id !== 'string' ||
      typeof b.server_callback_url !== 'string'
    ) {
      return void res.status(422).json({ success: false, status_code: 422, message: 'The given data was invalid.' });
    }
    const token = randomBytes(16).toString('hex');
    remember({
      id: token,
      provider: 'cowpay',
      reference: b.merchant_reference_id,
      amountMinor: Math.round(amount * 100),
      currency: String(b.currency ?? 'EGP'),
      successUrl: String(b.return_url),
      cancelUrl: `${site}/device/playlists?payment_status=cancelled`,
      webhookUrl: b.server_callback_url,
      state: 'open',
    });
    res.json({ success: true, status_code: 200, token, message: 'Charge intention created (sandbox).' });
  });
  // The card frame the site's /cowpay/checkout page embeds; its buttons move the whole page on.
  router.get('/cowpay/frame/:frameCode/:token', (req, res) => {
    const checkout = kit.find('cowpay', req.params.token);
    if (!checkout || checkout.provider !== 'cowpay') return void res.status(404).send('No such sandbox checkout.');
    res.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    res.redirect(303, `/sandbox/cowpay/checkout/${encodeURIComponent(checkout.id)}/framed`);
  });
}
