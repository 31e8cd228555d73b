// Pure rules of the customers area: how search filters match, the limits of an answer, and which status moves a
// trip request may make. No I/O.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';

/** Answers are capped so that a filter matching half the tenant still answers in milliseconds. */
// A search answers a page of 50 by default (what a back-office list shows), up to 200 on request: each row is a
// full customer with its country, parent and contacts, so the page size is most of a search's cost.
export const LIMITS = { searchRows: 50, searchRowsMax: 200, companyLookupRows: 50, tripRequestRows: 200 } as const;

import { likeEscaped } from '../../platform/text.js';

export { likeEscaped };

/** How /customer/search's `method` makes each filter match (contract §7.1). */
export type SearchMethod = 'partial' | 'exact';

export interface FilterMatch {
  value: string;
  match: 'contains' | 'equals';
}

/**
 * A name filter is a substring unless `method` is exact; e-mail and mobile filters match exactly (the e-mail in any
 * case) unless `method` is partial. Values compare in lower case (mobile numbers have no case to lose).
 */
export function filterMatch(
  kind: 'name' | 'email' | 'mobile',
  value: string | undefined,
  method: SearchMethod | undefined,
): FilterMatch | null {
  if (value === undefined) return null;
  const lower = value.toLowerCase();
  const contains = kind === 'name' ? method !== 'exact' : method === 'partial';
  return contains ? { value: likeEscaped(lower), match: 'contains' } : { value: lower, match: 'equals' };
}

export const TRIP_REQUEST_STATUSES = ['NEW', 'IN_PROGRESS', 'QUOTED', 'CLOSED'] as const;
export type TripRequestStatus = (typeof TRIP_REQUEST_STATUSES)[number];

/** Where a trip request may go from each status: forward one step, or CLOSED from any open status. */
const NEXT: Readonly<Record<TripRequestStatus, readonly TripRequestStatus[]>> = {
  NEW: ['IN_PROGRESS', 'CLOSED'],
  IN_PROGRESS: ['QUOTED', 'CLOSED'],
  QUOTED: ['CLOSED'],
  CLOSED: [],
};

/** The statuses from which a request may move to `to` (the condition of the one UPDATE that moves it). */
export function statusesLeadingTo(to: TripRequestStatus): TripRequestStatus[] {
  return TRIP_REQUEST_STATUSES.filter((from) => NEXT[from].includes(to));
}

/** A quote made from a request marks it QUOTED from NEW or IN_PROGRESS (a quote may skip the working step). */
export const QUOTABLE_STATUSES: readonly TripRequestStatus[] = ['NEW', 'IN_PROGRESS'];

export function refusedMove(requestId: number, from: TripRequestStatus, to: TripRequestStatus): ApiError {
  return new ApiError(
    ErrorCode.INVALID_STATE,
    `Trip request ${requestId} is ${from}; it cannot move to ${to}` +
      (NEXT[from].length > 0 ? ` (allowed: ${NEXT[from].join(', ')})` : ' (it is closed)'),
  );
}
