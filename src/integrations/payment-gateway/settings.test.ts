import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-error.js';
import { loadPaymentGatewaySettings } from './settings.js';

const TELR = { TC_PAYMENT_GATEWAY: 'telr', TC_TELR_STORE_ID: '12345', TC_TELR_AUTH_KEY: 'secret~auth#key' };

describe('payment-gateway settings', () => {
  it('defaults to the simulator with 30-minute links', () => {
    expect(loadPaymentGatewaySettings({})).toEqual({ kind: 'simulator', linkMinutes: 30 });
    expect(loadPaymentGatewaySettings({ TC_PAYMENT_GATEWAY: 'Simulator', TC_PAYMENT_LINK_MINUTES: '5' })).toEqual({
      kind: 'simulator',
      linkMinutes: 5,
    });
  });

  it('reads the Telr settings with Telr as the default base URL, test mode on and a 10 s timeout', () => {
    expect(loadPaymentGatewaySettings(TELR)).toEqual({
      kind: 'telr',
      linkMinutes: 30,
      storeId: '12345',
      authKey: 'secret~auth#key',
      baseUrl: 'https://secure.telr.com',
      testMode: true,
      timeoutMs: 10_000,
    });
    expect(
      loadPaymentGatewaySettings({
        ...TELR,
        TC_TELR_BASE_URL: 'http://127.0.0.1:9999/',
        TC_TELR_TEST_MODE: 'false',
        TC_TELR_TIMEOUT_MS: '2500',
        TC_PAYMENT_LINK_MINUTES: '45',
      }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', testMode: false, timeoutMs: 2_500, linkMinutes: 45 });
  });

  it.each([
    [{ TC_PAYMENT_GATEWAY: 'stripe' }, /TC_PAYMENT_GATEWAY/],
    [{ TC_PAYMENT_LINK_MINUTES: '0' }, /TC_PAYMENT_LINK_MINUTES/],
    [{ TC_PAYMENT_LINK_MINUTES: '1.5' }, /TC_PAYMENT_LINK_MINUTES/],
    [{ TC_PAYMENT_LINK_MINUTES: '30m' }, /TC_PAYMENT_LINK_MINUTES/],
    [{ ...TELR, TC_TELR_STORE_ID: undefined }, /TC_TELR_STORE_ID/],
    [{ ...TELR, TC_TELR_STORE_ID: 'store-1' }, /TC_TELR_STORE_ID/],
    [{ ...TELR, TC_TELR_AUTH_KEY: ' ' }, /TC_TELR_AUTH_KEY/],
    [{ ...TELR, TC_TELR_AUTH_KEY: 'two words' }, /TC_TELR_AUTH_KEY/],
    [{ ...TELR, TC_TELR_BASE_URL: 'ftp://telr.example' }, /TC_TELR_BASE_URL/],
    [{ ...TELR, TC_TELR_BASE_URL: 'https://telr.example/?x=1' }, /TC_TELR_BASE_URL/],
    [{ ...TELR, TC_TELR_TEST_MODE: 'maybe' }, /TC_TELR_TEST_MODE/],
    [{ ...TELR, TC_TELR_TIMEOUT_MS: '10s' }, /TC_TELR_TIMEOUT_MS/],
  ])('refuses %o at start-up', (env, message) => {
    expect(() => loadPaymentGatewaySettings(env)).toThrow(ConfigError);
    expect(() => loadPaymentGatewaySettings(env)).toThrow(message);
  });

  it('never puts the auth key in a message', () => {
    expect(() => loadPaymentGatewaySettings({ ...TELR, TC_TELR_STORE_ID: 'x' })).not.toThrow(/secret~auth#key/);
    expect(() => loadPaymentGatewaySettings({ ...TELR, TC_TELR_AUTH_KEY: 'bad key' })).not.toThrow(/bad key/);
  });
});
