// The bounds of what a node keeps: total size (keys counted) and number of entries, the least
// recently used going first, and an entry larger than the bound never kept.
import { describe, expect, it } from 'vitest';
import { createLru } from './lru.js';

describe('createLru', () => {
  const lru = (maxBytes: number, maxEntries = 100) => createLru<string>({ maxBytes, maxEntries }, (v) => v.length);

  it('drops the least recently used once the bytes exceed the bound', () => {
    const kept = lru(12); // keys of 1 + values of 3: 4 each
    kept.set('a', 'aaa');
    kept.set('b', 'bbb');
    kept.set('c', 'ccc');
    expect(kept.get('a')).toBe('aaa'); // a is now the most recently used
    kept.set('d', 'ddd');
    expect(kept.get('b')).toBeUndefined();
    expect([kept.get('a'), kept.get('c'), kept.get('d')]).toEqual(['aaa', 'ccc', 'ddd']);
    expect(kept.size()).toEqual({ entries: 3, bytes: 12 });
  });

  it('drops the oldest past the number of entries, and never keeps what is larger than the bound', () => {
    const kept = lru(1_000, 2);
    kept.set('a', '1');
    kept.set('b', '2');
    kept.set('c', '3');
    expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual([undefined, '2', '3']);
    kept.set('big', 'x'.repeat(1_000));
    expect(kept.get('big')).toBeUndefined();
    kept.set('b', '22'); // replaced, counted once
    expect(kept.size()).toEqual({ entries: 2, bytes: 5 });
  });
});
