// A small time-to-live cache of Amadeus's reference data (locations per keyword, the airline list): answers only,
// never failures; at most `maxEntries` keys, the oldest written going first. Concurrent look-ups of one key share
// one call (createSingleFlight).
import { FlightSupplierError } from '../port.js';
import { abandonable } from '../../supplier-http.js';

export interface TtlCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number; now: () => number }): TtlCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (options.now() < entry.until) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, until: options.now() + options.ttlMs });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
  };
}

/**
 * One load per key at a time: a caller asking for a key already being loaded waits for that load instead of making
 * its own call. The load runs without any caller's signal (the client's own timeout bounds it), so one caller giving
 * up fails no other; that caller alone is answered a timeout.
 */
const abandoned = () => new FlightSupplierError('timeout', 'Amadeus: the call was abandoned');

export function createSingleFlight<T>(): (key: string, load: () => Promise<T>, signal?: AbortSignal) => Promise<T> {
  const pending = new Map<string, Promise<T>>();
  return (key, load, signal) => {
    let loading = pending.get(key);
    if (!loading) {
      loading = load().finally(() => pending.delete(key));
      pending.set(key, loading);
    }
    return signal ? abandonable(loading, signal, abandoned) : loading;
  };
}
