// Pure rules of the room calendar: the stay-date ranges a request may name and the special weekdays of
// createRoomCalendar (contract §7.5).
import { invalidFormat } from '../../../platform/http/errors.js';
import { daysBetween, type Weekday } from '../../../platform/time.js';

/** The longest range of stay dates one calendar request may write, list or copy (two years and a day). */
export const MAX_CALENDAR_DAYS = 731;

/** The calendar date of a yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss parameter, or INVALID_FORMAT naming it. */
export function calendarDate(value: string, parameter: string): string {
  const date = value.slice(0, 10);
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw invalidFormat(parameter, 'is not a valid date');
  }
  return date;
}

/** From and to (inclusive) as calendar dates: to not before from, at most MAX_CALENDAR_DAYS dates. */
export function dateRange(
  from: { value: string; parameter: string },
  to: { value: string; parameter: string },
): { from: string; to: string; days: number } {
  const first = calendarDate(from.value, from.parameter);
  const last = calendarDate(to.value, to.parameter);
  const days = daysBetween(first, last) + 1;
  if (days < 1) throw invalidFormat(to.parameter, `must not be before ${from.parameter}`);
  if (days > MAX_CALENDAR_DAYS) {
    throw invalidFormat(to.parameter, `must be at most ${MAX_CALENDAR_DAYS} days from ${from.parameter}`);
  }
  return { from: first, to: last, days };
}

const WEEKDAYS: Readonly<Record<string, Weekday>> = {
  MON: 'MON',
  TUE: 'TUE',
  WED: 'WED',
  THU: 'THU',
  FRI: 'FRI',
  SAT: 'SAT',
  SUN: 'SUN',
};

/** "Sat, fri" → SAT and FRI; NONE → none; anything else is INVALID_FORMAT naming specDays. */
export function specialWeekdays(specDays: string): Set<Weekday> {
  const days = new Set<Weekday>();
  if (specDays.trim().toUpperCase() === 'NONE') return days;
  for (const piece of specDays.split(',')) {
    const day = WEEKDAYS[piece.trim().toUpperCase()];
    if (!day) throw invalidFormat('specDays', 'must be weekdays Mon…Sun separated by commas, or NONE');
    days.add(day);
  }
  return days;
}
