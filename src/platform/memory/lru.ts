// What a node keeps in memory for reuse (answers ready to send, values read often), bounded by its total size
// (keys counted) and its number of entries; the least recently used go first. One piece for every area that keeps
// answers (cruise search, the ticket supplier's experience pages, trip itineraries): each says what a value
// weighs and what makes a kept one stale (a version in its key, or a check before reuse).
import { okJsonBytes } from '../http/envelope.js';
import type { RawAnswer } from '../http/raw.js';

export interface LruLimits {
  maxBytes: number;
  maxEntries: number;
}

export interface Lru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
  size(): { entries: number; bytes: number };
}

export function createLru<V>(limits: LruLimits, sizeOf: (value: V) => number): Lru<V> {
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
    delete: drop,
    size: () => ({ entries: kept.size, bytes }),
  };
}

/** An answer kept as the bytes of its envelope: encoded once, sent as it is. */
export type KeptAnswer = RawAnswer & { readonly body: Buffer };

/** A memory of answers weighed by their bytes. */
export function createAnswerLru(limits: LruLimits): Lru<KeptAnswer> {
  return createLru(limits, (answer) => answer.body.length);
}

/** The answer kept under `key`, or the one `make` serialises (apiData as JSON), kept from now on. */
export async function keptAnswer(
  memory: Lru<KeptAnswer>,
  key: string,
  make: () => Promise<string>,
): Promise<KeptAnswer> {
  const found = memory.get(key);
  if (found) return found;
  const made = okJsonBytes(await make());
  // Another request may have made it meanwhile: the first kept is the one sent, so equal requests get equal bytes.
  const meanwhile = memory.get(key);
  if (meanwhile) return meanwhile;
  memory.set(key, made);
  return made;
}
