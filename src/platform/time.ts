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

function formatWithIntl(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

// Intl's formatToParts costs microseconds a call, and a list answer formats two datetimes a row. A zone's offset
// changes only at its transitions, so it is kept per quarter hour: when the quarter's first and last second have
// the same offset, every instant of it has that offset (no zone changes twice within 15 minutes), and the local
// time is plain UTC arithmetic. A quarter holding a transition is formatted by Intl every time.
const QUARTER_HOUR_MS = 900_000;
const OFFSETS_KEPT = 20_000;
const quarterOffsets = new Map<string, number | null>();
// Four-digit years, which toISOString and Intl write alike.
const PLAIN_YEARS = { from: Date.parse('1000-01-01T00:00:00Z'), to: Date.parse('9999-12-30T00:00:00Z') };

function quarterOffset(instantMs: number, timeZone: string): number | null {
  const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
  const key = `${timeZone}\u0000${quarter}`;
  let offset = quarterOffsets.get(key);
  if (offset === undefined) {
    const first = offsetWithIntl(new Date(quarter * QUARTER_HOUR_MS), timeZone);
    const last = offsetWithIntl(new Date((quarter + 1) * QUARTER_HOUR_MS - 1000), timeZone);
    offset = first === last ? first : null;
    if (quarterOffsets.size >= OFFSETS_KEPT) quarterOffsets.clear();
    quarterOffsets.set(key, offset);
  }
  return offset;
}

/** The local date and time of an instant in a timezone: yyyy-MM-dd'T'HH:mm:ss. */
export function formatDateTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (!(ms >= PLAIN_YEARS.from && ms <= PLAIN_YEARS.to)) return formatWithIntl(instant, timeZone);
  const offset = quarterOffset(ms, timeZone);
  if (offset === null) return formatWithIntl(instant, timeZone);
  const local = ms + offset;
  if (!(local >= PLAIN_YEARS.from && local <= PLAIN_YEARS.to)) return formatWithIntl(instant, timeZone);
  return new Date(local).toISOString().slice(0, 19);
}

/** The local calendar date of an instant in a timezone: yyyy-MM-dd. */
export function formatDate(instant: Date, timeZone: string): string {
  return formatDateTime(instant, timeZone).slice(0, 10);
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

/** The offset of a timezone from UTC at an instant, in milliseconds (the quarter hour's, when it has one). */
function offsetAt(instant: Date, timeZone: string): number {
  const ms = instant.getTime();
  const kept = ms >= PLAIN_YEARS.from && ms <= PLAIN_YEARS.to ? quarterOffset(ms, timeZone) : null;
  return kept ?? offsetWithIntl(instant, timeZone);
}

function offsetWithIntl(instant: Date, timeZone: string): number {
  const local = formatWithIntl(instant, timeZone);
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

// How pages, mails and vouchers show a date to people (issue 30): "Thu 10 Dec 2026", "Thu 10 Dec 2026, 08:30". English
// names, day of month without a leading zero, the 24-hour clock; always in the tenant's timezone (the caller's).
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date (yyyy-MM-dd) as people read it: "Thu 10 Dec 2026"; anything else as it is. */
export function displayDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const weekday = DAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()];
  return `${weekday} ${Number(day)} ${MONTH_NAMES[Number(month) - 1]} ${year}`;
}

/** A calendar date and a local time (HH:mm) as people read them: "Thu 10 Dec 2026, 08:30". */
export function displayDateAndTime(date: string, time: string): string {
  return `${displayDate(date)}, ${time}`;
}

/** An instant as people read it in a timezone: "Thu 10 Dec 2026, 08:30". */
export function displayDateTime(instant: Date, timeZone: string): string {
  const local = formatDateTime(instant, timeZone);
  return displayDateAndTime(local.slice(0, 10), local.slice(11, 16));
}

/** A local time (HH:mm) some minutes later, on the 24-hour clock (past midnight it starts again at 00:00). */
export function addMinutesToTime(time: string, minutes: number): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return time;
  const total = (((Number(match[1]) * 60 + Number(match[2]) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A text with its calendar dates (yyyy-MM-dd) as people read them: "2026-12-10 10:30" → "Thu 10 Dec 2026 10:30". */
export function displayDatesIn(text: string): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => displayDate(date));
}
