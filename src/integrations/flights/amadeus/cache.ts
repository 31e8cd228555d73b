// A small time-to-live cache of Amadeus's reference data (locations per keyword, the airline list): answers only,
// never failures; at most `maxEntries` keys, the oldest written going first.

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
