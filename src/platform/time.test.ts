import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, formatDate, formatDateTime, localToInstant, weekdayOf } from './time.js';

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

describe('calendar dates', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('knows weekdays and distances', () => {
    expect(weekdayOf('2026-11-21')).toBe('SAT');
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
  });
});

describe('local time to instant', () => {
  it('reads a Dubai local time (UTC+4)', () => {
    expect(localToInstant('2026-11-22T09:30:00', 'Asia/Dubai')?.toISOString()).toBe('2026-11-22T05:30:00.000Z');
    expect(localToInstant('2026-11-22', 'Asia/Dubai')?.toISOString()).toBe('2026-11-21T20:00:00.000Z');
  });
  it('follows daylight saving time', () => {
    expect(localToInstant('2026-07-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(localToInstant('2026-01-01T12:00', 'Europe/Berlin')?.toISOString()).toBe('2026-01-01T11:00:00.000Z');
  });
  it('refuses what is not a date', () => {
    expect(localToInstant('2026-02-30', 'UTC')).toBeUndefined();
    expect(localToInstant('tomorrow', 'UTC')).toBeUndefined();
  });
});
