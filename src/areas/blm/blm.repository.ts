// SQL of back-office bookings, their lines, payments and payment links. Plain rows out; numeric columns as
// PostgreSQL's decimal text. Lock order: the booking row, then the cart (the cart area's), then the booking's links;
// the reference counter's row (the platform's `nextNumber`) last, just before commit.
import type { Fragment, Queryable } from '../../platform/database/connections.js';
import type { BookingStatus } from './blm.rules.js';

export interface BookingRow {
  booking_id: number;
  reference: string;
  customer_id: number;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  /** As stored; a read uses `current_status`. */
  status: BookingStatus;
  /** The status now: an OPTION_HELD past its deadline reads EXPIRED. */
  current_status: BookingStatus;
  option_expires_at: Date | null;
  currency: string;
  total_amount: string;
  paid_amount: string;
  deposit_percent: string;
  notes: string | null;
  cart_reference: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  payment_link_active: boolean;
}

export interface LineRow {
  line_no: number;
  product_id: number | null;
  variant_id: number | null;
  description: string;
  unit_name: string | null;
  quantity: number;
  unit_price: string;
  total: string;
  service_date: string | null;
  time_slot: string;
  cart_number: number | null;
}

export interface PaymentRow {
  payment_id: number;
  amount: string;
  method: string;
  payment_date: string;
  reference: string | null;
  link_id: number | null;
  created_at: string;
}

export interface BookingWithDetailsRow extends BookingRow {
  lines: LineRow[];
  payments: PaymentRow[];
}

const currentStatus = (db: Queryable, now: Date) => db`
  CASE WHEN b.status = 'OPTION_HELD' AND b.option_expires_at <= ${now}::timestamptz THEN 'EXPIRED' ELSE b.status END`;

const bookingColumns = (db: Queryable, now: Date) => db`
  b.booking_id, b.reference, b.customer_id, b.customer_name, b.customer_email, b.customer_phone, b.status,
  ${currentStatus(db, now)} AS current_status, b.option_expires_at, b.currency,
  b.total_amount::text AS total_amount, b.paid_amount::text AS paid_amount, b.deposit_percent::text AS deposit_percent,
  b.notes, b.cart_reference, b.created_by, b.created_at, b.updated_at,
  EXISTS (SELECT 1 FROM blm_payment_links l
          WHERE l.booking_id = b.booking_id AND l.status = 'ACTIVE' AND l.expires_at > ${now}::timestamptz)
    AS payment_link_active`;

// Lines and payments as JSON arrays in the booking's own row: a read is one statement; numbers as text.
const details = (db: Queryable) => db`
  coalesce((SELECT json_agg(json_build_object(
      'line_no', l.line_no, 'product_id', l.product_id, 'variant_id', l.variant_id, 'description', l.description,
      'unit_name', l.unit_name, 'quantity', l.quantity, 'unit_price', l.unit_price::text, 'total', l.total::text,
      'service_date', l.service_date::text, 'time_slot', l.time_slot, 'cart_number', l.cart_number)
    ORDER BY l.line_no) FROM blm_booking_lines l WHERE l.booking_id = b.booking_id), '[]'::json) AS lines,
  coalesce((SELECT json_agg(json_build_object(
      'payment_id', p.payment_id, 'amount', p.amount::text, 'method', p.method,
      'payment_date', p.payment_date::text, 'reference', p.reference, 'link_id', p.link_id,
      'created_at', p.created_at)
    ORDER BY p.payment_id) FROM blm_payments p WHERE p.booking_id = b.booking_id), '[]'::json) AS payments`;

export async function selectBooking(
  db: Queryable,
  bookingId: number,
  now: Date,
): Promise<BookingWithDetailsRow | undefined> {
  const [row] = await db<BookingWithDetailsRow[]>`
    SELECT ${bookingColumns(db, now)}, ${details(db)} FROM blm_bookings b WHERE b.booking_id = ${bookingId}`;
  return row;
}

