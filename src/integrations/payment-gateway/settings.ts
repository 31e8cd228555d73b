// The payment-gateway settings, parsed from the environment config.ts hands over (config.ts is the only reader
// of process.env). The simulator is the default: nothing to configure, no money and no data leave the machine.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, flag, integer, optionalText, requiredText } from '../../config-readers.js';

export const DEFAULT_TELR_BASE_URL = 'https://secure.telr.com';
/** A customer waits on this call before the payment page opens: a hung gateway must not hold the request. */
export const DEFAULT_TELR_TIMEOUT_MS = 10_000;
/** Telr's hosted orders stay payable for about half an hour; the simulator's do for this long. */
export const DEFAULT_PAYMENT_LINK_MINUTES = 30;

export interface TelrSettings {
  /** Telr's numeric store id (ivp_store). */
  storeId: string;
  /** The store's auth key (ivp_authkey): a secret, never logged or answered. */
  authKey: string;
  baseUrl: string;
  /** On: every order is created as a test order (no money moves), whatever the caller asks. */
  testMode: boolean;
  timeoutMs: number;
}

/**
 * `linkMinutes` is how long a payment link stays payable: the simulator expires its orders after it, and the
 * cart may size its holds from it (Telr expires its own pages on its own schedule).
 */
export type PaymentGatewaySettings =
  | { kind: 'simulator'; linkMinutes: number }
  | ({ kind: 'telr'; linkMinutes: number } & TelrSettings);

function authKey(env: Env): string {
  const key = requiredText(env, 'TC_TELR_AUTH_KEY', 'TC_PAYMENT_GATEWAY=telr');
  // The key goes into a JSON body as it is; a control character means a broken copy and paste.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(key)) throw new ConfigError('TC_TELR_AUTH_KEY must not contain spaces');
  return key;
}

/**
 * TC_PAYMENT_GATEWAY (simulator | telr), TC_PAYMENT_LINK_MINUTES and, for telr, TC_TELR_STORE_ID,
 * TC_TELR_AUTH_KEY, TC_TELR_BASE_URL, TC_TELR_TEST_MODE, TC_TELR_TIMEOUT_MS.
 */
export function loadPaymentGatewaySettings(env: Env): PaymentGatewaySettings {
  const kind = optionalText(env, 'TC_PAYMENT_GATEWAY')?.toLowerCase() ?? 'simulator';
  const linkMinutes = integer(env, 'TC_PAYMENT_LINK_MINUTES', DEFAULT_PAYMENT_LINK_MINUTES, 1, 24 * 60);
  if (kind === 'simulator') return { kind, linkMinutes };
  if (kind !== 'telr') throw new ConfigError(`TC_PAYMENT_GATEWAY must be simulator or telr, got "${kind}"`);
  const storeId = requiredText(env, 'TC_TELR_STORE_ID', 'TC_PAYMENT_GATEWAY=telr');
  if (!/^\d{1,12}$/.test(storeId)) throw new ConfigError('TC_TELR_STORE_ID must be the numeric Telr store id');
  return {
    kind,
    linkMinutes,
    storeId,
    authKey: authKey(env),
    baseUrl: baseUrl(env, 'TC_TELR_BASE_URL', DEFAULT_TELR_BASE_URL),
    testMode: flag(env, 'TC_TELR_TEST_MODE', true),
    timeoutMs: integer(env, 'TC_TELR_TIMEOUT_MS', DEFAULT_TELR_TIMEOUT_MS, 100, 60_000),
  };
}
