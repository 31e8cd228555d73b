import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { loadMessagingSettings } from './settings.js';

const WHATSAPP = {
  TC_MESSAGING: 'whatsapp',
  TC_WHATSAPP_TOKEN: 'EAAG-secret-token',
  TC_WHATSAPP_APP_SECRET: 'app-secret-0123',
  TC_WHATSAPP_VERIFY_TOKEN: 'verify-me',
};

describe('messaging settings', () => {
  it('defaults to the simulator, with a webhook only when its secret and token are both set', () => {
    expect(loadMessagingSettings({})).toEqual({ kind: 'simulator', webhook: undefined });
    expect(
      loadMessagingSettings({ TC_WHATSAPP_APP_SECRET: 'app-secret-0123', TC_WHATSAPP_VERIFY_TOKEN: 'verify-me' }),
    ).toEqual({ kind: 'simulator', webhook: { appSecret: 'app-secret-0123', verifyToken: 'verify-me' } });
  });

  it("reads the WhatsApp Cloud API settings with Meta's Graph URL, v23.0 and 10 s as defaults", () => {
    expect(loadMessagingSettings(WHATSAPP)).toEqual({
      kind: 'whatsapp',
      webhook: { appSecret: 'app-secret-0123', verifyToken: 'verify-me' },
      appSecret: 'app-secret-0123',
      verifyToken: 'verify-me',
      token: 'EAAG-secret-token',
      graphUrl: 'https://graph.facebook.com',
      apiVersion: 'v23.0',
      timeoutMs: 10_000,
    });
    expect(
      loadMessagingSettings({
        ...WHATSAPP,
        TC_WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999/',
        TC_WHATSAPP_API_VERSION: '21.0',
        TC_WHATSAPP_TIMEOUT_MS: '500',
      }),
    ).toMatchObject({ graphUrl: 'http://127.0.0.1:9999', apiVersion: 'v21.0', timeoutMs: 500 });
  });

  it.each([
    [{ TC_MESSAGING: 'twilio' }, /TC_MESSAGING/],
    [{ ...WHATSAPP, TC_WHATSAPP_TOKEN: '' }, /TC_WHATSAPP_TOKEN/],
    [{ ...WHATSAPP, TC_WHATSAPP_APP_SECRET: undefined }, /TC_WHATSAPP_APP_SECRET/],
    [{ ...WHATSAPP, TC_WHATSAPP_VERIFY_TOKEN: undefined }, /TC_WHATSAPP_VERIFY_TOKEN/],
    [{ ...WHATSAPP, TC_WHATSAPP_TOKEN: 'EAAG secret' }, /TC_WHATSAPP_TOKEN must not contain spaces/],
    [{ ...WHATSAPP, TC_WHATSAPP_API_VERSION: 'latest' }, /TC_WHATSAPP_API_VERSION/],
    [{ ...WHATSAPP, TC_WHATSAPP_GRAPH_URL: 'ftp://x' }, /TC_WHATSAPP_GRAPH_URL/],
    [{ ...WHATSAPP, TC_WHATSAPP_TIMEOUT_MS: '10s' }, /TC_WHATSAPP_TIMEOUT_MS/],
    [{ TC_WHATSAPP_APP_SECRET: 'only-the-secret' }, /set together/],
  ])('refuses %o at start-up, never quoting a secret', (env, message) => {
    expect(() => loadMessagingSettings(env)).toThrow(ConfigError);
    expect(() => loadMessagingSettings(env)).toThrow(message);
    expect(() => loadMessagingSettings(env)).not.toThrow(/EAAG|only-the-secret/);
  });
});
