// The online hotel supplier's settings, parsed from the environment config.ts hands over (config.ts is the only
// reader of process.env). The simulator is the default: nothing to configure, no call leaves the machine.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, optionalText, requiredText } from '../../config-readers.js';
import { type AmadeusSettings, loadAmadeusSettings } from '../amadeus/settings.js';

/** GoGlobal's QA web service; production has a host per agency. */
export const DEFAULT_GOGLOBAL_URL = 'http://xml.qa.goglobal.travel/XMLWebService.asmx';
/** A search answers an agent waiting for the page; GoGlobal's own MaximumWaitTime is at most 30 s. */
export const DEFAULT_GOGLOBAL_TIMEOUT_MS = 20_000;

export interface GoGlobalSettings {
  /** The XMLWebService.asmx address (SOAP 1.1). */
  url: string;
  /** The agency id GoGlobal gave the account. */
  agency: string;
  user: string;
  /** A secret: never logged (the logger redacts `password` fields) nor answered. */
  password: string;
  /** How long one supplier call may take. */
  timeoutMs: number;
}

export interface HotelSimulatorSettings {
  /** Milliseconds the simulator waits before each answer (TC_HOTELS_SIMULATOR_LATENCY_MS, default 0). */
  latencyMs: number;
}

export type HotelSupplierSettings =
  | ({ kind: 'simulator' } & HotelSimulatorSettings)
  | ({ kind: 'goglobal' } & GoGlobalSettings)
  | ({ kind: 'amadeus' } & AmadeusSettings);

function credential(env: Env, name: string): string {
  const value = requiredText(env, name, 'TC_HOTELS=goglobal');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new ConfigError(`${name} must not contain control characters`);
  return value;
}

/**
 * TC_HOTELS (simulator | goglobal | amadeus); for the simulator, TC_HOTELS_SIMULATOR_LATENCY_MS; for goglobal,
 * TC_GOGLOBAL_AGENCY, TC_GOGLOBAL_USER, TC_GOGLOBAL_PASSWORD, TC_GOGLOBAL_URL and TC_GOGLOBAL_TIMEOUT_MS; for
 * amadeus, the Amadeus application's settings the flights share (TC_AMADEUS_CLIENT_ID, TC_AMADEUS_CLIENT_SECRET,
 * TC_AMADEUS_URL, TC_AMADEUS_TIMEOUT_MS).
 */
export function loadHotelSupplierSettings(env: Env): HotelSupplierSettings {
  const kind = optionalText(env, 'TC_HOTELS')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') return { kind, latencyMs: integer(env, 'TC_HOTELS_SIMULATOR_LATENCY_MS', 0, 0, 60_000) };
  if (kind === 'amadeus') return { kind, ...loadAmadeusSettings(env, 'TC_HOTELS=amadeus') };
  if (kind !== 'goglobal') throw new ConfigError(`TC_HOTELS must be simulator, goglobal or amadeus, got "${kind}"`);
  return {
    kind,
    url: baseUrl(env, 'TC_GOGLOBAL_URL', DEFAULT_GOGLOBAL_URL),
    agency: credential(env, 'TC_GOGLOBAL_AGENCY'),
    user: credential(env, 'TC_GOGLOBAL_USER'),
    password: credential(env, 'TC_GOGLOBAL_PASSWORD'),
    timeoutMs: integer(env, 'TC_GOGLOBAL_TIMEOUT_MS', DEFAULT_GOGLOBAL_TIMEOUT_MS, 100, 120_000),
  };
}
