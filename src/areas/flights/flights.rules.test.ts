import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http/errors.js';
import {
  ageOn,
  checkPassengerCounts,
  checkSearchDates,
  durationSeconds,
  groupOrder,
  isoDuration,
  offerIdOf,
  pageOf,
  parseOfferId,
  passengerKindAt,
  sortOffers,
} from './flights.rules.js';

const refusal = (work: () => void): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return `${error.code} ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('flight search rules', () => {
  it('refuses past, too distant and inverted dates, naming the parameter', () => {
    expect(refusal(() => checkSearchDates('2026-11-25', '2026-11-25', undefined))).toBe('accepted');
    expect(refusal(() => checkSearchDates('2026-11-25', '2026-11-24', undefined))).toMatch(
      /^INVALID_FORMAT .*departureDate/,
    );
    expect(refusal(() => checkSearchDates('2026-11-25', '2027-11-22', undefined))).toMatch(/departureDate/);
    expect(refusal(() => checkSearchDates('2026-11-25', '2026-12-01', '2026-11-30'))).toMatch(
      /^INVALID_FORMAT .*returnDate/,
    );
    expect(refusal(() => checkSearchDates('2026-11-25', '2026-12-01', '2026-12-01'))).toBe('accepted');
  });

  it('counts at most 9 passengers, infants included, and no more infants than adults', () => {
    expect(refusal(() => checkPassengerCounts({ adults: 9, children: 0, infants: 0 }))).toBe('accepted');
    expect(refusal(() => checkPassengerCounts({ adults: 5, children: 5, infants: 0 }))).toMatch(/numChildren/);
    expect(refusal(() => checkPassengerCounts({ adults: 5, children: 3, infants: 2 }))).toMatch(/numInfants/);
    expect(refusal(() => checkPassengerCounts({ adults: 1, children: 0, infants: 2 }))).toMatch(
      /^INVALID_FORMAT .*numInfants/,
    );
  });

  it('reads and writes ISO 8601 durations', () => {
    expect(durationSeconds('PT7H25M')).toBe(26_700);
    expect(durationSeconds('P1DT2H')).toBe(93_600);
    expect(durationSeconds('PT45M')).toBe(2_700);
    expect(durationSeconds('nonsense')).toBe(0);
    expect(isoDuration(26_700)).toBe('PT7H25M');
    expect(isoDuration(7_200)).toBe('PT2H');
    expect(isoDuration(600)).toBe('PT10M');
  });

  it('sorts by grandTotal then duration (0), grandTotal (1) or duration (2), ties in the supplier order', () => {
    const offers = [
      { name: 'a', grandTotalMinor: 300, durationSeconds: 100 },
      { name: 'b', grandTotalMinor: 100, durationSeconds: 900 },
      { name: 'c', grandTotalMinor: 100, durationSeconds: 500 },
      { name: 'd', grandTotalMinor: 200, durationSeconds: 100 },
    ];
    const names = (order: 0 | 1 | 2) => sortOffers(offers, order).map((offer) => offer.name);
    expect(names(0)).toEqual(['c', 'b', 'd', 'a']);
    expect(names(1)).toEqual(['b', 'c', 'd', 'a']);
    expect(names(2)).toEqual(['a', 'd', 'c', 'b']);
  });

  it('pages by 20 from 1; a page past the last is empty', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 1)).toEqual(items.slice(0, 20));
    expect(pageOf(items, 3)).toEqual([40, 41, 42, 43, 44]);
    expect(pageOf(items, 4)).toEqual([]);
  });

  it('groups offers by key where the first of each stands', () => {
    const groups = groupOrder(['x1', 'y1', 'x2', 'z1', 'y2'], (offer) => offer.slice(0, 1));
    expect(groups).toEqual([
      { key: 'x', members: ['x1', 'x2'] },
      { key: 'y', members: ['y1', 'y2'] },
      { key: 'z', members: ['z1'] },
    ]);
  });

  it('names the search in offer ids', () => {
    expect(offerIdOf('abc', 0)).toBe('abc-1');
    expect(parseOfferId('abc-12')).toEqual({ searchId: 'abc', index: 11 });
    expect(parseOfferId('a-b-3')).toEqual({ searchId: 'a-b', index: 2 });
    expect(parseOfferId('abc-0')).toBeUndefined();
    expect(parseOfferId('abc')).toBeUndefined();
  });

  it('tells the passenger type from the age on the departure date', () => {
    expect(ageOn('2024-12-02', '2026-12-01')).toBe(1);
    expect(ageOn('2024-12-01', '2026-12-01')).toBe(2);
    expect(passengerKindAt(1)).toBe('INFANT');
    expect(passengerKindAt(2)).toBe('CHILD');
    expect(passengerKindAt(11)).toBe('CHILD');
    expect(passengerKindAt(12)).toBe('ADULT');
  });
});
