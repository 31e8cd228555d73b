// The ticket supplier's settings, parsed from the environment config.ts hands over. The simulator is the default:
// its failure rate and latency make PARTIAL and FAILED confirms reproducible by hand. TC_TICKET_SUPPLIER=tiqets
// chooses the Tiqets Distributor API v2 (its token is a secret: a `token` field, redacted by the logger).
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, optionalText, requiredText, text } from '../../config-readers.js';

/** Tiqets' production API; the test environment is https://api-tiqt-test.steq.it/v2. */
export const DEFAULT_TIQETS_URL = 'https://api.tiqets.com/v2';

export interface TiqetsSettings {
  /** The API's base address, with its /v2. */
  url: string;
  /** The partner's API key, sent as `Authorization: Token <key>`; never logged nor answered. */
  token: string;
  /** ISO 639-1, sent as `lang` (default en). */
  lang: string;
  /** ISO 4217, sent as `currency` (default EUR). */
  currency: string;
  /** How long one call may take, its retries and back-offs included. */
  timeoutMs: number;
  /** Retries of a call Tiqets answered 429 or 5xx (or could not be reached), after back-offs. */
  retries: number;
  /** The first back-off; each next one doubles (a 429's Retry-After is honoured within the call's time). */
  backoffMs: number;
}

interface CommonSettings {
  /** TC_TICKET_SUPPLIER_TIMEOUT_MS: a supplier booking still unanswered after this fails the line (default 10 s). */
  timeoutMs: number;
}

export interface TicketSimulatorSettings extends CommonSettings {
  kind: 'simulator';
  /** TC_TICKET_SUPPLIER_FAILURE_RATE: the share of bookings the simulator refuses (0 to 1, default 0). */
  failureRate: number;
  /** TC_TICKET_SUPPLIER_LATENCY_MS: how long each simulated booking takes (default 0). */
  latencyMs: number;
}

export type TicketSupplierSettings =
  | TicketSimulatorSettings
  | (CommonSettings & { kind: 'tiqets'; tiqets: TiqetsSettings });

function rate(env: Env, name: string): number {
  const raw = optionalText(env, name);
  if (!raw) return 0;
  const value = Number(raw);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw) || value < 0 || value > 1) {
    throw new ConfigError(`${name} must be a number from 0 to 1, got "${raw}"`);
  }
  return value;
}

function matching(env: Env, name: string, fallback: string, pattern: RegExp, what: string): string {
  const value = text(env, name, fallback);
  if (!pattern.test(value)) throw new ConfigError(`${name} must be ${what}, got "${value}"`);
  return value;
}

function tiqetsSettings(env: Env): TiqetsSettings {
  const token = requiredText(env, 'TC_TIQETS_TOKEN', 'TC_TICKET_SUPPLIER=tiqets');
  if (!/^[\x21-\x7e]+$/.test(token)) throw new ConfigError('TC_TIQETS_TOKEN must be printable without spaces');
  return {
    url: baseUrl(env, 'TC_TIQETS_URL', DEFAULT_TIQETS_URL),
    token,
    lang: matching(env, 'TC_TIQETS_LANG', 'en', /^[a-z]{2}$/, 'an ISO 639-1 code (en, ar, …)'),
    currency: matching(env, 'TC_TIQETS_CURRENCY', 'EUR', /^[A-Z]{3}$/, 'an ISO 4217 code (EUR, AED, …)'),
    timeoutMs: integer(env, 'TC_TIQETS_TIMEOUT_MS', 20_000, 100, 120_000),
    retries: integer(env, 'TC_TIQETS_RETRIES', 3, 0, 10),
    backoffMs: integer(env, 'TC_TIQETS_BACKOFF_MS', 500, 0, 30_000),
  };
}

/**
 * TC_TICKET_SUPPLIER (simulator | tiqets) and TC_TICKET_SUPPLIER_TIMEOUT_MS; for the simulator,
 * TC_TICKET_SUPPLIER_FAILURE_RATE and TC_TICKET_SUPPLIER_LATENCY_MS; for tiqets, TC_TIQETS_TOKEN (required),
 * TC_TIQETS_URL, TC_TIQETS_LANG, TC_TIQETS_CURRENCY, TC_TIQETS_TIMEOUT_MS, TC_TIQETS_RETRIES, TC_TIQETS_BACKOFF_MS.
 */
export function loadTicketSupplierSettings(env: Env): TicketSupplierSettings {
  const kind = optionalText(env, 'TC_TICKET_SUPPLIER')?.toLowerCase() ?? 'simulator';
  const timeoutMs = integer(env, 'TC_TICKET_SUPPLIER_TIMEOUT_MS', 10_000, 50, 600_000);
  if (kind === 'tiqets') return { kind, timeoutMs, tiqets: tiqetsSettings(env) };
  if (kind !== 'simulator') throw new ConfigError(`TC_TICKET_SUPPLIER must be simulator or tiqets, got "${kind}"`);
  return {
    kind,
    failureRate: rate(env, 'TC_TICKET_SUPPLIER_FAILURE_RATE'),
    latencyMs: integer(env, 'TC_TICKET_SUPPLIER_LATENCY_MS', 0, 0, 600_000),
    timeoutMs,
  };
}
