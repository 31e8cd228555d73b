import { describe, expect, it } from 'vitest';
import { decimalAmount, displayAmount, fromMinor, minorToDecimalString, minorUnitExponent, toMinor } from './money.js';

describe('money', () => {
  it.each([
    ['12.50', 'AED', 1250],
    ['12.505', 'AED', 1251],
    ['12.504', 'AED', 1250],
    ['0.1', 'AED', 10],
    ['100', 'JPY', 100],
    ['1.2345', 'KWD', 1235],
    ['-3.456', 'AED', -346],
    ['.5', 'USD', 50],
  ])('%s %s is %i minor units', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toBe(minor);
  });

  it('adds without floating point drift', () => {
    const total = [0.1, 0.2, 0.3].map((amount) => toMinor(amount, 'AED')).reduce((a, b) => a + b, 0);
    expect(fromMinor(total, 'AED')).toBe(0.6);
  });

  it('writes decimal text for SQL', () => {
    expect(minorToDecimalString(1250, 'AED')).toBe('12.50');
    expect(minorToDecimalString(5, 'AED')).toBe('0.05');
    expect(minorToDecimalString(-1235, 'KWD')).toBe('-1.235');
    expect(minorToDecimalString(100, 'JPY')).toBe('100');
  });

  it('knows minor units', () => {
    expect([minorUnitExponent('AED'), minorUnitExponent('jpy'), minorUnitExponent('BHD')]).toEqual([2, 0, 3]);
  });

  it('refuses what is not an amount', () => {
    expect(() => toMinor('12,50', 'AED')).toThrow();
    expect(() => toMinor('', 'AED')).toThrow();
    expect(() => toMinor(Number.NaN, 'AED')).toThrow();
  });
});

describe('decimalAmount', () => {
  it("answers the minor-unit rounding of PostgreSQL's decimal text, with or without digits past the minor unit", () => {
    const cases: Array<[string, string]> = [
      ['150.000', 'AED'],
      ['150.500', 'AED'],
      ['150.505', 'AED'],
      ['150.504', 'AED'],
      ['-2.005', 'AED'],
      ['0.000', 'AED'],
      ['12', 'AED'],
      ['1999.5', 'JPY'],
      ['1999.0', 'JPY'],
      ['1.2345', 'KWD'],
      ['1.2340', 'KWD'],
      ['123456789012.345', 'USD'],
    ];
    for (const [text, currency] of cases) {
      expect(decimalAmount(text, currency)).toBe(fromMinor(toMinor(text, currency), currency));
    }
    expect(decimalAmount('150.505', 'AED')).toBe(150.51);
  });
});

describe('displayAmount', () => {
  it("writes the code and the currency's minor digits", () => {
    expect(displayAmount('150.000', 'AED')).toBe('AED 150.00');
    expect(displayAmount(1250.5, 'AED')).toBe('AED 1,250.50');
    expect(displayAmount('12.345', 'KWD')).toBe('KWD 12.345');
    expect(displayAmount('500', 'JPY')).toBe('JPY 500');
  });
});
