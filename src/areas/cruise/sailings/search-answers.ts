// A node's copies of searchCruises answers, as the bytes of their envelope (encoded once, sent as they are). A copy's
// key holds the tenant's cruise content version (db/tenant/0062), read from the database on every request: a write
// on any node moves the version on, so the very next search misses and reads afresh; copies of older versions are
// never found again and age out. Bounded by their total size (keys counted too) and their number; the least recently
// used go first.
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { RawAnswer } from '../../../platform/http/raw.js';

/** What the copies may hold in all, per node: a 20-sailing page is ~23 kB, a 100-sailing one ~115 kB. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Empty answers are tiny; this bounds the map itself. */
const MAX_ENTRIES = 20_000;

type Kept = RawAnswer & { readonly body: Buffer };

export interface SearchAnswers {
  /** The copy kept under `key`, or the answer `make` serialises (apiData as JSON), kept from now on. */
  answer(key: string, make: () => Promise<string>): Promise<RawAnswer>;
  /** How many copies and bytes are kept (tests, diagnostics). */
  size(): { entries: number; bytes: number };
}

export function createSearchAnswers(limits = { maxBytes: MAX_BYTES, maxEntries: MAX_ENTRIES }): SearchAnswers {
  const kept = new Map<string, Kept>();
  let bytes = 0;
  const cost = (key: string, answer: Kept) => answer.body.length + key.length;
  const drop = (key: string) => {
    const old = kept.get(key);
    if (!old) return;
    kept.delete(key);
    bytes -= cost(key, old);
  };
  return {
    async answer(key, make) {
      const found = kept.get(key);
      if (found) {
        // used again: it moves to the end, the last to go
        kept.delete(key);
        kept.set(key, found);
        return found;
      }
      const made = okJsonBytes(await make());
      drop(key); // another request may have made it meanwhile
      if (cost(key, made) > limits.maxBytes) return made;
      kept.set(key, made);
      bytes += cost(key, made);
      for (const oldest of kept.keys()) {
        if (bytes <= limits.maxBytes && kept.size <= limits.maxEntries) break;
        drop(oldest);
      }
      return made;
    },
    size: () => ({ entries: kept.size, bytes }),
  };
}
