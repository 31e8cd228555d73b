// What a node keeps: answers bounded by bytes (the least recently used out first), and values remembered for a while.
import { describe, expect, it } from 'vitest';
import { createKeptAnswers, createShortMemory } from './kept-answers.js';

describe('kept answers', () => {
  it('makes an answer once, and drops the least recently used past its bytes', async () => {
    const kept = createKeptAnswers(300); // two answers of 131 bytes, not three
    let made = 0;
    const make = (text: string) => async () => {
      made += 1;
      return JSON.stringify(text);
    };
    const first = await kept.answer('a', make('x'.repeat(60)));
    expect(await kept.answer('a', make('other'))).toBe(first);
    expect(first.body.toString()).toBe(
      `{"apiStatus":{"errorCode":"OK","errorMessage":"Success"},"apiData":"${'x'.repeat(60)}"}`,
    );
    await kept.answer('b', make('y'.repeat(60)));
    expect(made).toBe(2);
    await kept.answer('a', make('again'));
    expect(made).toBe(2);
    await kept.answer('c', make('z'.repeat(60))); // b, not a (just used), makes room
    expect(made).toBe(3);
    expect(await kept.answer('a', make('new a'))).toBe(first);
    expect((await kept.answer('b', make('new b'))).body.toString()).toContain('new b');
  });
});

describe('short memory', () => {
  it('remembers a value for its time, forgets on demand, and holds at most its keys', async () => {
    let clock = 0;
    const memory = createShortMemory<number>(1000, 2, () => clock);
    let reads = 0;
    const read = async () => ++reads;
    expect(await memory.get('t1', read)).toBe(1);
    clock = 999;
    expect(await memory.get('t1', read)).toBe(1);
    clock = 1000;
    expect(await memory.get('t1', read)).toBe(2);
    memory.forget('t1');
    expect(await memory.get('t1', read)).toBe(3);
    await memory.get('t2', read);
    await memory.get('t3', read);
    expect(await memory.get('t1', read)).toBe(6);
  });
});
