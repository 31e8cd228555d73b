// The flight supplier's settings, parsed from the environment config.ts hands over (config.ts is the only reader
// of process.env). The simulator is the default: nothing to configure, no call leaves the machine.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, optionalText, requiredText } from '../../config-readers.js';

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

export interface FlightSimulatorSettings {
  /** Milliseconds the simulator waits before each answer (TC_FLIGHTS_SIMULATOR_LATENCY_MS, default 0). */
  latencyMs: number;
}

export type FlightSettings =
  | ({ kind: 'simulator' } & FlightSimulatorSettings)
  | ({ kind: 'amadeus' } & AmadeusSettings);

function secretText(env: Env, name: string): string {
  const value = requiredText(env, name, 'TC_FLIGHTS=amadeus');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(value)) throw new ConfigError(`${name} must not contain spaces`);
  return value;
}

/**
 * TC_FLIGHTS (simulator | amadeus); for the simulator, TC_FLIGHTS_SIMULATOR_LATENCY_MS; for amadeus,
 * TC_AMADEUS_CLIENT_ID, TC_AMADEUS_CLIENT_SECRET, TC_AMADEUS_URL and TC_AMADEUS_TIMEOUT_MS.
 */
export function loadFlightSettings(env: Env): FlightSettings {
  const kind = optionalText(env, 'TC_FLIGHTS')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') return { kind, latencyMs: integer(env, 'TC_FLIGHTS_SIMULATOR_LATENCY_MS', 0, 0, 60_000) };
  if (kind !== 'amadeus') throw new ConfigError(`TC_FLIGHTS must be simulator or amadeus, got "${kind}"`);
  return {
    kind,
    url: baseUrl(env, 'TC_AMADEUS_URL', DEFAULT_AMADEUS_URL),
    clientId: secretText(env, 'TC_AMADEUS_CLIENT_ID'),
    clientSecret: secretText(env, 'TC_AMADEUS_CLIENT_SECRET'),
    timeoutMs: integer(env, 'TC_AMADEUS_TIMEOUT_MS', DEFAULT_AMADEUS_TIMEOUT_MS, 100, 120_000),
  };
}
