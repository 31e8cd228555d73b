// Trip requests as other areas see them (the quotes area makes a quote from one): camelCase, found by id, and
// marked QUOTED in the caller's transaction when a quote is made from it.
import type { Queryable } from '../../platform/database/connections.js';
import { notFound } from '../../platform/http/errors.js';
import { QUOTABLE_STATUSES, refusedMove, type TripRequestStatus } from './customers.rules.js';
import * as repo from './trip-requests.repository.js';

export interface TripRequestRecord {
  requestId: number;
  destination: string;
  travelDates: string | null;
  numTravelers: number | null;
  /** The budget's exact decimal text, in the tenant's currency. */
  budget: string | null;
  requirements: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  status: TripRequestStatus;
  /** The user who sent it, when one was logged in. */
  createdByUserId: number | null;
  createdAt: Date;
}

const toRecord = (row: repo.TripRequestRow): TripRequestRecord => ({
  requestId: row.request_id,
  destination: row.destination,
  travelDates: row.travel_dates,
  numTravelers: row.num_travelers,
  budget: row.budget,
  requirements: row.requirements,
  contactName: row.contact_name,
  contactEmail: row.contact_email,
  contactPhone: row.contact_phone,
  status: row.status,
  createdByUserId: row.created_by_user_id,
  createdAt: row.created_at,
});

/** The trip request of that id, if any. */
export async function findTripRequest(db: Queryable, requestId: number): Promise<TripRequestRecord | undefined> {
  const row = await repo.selectTripRequest(db, requestId);
  return row && toRecord(row);
}

/**
 * Marks the request QUOTED (from NEW or IN_PROGRESS) in the caller's transaction, as a quote made from it is
 * saved; a request already QUOTED stays so (a second quote for the same trip). Unknown → NOTFOUND; CLOSED →
 * INVALID_STATE, and the caller's transaction (its quote) rolls back with the error.
 */
export async function markTripRequestQuoted(db: Queryable, requestId: number): Promise<TripRequestRecord> {
  const moved = await repo.moveStatus(db, requestId, QUOTABLE_STATUSES, 'QUOTED', new Date());
  if (moved) return toRecord(moved);
  const current = await repo.selectTripRequest(db, requestId);
  if (!current) throw notFound('Trip request');
  if (current.status === 'QUOTED') return toRecord(current);
  throw refusedMove(requestId, current.status, 'QUOTED');
}
