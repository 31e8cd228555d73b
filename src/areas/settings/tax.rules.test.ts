// Line tax on tables: exclusive and inclusive prices, rounding half away from zero per line, exemptions, rates
// with decimals, amounts too large for binary floating point.
import { describe, expect, it } from 'vitest';
import { lineTax, rateInBasisPoints, sumLineTaxes, type TaxPolicy } from './tax.rules.js';

const exclusive = (ratePercent: string): TaxPolicy => ({
  ratePercent,
  registrationNumber: null,
  pricesIncludeTax: false,
});
const inclusive = (ratePercent: string): TaxPolicy => ({
  ratePercent,
  registrationNumber: null,
  pricesIncludeTax: true,
});

describe('rateInBasisPoints', () => {
  it.each([
    ['0', 0n],
    ['5', 500n],
    ['5.25', 525n],
    ['5.5', 550n],
    ['100', 10_000n],
    [' 7.70 ', 770n],
  ])('%s → %s', (text, points) => {
    expect(rateInBasisPoints(text)).toBe(points);
  });

  it.each(['-1', '5.255', 'abc', '', '100.01', '1e2'])('refuses %j', (text) => {
    expect(() => rateInBasisPoints(text)).toThrow();
  });
});

describe('lineTax', () => {
  it.each([
    // amount, rate, net, tax, gross
    [10_000, '5', 10_000, 500, 10_500],
    [10, '5', 10, 1, 11], // 0.5 fils rounds up
    [9, '5', 9, 0, 9], // 0.45 rounds down
    [30, '5', 30, 2, 32], // 1.5 rounds up
    [1999, '5.25', 1999, 105, 2104], // 104.9475
    [0, '5', 0, 0, 0],
    [-10, '5', -10, -1, -11], // a credit line rounds away from zero too
  ])('prices without tax: %i at %s%% → net %i, tax %i, gross %i', (amount, rate, net, tax, gross) => {
    expect(lineTax(amount, exclusive(rate), false)).toEqual({ netMinor: net, taxMinor: tax, grossMinor: gross });
  });

  it.each([
    [10_500, '5', 10_000, 500, 10_500],
    [100, '5', 95, 5, 100], // 4.7619 → 5
    [21, '5', 20, 1, 21],
    [10, '5', 10, 0, 10], // 0.476 → 0
  ])('prices with tax: %i at %s%% → net %i, tax %i, gross %i', (amount, rate, net, tax, gross) => {
    expect(lineTax(amount, inclusive(rate), false)).toEqual({ netMinor: net, taxMinor: tax, grossMinor: gross });
  });

  it('an exempt line or a zero rate carries no tax, whatever the policy', () => {
    expect(lineTax(12_345, exclusive('5'), true)).toEqual({ netMinor: 12_345, taxMinor: 0, grossMinor: 12_345 });
    expect(lineTax(12_345, inclusive('5'), true)).toEqual({ netMinor: 12_345, taxMinor: 0, grossMinor: 12_345 });
    expect(lineTax(12_345, exclusive('0'), false)).toEqual({ netMinor: 12_345, taxMinor: 0, grossMinor: 12_345 });
  });

  it('stays exact for amounts whose product with the rate exceeds 2^53', () => {
    const amount = 900_000_000_000_001; // 9e14 minor units
    expect(lineTax(amount, exclusive('5'), false).taxMinor).toBe(45_000_000_000_000);
  });

  it('totals are the sums of the rounded lines', () => {
    const lines = [10, 10, 10].map((amount) => lineTax(amount, exclusive('5'), false));
    expect(sumLineTaxes(lines)).toEqual({ netMinor: 30, taxMinor: 3, grossMinor: 33 });
  });
});
