// SQL of the tickets: the request a pair (id, access code) opens, its tickets, their cached QR images, check-in,
// and the tenant's ticket-signing keys. Plain rows out; no rules here.
import type { Queryable } from '../../../platform/database/connections.js';
import type { BookingTicketRow } from '../bookings.repository.js';

export interface TicketRequestRow {
  booking_request_id: number;
  refnum: string;
  status: 'PENDING' | 'CONFIRMED' | 'CANCELLED';
  access_code: string;
  access_max_date: Date;
  /** The paid order's number and gross (decimal text), as the request copied them; null on requests made before. */
  order_num: string | null;
  amount: string | null;
  currency: string | null;
}

/** A ticket as read: its bigint supplier ids as decimal text (the view makes them integers). */
export type TicketRow = Omit<
  BookingTicketRow,
  'supplier_booking_id' | 'supplier_booking_sub_id' | 'redeemed_by' | 'created_at'
> & {
  supplier_booking_id: string | null;
  supplier_booking_sub_id: string | null;
  /** The product its order line sold (its meeting point, pickup window, cancellation policy). */
  product_id: number | null;
};

export interface SigningKeyRow {
  key_id: string;
  public_key: string;
  private_key_sealed: string;
  created_at: Date;
}

export interface RequestWithTickets {
  request: TicketRequestRow;
  /** By order line and number within it (lines may be ticketed in any order). */
  tickets: TicketRow[];
}

type JoinedRow = Omit<TicketRow, 'ticket_id' | 'ticket_print_type'> &
  Omit<TicketRequestRow, 'booking_request_id' | 'status'> & {
    ticket_id: number | null;
    ticket_print_type: TicketRow['ticket_print_type'] | null;
    request_status: TicketRequestRow['status'];
  };

/**
 * A request and its tickets in one statement (getTickets' whole read): the request's columns on every ticket row,
 * or on one row of nulls when it has no tickets yet. bigint ids as text: the view turns them into numbers.
 */
export async function findRequestWithTickets(
  db: Queryable,
  requestId: number,
): Promise<RequestWithTickets | undefined> {
  const rows = await db<JoinedRow[]>`
    SELECT r.booking_request_id, r.refnum, r.status AS request_status, r.access_code, r.access_max_date,
           r.order_num, r.amount::text AS amount, r.currency, l.product_id,
           t.ticket_id, t.line_no, t.seq, t.barcode, t.barcode_image, t.ticket_description, t.start_date, t.end_date,
           t.timeslot, t.option_id, t.terms, t.pickup_location, t.ticket_validity, t.ticket_print_type,
           t.ticket_resv_name, t.supplier_booking_id::text AS supplier_booking_id,
           t.supplier_booking_sub_id::text AS supplier_booking_sub_id, t.supplier_reference, t.supplier_voucher,
           t.supplier_status, t.ext_info, t.redeemed_at
    FROM booking_requests r LEFT JOIN booking_tickets t ON t.booking_request_id = r.booking_request_id
    LEFT JOIN booking_lines l ON l.booking_request_id = t.booking_request_id AND l.line_no = t.line_no
    WHERE r.booking_request_id = ${requestId}
    ORDER BY t.line_no, t.seq`;
  const [first] = rows;
  if (!first) return undefined;
  const request: TicketRequestRow = {
    booking_request_id: first.booking_request_id,
    refnum: first.refnum,
    status: first.request_status,
    access_code: first.access_code,
    access_max_date: first.access_max_date,
    order_num: first.order_num,
    amount: first.amount,
    currency: first.currency,
  };
  const tickets = rows.flatMap((row): TicketRow[] => {
    const { ticket_id, ticket_print_type } = row;
    if (ticket_id === null || ticket_print_type === null) return [];
    const { refnum, request_status, access_code, access_max_date, order_num, amount, currency, ...ticket } = row;
    return [{ ...ticket, ticket_id, ticket_print_type }];
  });
  return { request, tickets };
}

/** Keeps a ticket's QR image; a concurrent reader that made it first wins (tickets do not change once issued). */
export async function storeBarcodeImage(db: Queryable, ticketId: number, image: string): Promise<void> {
  await db`UPDATE booking_tickets SET barcode_image = ${image} WHERE ticket_id = ${ticketId} AND barcode_image IS NULL`;
}

export interface ScannedTicketRow {
  ticket_id: number;
  booking_request_id: number;
  barcode: string;
  ticket_description: string;
  start_date: Date | null;
  timeslot: string | null;
  ticket_resv_name: string | null;
  redeemed_at: Date | null;
  request_status: string;
}

/** The ticket a verified scan names: its id and barcode must both match. */
export async function findScannedTicket(
  db: Queryable,
  ticketId: number,
  barcode: string,
): Promise<ScannedTicketRow | undefined> {
  const [row] = await db<ScannedTicketRow[]>`
    SELECT t.ticket_id, t.booking_request_id, t.barcode, t.ticket_description, t.start_date, t.timeslot,
           t.ticket_resv_name, t.redeemed_at, r.status AS request_status
    FROM booking_tickets t JOIN booking_requests r USING (booking_request_id)
    WHERE t.ticket_id = ${ticketId} AND t.barcode = ${barcode}`;
  return row;
}

/** The first scan redeems the ticket; any later one (also a concurrent one) gets nothing back. */
export async function redeemTicket(
  db: Queryable,
  ticketId: number,
  userId: number | null,
  now: Date,
): Promise<Date | undefined> {
  const [row] = await db<{ redeemed_at: Date }[]>`
    UPDATE booking_tickets SET redeemed_at = ${now}, redeemed_by = ${userId}
    WHERE ticket_id = ${ticketId} AND redeemed_at IS NULL
    RETURNING redeemed_at`;
  return row?.redeemed_at;
}

export async function redeemedAt(db: Queryable, ticketId: number): Promise<Date | null> {
  const [row] = await db<{ redeemed_at: Date | null }[]>`
    SELECT redeemed_at FROM booking_tickets WHERE ticket_id = ${ticketId}`;
  return row?.redeemed_at ?? null;
}

/** The tenant's keys, newest first: the first signs, every one verifies. */
export function selectSigningKeys(db: Queryable): Promise<SigningKeyRow[]> {
  return db<SigningKeyRow[]>`
    SELECT key_id, public_key, private_key_sealed, created_at
    FROM ticket_signing_keys ORDER BY created_at DESC, key_id DESC`;
}

/** Adds the tenant's first key unless a concurrent request (or another node) added it first. */
export async function insertFirstSigningKey(
  db: Queryable,
  key: { keyId: string; publicKey: string; privateKeySealed: string },
): Promise<void> {
  await db`
    INSERT INTO ticket_signing_keys (key_id, public_key, private_key_sealed)
    VALUES (${key.keyId}, ${key.publicKey}, ${key.privateKeySealed})
    ON CONFLICT (key_id) DO NOTHING`;
}
