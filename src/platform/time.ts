// Time is explicit: instants are stored in UTC; answers show them in the tenant's timezone as
// yyyy-MM-dd'T'HH:mm:ss (contract §5), business dates are the tenant's calendar dates.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

function parts(instant: Date, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) out[part.type] = part.value;
  return out;
}

/** The local date and time of an instant in a timezone: yyyy-MM-dd'T'HH:mm:ss. */
export function formatDateTime(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** The local calendar date of an instant in a timezone: yyyy-MM-dd. */
export function formatDate(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Calendar arithmetic on yyyy-MM-dd dates (no timezone involved). */
export function addDays(date: string, days: number): string {
  const instant = new Date(`${date}T00:00:00Z`);
  instant.setUTCDate(instant.getUTCDate() + days);
  return instant.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? 'SUN';
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The offset of a timezone from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const local = formatDateTime(instant, timeZone);
  return Date.parse(`${local}Z`) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a local date-time in a timezone ('yyyy-MM-dd' means its midnight). Two passes settle the
 * offset across a daylight-saving change.
 */
export function localToInstant(local: string, timeZone: string): Date | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim());
  if (!match) return undefined;
  const [, date, hours = '00', minutes = '00', seconds = '00'] = match;
  const asUtc = Date.parse(`${date}T${hours}:${minutes}:${seconds}Z`);
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 10) !== date) return undefined;
  let instant = asUtc - offsetAt(new Date(asUtc), timeZone);
  instant = asUtc - offsetAt(new Date(instant), timeZone);
  return new Date(instant);
}
