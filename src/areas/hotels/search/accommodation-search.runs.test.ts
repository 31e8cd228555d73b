// The stay cut out of a room's month runs (pure): whole runs, runs cut at either end, runs of two months, a night
// missing, stop sale and booking windows (and when the next of them opens or closes).
import { describe, expect, it } from 'vitest';
import { cutStay, dayNumber, type MonthRun, type MonthRuns, type Rates } from './accommodation-search.runs.js';

const D = dayNumber('2027-01-29');
const NOW = Date.parse('2026-12-01T12:00:00Z');

interface RunOptions {
  rate?: string;
  hasRoom?: boolean;
  onRequest?: boolean;
  mlos?: number;
  stopSale?: boolean;
  bookFrom?: number | null;
  bookTo?: number | null;
}

interface RunSpec {
  first: number;
  nights: number;
  o: RunOptions;
}
const run = (first: number, nights: number, o: RunOptions = {}): RunSpec => ({ first, nights, o });

/** A month as stored: its distinct rates once each, its runs pointing at them. */
function month(runs: RunSpec[]): MonthRuns {
  const rates: Rates[] = [];
  const refs = runs.map(({ first, nights, o }): MonthRun => {
    const base = o.rate ?? '100.000';
    let at = rates.findIndex((entry) => entry[2] === base);
    if (at < 0) {
      const zero = '0.000';
      at = rates.push([false, 'ROOM', base, zero, zero, zero, zero, zero, zero, 'ABS', 'ABS', 'ABS', 1, null]) - 1;
    }
    const { hasRoom = true, onRequest = false, mlos = 1, stopSale = false } = o;
    return [first, nights, at, hasRoom, onRequest, mlos, 1, stopSale, o.bookFrom ?? null, o.bookTo ?? null];
  });
  return [rates, refs];
}
const stay = (from: number, to: number) => ({ from: D + from, to: D + to, now: NOW });
const counts = (runs: RunSpec[], from: number, to: number) =>
  cutStay([month(runs)], stay(from, to)).nights?.map((night) => [night.baseRate, night.nights]) ?? null;

describe('cutStay', () => {
  it('numbers days from 1970-01-01', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2027-03-01') - dayNumber('2027-02-28')).toBe(1);
  });

  it('takes the part of each run inside the stay, across months, alike rates folded in order of first night', () => {
    // January 29-31 at 100, then February 1-3 at 100, 4-5 at 120 and 6-9 at 100 again (a run never crosses a month)
    const runs = [run(D, 3), run(D + 3, 3), run(D + 6, 2, { rate: '120.000' }), run(D + 8, 4)];
    expect(counts(runs, 0, 12)).toEqual([
      ['100.000', 10],
      ['120.000', 2],
    ]);
    expect(counts(runs, 1, 7)).toEqual([
      ['100.000', 5],
      ['120.000', 1],
    ]);
    expect(counts(runs, 6, 9)).toEqual([
      ['120.000', 2],
      ['100.000', 1],
    ]);
    expect(counts(runs, 4, 5)).toEqual([['100.000', 1]]);
  });

  it('folds the same rates of two months, each month with its own list of rates', () => {
    // January: 100 (at 0 of its list); February: 120 then 100 (100 at 1 of its list)
    const january = month([run(D, 3)]);
    const february = month([run(D + 3, 2, { rate: '120.000' }), run(D + 5, 3)]);
    const nights = cutStay([january, february], stay(0, 8)).nights?.map((night) => [night.baseRate, night.nights]);
    expect(nights).toEqual([
      ['100.000', 6],
      ['120.000', 2],
    ]);
    expect(cutStay([january, february], stay(2, 9)).nights).toBeNull();
  });

  it('folds availability: a room to sell or on request only if every night of the fold is; the longest minimum stay', () => {
    const runs = [run(D, 2, { mlos: 2 }), run(D + 2, 1, { hasRoom: false, onRequest: true }), run(D + 3, 2)];
    expect(cutStay([month(runs)], stay(0, 5)).nights).toMatchObject([
      { nights: 5, available: false, onRequest: true, mlos: 2 },
    ]);
    const closed = [run(D, 2), run(D + 2, 1, { hasRoom: false })];
    expect(cutStay([month(closed)], stay(0, 3)).nights).toMatchObject([
      { nights: 3, available: false, onRequest: false },
    ]);
  });

  it('answers nothing when a night of the stay is missing, before, inside or after the runs', () => {
    const runs = [run(D, 3), run(D + 4, 3)];
    expect(counts(runs, 0, 3)).toHaveLength(1);
    expect(counts(runs, 0, 5)).toBeNull();
    expect(counts(runs, -1, 2)).toBeNull();
    expect(counts(runs, 5, 8)).toBeNull();
    expect(counts([], 0, 1)).toBeNull();
  });

  it('answers nothing when a night is on stop sale or outside its booking window, judged at now', () => {
    const day = 86_400_000;
    const runs = (o: RunOptions) => [run(D, 2), run(D + 2, 2, o)];
    expect(counts(runs({ stopSale: true }), 0, 3)).toBeNull();
    expect(counts(runs({ stopSale: true }), 0, 2)).toHaveLength(1);
    expect(counts(runs({ bookFrom: NOW + day }), 0, 3)).toBeNull();
    expect(counts(runs({ bookTo: NOW - day }), 0, 3)).toBeNull();
    expect(counts(runs({ bookFrom: NOW - day, bookTo: NOW + day }), 0, 3)).toEqual([['100.000', 3]]);
  });

  it('gives when the first booking window of the stay opens or closes, sellable or not', () => {
    const day = 86_400_000;
    const cut = (o: RunOptions, from = 0) => cutStay([month([run(D, 2), run(D + 2, 2, o)])], stay(from, 4)).nextChange;
    expect(cut({})).toBeNull();
    expect(cut({ bookFrom: NOW + day })).toBe(NOW + day);
    expect(cut({ bookFrom: NOW - day, bookTo: NOW + 2 * day })).toBe(NOW + 2 * day);
    expect(cut({ bookTo: NOW - day })).toBeNull();
    // a run outside the stay does not count
    expect(cutStay([month([run(D, 2), run(D + 2, 2, { bookFrom: NOW + day })])], stay(0, 2)).nextChange).toBeNull();
  });

  it('keeps availability: a room to sell, on request (a room or on request), minimum stays', () => {
    const [night] =
      cutStay([month([run(D, 3, { hasRoom: false, onRequest: true, mlos: 3 })])], stay(0, 2)).nights ?? [];
    expect(night).toMatchObject({ nights: 2, available: false, onRequest: true, mlos: 3, sdmlos: 1 });
    const [sold] = cutStay([month([run(D, 3, { hasRoom: true })])], stay(0, 2)).nights ?? [];
    expect(sold).toMatchObject({ available: true, onRequest: true });
  });
});
