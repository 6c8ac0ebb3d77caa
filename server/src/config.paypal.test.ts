import { ConfigError, loadConfig } from './config';

describe('PayPal settings', () => {
  it("runs on the local stand-in with PayPal's sandbox placeholder client id when no secret is set", () => {
    const config = loadConfig({});
    expect(config.pricing.paypalClientId).toBe('sb');
    expect(config.providers.paypal.clientSecret).toBeUndefined();
  });

  it('with live credentials, refuses to start without the webhook id and an explicit client id', () => {
    const secret = { PAYPAL_CLIENT_SECRET: 'EHdZ-live-secret' };
    expect(() => loadConfig(secret)).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig(secret);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('PAYPAL_CLIENT_ID is required with PAYPAL_CLIENT_SECRET');
    expect(message).toContain('PAYPAL_WEBHOOK_ID is required with PAYPAL_CLIENT_SECRET');
    expect(message).not.toContain('EHdZ-live-secret');
    expect(() => loadConfig({ ...secret, PAYPAL_CLIENT_ID: 'sb', PAYPAL_WEBHOOK_ID: '1JE4291016473214C' })).toThrow(
      /PAYPAL_CLIENT_ID is required with PAYPAL_CLIENT_SECRET.*not the sandbox placeholder sb/,
    );
    expect(() => loadConfig({ ...secret, PAYPAL_CLIENT_ID: 'AZ-live_Client123', PAYPAL_WEBHOOK_ID: ' ' })).toThrow(
      /PAYPAL_WEBHOOK_ID is required/,
    );
    const live = loadConfig({
      ...secret,
      PAYPAL_CLIENT_ID: 'AZ-live_Client123',
      PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
    });
    expect(live.pricing.paypalClientId).toBe('AZ-live_Client123');
    expect(live.providers.paypal.webhookId).toBe('1JE4291016473214C');
  });
});
