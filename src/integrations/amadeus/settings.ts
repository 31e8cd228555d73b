// Amadeus Self-Service settings, shared by the flight (TC_FLIGHTS=amadeus) and hotel (TC_HOTELS=amadeus) adapters:
// one Self-Service application's key and secret open every Amadeus API the service uses.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, requiredText } from '../../config-readers.js';

export const DEFAULT_AMADEUS_URL = 'https://test.api.amadeus.com';
/** A search answers a guest waiting for the page: 15 s is about what Amadeus's slowest searches take. */
export const DEFAULT_AMADEUS_TIMEOUT_MS = 15_000;

export interface AmadeusSettings {
  /** https://test.api.amadeus.com (test) or https://api.amadeus.com (production). */
  url: string;
  /** The Self-Service application's API key. */
  clientId: string;
  /** The application's API secret: a secret, never logged or answered. */
  clientSecret: string;
  /** How long one supplier operation may take, its token request, retry and back-off included. */
  timeoutMs: number;
}

function secretText(env: Env, name: string, wantedBy: string): string {
  const value = requiredText(env, name, wantedBy);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(value)) throw new ConfigError(`${name} must not contain spaces`);
  return value;
}

/**
 * TC_AMADEUS_CLIENT_ID, TC_AMADEUS_CLIENT_SECRET, TC_AMADEUS_URL and TC_AMADEUS_TIMEOUT_MS; `wantedBy` names the
 * setting that asked for Amadeus (TC_FLIGHTS=amadeus, TC_HOTELS=amadeus) in the error of a missing one.
 */
export function loadAmadeusSettings(env: Env, wantedBy: string): AmadeusSettings {
  return {
    url: baseUrl(env, 'TC_AMADEUS_URL', DEFAULT_AMADEUS_URL),
    clientId: secretText(env, 'TC_AMADEUS_CLIENT_ID', wantedBy),
    clientSecret: secretText(env, 'TC_AMADEUS_CLIENT_SECRET', wantedBy),
    timeoutMs: integer(env, 'TC_AMADEUS_TIMEOUT_MS', DEFAULT_AMADEUS_TIMEOUT_MS, 100, 120_000),
  };
}
