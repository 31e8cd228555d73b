// The area's pure rules (contract §8.5): selling prices, conversion, totals and the project's status moves.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/http/errors.js';
import { convertMinor, itineraryTotals, marginPercentage, mayMove, sellingMinor } from './trip.rules.js';
import { PROJECT_STATUSES } from './trip.schemas.js';

describe('sellingMinor', () => {
  it('applies a percentage half up to the minor unit, and a fixed margin in the currency', () => {
    expect(sellingMinor(3333, { type: 'PERCENTAGE', value: '12.5000' }, 'AED')).toBe(3750);
    expect(sellingMinor(1, { type: 'PERCENTAGE', value: '50.0000' }, 'AED')).toBe(2);
    expect(sellingMinor(1000, { type: 'PERCENTAGE', value: '-100.0000' }, 'AED')).toBe(0);
    expect(sellingMinor(1000, { type: 'FIXED', value: '2.5000' }, 'AED')).toBe(1250);
    expect(sellingMinor(1000, { type: 'FIXED', value: '1.0000' }, 'JPY')).toBe(1001);
  });

  it('refuses a percentage under −100, a negative result and a fixed margin finer than the currency', () => {
    const bad = (type: 'PERCENTAGE' | 'FIXED', value: string, currency = 'AED') => {
      try {
        sellingMinor(1000, { type, value }, currency);
      } catch (error) {
        return error instanceof ApiError ? error.message : 'other';
      }
      return 'none';
    };
    expect(bad('PERCENTAGE', '-100.0100')).toContain('marginValue');
    expect(bad('FIXED', '-10.0100')).toContain('marginValue');
    expect(bad('FIXED', '0.5000', 'JPY')).toContain('marginValue');
  });
});

describe('conversion and totals', () => {
  it('converts exactly and rounds half away from zero to the target minor unit', () => {
    expect(convertMinor('10.01', 'EUR', 'AED', '4.01230000')).toBe(4016);
    expect(convertMinor('100', 'USD', 'KWD', '0.30725000')).toBe(30725);
    expect(convertMinor('1000', 'JPY', 'AED', '0.02450000')).toBe(2450);
    expect(convertMinor('12.34', 'AED', 'AED', null)).toBe(1234);
  });

  it('sums components and gives the margin percentage to two decimals, 0 without cost', () => {
    expect(itineraryTotals([{ costMinor: 14016, sellingMinor: 14418 }])).toEqual({
      cost: 14016,
      selling: 14418,
      margin: 402,
      marginPercentage: 2.87,
    });
    expect(marginPercentage(0, 0)).toBe(0);
    expect(marginPercentage(3, 1)).toBe(33.33);
  });
});

describe('mayMove', () => {
  it("allows exactly §8.5's moves by update", () => {
    const allowed = PROJECT_STATUSES.flatMap((from) =>
      PROJECT_STATUSES.filter((to) => to !== from && mayMove(from, to, true)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'CONFIRMED→CANCELLED',
        'CONFIRMED→COMPLETED',
        'DRAFT→CANCELLED',
        'DRAFT→QUOTED',
        'QUOTED→CANCELLED',
        'QUOTED→DRAFT',
      ].sort(),
    );
    expect(mayMove('CONFIRMED', 'COMPLETED', false)).toBe(false);
  });
});
