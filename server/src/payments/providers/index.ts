import { randomBytes } from 'node:crypto';
import type { SandboxKeys } from '@m3u-player/sandbox';
import type { Config } from '../../config';
import type { PaymentProviderName } from '../activation.entity';
import type { PaymentProvider } from '../provider';
import { CowpayProvider } from './cowpay';
import { NowPaymentsProvider } from './nowpayments';
import { OpayProvider } from './opay';
import { PayPalProvider } from './paypal';

export const PROVIDER_NAMES = [
  'opay',
  'opay1',
  'cowpay',
  'crypto',
  'paypal',
] as const satisfies readonly PaymentProviderName[];

/** The providers with no credentials configured: they run against the local stand-ins. */
export function sandboxMethods(config: Pick<Config, 'providers'>): PaymentProviderName[] {
  const p = config.providers;
  const missing: Record<PaymentProviderName, boolean> = {
    paypal: !p.paypal.clientSecret,
    crypto: !p.crypto.apiKey,
    cowpay: !p.cowpay.merchantCode,
    opay: !p.opay.merchantId,
    opay1: !p.opay1.merchantId,
  };
  return PROVIDER_NAMES.filter((name) => missing[name]);
}

export function newSandboxKeys(): SandboxKeys {
  const key = () => randomBytes(24).toString('base64url');
  return {
    paypalClientSecret: key(),
    paypalWebhookId: 'WH-SANDBOX',
    cryptoApiKey: key(),
    cryptoIpnSecret: key(),
    cryptoEmail: 'merchant@sandbox.example',
    cryptoPassword: key(),
    cowpayMerchantCode: key(),
    cowpayHashKey: key(),
    cowpayApiToken: key(),
    opayMerchantId: '256600000000000',
    opayPublicKey: `OPAYPUB${key()}`,
    opaySecretKey: `OPAYPRV${key()}`,
  };
}

/**
 * Builds each provider's adapter from configuration, or pointed at its stand-in on this server (whose address
 * is known only once it listens, hence built on first use).
 */
export class PaymentProviders {
  private readonly built = new Map<PaymentProviderName, PaymentProvider>();
  private readonly onSandbox: PaymentProviderName[];

  constructor(
    private readonly config: Pick<Config, 'providers' | 'pricing'>,
    readonly sandboxKeys: SandboxKeys,
    private readonly selfUrl: () => string,
  ) {
    this.onSandbox = sandboxMethods(config);
  }

  isSandbox(name: PaymentProviderName): boolean {
    return this.onSandbox.includes(name);
  }

  /** The providers whose status API reconciliation asks (each adapter's `lookup`). */
  withLookup(): PaymentProviderName[] {
    return PROVIDER_NAMES.filter((name) => typeof this.get(name).lookup === 'function');
  }

  get(name: 'paypal'): PayPalProvider;
  get(name: PaymentProviderName): PaymentProvider;
  get(name: PaymentProviderName): PaymentProvider {
    const provider = this.built.get(name) ?? this.build(name);
    this.built.set(name, provider);
    return provider;
  }

  private build(name: PaymentProviderName): PaymentProvider {
    const sandbox = this.isSandbox(name);
    const keys = this.sandboxKeys;
    const base = (real: string) => (sandbox ? `${this.selfUrl()}/sandbox/${name}` : real);
    const p = this.config.providers;
    switch (name) {
      case 'paypal':
        return new PayPalProvider({
          baseUrl: base(p.paypal.apiUrl),
          clientId: this.config.pricing.paypalClientId,
          clientSecret: sandbox ? keys.paypalClientSecret : (p.paypal.clientSecret ?? ''),
          webhookId: sandbox ? keys.paypalWebhookId : p.paypal.webhookId,
          currency: p.paypal.currency,
          sandbox,
        });
      case 'crypto':
        return new NowPaymentsProvider({
          baseUrl: base(p.crypto.apiUrl),
          apiKey: sandbox ? keys.cryptoApiKey : (p.crypto.apiKey ?? ''),
          ipnSecret: sandbox ? keys.cryptoIpnSecret : (p.crypto.ipnSecret ?? ''),
          email: sandbox ? keys.cryptoEmail : p.crypto.email,
          password: sandbox ? keys.cryptoPassword : p.crypto.password,
          currency: p.crypto.currency,
          sandbox,
        });
      case 'cowpay':
        return new CowpayProvider({
          baseUrl: base(p.cowpay.apiUrl),
          merchantCode: sandbox ? keys.cowpayMerchantCode : (p.cowpay.merchantCode ?? ''),
          hashKey: sandbox ? keys.cowpayHashKey : (p.cowpay.hashKey ?? ''),
          apiToken: sandbox ? keys.cowpayApiToken : (p.cowpay.apiToken ?? ''),
          frameCode: p.cowpay.frameCode,
          currency: p.cowpay.currency,
          sandbox,
        });
      case 'opay':
      case 'opay1': {
        const account = p[name];
        return new OpayProvider({
          name,
          baseUrl: base(account.apiUrl),
          merchantId: sandbox ? keys.opayMerchantId : (account.merchantId ?? ''),
          publicKey: sandbox ? keys.opayPublicKey : (account.publicKey ?? ''),
          secretKey: sandbox ? keys.opaySecretKey : (account.secretKey ?? ''),
          country: account.country,
          currency: account.currency,
          callbackMaxAgeMs: account.callbackMaxAgeMs,
          sandbox,
        });
      }
    }
  }
}
