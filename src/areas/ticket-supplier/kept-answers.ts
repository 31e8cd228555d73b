// Answers a node keeps ready to send, as the bytes of their envelope: a storefront asks the same experience pages
// over and over, and they change only when a sync writes (the key then holds the new content version, so an old
// answer is never found again). Bounded by bytes (platform/memory/lru.ts: the least recently used go first).
import { createAnswerLru, keptAnswer } from '../../platform/memory/lru.js';
import type { RawAnswer } from '../../platform/http/raw.js';

/** What the kept answers may hold in all, per node. */
const MAX_BYTES = 32 * 1024 * 1024;

export interface KeptAnswers {
  /** The answer kept under `key`, or the one `make` serialises (apiData as JSON), kept from now on. */
  answer(key: string, make: () => Promise<string>): Promise<RawAnswer>;
}

export function createKeptAnswers(maxBytes = MAX_BYTES): KeptAnswers {
  const memory = createAnswerLru({ maxBytes, maxEntries: Number.MAX_SAFE_INTEGER });
  return { answer: (key, make) => keptAnswer(memory, key, make) };
}

export interface ShortMemory<T> {
  /** The value kept under `key` for less than its time, or the one `read` answers, kept from now on. */
  get(key: string, read: () => Promise<T>): Promise<T>;
  forget(key: string): void;
}

/**
 * Values kept for `ttlMs` (a tenant's content version, that a product exists): what saves a request its query. At
 * most `max` keys; past it, the oldest go first.
 */
export function createShortMemory<T>(ttlMs: number, max: number, now: () => number = Date.now): ShortMemory<T> {
  const kept = new Map<string, { value: T; until: number }>();
  return {
    async get(key, read) {
      const found = kept.get(key);
      if (found && found.until > now()) return found.value;
      const value = await read();
      kept.delete(key);
      kept.set(key, { value, until: now() + ttlMs });
      for (const oldKey of kept.keys()) {
        if (kept.size <= max) break;
        kept.delete(oldKey);
      }
      return value;
    },
    forget: (key) => void kept.delete(key),
  };
}
