// What a ticket tells its holder, the same on the tickets page, in the PDF voucher and in the tickets e-mail: when
// (as "Thu 10 Dec 2026, 08:30", in the tenant's timezone), where to be (a hotel pickup and its time window, or the
// tour's meeting point), what to do there, and what cancelling costs. Pure: the ticket's row and its product's facts
// in, labelled texts out.
import { addMinutesToTime, displayDate, displayDateAndTime, formatDateTime } from '../../../platform/time.js';

/** How long before the start a holder meeting the tour is asked to be there. */
export const ARRIVE_EARLY_MINUTES = 15;

/** What the sheet reads of a ticket's row. */
export interface TicketTiming {
  start_date: Date | null;
  timeslot: string | null;
  pickup_location: string | null;
}

/** What the sheet reads of the ticket's product (none: a product deleted since, or a line without one). */
export interface TicketProductFacts {
  meetingPoint: string | null;
  pickupWindowMinutes: number | null;
  durationMinutes: number;
  cancelPolicy: string | null;
}

/** The ticket's local day (yyyy-MM-dd) and time (HH:mm), each when it has one. */
export interface LocalWhen {
  date: string | null;
  time: string | null;
}

/** The day and time slot of the ticket, else its start's local day and time (a midnight start: the day alone). */
export function localWhen(ticket: TicketTiming, timeZone: string): LocalWhen {
  const slot = ticket.timeslot?.trim() || null;
  if (!ticket.start_date) return { date: null, time: slot };
  const local = formatDateTime(ticket.start_date, timeZone);
  const time = local.slice(11, 16);
  return { date: local.slice(0, 10), time: slot ?? (time === '00:00' ? null : time) };
}

/** "Thu 10 Dec 2026, 08:30", "Thu 10 Dec 2026", or the slot alone; null for an open-dated ticket. */
export function whenText({ date, time }: LocalWhen): string | null {
  if (date && time) return displayDateAndTime(date, time);
  return date ? displayDate(date) : time;
}

/** Where the holder is to be: picked up at a hotel, at the tour's meeting point, or neither said. */
export type Meeting =
  | { kind: 'hotel'; place: string; from: string | null; until: string | null }
  | { kind: 'meeting point'; place: string; start: string | null }
  | { kind: 'start'; start: string | null };

/**
 * A ticket sold with a pickup location is picked up there (the customer gave their hotel: the variant needs a
 * location); else it meets the tour at the product's meeting point, if it has one.
 */
export function meetingOf(ticket: TicketTiming, when: LocalWhen, product: TicketProductFacts | undefined): Meeting {
  const pickup = ticket.pickup_location?.trim();
  if (pickup) {
    const window = product?.pickupWindowMinutes;
    const until = when.time && window ? addMinutesToTime(when.time, window) : null;
    return { kind: 'hotel', place: pickup, from: when.time, until };
  }
  const meetingPoint = product?.meetingPoint?.trim();
  if (meetingPoint) return { kind: 'meeting point', place: meetingPoint, start: when.time };
  return { kind: 'start', start: when.time };
}

/** The pickup as a fact: "Atlantis lobby, between 08:30 and 09:00". */
export function pickupText(meeting: Meeting): string | null {
  if (meeting.kind !== 'hotel') return null;
  if (meeting.from && meeting.until) return `${meeting.place}, between ${meeting.from} and ${meeting.until}`;
  return meeting.from ? `${meeting.place}, at ${meeting.from}` : meeting.place;
}

/**
 * What to do to be on the tour: a hotel pickup waits in the lobby through its window (never "arrive 15 minutes
 * before": the driver comes to them); a meeting point, or a start without either, is reached 15 minutes early.
 */
export function arrivalAdvice(meeting: Meeting): string | null {
  switch (meeting.kind) {
    case 'hotel': {
      const lobby = `Please wait in the lobby of ${meeting.place}`;
      if (meeting.from && meeting.until) {
        return `${lobby} between ${meeting.from} and ${meeting.until}: your driver collects you there.`;
      }
      if (meeting.from) return `${lobby} from ${meeting.from}: your driver collects you there.`;
      return `${lobby} at the pickup time we confirm to you: your driver collects you there.`;
    }
    case 'meeting point': {
      const by = meeting.start ? `, by ${addMinutesToTime(meeting.start, -ARRIVE_EARLY_MINUTES)}` : '';
      return `Please arrive at the meeting point (${meeting.place}) ${ARRIVE_EARLY_MINUTES} minutes before the start${by}.`;
    }
    case 'start':
      return meeting.start
        ? `Please arrive ${ARRIVE_EARLY_MINUTES} minutes before the start, by ${addMinutesToTime(meeting.start, -ARRIVE_EARLY_MINUTES)}.`
        : null;
  }
}
