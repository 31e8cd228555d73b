// Password hashing: argon2id (OWASP's first choice; m=46 MiB t=2 p=1) on libuv's thread pool, so it never blocks
// the event loop, stored in the PHC string format (`$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>`) that carries its
// cost. Hashes made before by scrypt (OWASP cost N=2^17 r=8 p=1, `scrypt$N$r$p$<salt>$<hash>`) still verify.
// Why argon2id: a check above OWASP's strength costs ~90 ms instead of scrypt's ~370 ms here, so five logins at
// once answer in a fraction of a second on two cores rather than in more than one.
//
// Each derivation costs memory and a CPU, and anyone can ask for one (a login, a token request), so every
// derivation of the process passes one gate: as many at a time as there are CPUs,
// a short line behind them, and past that an immediate 429, so a flood cannot queue real logins for seconds.
// Callers run the cheap checks (token found, user found, not locked, rate limits) first; where a check fails
// but timing must not tell why (an unknown user), imitatePasswordCheck waits as long as a real check takes
// without using a CPU.
import { availableParallelism } from 'node:os';
import { type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import argon2 from 'argon2';
import { createConcurrencyGate, GateFullError } from './concurrency-gate.js';
import { ApiError } from './http/errors.js';
import { rateLimited } from './rate-limit.js';

/**
 * 46 MiB, two passes, one lane: twice OWASP's first option (46 MiB, one pass), about 90 ms of a CPU here, so a guess
 * stays costly (the users issue asks 50 to 500 ms a hash) while five logins at once answer within half a second.
 */
const ARGON2_COST = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 2, parallelism: 1 } as const;
// scrypt (hashes made before argon2id): 128 × N × r = 128 MiB at N=2^17; Node refuses anything above maxmem.
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

/** Runs one derivation through the node's gate; a full gate answers 429 at once. */
function throughGate<T>(derivation: () => Promise<T>): Promise<T> {
  const once = () => {
    work.derivations += 1;
    return derivation();
  };
  return gate.run(once).catch((error: unknown) => {
    if (!(error instanceof GateFullError)) throw error;
    work.refused += 1;
    throw rateLimited(BUSY_RETRY_SECONDS);
  });
}

function deriveScrypt(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return throughGate(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  return throughGate(() => argon2.hash(password.normalize('NFC'), ARGON2_COST));
}

/**
 * False for a wrong password and for a stored value that is not a well-formed argon2id or scrypt hash. HTTP 429
 * RATE_LIMITED (Retry-After) when the node's line of derivations is full.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const started = performance.now();
  const matches = await matchesStored(password, stored);
  if (matches === undefined) return false;
  const took = performance.now() - started;
  typicalCheckMs = typicalCheckMs === undefined ? took : 0.8 * typicalCheckMs + 0.2 * took;
  return matches;
}

/** Undefined when the stored value is neither a well-formed argon2id nor a scrypt hash (nothing derived). */
async function matchesStored(password: string, stored: string): Promise<boolean | undefined> {
  if (stored.startsWith('$argon2id$')) {
    if (!sensibleArgon2Cost(stored)) return undefined;
    return throughGate(() => argon2.verify(stored, password.normalize('NFC'))).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      return undefined; // a damaged hash the library cannot read
    });
  }
  const parsed = parseHash(stored);
  if (!parsed) return undefined;
  const candidate = await deriveScrypt(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/** Bounds keep a damaged row from asking argon2 for absurd work (at most 256 MiB, 10 passes, 8 lanes). */
function sensibleArgon2Cost(stored: string): boolean {
  // `$argon2id$v=19$m=19456,p=1,t=2$<salt>$<hash>`: the parameters in whatever order the writer chose.
  const params = new Map(
    (stored.split('$')[3] ?? '').split(',').map((pair) => pair.split('=') as [string, string | undefined]),
  );
  const [m, t, p] = ['m', 't', 'p'].map((key) => Number(params.get(key)));
  return within(m ?? 0, 8, 262_144) && within(t ?? 0, 1, 10) && within(p ?? 0, 1, 8);
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
