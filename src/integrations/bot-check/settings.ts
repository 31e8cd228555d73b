// The bot-check settings, parsed from the environment config.ts hands over (config.ts is the only reader of
// process.env). The simulator is the default: nothing to configure, nothing leaves the machine.
import { ConfigError } from '../../config-error.js';

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

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function required(env: Env, name: string): string {
  const value = optional(env, name);
  if (!value) throw new ConfigError(`TC_BOTCHECK=recaptcha needs ${name}`);
  return value;
}

function baseUrl(env: Env): string {
  const raw = optional(env, 'TC_RECAPTCHA_BASE_URL') ?? DEFAULT_RECAPTCHA_BASE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`TC_RECAPTCHA_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`TC_RECAPTCHA_BASE_URL must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function timeoutMs(env: Env): number {
  const raw = optional(env, 'TC_RECAPTCHA_TIMEOUT_MS');
  if (!raw) return DEFAULT_RECAPTCHA_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 100 || value > 30_000) {
    throw new ConfigError(`TC_RECAPTCHA_TIMEOUT_MS must be a whole number from 100 to 30000, got "${raw}"`);
  }
  return value;
}

/** TC_BOTCHECK (simulator | recaptcha) and, for recaptcha, TC_RECAPTCHA_PROJECT_ID, _API_KEY, _SITE_KEY, _BASE_URL, _TIMEOUT_MS. */
export function loadBotCheckSettings(env: Env): BotCheckSettings {
  const kind = optional(env, 'TC_BOTCHECK')?.toLowerCase() ?? 'simulator';
  if (kind === 'simulator') {
    return { kind, siteKey: optional(env, 'TC_RECAPTCHA_SITE_KEY') ?? SIMULATOR_SITE_KEY };
  }
  if (kind !== 'recaptcha') throw new ConfigError(`TC_BOTCHECK must be simulator or recaptcha, got "${kind}"`);
  const projectId = required(env, 'TC_RECAPTCHA_PROJECT_ID');
  // A Google Cloud project id (6-30 of a-z, 0-9, -) or number; anything else would bend the request path.
  if (!/^(?:[a-z][a-z0-9-]{4,28}[a-z0-9]|\d{1,20})$/.test(projectId)) {
    throw new ConfigError('TC_RECAPTCHA_PROJECT_ID must be a Google Cloud project id or number');
  }
  return {
    kind,
    projectId,
    apiKey: required(env, 'TC_RECAPTCHA_API_KEY'),
    siteKey: required(env, 'TC_RECAPTCHA_SITE_KEY'),
    baseUrl: baseUrl(env),
    timeoutMs: timeoutMs(env),
  };
}
