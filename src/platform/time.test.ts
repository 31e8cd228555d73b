import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMinutesToTime,
  daysBetween,
  displayDate,
  displayDateTime,
  formatDate,
  formatDateTime,
  localToInstant,
  weekdayOf,
} from './time.js';

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

describe('formatDateTime across offsets and transitions', () => {
  const zones = ['Asia/Dubai', 'Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC'];
  const intl = (instant: Date, timeZone: string) => {
    const p: Record<string, string> = {};
    const format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    for (const part of format.formatToParts(instant)) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };

  it('answers what Intl answers, second by second around daylight-saving changes and at random instants', () => {
    // London and New York change in March and November 2026; Lord Howe by half an hour in April and October.
    const around = [
      '2026-03-29T00:59:00Z',
      '2026-10-25T00:59:00Z',
      '2026-03-08T06:59:00Z',
      '2026-11-01T05:59:00Z',
      '2026-04-04T14:59:00Z',
      '2026-10-03T15:29:00Z',
    ];
    const instants: Date[] = [];
    for (const start of around) for (let s = 0; s < 180; s += 7) instants.push(new Date(Date.parse(start) + s * 1000));
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 48271) % 2147483647;
      instants.push(new Date(Date.UTC(1990, 0, 1) + (seed % 2_000_000_000) * 1000 + (seed % 1000)));
    }
    for (const zone of zones) {
      for (const instant of instants) expect(formatDateTime(instant, zone)).toBe(intl(instant, zone));
    }
  });
});

describe('dates as people read them', () => {
  it('writes "Thu 10 Dec 2026, 08:30" in the tenant\'s timezone', () => {
    expect(displayDateTime(new Date('2026-12-10T04:30:00Z'), 'Asia/Dubai')).toBe('Thu 10 Dec 2026, 08:30');
    // the local day, not UTC's
    expect(displayDateTime(new Date('2026-12-09T22:15:00Z'), 'Asia/Dubai')).toBe('Thu 10 Dec 2026, 02:15');
    expect(displayDate('2030-03-01')).toBe('Fri 1 Mar 2030');
    expect(displayDate('not a date')).toBe('not a date');
  });

  it('adds minutes to a local time on the 24-hour clock', () => {
    expect(addMinutesToTime('08:30', 30)).toBe('09:00');
    expect(addMinutesToTime('23:45', 30)).toBe('00:15');
    expect(addMinutesToTime('8:05', 10)).toBe('08:15');
  });
});
