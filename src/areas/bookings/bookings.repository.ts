// SQL of booking requests, their lines and their tickets (tables booking_requests, booking_lines, booking_tickets).
// Plain rows out. A line is ticketed exactly once: a confirm claims it (IN_PROGRESS, its `attempts` the claim's
// number) in one short statement, and only the holder of that claim may record its tickets or its failure.
import type postgres from 'postgres';
import type { Queryable } from '../../platform/database/connections.js';
import type { LineStatus, RequestStatus } from './bookings.schemas.js';

export interface BookingRequestRow {
  booking_request_id: number;
  refnum: string;
  sales_order_id: number;
  customer_id: number | null;
  status: RequestStatus;
  access_code: string;
  access_max_date: Date;
  mobile_phone: string | null;
  created_at: Date;
  updated_at: Date;
  order_num: string;
  order_date: Date;
  invoice_num: string | null;
  /** Decimal text. */
  amount: string;
  currency: string;
  customer_email: string | null;
  /** bigint as text. */
  session_id: string | null;
  user_id: number | null;
}

export type LineSource = 'OWN' | 'OFFLINE' | 'SUPPLIER';

export interface BookingLineRow {
  booking_request_id: number;
  line_no: number;
  source: LineSource;
  status: LineStatus;
  claimed_at: Date | null;
  /** Claims made so far; the current claim is the one with this number. */
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  supplier_booking_id: number | null;
  supplier_reference: string | null;
  confirmed_at: Date | null;
  product_id: number | null;
  variant_id: number | null;
  description: string;
  quantity: number;
  unit_name: string | null;
  /** yyyy-MM-dd */
  service_date: string | null;
  time_slot: string | null;
  pickup_location: string | null;
  resv_name: string | null;
  /** A ticket-supplier line's product, variant, day and cart reservation (the cart's SupplierTicketLine); else null. */
  supplier_ticket: unknown;
}

/** A row of booking_tickets as written; the tickets module reads it (tickets.repository: TicketRow). */
export interface BookingTicketRow {
  ticket_id: number;
  booking_request_id: number;
  line_no: number;
  seq: number;
  barcode: string;
  barcode_image: string | null;
  ticket_description: string;
  start_date: Date | null;
  end_date: Date | null;
  timeslot: string | null;
  option_id: number | null;
  terms: string | null;
  pickup_location: string | null;
  ticket_validity: string | null;
  ticket_print_type: 'MOBILE' | 'PRINT';
  ticket_resv_name: string | null;
  supplier_booking_id: number | null;
  supplier_booking_sub_id: number | null;
  supplier_reference: string | null;
  supplier_voucher: string | null;
  supplier_status: string | null;
  ext_info: unknown;
  redeemed_at: Date | null;
  redeemed_by: number | null;
  created_at: Date;
}

export interface NewBookingRequest {
  salesOrderId: number;
  customerId: number | null;
  accessCode: string;
  accessMaxDate: Date;
  orderNum: string;
  orderDate: Date;
  invoiceNum: string | null;
  amount: string;
  currency: string;
  customerEmail: string | null;
  sessionId: string | null;
  userId: number | null;
  /** The tenant's calendar year of the creation: the refnum's BK-<yyyy>. */
  year: number;
  now: Date;
}

export type NewBookingLine = Omit<
  BookingLineRow,
  | 'booking_request_id'
  | 'status'
  | 'claimed_at'
  | 'attempts'
  | 'error_code'
  | 'error_message'
  | 'supplier_booking_id'
  | 'supplier_reference'
  | 'confirmed_at'
>;

export type NewTicket = Omit<
  BookingTicketRow,
  'ticket_id' | 'barcode_image' | 'ext_info' | 'redeemed_at' | 'redeemed_by' | 'created_at'
>;

const REQUEST_COLUMNS = 'r.*, r.session_id::text AS session_id, r.amount::text AS amount';
const LINE_COLUMNS =
  'l.*, l.supplier_booking_id::float8 AS supplier_booking_id, l.service_date::text AS service_date, l.quantity::float8 AS quantity';

