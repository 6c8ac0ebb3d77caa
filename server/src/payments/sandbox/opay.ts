import { opaySignature } from '../providers/opay';
import { numberOf, originOf, type SandboxCheckout, type SandboxKit } from './common';

/** OPay's stand-in (either account): the international cashier's create, a hosted cashier page, the callback. */
export function mountOpay(kit: SandboxKit, provider: 'opay' | 'opay1'): void {
  const { router, keys, json, remember } = kit;

  const notify = (checkout: SandboxCheckout, outcome: 'paid' | 'cancelled') => {
    const transactionId = checkout.captureId ?? `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    checkout.captureId = transactionId;
    const payload = {
      amount: String(checkout.amountMinor),
      channel: 'Web',
      country: 'EG',
      currency: checkout.currency,
      displayedFailure: '',
      fee: '0',
      feeCurrency: checkout.currency,
      instrumentType: 'BankCard',
      reference: checkout.reference,
      refunded: false,
      status: outcome === 'paid' ? 'SUCCESS' : 'CLOSE',
      timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      token: checkout.id,
      transactionId,
      updated_at: new Date().toISOString(),
    };
    const body = { payload, sha512: opaySignature(keys.opaySecretKey, payload), type: 'transaction-status' };
    return kit.deliver(checkout.webhookUrl, JSON.stringify(body), {});
  };

  kit.hostedCheckout(provider, [
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

  router.post(`/${provider}/api/v1/international/cashier/create`, json, (req, res) => {
    if (req.get('authorization') !== `Bearer ${keys.opayPublicKey}` || req.get('merchantid') !== keys.opayMerchantId) {
      return void res.json({ code: '02000', message: 'authentication failed', data: null });
    }
    const b = (req.body ?? {}) as {
      reference?: unknown;
      amount?: { total?: unknown; currency?: unknown };
      returnUrl?: unknown;
      cancelUrl?: unknown;
      callbackUrl?: unknown;
    };
    const site = originOf(b.returnUrl);
    const total = numberOf(b.amount?.total);
    if (
      !site ||
      !Number.isInteger(total) ||
      total <= 0 ||
      typeof b.reference !== 'string' ||
      typeof b.callbackUrl !== 'string'
    ) {
      return void res.json({ code: '02001', message: 'request parameter error', data: null });
    }
    const orderNo = `2${Date.now()}${Math.floor(Math.random() * 1000)}`;
    remember({
      id: orderNo,
      provider,
      reference: b.reference,
      amountMinor: total,
      currency: String(b.amount?.currency ?? 'EGP'),
      successUrl: String(b.returnUrl),
      cancelUrl: String(b.cancelUrl ?? b.returnUrl),
      webhookUrl: b.callbackUrl,
      state: 'open',
    });
    res.json({
      code: '00000',
      message: 'SUCCESSFUL',
      data: {
        reference: b.reference,
        orderNo,
        cashierUrl: `${site}/sandbox/${provider}/checkout/${orderNo}`,
        amount: { total, currency: b.amount?.currency },
        status: 'INITIAL',
      },
    });
  });
}
