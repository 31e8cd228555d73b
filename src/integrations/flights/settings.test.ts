import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config-error.js';
import { loadConfig } from '../../config.js';
import { loadFlightSettings } from './settings.js';

const AMADEUS = { TC_FLIGHTS: 'amadeus', TC_AMADEUS_CLIENT_ID: 'AbCdEf123', TC_AMADEUS_CLIENT_SECRET: 's3cr3t-value' };

describe('flight settings', () => {
  it('default to the simulator', () => {
    expect(loadFlightSettings({}).kind).toBe('simulator');
    expect(loadFlightSettings({ TC_FLIGHTS: 'Simulator' }).kind).toBe('simulator');
    expect(loadConfig({}).flights.kind).toBe('simulator');
  });

  it('read the Amadeus credentials, the test environment as the default URL and a 15 s timeout', () => {
    expect(loadFlightSettings(AMADEUS)).toEqual({
      kind: 'amadeus',
      url: 'https://test.api.amadeus.com',
      clientId: 'AbCdEf123',
      clientSecret: 's3cr3t-value',
      timeoutMs: 15_000,
    });
    expect(
      loadFlightSettings({ ...AMADEUS, TC_AMADEUS_URL: 'https://api.amadeus.com/', TC_AMADEUS_TIMEOUT_MS: '4000' }),
    ).toMatchObject({ url: 'https://api.amadeus.com', timeoutMs: 4_000 });
  });

  it.each([
    [{ TC_FLIGHTS: 'sabre' }, /TC_FLIGHTS must be simulator or amadeus/],
    [{ TC_FLIGHTS: 'amadeus' }, /TC_FLIGHTS=amadeus needs TC_AMADEUS_CLIENT_ID/],
    [{ ...AMADEUS, TC_AMADEUS_CLIENT_SECRET: '' }, /TC_FLIGHTS=amadeus needs TC_AMADEUS_CLIENT_SECRET/],
    [{ ...AMADEUS, TC_AMADEUS_CLIENT_SECRET: 'two words' }, /TC_AMADEUS_CLIENT_SECRET must not contain spaces/],
    [{ ...AMADEUS, TC_AMADEUS_URL: 'ftp://amadeus' }, /TC_AMADEUS_URL/],
    [{ ...AMADEUS, TC_AMADEUS_TIMEOUT_MS: '10' }, /TC_AMADEUS_TIMEOUT_MS/],
  ])('refuse %o', (env, message) => {
    expect(() => loadFlightSettings(env)).toThrow(ConfigError);
    expect(() => loadFlightSettings(env)).toThrow(message);
  });

  it('never put the secret into a refusal', () => {
    const env = { ...AMADEUS, TC_AMADEUS_TIMEOUT_MS: 'x' };
    expect(() => loadFlightSettings(env)).toThrow(/^((?!s3cr3t).)*$/);
  });
});
