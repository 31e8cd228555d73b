// Secrets at rest, random tokens and hashes. Secrets are AES-256-GCM with a random 96-bit IV and are
// stored as `encrypted:<base64(iv | tag | ciphertext)>`, so a reader can tell a sealed value at a glance.
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const ENCRYPTED_PREFIX = 'encrypted:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plaintext: string): string;
  /** Seals a value unless it already carries the `encrypted:` prefix. */
  sealOnce(value: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  const seal = (plaintext: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ENCRYPTED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  };
  return {
    seal,
    sealOnce: (value) => (isSealed(value) ? value : seal(value)),
    open(sealed) {
      if (!isSealed(sealed)) throw new Error('value is not sealed');
      const raw = Buffer.from(sealed.slice(ENCRYPTED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

export function isSealed(value: string): boolean {
  return value.startsWith(ENCRYPTED_PREFIX);
}

/** A URL-safe random token carrying `bytes` × 8 bits of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a high-entropy token: enough for lookup by hash (no salt needed for random tokens). */
export function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

export function sameSecret(a: string, b: string): boolean {
  const left = sha256(a);
  const right = sha256(b);
  return timingSafeEqual(left, right);
}

/** A temporary password that satisfies the password policy (length, mixed classes). */
export function temporaryPassword(): string {
  return `Tmp-${randomBytes(12).toString('base64url')}9a`;
}
