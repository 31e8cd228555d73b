// SQL of the offline ticket inventory. Plain rows out. Every statement that changes several tickets locks them in
// ticket_id order first, so two requests over overlapping tickets wait for each other instead of deadlocking.
import type { Queryable } from '../../platform/database/connections.js';
import type { TicketStatus } from './offline-tickets.rules.js';

export interface TicketRow {
  ticket_id: number;
  product_id: number;
  code: string;
  /** yyyy-MM-dd, or null for a ticket without an end of validity. */
  valid_until: string | null;
  status: TicketStatus;
  cart_reference: string | null;
  reserved_at: Date | null;
  sold_at: Date | null;
  created_at: Date;
  loaded_by: number | null;
}

// valid_until as text: a calendar date must not travel through a JavaScript Date and a timezone.
const columns = (db: Queryable) => db`
  ticket_id, product_id, code, valid_until::text AS valid_until, status, cart_reference,
  reserved_at, sold_at, created_at, loaded_by`;

export interface NewTicket {
  code: string;
  validUntil: string | null;
}

/**
 * Inserts the tickets that are new for the product; a code the product already has is skipped (ON CONFLICT), so
 * the caller sees which were taken without a failed statement, even when a concurrent load took it a moment ago.
 */
export function insertTickets(
  db: Queryable,
  productId: number,
  tickets: readonly NewTicket[],
  loadedBy: number | null,
  now: Date,
): Promise<TicketRow[]> {
  const rows = tickets.map((ticket) => ({
    product_id: productId,
    code: ticket.code,
    valid_until: ticket.validUntil,
    created_at: now,
    updated_at: now,
    loaded_by: loadedBy,
  }));
  return db<TicketRow[]>`
    INSERT INTO offline_tickets ${db(rows)}
    ON CONFLICT (product_id, code) DO NOTHING
    RETURNING ${columns(db)}`;
}

export interface TicketFilter {
  status: TicketStatus | null;
  productId: number | null;
}

/** Tickets newest first (a load's tickets share their created_at: the later ticket_id first). */
export function listTickets(db: Queryable, filter: TicketFilter, limit: number): Promise<TicketRow[]> {
  return db<TicketRow[]>`
    SELECT ${columns(db)} FROM offline_tickets
    WHERE (${filter.status}::text IS NULL OR status = ${filter.status})
      AND (${filter.productId}::int IS NULL OR product_id = ${filter.productId})
    ORDER BY created_at DESC, ticket_id DESC
    LIMIT ${limit}`;
}

export function selectTickets(db: Queryable, ticketIds: readonly number[]): Promise<TicketRow[]> {
  return db<TicketRow[]>`SELECT ${columns(db)} FROM offline_tickets WHERE ticket_id = ANY (${ticketIds}::int[])`;
}

/** Row locks on the tickets, taken in ticket_id order (ORDER BY runs before FOR UPDATE locks). */
export async function lockTickets(db: Queryable, ticketIds: readonly number[]): Promise<void> {
  await db`SELECT ticket_id FROM offline_tickets WHERE ticket_id = ANY (${ticketIds}::int[]) ORDER BY ticket_id FOR UPDATE`;
}

/**
 * Reserves the tickets that may be: AVAILABLE and valid on `today`, or already RESERVED for this same reference
 * (kept as they are, reserved_at included). The condition is re-checked on the newest row version after any wait,
 * so two requests can never both reserve one ticket. Answers the tickets now reserved for the reference.
 */
export function reserveTickets(
  db: Queryable,
  ticketIds: readonly number[],
  reference: string,
  today: string,
  now: Date,
): Promise<TicketRow[]> {
  return db<TicketRow[]>`
    UPDATE offline_tickets SET
      status = 'RESERVED',
      cart_reference = ${reference},
      reserved_at = CASE WHEN status = 'AVAILABLE' THEN ${now}::timestamptz ELSE reserved_at END,
      updated_at = CASE WHEN status = 'AVAILABLE' THEN ${now}::timestamptz ELSE updated_at END
    WHERE ticket_id = ANY (${ticketIds}::int[])
      AND ((status = 'AVAILABLE' AND (valid_until IS NULL OR valid_until >= ${today}::date))
           OR (status = 'RESERVED' AND cart_reference = ${reference}))
    RETURNING ${columns(db)}`;
}

/** Row locks on a reference's tickets of one status, in ticket_id order. */
export async function lockByReference(db: Queryable, reference: string, status: TicketStatus): Promise<void> {
  await db`
    SELECT ticket_id FROM offline_tickets
    WHERE cart_reference = ${reference} AND status = ${status}
    ORDER BY ticket_id FOR UPDATE`;
}

export async function markSold(db: Queryable, reference: string, now: Date): Promise<void> {
  await db`
    UPDATE offline_tickets SET status = 'SOLD', sold_at = ${now}, updated_at = ${now}
    WHERE cart_reference = ${reference} AND status = 'RESERVED'`;
}

/** Gives a reference's reserved tickets back to the inventory; answers them as they are now. */
export function releaseReserved(db: Queryable, reference: string, now: Date): Promise<TicketRow[]> {
  return db<TicketRow[]>`
    UPDATE offline_tickets SET status = 'AVAILABLE', cart_reference = NULL, reserved_at = NULL, updated_at = ${now}
    WHERE cart_reference = ${reference} AND status = 'RESERVED'
    RETURNING ${columns(db)}`;
}

/** A reference's tickets of one status, or of any, by ticket_id. */
export function selectByReference(db: Queryable, reference: string, status: TicketStatus | null): Promise<TicketRow[]> {
  return db<TicketRow[]>`
    SELECT ${columns(db)} FROM offline_tickets
    WHERE cart_reference = ${reference} AND (${status}::text IS NULL OR status = ${status})
    ORDER BY ticket_id`;
}
