// Pure rules of flight searches: what a search may ask, the sort orders, pages and groups of its offers, and the
// offer ids that name their search. No I/O.
import { invalidFormat } from '../../platform/http/errors.js';
import { daysBetween } from '../../platform/time.js';

export const PASSENGER_TYPES = ['ADULT', 'CHILD', 'INFANT'] as const;
export type PassengerKind = (typeof PASSENGER_TYPES)[number];

export const LIMITS = {
  /** Passengers of one search, infants included. */
  passengers: 9,
  keyword: 60,
  /** Locations and airlines answered at most. */
  listRows: 100,
  pageSize: 20,
  /** A search is kept (and its offers priceable) this long. */
  searchMinutes: 30,
  /** Airlines sell about eleven months ahead. */
  daysAhead: 361,
} as const;

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** Dates of a search: not in the past (the tenant's today), not beyond the sale horizon, return not before. */
export function checkSearchDates(today: string, departureDate: string, returnDate: string | undefined): void {
  if (daysBetween(today, departureDate) < 0) throw invalidFormat('departureDate', 'is in the past');
  if (daysBetween(today, departureDate) > LIMITS.daysAhead) {
    throw invalidFormat('departureDate', `is more than ${LIMITS.daysAhead} days ahead`);
  }
  if (returnDate === undefined) return;
  if (daysBetween(departureDate, returnDate) < 0) throw invalidFormat('returnDate', 'is before departureDate');
  if (daysBetween(today, returnDate) > LIMITS.daysAhead) {
    throw invalidFormat('returnDate', `is more than ${LIMITS.daysAhead} days ahead`);
  }
}

/** At most 9 passengers in all, at least one adult, no more infants (on a lap) than adults. */
export function checkPassengerCounts({ adults, children, infants }: PassengerCounts): void {
  if (adults + children > LIMITS.passengers) throw invalidFormat('numChildren', 'makes more than 9 passengers');
  if (adults + children + infants > LIMITS.passengers) {
    throw invalidFormat('numInfants', 'makes more than 9 passengers');
  }
  if (infants > adults) throw invalidFormat('numInfants', 'is more than numAdults');
}

/** Seconds of an ISO 8601 duration (PT7H25M, P1DT2H); 0 for text that is none. */
export function durationSeconds(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration);
  if (!match) return 0;
  const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return (((days ?? 0) * 24 + (hours ?? 0)) * 60 + (minutes ?? 0)) * 60 + (seconds ?? 0);
}

/** An ISO 8601 duration of hours and minutes: PT31H5M. */
export function isoDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `PT${rest}M`;
  return rest === 0 ? `PT${hours}H` : `PT${hours}H${rest}M`;
}

export interface Sortable {
  /** In minor units. */
  grandTotalMinor: number;
  /** Sum of the itineraries' durations, in seconds. */
  durationSeconds: number;
}

export type SortOrder = 0 | 1 | 2;

/**
 * Contract §7.5: 0 grandTotal then total duration, 1 grandTotal, 2 total duration. Ties keep the supplier's order
 * (Array.prototype.sort is stable), so a search sorts the same way every time.
 */
export function sortOffers<T extends Sortable>(offers: readonly T[], order: SortOrder): T[] {
  const byPrice = (a: T, b: T) => a.grandTotalMinor - b.grandTotalMinor;
  const byDuration = (a: T, b: T) => a.durationSeconds - b.durationSeconds;
  const compare = order === 1 ? byPrice : order === 2 ? byDuration : (a: T, b: T) => byPrice(a, b) || byDuration(a, b);
  return [...offers].sort(compare);
}

export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / LIMITS.pageSize));

/** The page's slice (pages from 1); a page past the last is empty. */
export function pageOf<T>(items: readonly T[], page: number): T[] {
  return items.slice((page - 1) * LIMITS.pageSize, page * LIMITS.pageSize);
}

/**
 * Grouped by itinerary: offers flying the same flights (carrier, number, date of every segment) form a group; the
 * groups keep the order of their first (best) offer, and an offer follows the others of its group.
 */
export function groupOrder<T>(offers: readonly T[], keyOf: (offer: T) => string): { key: string; members: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const offer of offers) {
    const key = keyOf(offer);
    const members = groups.get(key);
    if (members) members.push(offer);
    else groups.set(key, [offer]);
  }
  return [...groups].map(([key, members]) => ({ key, members }));
}

/** Offer ids are `<searchId>-<n>`: the search that keeps the offer and its place (from 1) in it. */
export function offerIdOf(searchId: string, index: number): string {
  return `${searchId}-${index + 1}`;
}

export function parseOfferId(offerId: string): { searchId: string; index: number } | undefined {
  const match = /^(.+)-(\d{1,4})$/.exec(offerId);
  if (!match?.[1] || !match[2]) return undefined;
  const index = Number(match[2]) - 1;
  return index >= 0 ? { searchId: match[1], index } : undefined;
}

/** Age in whole years on a date (both yyyy-MM-dd). */
export function ageOn(dateOfBirth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** The passenger type an age makes (IATA: infants under 2, children 2 to 11). */
export function passengerKindAt(age: number): PassengerKind {
  return age < 2 ? 'INFANT' : age < 12 ? 'CHILD' : 'ADULT';
}
