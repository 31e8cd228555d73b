// SQL of the trip_requests table: what visitors and staff ask the agency to plan. Plain rows out. Status moves are
// single conditional UPDATEs, so two staff members (or a quote and a close) racing on one request cannot both win.
import type { Queryable } from '../../platform/database/connections.js';
import type { TripRequestStatus } from './customers.rules.js';

export interface TripRequestRow {
  request_id: number;
  destination: string;
  travel_dates: string | null;
  num_travelers: number | null;
  /** numeric as its exact decimal text. */
  budget: string | null;
  requirements: string | null;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  status: TripRequestStatus;
  created_by_user_id: number | null;
  created_via: 'system' | 'guest' | 'user';
  created_at: Date;
}

const columns = (db: Queryable) => db`
  request_id, destination, travel_dates, num_travelers, budget::text AS budget, requirements, contact_name,
  contact_email, contact_phone, status, created_by_user_id, created_via, created_at`;

export interface NewTripRequestRow {
  destination: string;
  travelDates: string | null;
  numTravelers: number | null;
  budget: string | null;
  requirements: string | null;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  createdByUserId: number | null;
  createdVia: TripRequestRow['created_via'];
  now: Date;
}

export async function insertTripRequest(db: Queryable, request: NewTripRequestRow): Promise<TripRequestRow> {
  const [row] = await db<TripRequestRow[]>`
    INSERT INTO trip_requests (destination, travel_dates, num_travelers, budget, requirements, contact_name,
                               contact_email, contact_phone, created_by_user_id, created_via, created_at, updated_at)
    VALUES (${request.destination}, ${request.travelDates}, ${request.numTravelers}, ${request.budget}::numeric,
            ${request.requirements}, ${request.contactName}, ${request.contactEmail}, ${request.contactPhone},
            ${request.createdByUserId}, ${request.createdVia}, ${request.now}, ${request.now})
    RETURNING ${columns(db)}`;
  if (!row) throw new Error('trip request insert returned no row');
  return row;
}

export async function selectTripRequest(db: Queryable, requestId: number): Promise<TripRequestRow | undefined> {
  const [row] = await db<TripRequestRow[]>`SELECT ${columns(db)} FROM trip_requests WHERE request_id = ${requestId}`;
  return row;
}

/** Whether the request exists and was sent by that user, or names that contact e-mail (any case). */
export async function isOwnTripRequest(
  db: Queryable,
  requestId: number,
  owner: { userId: number; email: string | null },
): Promise<boolean> {
  const [row] = await db<{ own: boolean }[]>`
    SELECT (created_by_user_id = ${owner.userId} OR lower(contact_email) = lower(${owner.email}::text)) AS own
    FROM trip_requests WHERE request_id = ${requestId}`;
  return row?.own === true;
}

export interface TripRequestFilter {
  status: TripRequestStatus | null;
  createdFrom: Date | null;
  /** Exclusive. */
  createdBefore: Date | null;
  /** Escaped for LIKE; matched in any case. */
  contains: string | null;
}

/** Newest first, at most `limit`. */
export function listTripRequests(db: Queryable, filter: TripRequestFilter, limit: number): Promise<TripRequestRow[]> {
  const pattern = filter.contains === null ? null : `%${filter.contains}%`;
  return db<TripRequestRow[]>`
    SELECT ${columns(db)} FROM trip_requests
    WHERE (${filter.status}::text IS NULL OR status = ${filter.status})
      AND (${filter.createdFrom}::timestamptz IS NULL OR created_at >= ${filter.createdFrom})
      AND (${filter.createdBefore}::timestamptz IS NULL OR created_at < ${filter.createdBefore})
      AND (${pattern}::text IS NULL OR destination ILIKE ${pattern} OR contact_name ILIKE ${pattern}
           OR contact_email ILIKE ${pattern})
    ORDER BY created_at DESC, request_id DESC
    LIMIT ${limit}`;
}

/** Moves the request to `to` when its status is one of `from`; no row when it is not (or there is no request). */
export async function moveStatus(
  db: Queryable,
  requestId: number,
  from: readonly TripRequestStatus[],
  to: TripRequestStatus,
  now: Date,
): Promise<TripRequestRow | undefined> {
  const [row] = await db<TripRequestRow[]>`
    UPDATE trip_requests SET status = ${to}, updated_at = ${now}
    WHERE request_id = ${requestId} AND status = ANY (${[...from]}::text[])
    RETURNING ${columns(db)}`;
  return row;
}
