// The ticket supplier's settings, parsed from the environment config.ts hands over. The simulator is the default
// and only adapter for now; its failure rate and latency make PARTIAL and FAILED confirms reproducible by hand.
import { ConfigError } from '../../config-error.js';
import { type Env, integer, optionalText } from '../../config-readers.js';

export interface TicketSupplierSettings {
  kind: 'simulator';
  /** TC_TICKET_SUPPLIER_FAILURE_RATE: the share of bookings the simulator refuses (0 to 1, default 0). */
  failureRate: number;
  /** TC_TICKET_SUPPLIER_LATENCY_MS: how long each simulated booking takes (default 0). */
  latencyMs: number;
  /** TC_TICKET_SUPPLIER_TIMEOUT_MS: a supplier call still unanswered after this fails the line (default 10 s). */
  timeoutMs: number;
}

function rate(env: Env, name: string): number {
  const raw = optionalText(env, name);
  if (!raw) return 0;
  const value = Number(raw);
  if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(raw) || value < 0 || value > 1) {
    throw new ConfigError(`${name} must be a number from 0 to 1, got "${raw}"`);
  }
  return value;
}

export function loadTicketSupplierSettings(env: Env): TicketSupplierSettings {
  return {
    kind: 'simulator',
    failureRate: rate(env, 'TC_TICKET_SUPPLIER_FAILURE_RATE'),
    latencyMs: integer(env, 'TC_TICKET_SUPPLIER_LATENCY_MS', 0, 0, 600_000),
    timeoutMs: integer(env, 'TC_TICKET_SUPPLIER_TIMEOUT_MS', 10_000, 50, 600_000),
  };
}
