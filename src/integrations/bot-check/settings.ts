// The bot-check settings, parsed from the environment config.ts hands over (config.ts is the only reader of
// process.env). The simulator is the default: nothing to configure, nothing leaves the machine.
import { ConfigError } from '../../config-error.js';
import { baseUrl, type Env, integer, optionalText, requiredText } from '../../config-readers.js';

export const DEFAULT_RECAPTCHA_BASE_URL = 'https://recaptchaenterprise.googleapis.com';
/** A page waits for this answer before it lets a visitor log in or pay: a slow Google must not hang it. */
export const DEFAULT_RECAPTCHA_TIMEOUT_MS = 3_000;
export const SIMULATOR_SITE_KEY = 'simulator-site-key';

export interface RecaptchaSettings {
  projectId: string;
  apiKey: string;
  siteKey: string;
  baseUrl: string;
  timeoutMs: number;
}

export type BotCheckSettings = { kind: 'simulator'; siteKey: string } | ({ kind: 'recaptcha' } & RecaptchaSettings);

/** TC_BOTCHECK (simulator | recaptcha) and, for recaptcha, TC_RECAPTCHA_PROJECT_ID, _API_KEY, _SITE_KEY, _BASE_URL, _TIMEOUT_MS. */
export function loadBotCheckSettings(env: Env): BotCheckSettings {
  const kind = optionalText(env, 'TC_BOTCHECK')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') {
    return { kind, siteKey: optionalText(env, 'TC_RECAPTCHA_SITE_KEY') ?? SIMULATOR_SITE_KEY };
  }
  if (kind !== 'recaptcha') throw new ConfigError(`TC_BOTCHECK must be simulator or recaptcha, got "${kind}"`);
  const projectId = requiredText(env, 'TC_RECAPTCHA_PROJECT_ID', 'TC_BOTCHECK=recaptcha');
  // A Google Cloud project id (6-30 of a-z, 0-9, -) or number; anything else would bend the request path.
  if (!/^(?:[a-z][a-z0-9-]{4,28}[a-z0-9]|\d{1,20})$/.test(projectId)) {
    throw new ConfigError('TC_RECAPTCHA_PROJECT_ID must be a Google Cloud project id or number');
  }
  return {
    kind,
    projectId,
    apiKey: requiredText(env, 'TC_RECAPTCHA_API_KEY', 'TC_BOTCHECK=recaptcha'),
    siteKey: requiredText(env, 'TC_RECAPTCHA_SITE_KEY', 'TC_BOTCHECK=recaptcha'),
    baseUrl: baseUrl(env, 'TC_RECAPTCHA_BASE_URL', DEFAULT_RECAPTCHA_BASE_URL),
    timeoutMs: integer(env, 'TC_RECAPTCHA_TIMEOUT_MS', DEFAULT_RECAPTCHA_TIMEOUT_MS, 100, 30_000),
  };
}
