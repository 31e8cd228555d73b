// A node's copies of loadExpanded answers. A copy is sent again only after the database says the group's version is
// still the one it was made from (every change of the group or of anything of it bumps it, on any node, by any
// writer: db/tenant/0033_groups.sql). Copies are large (a 200-passenger group's is ~115 kB), so they are bounded by
// their total size; the least recently used go first. A copy is the whole answer in bytes, envelope included: sent
// as it is, it is not encoded to UTF-8 again for each request (the socket writes were most of the service's time).
import type { RawAnswer } from '../../../platform/http/raw.js';

const MAX_BYTES = 64 * 1024 * 1024;

export interface KeptAnswer {
  version: string;
  answer: RawAnswer;
  /** The answer's size, counted against the bound. */
  bytes: number;
}

export interface ExpandedGroupCache {
  get(key: string): KeptAnswer | undefined;
  keep(key: string, kept: KeptAnswer): void;
}

export function createExpandedGroupCache(maxBytes = MAX_BYTES): ExpandedGroupCache {
  const entries = new Map<string, KeptAnswer>();
  let bytes = 0;
  const drop = (key: string) => {
    const kept = entries.get(key);
    if (!kept) return;
    entries.delete(key);
    bytes -= kept.bytes;
  };
  return {
    get(key) {
      const kept = entries.get(key);
      if (!kept) return undefined;
      // used again: it moves to the end, the last to go
      entries.delete(key);
      entries.set(key, kept);
      return kept;
    },
    keep(key, kept) {
      drop(key);
      if (kept.bytes > maxBytes) return;
      entries.set(key, kept);
      bytes += kept.bytes;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