/**
 * The order's booking request, made once: its refnum numbers it by its id (BK-<yyyy>-<id, six digits at least>).
 * Undefined when the order has one already (a concurrent create made it; the caller reads that one).
 */
export async function insertRequest(db: Queryable, request: NewBookingRequest): Promise<BookingRequestRow | undefined> {
  const [row] = await db<BookingRequestRow[]>`
    WITH next AS (SELECT nextval(pg_get_serial_sequence('booking_requests', 'booking_request_id')) AS id)
    INSERT INTO booking_requests AS r (booking_request_id, refnum, sales_order_id, customer_id, access_code,
                                       access_max_date, order_num, order_date, invoice_num, amount, currency,
                                       customer_email, session_id, user_id, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT next.id, 'BK-' || ${request.year}::int || '-' || lpad(next.id::text, 6, '0'), ${request.salesOrderId},
           ${request.customerId}, ${request.accessCode}, ${request.accessMaxDate}, ${request.orderNum},
           ${request.orderDate}, ${request.invoiceNum}, ${request.amount}, ${request.currency}, ${request.customerEmail},
           ${request.sessionId}::bigint, ${request.userId}, ${request.now}, ${request.now}
    FROM next
    ON CONFLICT (sales_order_id) DO NOTHING
    RETURNING ${db.unsafe(REQUEST_COLUMNS)}`;
  return row;
}

export async function insertLines(db: Queryable, requestId: number, lines: readonly NewBookingLine[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((line) => ({
    ...line,
    booking_request_id: requestId,
    supplier_ticket: line.supplier_ticket === null ? null : db.json(line.supplier_ticket as postgres.JSONValue),
  }));
  await db`INSERT INTO booking_lines ${db(rows)}`;
}

export async function findRequest(db: Queryable, requestId: number): Promise<BookingRequestRow | undefined> {
  const [row] = await db<BookingRequestRow[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)} FROM booking_requests r WHERE r.booking_request_id = ${requestId}`;
  return row;
}

export async function findRequestOfOrder(db: Queryable, salesOrderId: number): Promise<BookingRequestRow | undefined> {
  const [row] = await db<BookingRequestRow[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)} FROM booking_requests r WHERE r.sales_order_id = ${salesOrderId}`;
  return row;
}

export async function findRequestByRefnum(db: Queryable, refnum: string): Promise<BookingRequestRow | undefined> {
  const [row] = await db<BookingRequestRow[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)} FROM booking_requests r WHERE r.refnum = ${refnum}`;
  return row;
}

/** What /booking/read shows of a line (booking search row). */
export type SearchLine = Pick<
  BookingLineRow,
  | 'line_no'
  | 'status'
  | 'error_code'
  | 'error_message'
  | 'product_id'
  | 'variant_id'
  | 'quantity'
  | 'unit_name'
  | 'description'
  | 'supplier_booking_id'
>;

/** The request of that refnum with what /booking/read shows of its lines, in one statement. */
export async function findRequestWithLinesByRefnum(
  db: Queryable,
  refnum: string,
): Promise<(BookingRequestRow & { lines: SearchLine[] }) | undefined> {
  const [row] = await db<(BookingRequestRow & { lines: SearchLine[] })[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)}, coalesce((
      SELECT json_agg(json_build_object(
          'line_no', l.line_no, 'status', l.status, 'error_code', l.error_code, 'error_message', l.error_message,
          'product_id', l.product_id, 'variant_id', l.variant_id, 'quantity', l.quantity::float8,
          'unit_name', l.unit_name, 'description', l.description,
          'supplier_booking_id', l.supplier_booking_id::float8)
        ORDER BY l.line_no)
      FROM booking_lines l WHERE l.booking_request_id = r.booking_request_id), '[]'::json) AS lines
    FROM booking_requests r WHERE r.refnum = ${refnum}`;
  return row;
}

