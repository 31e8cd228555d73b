// The schedule's events, pure: for each group, the hotels' check-ins and check-outs, the transport legs and the
// group's own arrival and departure (its activities), those whose date falls in the range, each with the readiness
// warnings about what it concerns: a hotel's on its check-in and check-out, a transport leg's on that leg, and the
// passengers' (passports) on the group's arrival and departure. Sorted by date, time, group.
import type { ReadinessWarning } from '../groups/index.js';

export const EVENT_TYPES = ['Check-in', 'Check-out', 'Transport', 'Activity'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface ScheduleEvent {
  date: string;
  /** HH:mm in the tenant's timezone, when the event has a time (transport). */
  time: string | null;
  /** Where it stands in its day: its time, else the hour such an event usually has (check-out 12:00, check-in 14:00). */
  sortTime: string;
  groupName: string;
  groupId: number;
  type: EventType;
  description: string;
  /** The readiness warnings' texts about it; none: it is ready. */
  warnings: string[];
}

export interface ScheduleGroup {
  groupId: number;
  groupName: string;
  arrivalDate: string;
  departureDate: string;
  paxCount: number;
  hotels: ReadonlyArray<{ hotelId: number; hotelName: string; checkIn: string; checkOut: string }>;
  /** Departure as the tenant's local date and time (yyyy-MM-dd, HH:mm). */
  transport: ReadonlyArray<{
    transportId: number;
    type: string;
    from: string;
    to: string;
    flightNumber: string | null;
    carrier: string | null;
    vehicleType: string | null;
    departureDate: string;
    departureTime: string;
  }>;
  warnings: readonly ReadinessWarning[];
}

/** The dates covered: `from` and `to` both included (yyyy-MM-dd). */
export interface DateRange {
  from: string;
  to: string;
}

const textsOf = (warnings: readonly ReadinessWarning[]) => warnings.map((warning) => warning.text);

function hotelEvents(group: ScheduleGroup): ScheduleEvent[] {
  return group.hotels.flatMap((hotel) => {
    const warnings = textsOf(group.warnings.filter((warning) => warning.hotelId === hotel.hotelId));
    const base = { time: null, groupName: group.groupName, groupId: group.groupId, warnings };
    const checkIn = { date: hotel.checkIn, sortTime: '14:00', type: 'Check-in' as const };
    const checkOut = { date: hotel.checkOut, sortTime: '12:00', type: 'Check-out' as const };
    return [
      { ...base, ...checkIn, description: `Check-in at ${hotel.hotelName}` },
      { ...base, ...checkOut, description: `Check-out from ${hotel.hotelName}` },
    ];
  });
}

function transportEvents(group: ScheduleGroup): ScheduleEvent[] {
  return group.transport.map((leg) => {
    const detail = [leg.flightNumber, leg.carrier, leg.vehicleType].filter((part) => part && part.trim() !== '');
    const warnings = group.warnings.filter((warning) => warning.transportId === leg.transportId);
    return {
      date: leg.departureDate,
      time: leg.departureTime,
      sortTime: leg.departureTime,
      groupName: group.groupName,
      groupId: group.groupId,
      type: 'Transport' as const,
      description: `${leg.type} ${leg.from} → ${leg.to}${detail.length > 0 ? ` (${detail.join(', ')})` : ''}`,
      warnings: textsOf(warnings),
    };
  });
}

function activityEvents(group: ScheduleGroup): ScheduleEvent[] {
  const ofPassengers = group.warnings.filter((warning) => warning.hotelId === null && warning.transportId === null);
  const base = { time: null, groupName: group.groupName, groupId: group.groupId, warnings: textsOf(ofPassengers) };
  const pax = group.paxCount === 1 ? '1 passenger' : `${group.paxCount} passengers`;
  return [
    {
      ...base,
      date: group.arrivalDate,
      sortTime: '00:00',
      type: 'Activity' as const,
      description: `Group arrives (${pax})`,
    },
    {
      ...base,
      date: group.departureDate,
      sortTime: '23:59',
      type: 'Activity' as const,
      description: `Group departs (${pax})`,
    },
  ];
}

const ORDER_OF_TYPE: Readonly<Record<EventType, number>> = { Activity: 0, 'Check-out': 1, Transport: 2, 'Check-in': 3 };

/**
 * Every event of the groups dated within the range, by date, then time (an untimed one at its usual hour: a group
 * arrives first and departs last, checks out at noon and in at two), group and type.
 */
export function scheduleEvents(groups: readonly ScheduleGroup[], range: DateRange): ScheduleEvent[] {
  const events = groups.flatMap((group) => [
    ...activityEvents(group),
    ...transportEvents(group),
    ...hotelEvents(group),
  ]);
  return events
    .filter((event) => event.date >= range.from && event.date <= range.to)
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.sortTime.localeCompare(b.sortTime) ||
        a.groupName.localeCompare(b.groupName) ||
        a.groupId - b.groupId ||
        ORDER_OF_TYPE[a.type] - ORDER_OF_TYPE[b.type],
    );
}

/** The events grouped by date, in date order. */
export function byDate(events: readonly ScheduleEvent[]): Array<{ date: string; events: ScheduleEvent[] }> {
  const days: Array<{ date: string; events: ScheduleEvent[] }> = [];
  for (const event of events) {
    const last = days.at(-1);
    if (last?.date === event.date) last.events.push(event);
    else days.push({ date: event.date, events: [event] });
  }
  return days;
}
