import { nowPaymentsSignature } from '../providers/nowpayments';
import { decimalText, numberOf, originOf, type SandboxCheckout, type SandboxKit } from './common';

/** NOWPayments' stand-in: POST /v1/invoice (x-api-key), a hosted invoice page, and the IPN. */
export function mountNowPayments(kit: SandboxKit): void {
  const { router, keys, json, remember } = kit;

  const notify = (checkout: SandboxCheckout, outcome: 'paid' | 'cancelled') => {
    const amount = decimalText(checkout.amountMinor);
    const paymentId = checkout.captureId ?? String(Date.now()) + String(Math.floor(Math.random() * 1000));
    checkout.captureId = paymentId;
    const body = {
      payment_id: paymentId,
      invoice_id: checkout.id,
      payment_status: outcome === 'paid' ? 'finished' : 'expired',
      price_amount: Number(amount),
      price_currency: checkout.currency.toLowerCase(),
      pay_amount: 0.0001,
      actually_paid: outcome === 'paid' ? 0.0001 : 0,
      pay_currency: 'btc',
      order_id: checkout.reference,
      order_description: 'Sandbox payment',
      outcome_amount: Number(amount),
      outcome_currency: checkout.currency.toLowerCase(),
    };
    const text = JSON.stringify(body);
    return kit.deliver(checkout.webhookUrl, text, {
      'x-nowpayments-sig': nowPaymentsSignature(keys.cryptoIpnSecret, body),
    });
  };

  kit.hostedCheckout('crypto', [
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

  router.post('/crypto/v1/invoice', json, (req, res) => {
    if (req.get('x-api-key') !== keys.cryptoApiKey)
      return void res.status(403).json({ statusCode: 403, code: 'INVALID_API_KEY', message: 'Invalid api key' });
    // No body, or one the JSON parser did not read (another content type), is an empty one.
    const b = (req.body ?? {}) as Record<string, unknown>;
    const site = originOf(b.success_url);
    const amount = numberOf(b.price_amount);
    if (
      !site ||
      !Number.isFinite(amount) ||
      amount <= 0 ||
      typeof b.order_id !== 'string' ||
      typeof b.ipn_callback_url !== 'string'
    ) {
      return void res.status(400).json({
        statusCode: 400,
        code: 'INVALID_REQUEST_PARAMS',
        message: 'price_amount, order_id, ipn_callback_url and success_url are required',
      });
    }
    const id = String(4_000_000_000 + Math.floor(Math.random() * 999_999_999));
    remember({
      id,
      provider: 'crypto',
      reference: b.order_id,
      amountMinor: Math.round(amount * 100),
      currency: String(b.price_currency ?? 'eur').toUpperCase(),
      successUrl: String(b.success_url),
      cancelUrl: String(b.cancel_url ?? b.success_url),
      webhookUrl: b.ipn_callback_url,
      state: 'open',
    });
    res.json({
      id,
      order_id: b.order_id,
      order_description: b.order_description,
      price_amount: String(amount),
      price_currency: b.price_currency,
      pay_currency: b.pay_currency ?? null,
      ipn_callback_url: b.ipn_callback_url,
      invoice_url: `${site}/sandbox/crypto/checkout/${id}`,
      success_url: b.success_url,
      cancel_url: b.cancel_url,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
  });
}
