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