/** The request, locked until the transaction ends (a confirm's last step changes it once). */
export async function lockRequest(db: Queryable, requestId: number): Promise<BookingRequestRow | undefined> {
  const [row] = await db<BookingRequestRow[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)} FROM booking_requests r WHERE r.booking_request_id = ${requestId} FOR UPDATE`;
  return row;
}

/** Requests of a customer record, or placed by a user, newest first (at most 500). */
export function listRequests(
  db: Queryable,
  owner: { customerId: number | null; userId: number | null },
  status: RequestStatus | undefined,
): Promise<BookingRequestRow[]> {
  return db<BookingRequestRow[]>`
    SELECT ${db.unsafe(REQUEST_COLUMNS)} FROM booking_requests r
    WHERE (r.customer_id = ${owner.customerId}::int OR r.user_id = ${owner.userId}::int)
      AND (${status ?? null}::text IS NULL OR r.status = ${status ?? null})
    ORDER BY r.created_at DESC, r.booking_request_id DESC
    LIMIT 500`;
}

export function selectLines(db: Queryable, requestId: number): Promise<BookingLineRow[]> {
  return db<BookingLineRow[]>`
    SELECT ${db.unsafe(LINE_COLUMNS)} FROM booking_lines l WHERE l.booking_request_id = ${requestId} ORDER BY l.line_no`;
}

/**
 * Claims the lines still to ticket: PENDING or FAILED ones, and those whose claim is older than `staleBefore` (its
 * confirm died or hung past every timeout). One statement, so two confirms never hold the same line.
 */
export function claimLines(db: Queryable, requestId: number, now: Date, staleBefore: Date): Promise<BookingLineRow[]> {
  return db<BookingLineRow[]>`
    UPDATE booking_lines l
    SET status = 'IN_PROGRESS', claimed_at = ${now}, attempts = l.attempts + 1
    WHERE l.booking_request_id = ${requestId}
      AND (l.status IN ('PENDING', 'FAILED') OR (l.status = 'IN_PROGRESS' AND l.claimed_at < ${staleBefore}))
    RETURNING ${db.unsafe(LINE_COLUMNS)}`;
}

/** Which claim of which line: only its holder may settle it. */
export interface LineClaim {
  requestId: number;
  lineNo: number;
  attempt: number;
}

/** The claimed line is ticketed; false when the claim was taken over meanwhile (nothing changed). */
export async function confirmLine(
  db: Queryable,
  claim: LineClaim,
  supplier: { bookingId: number; reference: string } | null,
  now: Date,
): Promise<boolean> {
  const rows = await db`
    UPDATE booking_lines
    SET status = 'CONFIRMED', confirmed_at = ${now}, claimed_at = NULL, error_code = NULL, error_message = NULL,
        supplier_booking_id = ${supplier?.bookingId ?? null}, supplier_reference = ${supplier?.reference ?? null}
    WHERE booking_request_id = ${claim.requestId} AND line_no = ${claim.lineNo} AND status = 'IN_PROGRESS'
      AND attempts = ${claim.attempt}
    RETURNING 1`;
  return rows.length === 1;
}

/** The claimed line failed: FAILED with the reason, for the next confirm to try again. */
export async function failLine(db: Queryable, claim: LineClaim, error: { code: string; message: string }) {
  await db`
    UPDATE booking_lines
    SET status = 'FAILED', claimed_at = NULL, error_code = ${error.code}, error_message = ${error.message.slice(0, 500)}
    WHERE booking_request_id = ${claim.requestId} AND line_no = ${claim.lineNo} AND status = 'IN_PROGRESS'
      AND attempts = ${claim.attempt}`;
}

export async function insertTickets(db: Queryable, tickets: readonly NewTicket[]): Promise<void> {
  if (tickets.length === 0) return;
  await db`INSERT INTO booking_tickets ${db(tickets.map((ticket) => ({ ...ticket })))}`;
}

/** The request is CONFIRMED (from PENDING), and the number its confirmation message went to is kept. */
export async function markConfirmed(db: Queryable, requestId: number, mobilePhone: string | null, now: Date) {
  await db`
    UPDATE booking_requests
    SET status = CASE WHEN status = 'PENDING' THEN 'CONFIRMED' ELSE status END,
        mobile_phone = coalesce(${mobilePhone}, mobile_phone), updated_at = ${now}
    WHERE booking_request_id = ${requestId}`;
}
