import { describe, expect, it } from 'vitest';
import {
  checkItems,
  containsPattern,
  dateRange,
  lineTotalMinor,
  quantityText,
  quoteNumberOf,
  tenantYear,
  transitionRefusal,
  validUntilOf,
} from './quotes.rules.js';

describe('quote statuses', () => {
  it('moves DRAFT → SENT → ACCEPTED | REJECTED only', () => {
    expect(transitionRefusal('Q', 'DRAFT', 'SENT')).toBeUndefined();
    expect(transitionRefusal('Q', 'SENT', 'ACCEPTED')).toBeUndefined();
    expect(transitionRefusal('Q', 'SENT', 'REJECTED')).toBeUndefined();
    for (const [from, to] of [
      ['DRAFT', 'ACCEPTED'],
      ['SENT', 'SENT'],
      ['ACCEPTED', 'REJECTED'],
      ['REJECTED', 'ACCEPTED'],
      ['ACCEPTED', 'SENT'],
    ] as const) {
      expect(transitionRefusal('QUO-1', from, to)?.code, `${from} → ${to}`).toBe('INVALID_STATE');
    }
    expect(transitionRefusal('QUO-1', 'ACCEPTED', 'SENT')?.message).toContain('QUO-1 is ACCEPTED');
  });
});

describe('line amounts', () => {
  it('multiplies exactly in minor units: 3 × 0.10 = 0.30', () => {
    const [item] = checkItems([{ description: 'x', quantity: 3, unitPrice: 0.1 }], 'AED');
    expect(item && lineTotalMinor(item.quantityThousandths, item.unitPriceMinor)).toBe(30);
    expect(lineTotalMinor(2500n, 1999)).toBe(4998); // 2.5 × 19.99 = 49.975 → 49.98 (half away from zero)
    expect(lineTotalMinor(1n, 1)).toBe(0);
    expect(lineTotalMinor(500n, 1)).toBe(1);
    expect(lineTotalMinor(1_000_000n, 9_000_000_000)).toBe(9_000_000_000_000);
  });

  it('writes quantities as decimal text', () => {
    expect(quantityText(2500n)).toBe('2.500');
    expect(quantityText(1n)).toBe('0.001');
    expect(quantityText(3000n)).toBe('3.000');
  });

  it("refuses more decimals than the currency's or three for quantities, naming the item", () => {
    expect(() => checkItems([{ description: 'a', quantity: 1, unitPrice: 0.001 }], 'AED')).toThrow(
      'items[0].unitPrice',
    );
    expect(() => checkItems([{ description: 'a', quantity: 1, unitPrice: 0.5 }], 'JPY')).toThrow('unitPrice');
    expect(checkItems([{ description: 'a', quantity: 1, unitPrice: 0.001 }], 'KWD')[0]?.unitPriceMinor).toBe(1);
    expect(() => checkItems([{ description: 'a', quantity: 0.0001, unitPrice: 1 }], 'AED')).toThrow('quantity');
    expect(() => checkItems([{ quantity: 1, unitPrice: 1 }], 'AED')).toThrow('items[0].description');
    expect(checkItems([{ quantity: 1, unitPrice: 1, productId: 7 }], 'AED')[0]?.productId).toBe(7);
    expect(() => checkItems([{ description: 'a', quantity: 1000, unitPrice: 90_000.01 }], 'AED')).toThrow(
      'Parameter items[0] amounts to more than 90000000 AED',
    );
    expect(checkItems([{ description: 'a', quantity: 1000, unitPrice: 90_000 }], 'KWD')).toHaveLength(1);
  });
});

describe('numbers, validity and dates', () => {
  it('numbers quotes per tenant year', () => {
    expect(quoteNumberOf(2026, 1)).toBe('QUO-2026-000001');
    expect(quoteNumberOf(2026, 1_234_567)).toBe('QUO-2026-1234567');
    // 31 Dec 21:00 UTC is already 1 Jan in Dubai
    expect(tenantYear(new Date('2025-12-31T21:00:00Z'), 'Asia/Dubai')).toBe(2026);
    expect(tenantYear(new Date('2025-12-31T21:00:00Z'), 'America/New_York')).toBe(2025);
  });

  it('keeps a quote valid to the end of the tenant day N calendar days later (a date), across a DST change', () => {
    // 1 March 14:00 in Dubai + 30 days: valid through 31 March, to its last millisecond in Dubai
    expect(validUntilOf(new Date('2026-03-01T10:00:00Z'), 30, 'Asia/Dubai').toISOString()).toBe(
      '2026-03-31T19:59:59.999Z',
    );
    // 31 Dec 23:30 in Dubai is 1 Jan's day there: its date, not the UTC one, counts
    expect(validUntilOf(new Date('2026-12-31T19:30:00Z'), 1, 'Asia/Dubai').toISOString()).toBe(
      '2027-01-01T19:59:59.999Z',
    );
    // New York moves to summer time on 8 March 2026: the day ends at local midnight, UTC-4 by then
    expect(validUntilOf(new Date('2026-03-01T14:00:00Z'), 10, 'America/New_York').toISOString()).toBe(
      '2026-03-12T03:59:59.999Z',
    );
  });

  it('searches from the tenant midnight of fromDate to before the one after toDate', () => {
    const range = dateRange('2026-03-01', '2026-03-02', 'Asia/Dubai');
    expect(range.from.toISOString()).toBe('2026-02-28T20:00:00.000Z');
    expect(range.until.toISOString()).toBe('2026-03-02T20:00:00.000Z');
    expect(() => dateRange('2026-03-02', '2026-03-01', 'Asia/Dubai')).toThrow('toDate');
  });

  it('matches number parts literally', () => {
    expect(containsPattern('QUO-2026')).toBe('%QUO-2026%');
    expect(containsPattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});
