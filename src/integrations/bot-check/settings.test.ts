import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { loadBotCheckSettings } from './settings.js';

const RECAPTCHA = {
  TC_BOTCHECK: 'recaptcha',
  TC_RECAPTCHA_PROJECT_ID: 'my-project-1',
  TC_RECAPTCHA_API_KEY: 'secret-api-key',
  TC_RECAPTCHA_SITE_KEY: '6LcSiteKey',
};

describe('bot-check settings', () => {
  it('defaults to the simulator', () => {
    expect(loadBotCheckSettings({})).toEqual({ kind: 'simulator', siteKey: 'simulator-site-key' });
    expect(loadBotCheckSettings({ TC_RECAPTCHA_SITE_KEY: '6Lc' })).toEqual({ kind: 'simulator', siteKey: '6Lc' });
  });

  it('reads the reCAPTCHA Enterprise settings with Google as the default base URL and 3 s timeout', () => {
    expect(loadBotCheckSettings(RECAPTCHA)).toEqual({
      kind: 'recaptcha',
      projectId: 'my-project-1',
      apiKey: 'secret-api-key',
      siteKey: '6LcSiteKey',
      baseUrl: 'https://recaptchaenterprise.googleapis.com',
      timeoutMs: 3_000,
    });
    expect(
      loadBotCheckSettings({
        ...RECAPTCHA,
        TC_RECAPTCHA_BASE_URL: 'http://127.0.0.1:9999/',
        TC_RECAPTCHA_TIMEOUT_MS: '500',
      }),
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', timeoutMs: 500 });
  });

  it.each([
    [{ TC_BOTCHECK: 'hcaptcha' }, /TC_BOTCHECK/],
    [{ ...RECAPTCHA, TC_RECAPTCHA_API_KEY: '' }, /TC_RECAPTCHA_API_KEY/],
    [{ ...RECAPTCHA, TC_RECAPTCHA_SITE_KEY: undefined }, /TC_RECAPTCHA_SITE_KEY/],
    [{ ...RECAPTCHA, TC_RECAPTCHA_PROJECT_ID: '../x' }, /TC_RECAPTCHA_PROJECT_ID/],
    [{ ...RECAPTCHA, TC_RECAPTCHA_BASE_URL: 'ftp://x' }, /TC_RECAPTCHA_BASE_URL/],
    [{ ...RECAPTCHA, TC_RECAPTCHA_TIMEOUT_MS: '5s' }, /TC_RECAPTCHA_TIMEOUT_MS/],
  ])('refuses %o at start-up', (env, message) => {
    expect(() => loadBotCheckSettings(env)).toThrow(ConfigError);
    expect(() => loadBotCheckSettings(env)).toThrow(message);
  });

  it('never puts the API key in a message', () => {
    expect(() => loadBotCheckSettings({ ...RECAPTCHA, TC_RECAPTCHA_PROJECT_ID: 'X' })).not.toThrow(/secret-api-key/);
  });
});
