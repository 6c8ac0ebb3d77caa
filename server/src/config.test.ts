import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      databaseUrl: undefined,
      dataDir: './data',
      trialDays: 7,
      deviceTokenIdleDays: 90,
    });
    expect(config.allowedOrigins).toEqual(['http://localhost:3000', 'http://localhost:5173']);
    expect(config.graphqlIntrospection).toBe(true);
  });

  it('prices each payment method in its own currency, and refuses a currency without a price', () => {
    const config = loadConfig({});
    expect(config.pricing.prices).toEqual({ EUR: '8.99', EGP: '499.00' });
    expect(config.providers.cowpay.currency).toBe('EGP');
    expect(config.providers.opay.currency).toBe('EGP');
    expect(config.providers.paypal.currency).toBe('EUR');
    expect(config.providers.crypto.currency).toBe('EUR');

    const usd = loadConfig({ COWPAY_CURRENCY: 'USD', PRICE_USD: '10.5', PRICE_EGP: '520' });
    expect(usd.pricing.prices).toEqual({ EUR: '8.99', EGP: '520.00', USD: '10.50' });
    expect(() => loadConfig({ COWPAY_CURRENCY: 'USD' })).toThrow('COWPAY_CURRENCY is USD, but PRICE_USD is not set');
    expect(() => loadConfig({ PRICE_USD: 'ten' })).toThrow('PRICE_USD must be an amount such as 8.99');
    expect(() => loadConfig({ OPAY_CURRENCY: 'egp' })).toThrow('OPAY_CURRENCY must be a three-letter currency code');
  });

  it('names every bad value and what it got', () => {
    expect(() => loadConfig({ PORT: 'eighty', TRIAL_DAYS: '-1', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', TRIAL_DAYS: '-1', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('"eighty"');
      expect(message).toContain('TRIAL_DAYS must be above 0');
      expect(message).toContain('DATABASE_URL must be a postgres:// URL');
    }
  });

  it('names a bad secret without printing it, and hides the password of a bad URL', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'hunter2-too-short',
        PAYPAL_CLIENT_SECRET: 'paypal secret with spaces',
        DATABASE_URL: 'mysql://app:db-password-1@db.internal/app',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('(got 17 characters, not shown)');
    expect(message).toContain('DATABASE_URL must be a postgres:// URL (got "mysql://app:***@db.internal/app")');
    for (const secret of ['hunter2', 'paypal secret', 'db-password-1']) expect(message).not.toContain(secret);
    // A setting that only looks like one is shown as usual.
    expect(() => loadConfig({ GRAPHQL_MAX_TOKENS: 'lots' })).toThrow(/GRAPHQL_MAX_TOKENS .*\(got "lots"\)/);
    expect(() => loadConfig({ PAYPAL_CLIENT_SECRET: 'x' })).toThrow('(got 1 character, not shown)');
  });

  it('takes the idle days of a TV token, within 1 to 3650', () => {
    expect(loadConfig({ DEVICE_TOKEN_IDLE_DAYS: '30' }).deviceTokenIdleDays).toBe(30);
    expect(() => loadConfig({ DEVICE_TOKEN_IDLE_DAYS: '0' })).toThrow(/DEVICE_TOKEN_IDLE_DAYS must be above 0/);
    expect(() => loadConfig({ DEVICE_TOKEN_IDLE_DAYS: '4000' })).toThrow(/DEVICE_TOKEN_IDLE_DAYS must be at most 3650/);
  });

  it('refuses the test captcha answer in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), CAPTCHA_TEST_ANSWER: 'ABCDE' }),
    ).toThrow(/CAPTCHA_TEST_ANSWER is for tests only/);
  });

  it('refuses a lowered scrypt cost outside a test run, and one that is not a power of two', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), SCRYPT_TEST_COST: '1024' }),
    ).toThrow(/SCRYPT_TEST_COST is for tests only/);
    expect(() => loadConfig({ SCRYPT_TEST_COST: '1024' })).toThrow(/SCRYPT_TEST_COST is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'test', SCRYPT_TEST_COST: '1000' })).toThrow(
      /SCRYPT_TEST_COST must be a power of two from 2 to 16384/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SCRYPT_TEST_COST: '1024' })).not.toThrow();
  });

  it('requires a session secret in production and turns introspection off there by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://tv.example.com/',
    });
    expect(config.graphqlIntrospection).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), GRAPHQL_INTROSPECTION: 'true' })
        .graphqlIntrospection,
    ).toBe(true);
    expect(config.publicUrl).toBe('https://tv.example.com');
    expect(config.allowedOrigins).toEqual(['https://tv.example.com']);
  });

  it('rejects an allowed origin that is not an origin', () => {
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://ok.example, https://bad.example/path' })).toThrow(
      /ALLOWED_ORIGINS/,
    );
  });
});

describe('production and the providers’ test hosts', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...production, ...env });
      return '';
    } catch (err) {
      return (err as Error).message;
    }
  };

  it.each([
    [
      'PAYPAL_API_URL',
      'https://api-m.sandbox.paypal.com',
      "api-m.sandbox.paypal.com is a provider's sandbox (test) host",
    ],
    ['PAYPAL_API_URL', 'https://api.sandbox.paypal.com', "api.sandbox.paypal.com is a provider's sandbox (test) host"],
    [
      'CRYPTO_API_URL',
      'https://api-sandbox.nowpayments.io',
      "api-sandbox.nowpayments.io is a provider's sandbox (test) host",
    ],
    ['COWPAY_API_URL', 'https://staging.cowpay.me', "staging.cowpay.me is a provider's sandbox (test) host"],
    [
      'OPAY_API_URL',
      'https://sandboxapi.opaycheckout.com',
      "sandboxapi.opaycheckout.com is a provider's sandbox (test) host",
    ],
    [
      'OPAY_API_URL',
      'https://testapi.opaycheckout.com',
      "testapi.opaycheckout.com is a provider's sandbox (test) host",
    ],
    ['PAYPAL_API_URL', 'http://127.0.0.1:8080', '127.0.0.1 is not a public host'],
    ['CRYPTO_API_URL', 'https://10.0.0.7/api', '10.0.0.7 is not a public host'],
    ['COWPAY_API_URL', 'http://localhost:4000', 'localhost is not a public host'],
  ])('refuses %s=%s at start, naming the variable and the host', (name, url, why) => {
    const message = refusal({ [name]: url });
    expect(message).toContain(
      `${name} points at ${why}: production takes real payments (use the provider's live host, or set PAYMENTS_ARE_TESTS=true if the payments taken here are tests)`,
    );
  });

  it('takes the live hosts, and test hosts when the operator says the payments are tests', () => {
    expect(refusal({})).toBe('');
    expect(
      refusal({
        PAYPAL_API_URL: 'https://api-m.paypal.com',
        CRYPTO_API_URL: 'https://api.nowpayments.io',
        COWPAY_API_URL: 'https://cowpay.me',
        OPAY_API_URL: 'https://api.opaycheckout.com',
      }),
    ).toBe('');
    const tests = loadConfig({
      ...production,
      PAYMENTS_ARE_TESTS: 'true',
      PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com',
      OPAY_API_URL: 'https://sandboxapi.opaycheckout.com',
    });
    expect(tests.pricing.testPayments).toBe(true);
    expect(loadConfig(production).pricing.testPayments).toBe(false);
    // Outside production the stand-ins and sandboxes are the rule: nothing to say.
    expect(loadConfig({ PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com' }).pricing.testPayments).toBe(false);
  });
});
