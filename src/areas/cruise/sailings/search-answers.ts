// What a node keeps of searchCruises, under keys that hold the tenant's cruise content version (db/tenant/0054), read
// from the database on every request: a write on any node moves the version on, so the very next search misses and
// reads afresh; what was kept under older versions is never found again and ages out. Two kinds: whole answers as
// the bytes of their envelope (encoded once, sent as they are), and each sailing's JSON, so a search with new filters
// needs only the ids of its page once the sailings on it were seen. Each is bounded by its total size (keys counted
// too) and its number of entries; the least recently used go first.
import { createAnswerLru, createLru, type KeptAnswer, type Lru, type LruLimits } from '../../../platform/memory/lru.js';

/** Whole answers per node: a 20-sailing page is ~23 kB, a 100-sailing one ~115 kB; empty ones are tiny. */
const ANSWER_LIMITS: LruLimits = { maxBytes: 32 * 1024 * 1024, maxEntries: 20_000 };
/** Sailings per node: ~1 kB each, so some 16,000 sailings of all tenants. */
const SAILING_LIMITS: LruLimits = { maxBytes: 16 * 1024 * 1024, maxEntries: 50_000 };

export interface SearchMemory {
  answers: Lru<KeptAnswer>;
  /** A sailing's JSON in the answer's shape, under tenant, version and cruiseId. */
  sailings: Lru<string>;
}

export function createSearchMemory(answers = ANSWER_LIMITS, sailings = SAILING_LIMITS): SearchMemory {
  return {
    answers: createAnswerLru(answers),
    sailings: createLru(sailings, (json) => json.length),
  };
}
