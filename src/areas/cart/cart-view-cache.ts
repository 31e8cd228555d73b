// A node's copies of cart views. A copy is answered again only after the database says the cart's version is
// still the one it was made from (every change of the cart, its items or their holds bumps it, on any node), and
// only until the first of its holds comes within the renewal window (a load then renews, so it must run).
// Entries are few kilobytes; the oldest go first beyond MAX_ENTRIES.
import type { CartView } from './cart.schemas.js';

const MAX_ENTRIES = 10_000;
/** Even a cart without holds is read in full again after this long. */
const MAX_AGE_MS = 10 * 60_000;

export interface KeptView {
  cartId: string;
  version: string;
  /** Epoch ms from which the copy may not be answered. */
  validUntil: number;
  view: CartView;
}

export interface CartViewCache {
  /** The copy for `key` while `now` is before its end; the caller still checks its version. */
  get(key: string, now: Date): KeptView | undefined;
  keep(key: string, kept: Omit<KeptView, 'validUntil'>, now: Date, renewFrom: Date | undefined): void;
}

export function createCartViewCache(): CartViewCache {
  const entries = new Map<string, KeptView>();
  return {
    get(key, now) {
      const kept = entries.get(key);
      if (!kept) return undefined;
      if (now.getTime() < kept.validUntil) return kept;
      entries.delete(key);
      return undefined;
    },
    keep(key, kept, now, renewFrom) {
      const validUntil = Math.min(now.getTime() + MAX_AGE_MS, renewFrom?.getTime() ?? Number.POSITIVE_INFINITY);
      if (validUntil <= now.getTime()) return;
      entries.delete(key);
      entries.set(key, { ...kept, validUntil });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
  };
}
