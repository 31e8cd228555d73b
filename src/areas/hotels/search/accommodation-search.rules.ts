// Pure rules of the accommodation search: its dd/MM/yyyy dates (contract §5), the nights of a stay in the tenant's
// calendar, and whether a room's nights can be sold: every night on the calendar, none on stop sale, the minimum
// stay met, each night available or on request, and on request only inside the hotel's release days.
import { invalidFormat } from '../../../platform/http/errors.js';
import { daysBetween } from '../../../platform/time.js';
import { minimumStay } from './pricing.rules.js';

/** The longest stay one search prices. */
export const MAX_NIGHTS = 30;

/** dd/MM/yyyy → yyyy-MM-dd, or INVALID_FORMAT naming the parameter (31/02/2027 too). */
export function searchDate(value: string, parameter: string): string {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = match ? `${match[3]}-${match[2]}-${match[1]}` : '';
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    throw invalidFormat(parameter, 'must be a date dd/MM/yyyy');
  }
  return iso;
}

export interface Stay {
  checkin: string;
  checkout: string;
  nights: number;
}

/** The stay of a search: check-in not before the tenant's today, check-out after it, at most MAX_NIGHTS nights. */
export function stayOf(checkin: string, checkout: string, today: string): Stay {
  const from = searchDate(checkin, 'checkin');
  const to = searchDate(checkout, 'checkout');
  if (from < today) throw invalidFormat('checkin', 'must not be in the past');
  const nights = daysBetween(from, to);
  if (nights < 1) throw invalidFormat('checkout', 'must be after checkin');
  if (nights > MAX_NIGHTS) throw invalidFormat('checkout', `must be at most ${MAX_NIGHTS} nights after checkin`);
  return { checkin: from, checkout: to, nights };
}

/** yyyy-MM-dd → dd/MM/yyyy, as the search's input is echoed. */
export function asSearchDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** Nights of a room as the availability rules need them: one entry, or a run of alike ones (`nights` of them). */
export interface NightAvailability {
  nights: number;
  specialDay: boolean;
  /** Every night of the run has a room to sell (available, allotment left where it is counted). */
  available: boolean;
  /** Every night of the run has a room or is sold on request. */
  onRequest: boolean;
  mlos: number;
  sdmlos: number;
}

export type Sellability = { sellable: false } | { sellable: true; available: boolean; onRequest: boolean };

/**
 * Whether a room can be offered for the stay and how: available when every night has a room to sell and check-in
 * is outside the hotel's release days; on request when some night is sold on request only, or inside the release
 * days. Stop sales and nights missing from the calendar are filtered before (the search's query).
 */
export function sellability(
  nights: readonly NightAvailability[],
  stay: Stay,
  release: { days: number; daysBeforeCheckin: number },
): Sellability {
  const covered = nights.reduce((sum, run) => sum + run.nights, 0);
  if (covered !== stay.nights || minimumStay(nights) > stay.nights) return { sellable: false };
  let onRequest = release.daysBeforeCheckin < release.days;
  for (const night of nights) {
    if (night.available) continue;
    if (!night.onRequest) return { sellable: false };
    onRequest = true;
  }
  return { sellable: true, available: !onRequest, onRequest };
}
