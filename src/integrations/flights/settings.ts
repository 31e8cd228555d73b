// The flight supplier's settings, parsed from the environment config.ts hands over (config.ts is the only reader
// of process.env). The simulator is the default: nothing to configure, no call leaves the machine.
import { ConfigError } from '../../config-error.js';
import { type Env, integer, optionalText } from '../../config-readers.js';
import { type AmadeusSettings, loadAmadeusSettings } from '../amadeus/settings.js';

export { type AmadeusSettings, DEFAULT_AMADEUS_TIMEOUT_MS, DEFAULT_AMADEUS_URL } from '../amadeus/settings.js';

export interface FlightSimulatorSettings {
  /** Milliseconds the simulator waits before each answer (TC_FLIGHTS_SIMULATOR_LATENCY_MS, default 0). */
  latencyMs: number;
}

export type FlightSettings =
  | ({ kind: 'simulator' } & FlightSimulatorSettings)
  | ({ kind: 'amadeus' } & AmadeusSettings);

/**
 * TC_FLIGHTS (simulator | amadeus); for the simulator, TC_FLIGHTS_SIMULATOR_LATENCY_MS; for amadeus,
 * TC_AMADEUS_CLIENT_ID, TC_AMADEUS_CLIENT_SECRET, TC_AMADEUS_URL and TC_AMADEUS_TIMEOUT_MS.
 */
export function loadFlightSettings(env: Env): FlightSettings {
  const kind = optionalText(env, 'TC_FLIGHTS')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') return { kind, latencyMs: integer(env, 'TC_FLIGHTS_SIMULATOR_LATENCY_MS', 0, 0, 60_000) };
  if (kind !== 'amadeus') throw new ConfigError(`TC_FLIGHTS must be simulator or amadeus, got "${kind}"`);
  return { kind, ...loadAmadeusSettings(env, 'TC_FLIGHTS=amadeus') };
}
