// Password hashing: scrypt (memory-hard, in node:crypto, OWASP cost N=2^17 r=8 p=1) on the thread pool, so
// it never blocks the event loop. Stored as `scrypt$N$r$p$<salt>$<hash>` (base64) so the cost can be raised later.
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
// 128 × N × r = 128 MiB for the default cost; Node refuses anything above maxmem, so leave headroom.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST, HASH_BYTES);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for a stored value that is not a well-formed scrypt hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
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
