// Readers of one setting each, for config.ts and the integrations' settings it hands the environment to: a blank
// value counts as unset, and a malformed one stops the start with a ConfigError naming the setting.
import { ConfigError } from './config-error.js';

export type Env = Record<string, string | undefined>;

export function optionalText(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function text(env: Env, name: string, fallback: string): string {
  return optionalText(env, name) ?? fallback;
}

/** A setting that `choice` (e.g. "TC_PAYMENT_GATEWAY=telr") cannot do without. */
export function requiredText(env: Env, name: string, choice: string): string {
  const value = optionalText(env, name);
  if (!value) throw new ConfigError(`${choice} needs ${name}`);
  return value;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optionalText(env, name);
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = optionalText(env, name)?.toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** An http(s) base address without query or fragment, without its trailing slashes. */
export function baseUrl(env: Env, name: string, fallback: string): string {
  const raw = text(env, name, fallback);
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http(s) URL without query, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}
