// Pure rules of sailings: the status moves of contract §8.3 (dates are the tenant's calendar dates) and the
// cruise-point datetimes (yyyy-MM-dd HH:mm, a real calendar date, departure not before arrival).
import { invalidFormat } from '../../../platform/http/errors.js';
import { addDays, daysBetween } from '../../../platform/time.js';

export const CRUISE_STATUSES = ['Draft', 'Active', 'Cancelled', 'Completed'] as const;
export type CruiseStatus = (typeof CRUISE_STATUSES)[number];

export const POINT_DATETIME_PATTERN = '^\\d{4}-\\d{2}-\\d{2} ([01]\\d|2[0-3]):[0-5]\\d$';

/** An Active sailing may be cancelled until this many days before it starts. */
export const CANCEL_NOTICE_DAYS = 7;
/** searchCruises answers a page of this many sailings by default, the earliest first… */
export const SEARCH_PAGE_SIZE = 20;
/** …and at most this many (the old answer of up to 200 sailings was 229 kB). */
export const SEARCH_MAX_PAGE_SIZE = 100;

export interface SailingDates {
  startDate: string;
  /** The itinerary's days. */
  duration: number;
  /** The tenant's today. */
  today: string;
}

export const endDateOf = (startDate: string, duration: number) => addDays(startDate, duration);

/**
 * Why the sailing may not move from `from` to `to`, or undefined when it may: Draft → Active | Cancelled; Active →
 * Cancelled at least 7 days before startDate; Active → Completed only after startDate + duration.
 */
export function cruiseMoveRefusal(from: CruiseStatus, to: CruiseStatus, dates: SailingDates): string | undefined {
  const refused = `is ${from}: it cannot move to ${to}`;
  if (from === 'Draft' && (to === 'Active' || to === 'Cancelled')) return undefined;
  if (from === 'Active' && to === 'Cancelled') {
    const daysLeft = daysBetween(dates.today, dates.startDate);
    return daysLeft >= CANCEL_NOTICE_DAYS
      ? undefined
      : `starts on ${dates.startDate}, less than ${CANCEL_NOTICE_DAYS} days away: it cannot be cancelled`;
  }
  if (from === 'Active' && to === 'Completed') {
    const endDate = endDateOf(dates.startDate, dates.duration);
    return dates.today > endDate ? undefined : `ends on ${endDate}: it can be completed only after that day`;
  }
  return refused;
}

/** A yyyy-MM-dd HH:mm whose date exists; else INVALID_FORMAT naming the parameter. */
export function checkPointDateTime(name: string, value: string | undefined): void {
  if (value === undefined) return;
  const date = value.slice(0, 10);
  const instant = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 10) !== date) {
    throw invalidFormat(name, 'is not a calendar date and time (yyyy-MM-dd HH:mm)');
  }
}

/** Both datetimes real, and the departure not before the arrival. */
export function checkPointTimes(arrival: string | undefined, departure: string | undefined): void {
  checkPointDateTime('arrivalDatetime', arrival);
  checkPointDateTime('departureDatetime', departure);
  // the fixed-width text orders as the datetimes do
  if (arrival !== undefined && departure !== undefined && departure < arrival) {
    throw invalidFormat('departureDatetime', 'must not be before arrivalDatetime');
  }
}
