// The messaging settings, parsed from the environment config.ts hands over (config.ts is the only reader of
// process.env). The simulator is the default: nothing to configure, no message leaves the machine.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, optionalText, requiredText } from '../../config-readers.js';

export const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
export const DEFAULT_GRAPH_API_VERSION = 'v23.0';
/** Messages go out from the outbox worker, not from a request: a slow Graph API holds a worker, not a customer. */
export const DEFAULT_WHATSAPP_TIMEOUT_MS = 10_000;

/** What the inbound webhook needs: the App Secret its deliveries are signed with, and the handshake's token. */
export interface WhatsAppWebhookSettings {
  /** The Meta app's App Secret: a secret, never logged or answered. */
  appSecret: string;
  /** The verify token typed into the app's webhook settings: a secret too. */
  verifyToken: string;
}

export interface WhatsAppSettings extends WhatsAppWebhookSettings {
  graphUrl: string;
  /** e.g. v23.0 */
  apiVersion: string;
  /** A system user's access token with whatsapp_business_messaging: a secret, never logged or answered. */
  token: string;
  timeoutMs: number;
}

/**
 * `webhook` is set when an App Secret and a verify token are configured: always with whatsapp, optionally with
 * the simulator (to receive a real app's webhooks while sending nothing).
 */
export type MessagingSettings =
  | { kind: 'simulator'; webhook: WhatsAppWebhookSettings | undefined }
  | ({ kind: 'whatsapp'; webhook: WhatsAppWebhookSettings } & WhatsAppSettings);

function secretText(env: Env, name: string): string {
  const value = requiredText(env, name, 'TC_MESSAGING=whatsapp');
  return checkedSecret(name, value);
}

/** Secrets go into a header or an HMAC as they are; a space or control character means a broken paste. */
function checkedSecret(name: string, value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f\s]/.test(value)) throw new ConfigError(`${name} must not contain spaces`);
  return value;
}

function optionalWebhook(env: Env): WhatsAppWebhookSettings | undefined {
  const appSecret = optionalText(env, 'TC_WHATSAPP_APP_SECRET');
  const verifyToken = optionalText(env, 'TC_WHATSAPP_VERIFY_TOKEN');
  if (!appSecret && !verifyToken) return undefined;
  if (!appSecret || !verifyToken) {
    throw new ConfigError('TC_WHATSAPP_APP_SECRET and TC_WHATSAPP_VERIFY_TOKEN are set together');
  }
  return {
    appSecret: checkedSecret('TC_WHATSAPP_APP_SECRET', appSecret),
    verifyToken: checkedSecret('TC_WHATSAPP_VERIFY_TOKEN', verifyToken),
  };
}

function apiVersion(env: Env): string {
  const raw = optionalText(env, 'TC_WHATSAPP_API_VERSION') ?? DEFAULT_GRAPH_API_VERSION;
  const version = /^\d{1,3}\.0$/.test(raw) ? `v${raw}` : raw;
  if (!/^v\d{1,3}\.0$/.test(version)) {
    throw new ConfigError(`TC_WHATSAPP_API_VERSION must look like v23.0, got "${raw}"`);
  }
  return version;
}

/**
 * TC_MESSAGING (simulator | whatsapp) and, for whatsapp, TC_WHATSAPP_TOKEN, TC_WHATSAPP_APP_SECRET,
 * TC_WHATSAPP_VERIFY_TOKEN, TC_WHATSAPP_GRAPH_URL, TC_WHATSAPP_API_VERSION, TC_WHATSAPP_TIMEOUT_MS.
 */
export function loadMessagingSettings(env: Env): MessagingSettings {
  const kind = optionalText(env, 'TC_MESSAGING')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') return { kind, webhook: optionalWebhook(env) };
  if (kind !== 'whatsapp') throw new ConfigError(`TC_MESSAGING must be simulator or whatsapp, got "${kind}"`);
  const webhook = {
    appSecret: secretText(env, 'TC_WHATSAPP_APP_SECRET'),
    verifyToken: secretText(env, 'TC_WHATSAPP_VERIFY_TOKEN'),
  };
  return {
    kind,
    webhook,
    ...webhook,
    token: secretText(env, 'TC_WHATSAPP_TOKEN'),
    graphUrl: baseUrl(env, 'TC_WHATSAPP_GRAPH_URL', DEFAULT_GRAPH_URL),
    apiVersion: apiVersion(env),
    timeoutMs: integer(env, 'TC_WHATSAPP_TIMEOUT_MS', DEFAULT_WHATSAPP_TIMEOUT_MS, 100, 120_000),
  };
}
