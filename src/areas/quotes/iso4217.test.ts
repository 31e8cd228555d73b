import { describe, expect, it } from 'vitest';
import { currencyAlphaOf, currencyNumericOf } from './iso4217.js';

describe('ISO 4217 codes', () => {
  it('maps numeric codes to alphabetic ones and back', () => {
    expect(currencyAlphaOf(784)).toBe('AED');
    expect(currencyAlphaOf(840)).toBe('USD');
    expect(currencyAlphaOf(978)).toBe('EUR');
    expect(currencyAlphaOf(48)).toBe('BHD');
    expect(currencyAlphaOf(392)).toBe('JPY');
    expect(currencyNumericOf('AED')).toBe(784);
    expect(currencyNumericOf(' kwd ')).toBe(414);
  });

  it('answers undefined for codes it does not know', () => {
    expect(currencyAlphaOf(999)).toBeUndefined();
    expect(currencyAlphaOf(0)).toBeUndefined();
    expect(currencyNumericOf('XYZ')).toBeUndefined();
  });

  it('has one alphabetic code per numeric code and the reverse', () => {
    const pairs = [784, 840, 978, 826, 682, 634, 414, 48, 512, 400, 392, 356];
    for (const numeric of pairs) {
      const alpha = currencyAlphaOf(numeric);
      expect(alpha && currencyNumericOf(alpha)).toBe(numeric);
    }
  });

  it('knows every currency whose minor unit money.ts sets', () => {
    for (const alpha of ['BIF', 'CLP', 'JPY', 'KRW', 'VND', 'XOF', 'BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) {
      expect(currencyNumericOf(alpha), alpha).toBeTypeOf('number');
    }
  });
});
