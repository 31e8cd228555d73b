import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './time.js';

describe('tenant-local time formatting', () => {
  it('shows an instant in the tenant timezone', () => {
    const instant = new Date('2026-03-01T21:30:05Z');
    expect(formatDateTime(instant, 'Asia/Dubai')).toBe('2026-03-02T01:30:05');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-03-01T21:30:05');
  });

  it('takes the business date from the tenant timezone near midnight', () => {
    const instant = new Date('2026-11-21T20:15:00Z');
    expect(formatDate(instant, 'Asia/Dubai')).toBe('2026-11-22');
    expect(formatDate(instant, 'UTC')).toBe('2026-11-21');
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatDateTime(new Date('2026-01-01T20:00:00Z'), 'Asia/Dubai')).toBe('2026-01-02T00:00:00');
  });
});
