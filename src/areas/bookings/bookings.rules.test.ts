// The pure rules of booking requests.
import { describe, expect, it } from 'vitest';
import {
  ACCESS_CODE_ALPHABET,
  accessCodeOf,
  accessMaxDate,
  completeMessageOf,
  completeResultOf,
  lineSource,
  offlineCodesByLine,
  ownBarcode,
} from './bookings.rules.js';

describe('booking rules', () => {
  it('the access code alphabet has no 0, O, 1, I or L', () => {
    expect(ACCESS_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(accessCodeOf([0, 1, 30])).toBe('AB9');
  });

  it('access runs to the end of the last service date + 30 days in the tenant timezone, else of the order date', () => {
    expect(accessMaxDate(['2026-12-01', null, '2026-12-20'], '2026-11-25', 'Asia/Dubai').toISOString()).toBe(
      '2027-01-19T19:59:59.000Z',
    );
    expect(accessMaxDate([null], '2026-11-25', 'UTC').toISOString()).toBe('2026-12-25T23:59:59.000Z');
  });

  it("a line's source: offline codes first, then the supplier, else our own", () => {
    expect(lineSource(1, new Set([1]), new Set([1]))).toBe('OFFLINE');
    expect(lineSource(1, new Set(), new Set([1]))).toBe('SUPPLIER');
    expect(lineSource(1, new Set(), new Set())).toBe('OWN');
    expect(lineSource(null, new Set(), new Set())).toBe('OWN');
  });

  it('OK when every line is confirmed, FAILED when none, PARTIAL between', () => {
    expect(completeResultOf(['CONFIRMED', 'CONFIRMED'])).toBe('OK');
    expect(completeResultOf(['CONFIRMED', 'FAILED'])).toBe('PARTIAL');
    expect(completeResultOf(['FAILED', 'IN_PROGRESS'])).toBe('FAILED');
    expect(completeMessageOf('PARTIAL', ['CONFIRMED', 'FAILED'])).toBe(
      '1 of 2 lines are ticketed; confirm again to retry the others',
    );
  });

  it('own barcodes name the booking, the line and the ticket', () => {
    expect(ownBarcode('BK-2026-000123', 2, 3)).toBe('BK-2026-000123-2-3');
  });

  it("a product's offline codes go to its lines by quantity; its last line takes the rest", () => {
    const lines = [
      { lineNo: 1, productId: 7, quantity: 1 },
      { lineNo: 2, productId: 8, quantity: 1 },
      { lineNo: 3, productId: 7, quantity: 1 },
    ];
    const codes = ['A', 'B', 'C'].map((code) => ({ productId: 7, code }));
    expect(offlineCodesByLine(lines, [...codes, { productId: 8, code: 'X' }])).toEqual(
      new Map([
        [1, ['A']],
        [2, ['X']],
        [3, ['B', 'C']],
      ]),
    );
  });
});
