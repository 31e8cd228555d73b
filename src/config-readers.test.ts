// The setting readers every part of the configuration uses, and loadConfig refusing a malformed setting by name.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { baseUrl, flag, integer, optionalText, requiredText, text } from './config-readers.js';

describe('setting readers', () => {
  it('take a blank value as unset', () => {
    expect(optionalText({ A: '  ' }, 'A')).toBeUndefined();
    expect(text({ A: '' }, 'A', 'fallback')).toBe('fallback');
    expect(text({ A: ' x ' }, 'A', 'fallback')).toBe('x');
    expect(integer({ N: ' ' }, 'N', 7, 0, 10)).toBe(7);
    expect(flag({}, 'F', true)).toBe(true);
  });

  it('read whole numbers within their range, true/false words and base addresses', () => {
    expect(integer({ N: '10' }, 'N', 7, 0, 10)).toBe(10);
    expect(flag({ F: 'Off' }, 'F', true)).toBe(false);
    expect(flag({ F: 'yes' }, 'F', false)).toBe(true);
    expect(baseUrl({ U: 'http://127.0.0.1:9/api//' }, 'U', 'https://x')).toBe('http://127.0.0.1:9/api');
    expect(baseUrl({}, 'U', 'https://example.com')).toBe('https://example.com');
  });

  it.each([
    [() => integer({ N: '11' }, 'N', 7, 0, 10), 'N must be a whole number from 0 to 10, got "11"'],
    [() => integer({ N: '1.5' }, 'N', 7, 0, 10), 'N must be a whole number'],
    [() => integer({ N: '1e1' }, 'N', 7, 0, 10), 'N must be a whole number'],
    [() => flag({ F: 'maybe' }, 'F', true), 'F must be true or false'],
    [() => baseUrl({ U: 'ftp://x' }, 'U', 'https://x'), 'U must be an http(s) URL'],
    [() => baseUrl({ U: 'https://x/?a=1' }, 'U', 'https://x'), 'U must be an http(s) URL without query'],
    [() => requiredText({}, 'KEY', 'TC_THING=on'), 'TC_THING=on needs KEY'],
  ])('refuse a malformed setting by its name (%#)', (read, message) => {
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(message);
  });
});

describe('loadConfig', () => {
  it('starts from nothing with its defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 8080, db: { poolSize: 5, idleTimeoutMs: 30_000 } });
  });

  it('reads how long an idle tenant connection is kept', () => {
    expect(loadConfig({ TC_DB_IDLE_TIMEOUT_MS: '5000' }).db.idleTimeoutMs).toBe(5_000);
  });

  it.each([
    [{ PORT: '70000' }, /PORT/],
    [{ TC_SECRET_KEY: 'short' }, /TC_SECRET_KEY/],
    [{ TC_DB_IDLE_TIMEOUT_MS: '10' }, /TC_DB_IDLE_TIMEOUT_MS/],
  ])('refuses %o at start-up, naming the setting', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
