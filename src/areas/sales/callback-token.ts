// The token `t` of a payment link's return addresses. Order numbers are sequential, so anyone can write a redirect
// address with a `ref`; only the payer's browser, sent back by the gateway, also holds the order's `t`. Only its
// hash is stored, and it is compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../platform/crypto.js';

export interface CallbackToken {
  /** Goes into the return addresses handed to the gateway, and nowhere else. */
  token: string;
  /** What the order keeps. */
  hash: Buffer;
}

export function newCallbackToken(): CallbackToken {
  const token = randomToken(24);
  return { token, hash: sha256(token) };
}

/** Whether `given` is the order's token; false when the order has none (made before tokens) or none was given. */
export function callbackTokenMatches(storedHash: Buffer | null, given: string | undefined): boolean {
  if (!storedHash || given === undefined || given === '') return false;
  const hash = sha256(given);
  return hash.length === storedHash.length && timingSafeEqual(hash, storedHash);
}
