// Where the project is, and the environment children start with: the bench's own, without any setting of
// the service (a developer's DATABASE_URL or TC_* must not leak into a scenario that sets its own).
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name === 'DATABASE_URL' || name === 'PORT' || name === 'HOST' || name.startsWith('TC_')) continue;
    env[name] = value;
  }
  return { ...env, ...settings };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
