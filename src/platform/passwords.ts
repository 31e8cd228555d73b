// Password hashing: scrypt (memory-hard, in node:crypto, OWASP cost N=2^17 r=8 p=1) on the thread pool, so
// it never blocks the event loop. Stored as `scrypt$N$r$p$<salt>$<hash>` (base64) so the cost can be raised later.
//
// Each derivation costs ~128 MiB and a CPU for a tenth of a second or more, and anyone can ask for one (a login,
// a token request), so every derivation of the process passes one gate: as many at a time as there are CPUs,
// a short line behind them, and past that an immediate 429, so a flood cannot queue real logins for seconds.
// Callers run the cheap checks (token found, user found, not locked, rate limits) first; where a check fails
// but timing must not tell why (an unknown user), imitatePasswordCheck waits as long as a real check takes
// without using a CPU.
import { availableParallelism } from 'node:os';
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConcurrencyGate, GateFullError } from './concurrency-gate.js';
import { rateLimited } from './rate-limit.js';

const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// 128 × N × r = 128 MiB for the default cost; Node refuses anything above maxmem, so leave headroom.
const MAX_MEMORY = 256 * 1024 * 1024;
const CPUS = Math.max(1, availableParallelism());
// Eight waiting per CPU: a real login waits at most ~8 derivations (about a second) before its own runs.
const QUEUE = 8 * CPUS;
const gate = createConcurrencyGate({ concurrency: CPUS, queue: QUEUE });
/** How soon a caller refused by a full gate may try again: a derivation or two will have finished by then. */
const BUSY_RETRY_SECONDS = 1;

const work = { derivations: 0, refused: 0, imitations: 0 };
/** Moving average of a real check's wall time, waiting in line included, which imitations copy. */
let typicalCheckMs: number | undefined;
let calibration: Promise<unknown> | undefined;
/** Only when calibrating failed (the line was full): about one derivation on a typical server. */
const UNCALIBRATED_CHECK_MS = 200;

/** What the process has derived so far (tests prove a path hashes nothing; metrics show the load). */
export function passwordWork() {
  return { ...work, ...gate.load() };
}

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  const once = () =>
    new Promise<Buffer>((resolve, reject) => {
      work.derivations += 1;
      scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  return gate.run(once).catch((error: unknown) => {
    if (!(error instanceof GateFullError)) throw error;
    work.refused += 1;
    throw rateLimited(BUSY_RETRY_SECONDS);
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST, HASH_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * False for a wrong password and for a stored value that is not a well-formed scrypt hash. HTTP 429
 * RATE_LIMITED (Retry-After) when the node's line of derivations is full.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const started = performance.now();
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  const took = performance.now() - started;
  typicalCheckMs = typicalCheckMs === undefined ? took : 0.8 * typicalCheckMs + 0.2 * took;
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * Takes as long as verifyPassword does at the moment (waiting in line included) but derives nothing: the answer
 * for an unknown user or a locked account costs no CPU yet is not told apart from a wrong password by timing.
 * Until the process has timed a real check, it times one against a throw-away hash first.
 */
export async function imitatePasswordCheck(): Promise<void> {
  work.imitations += 1;
  // Refused like a real check when the line is full, or the 429 alone would tell a real account from none.
  if (gate.load().waiting >= QUEUE) {
    work.refused += 1;
    throw rateLimited(BUSY_RETRY_SECONDS);
  }
  if (typicalCheckMs === undefined) {
    // One calibration for all the imitations waiting on it, so a burst of them cannot fill the line itself.
    calibration ??= hashPassword('a throw-away password').then((stored) => verifyPassword('imitation', stored));
    await calibration.catch(() => undefined);
  }
  await sleep((typicalCheckMs ?? UNCALIBRATED_CHECK_MS) * (0.9 + 0.2 * Math.random()));
}

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  // Bounds keep a damaged row from asking scrypt for absurd work.
  const powerOfTwo = (cost.N & (cost.N - 1)) === 0;
  if (!within(cost.N, 2, 2 ** 20) || !powerOfTwo || !within(cost.r, 1, 32) || !within(cost.p, 1, 16)) return undefined;
  const hashBytes = Buffer.from(hash, 'base64');
  if (hashBytes.length < 16) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: hashBytes };
}

function within(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}
