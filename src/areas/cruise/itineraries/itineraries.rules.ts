// Pure rules of itineraries and their template stops: the status moves of the specification's state table and the
// checks of a stop's day offsets and times.
import { invalidFormat } from '../../../platform/http/errors.js';

export const ITINERARY_STATUSES = ['Draft', 'Active', 'Suspended', 'Archived'] as const;
export type ItineraryStatus = (typeof ITINERARY_STATUSES)[number];

export const LIMITS = { days: 366 } as const;

/** What the moves depend on, read under the itinerary's lock. */
export interface ItineraryFacts {
  templates: number;
  /** Sailings not cancelled that start on or after the tenant's today. */
  futureCruises: number;
}

/**
 * Why the itinerary may not move from `from` to `to`, or undefined when it may (spec part 2, "Itinerary (cruise)"):
 * Draft → Active with at least one template stop; Active ↔ Suspended; Active or Suspended → Archived without future
 * cruises. Anything else (staying put included) is refused.
 */
export function itineraryMoveRefusal(
  from: ItineraryStatus,
  to: ItineraryStatus,
  facts: ItineraryFacts,
): string | undefined {
  const refused = `is ${from}: it cannot move to ${to}`;
  if (from === 'Draft' && to === 'Active') {
    return facts.templates > 0 ? undefined : `is ${from} without template stops: it cannot move to ${to}`;
  }
  if ((from === 'Active' && to === 'Suspended') || (from === 'Suspended' && to === 'Active')) return undefined;
  if ((from === 'Active' || from === 'Suspended') && to === 'Archived') {
    return facts.futureCruises === 0
      ? undefined
      : `is ${from} with ${facts.futureCruises} future cruise(s): ${refused}`;
  }
  return refused;
}

/** Only a Draft itinerary without cruises and template stops may be deleted. */
export function itineraryDeleteRefusal(
  status: ItineraryStatus,
  counts: { templates: number; cruises: number },
): string | undefined {
  if (status !== 'Draft') return `is ${status}: only a Draft itinerary may be deleted`;
  if (counts.cruises > 0) return `has ${counts.cruises} cruise(s)`;
  if (counts.templates > 0) return `has ${counts.templates} template stop(s)`;
  return undefined;
}

export interface StopTimes {
  dayOffsetArrival: number;
  dayOffsetDeparture: number;
  arrivalTime?: string | undefined;
  departureTime?: string | undefined;
}

/** A stop leaves after it arrives, within the itinerary's days; else INVALID_FORMAT naming the parameter. */
export function checkStopTimes(stop: StopTimes, duration: number): void {
  if (stop.dayOffsetDeparture < stop.dayOffsetArrival) {
    throw invalidFormat('dayOffsetDeparture', 'must not be before dayOffsetArrival');
  }
  if (stop.dayOffsetDeparture > duration) {
    throw invalidFormat('dayOffsetDeparture', `must not be after the itinerary's ${duration} days`);
  }
  const sameDay = stop.dayOffsetArrival === stop.dayOffsetDeparture;
  if (sameDay && stop.arrivalTime && stop.departureTime && stop.departureTime < stop.arrivalTime) {
    throw invalidFormat('departureTime', 'must not be before arrivalTime on the same day');
  }
}