/**
 * The booking row, locked until the transaction ends: lines, payments, links and status change under it only. Read
 * by a second statement once the lock is held: a locking statement that waited sees the row's new version, but its
 * subqueries (an active link) only what its snapshot held, before the holder of the lock committed.
 */
export async function lockBooking(db: Queryable, bookingId: number, now: Date): Promise<BookingRow | undefined> {
  if (!(await lockBookingRow(db, bookingId))) return undefined;
  const [row] = await db<BookingRow[]>`
    SELECT ${bookingColumns(db, now)} FROM blm_bookings b WHERE b.booking_id = ${bookingId}`;
  return row;
}

/** The booking's row lock alone (a statement of its own); false when there is no such booking. */
export async function lockBookingRow(db: Queryable, bookingId: number): Promise<boolean> {
  const locked = await db`SELECT booking_id FROM blm_bookings WHERE booking_id = ${bookingId} FOR UPDATE`;
  return locked.length === 1;
}

export interface NewBooking {
  reference: string;
  customerId: number;
  customerName: string;
  customerEmail: string | null;
  customerPhone: string | null;
  currency: string;
  depositPercent: number;
  notes: string | null;
  createdBy: number | null;
  now: Date;
}

export async function insertBooking(db: Queryable, booking: NewBooking): Promise<number> {
  const [row] = await db<{ booking_id: number }[]>`
    INSERT INTO blm_bookings (reference, customer_id, customer_name, customer_email, customer_phone, currency,
                              deposit_percent, notes, created_by, created_at, updated_at)
    VALUES (${booking.reference}, ${booking.customerId}, ${booking.customerName}, ${booking.customerEmail},
            ${booking.customerPhone}, ${booking.currency}, ${booking.depositPercent}, ${booking.notes},
            ${booking.createdBy}, ${booking.now}, ${booking.now})
    RETURNING booking_id`;
  if (!row) throw new Error('booking insert returned no row');
  return row.booking_id;
}

/** Which bookings a list shows; every filter optional. `eligible`: the spec's merge eligibility. */
export interface BookingFilter {
  status?: BookingStatus;
  customerId?: number;
  /** A LIKE pattern (reference or customer name), the e-mail exactly, the phone's digits exactly. */
  keyword?: { pattern: string; email: string; phoneDigits: string | null };
  eligible?: boolean;
}

function keywordCondition(db: Queryable, keyword: BookingFilter['keyword']): Fragment {
  if (!keyword) return db`true`;
  const phone =
    keyword.phoneDigits === null
      ? db`false`
      : db`regexp_replace(coalesce(b.customer_phone, ''), '\\D', '', 'g') = ${keyword.phoneDigits}`;
  return db`(b.reference ILIKE ${keyword.pattern} OR b.customer_name ILIKE ${keyword.pattern}
             OR lower(b.customer_email) = lower(${keyword.email}) OR ${phone})`;
}

