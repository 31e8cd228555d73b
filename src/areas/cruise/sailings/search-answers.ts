// What a node keeps of searchCruises, under keys that hold the tenant's cruise content version (db/tenant/0054), read
// from the database on every request: a write on any node moves the version on, so the very next search misses and
// reads afresh; what was kept under older versions is never found again and ages out. Two kinds: whole answers as
// the bytes of their envelope (encoded once, sent as they are), and each sailing's JSON, so a search with new filters
// needs only the ids of its page once the sailings on it were seen. Each is bounded by its total size (keys counted
// too) and its number of entries; the least recently used go first.
import { okJsonBytes } from '../../../platform/http/envelope.js';
import type { RawAnswer } from '../../../platform/http/raw.js';

export interface Limits {
  maxBytes: number;
  maxEntries: number;
}

/** Whole answers per node: a 20-sailing page is ~23 kB, a 100-sailing one ~115 kB; empty ones are tiny. */
const ANSWER_LIMITS: Limits = { maxBytes: 32 * 1024 * 1024, maxEntries: 20_000 };
/** Sailings per node: ~1 kB each, so some 16,000 sailings of all tenants. */
const SAILING_LIMITS: Limits = { maxBytes: 16 * 1024 * 1024, maxEntries: 50_000 };

export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  size(): { entries: number; bytes: number };
}

export function createLru<V>(limits: Limits, sizeOf: (value: V) => number): Lru<V> {
  const kept = new Map<string, V>();
  let bytes = 0;
  const cost = (key: string, value: V) => sizeOf(value) + key.length;
  const drop = (key: string) => {
    const old = kept.get(key);
    if (old === undefined) return;
    kept.delete(key);
    bytes -= cost(key, old);
  };
  return {
    get(key) {
      const found = kept.get(key);
      if (found === undefined) return undefined;
      // used again: it moves to the end, the last to go
      kept.delete(key);
      kept.set(key, found);
      return found;
    },
    set(key, value) {
      drop(key);
      if (cost(key, value) > limits.maxBytes) return;
      kept.set(key, value);
      bytes += cost(key, value);
      for (const oldest of kept.keys()) {
        if (bytes <= limits.maxBytes && kept.size <= limits.maxEntries) break;
        drop(oldest);
      }
    },
    size: () => ({ entries: kept.size, bytes }),
  };
}

export interface SearchMemory {
  answers: Lru<RawAnswer & { readonly body: Buffer }>;
  /** A sailing's JSON in the answer's shape, under tenant, version and cruiseId. */
  sailings: Lru<string>;
}

export function createSearchMemory(answers = ANSWER_LIMITS, sailings = SAILING_LIMITS): SearchMemory {
  return {
    answers: createLru(answers, (answer) => answer.body.length),
    sailings: createLru(sailings, (json) => json.length),
  };
}

/** The answer kept under `key`, or the one `make` serialises (apiData as JSON), kept from now on. */
export async function keptAnswer(memory: SearchMemory, key: string, make: () => Promise<string>): Promise<RawAnswer> {
  const found = memory.answers.get(key);
  if (found) return found;
  const made = okJsonBytes(await make());
  memory.answers.set(key, made);
  return made;
}