/** Bookings newest first, without their lines. */
export function listBookings(
  db: Queryable,
  filter: BookingFilter,
  page: { limit: number; offset: number },
  now: Date,
): Promise<BookingRow[]> {
  const status = filter.status ?? null;
  const customerId = filter.customerId ?? null;
  const eligible = filter.eligible
    ? db`b.paid_amount = 0 AND b.cart_reference IS NULL
         AND ${currentStatus(db, now)} NOT IN ('COMPLETED', 'CANCELLED', 'EXPIRED')
         AND NOT EXISTS (SELECT 1 FROM blm_payment_links l WHERE l.booking_id = b.booking_id
                         AND l.status = 'ACTIVE' AND l.expires_at > ${now}::timestamptz)`
    : db`true`;
  return db<BookingRow[]>`
    SELECT ${bookingColumns(db, now)} FROM blm_bookings b
    WHERE (${status}::text IS NULL OR ${currentStatus(db, now)} = ${status})
      AND (${customerId}::int IS NULL OR b.customer_id = ${customerId})
      AND ${keywordCondition(db, filter.keyword)}
      AND ${eligible}
    ORDER BY b.created_at DESC, b.booking_id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

export async function updateStatus(
  db: Queryable,
  bookingId: number,
  status: BookingStatus,
  optionExpiresAt: Date | null,
  now: Date,
): Promise<void> {
  await db`
    UPDATE blm_bookings SET status = ${status}, option_expires_at = ${optionExpiresAt}, updated_at = ${now}
    WHERE booking_id = ${bookingId}`;
}

/** OPTION_HELD bookings whose deadline passed become EXPIRED; answers them with their cart references. */
export function expireOptions(
  db: Queryable,
  now: Date,
): Promise<{ booking_id: number; cart_reference: string | null }[]> {
  return db<{ booking_id: number; cart_reference: string | null }[]>`
    UPDATE blm_bookings SET status = 'EXPIRED', updated_at = ${now}
    WHERE status = 'OPTION_HELD' AND option_expires_at <= ${now}
    RETURNING booking_id, cart_reference`;
}

export interface NewLine {
  /** Null on a merged cart's flight line (ticketed offline by the agent). */
  productId: number | null;
  variantId: number | null;
  description: string;
  unitName: string;
  quantity: number;
  unitPrice: string;
  total: string;
  serviceDate: string | null;
  timeSlot: string;
  holdId: string | null;
  /** Null on a line another area made (blm.api.ts). */
  cartNumber: number | null;
}

/** Appends the lines after the booking's last one (the caller holds the booking's lock). */
export async function insertLines(db: Queryable, bookingId: number, lines: readonly NewLine[], now: Date) {
  if (lines.length === 0) return;
  const [last] = await db<{ last: number }[]>`
    SELECT coalesce(max(line_no), 0)::int AS last FROM blm_booking_lines WHERE booking_id = ${bookingId}`;
  const first = (last?.last ?? 0) + 1;
  const rows = lines.map((line, index) => ({
    booking_id: bookingId,
    line_no: first + index,
    product_id: line.productId,
    variant_id: line.variantId,
    description: line.description,
    unit_name: line.unitName,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    total: line.total,
    service_date: line.serviceDate,
    time_slot: line.timeSlot,
    hold_id: line.holdId,
    cart_number: line.cartNumber,
    created_at: now,
  }));
  await db`INSERT INTO blm_booking_lines ${db(rows)}`;
}

/** The booking's total becomes the sum of its lines, and its cart reference is set (under its lock). */
export async function setMergedCart(db: Queryable, bookingId: number, cartReference: string, now: Date) {
  await db`
    UPDATE blm_bookings SET cart_reference = ${cartReference}, updated_at = ${now},
      total_amount = (SELECT coalesce(sum(total), 0) FROM blm_booking_lines WHERE booking_id = ${bookingId})
    WHERE booking_id = ${bookingId}`;
}

export interface NewPayment {
  amount: string;
  method: string;
  paymentDate: string;
  reference: string | null;
  linkId: number | null;
  recordedBy: number | null;
  now: Date;
}

/** Records the payment and adds it to the booking's paid amount (under the booking's lock). */
export async function insertPayment(db: Queryable, bookingId: number, payment: NewPayment): Promise<void> {
  await db`
    INSERT INTO blm_payments (booking_id, amount, method, payment_date, reference, link_id, recorded_by, created_at)
    VALUES (${bookingId}, ${payment.amount}, ${payment.method}, ${payment.paymentDate}, ${payment.reference},
            ${payment.linkId}, ${payment.recordedBy}, ${payment.now})`;
  await db`
    UPDATE blm_bookings SET paid_amount = paid_amount + ${payment.amount}::numeric, updated_at = ${payment.now}
    WHERE booking_id = ${bookingId}`;
}

/** The booking's total becomes the sum of its lines, and its status the one given (a booking just made). */
export async function setTotalAndStatus(db: Queryable, bookingId: number, status: BookingStatus, now: Date) {
  await db`
    UPDATE blm_bookings SET status = ${status}, updated_at = ${now},
      total_amount = (SELECT coalesce(sum(total), 0) FROM blm_booking_lines WHERE booking_id = ${bookingId})
    WHERE booking_id = ${bookingId}`;
}
