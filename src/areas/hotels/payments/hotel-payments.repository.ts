// SQL of a hotel booking's payment, as an owner of payment links (the links are the payments area's). Lock order: the booking's row first (lockBooking), then
// its links; every move of the booking's payment status is one conditional statement, so a repeated or concurrent
// settlement moves nothing twice.
import type { Queryable } from '../../../platform/database/connections.js';

/** What taking a payment for a booking looks at: read before the gateway is asked, then again under the booking's lock. */
export interface PayableBookingRow {
  hotel_booking_id: number;
  client_reference: string;
  status: string;
  payment_status: string;
  hotel_name: string;
  currency: string;
  total_price: string;
  contact_email: string | null;
  contact_phone: string | null;
  lead_guest: string | null;
}

/** The booking as a payment looks at it (under its lock: read by a statement after the one that took it). */
export async function selectPayableBooking(db: Queryable, bookingId: number) {
  const [row] = await db<PayableBookingRow[]>`
    SELECT b.hotel_booking_id, b.client_reference, b.status, b.payment_status, b.hotel_name, b.currency,
           b.total_price::text AS total_price, b.contact_email, b.contact_phone,
           nullif(trim(concat_ws(' ', b.guests -> 0 ->> 'firstName', b.guests -> 0 ->> 'lastName')), '') AS lead_guest
    FROM hotel_bookings b WHERE b.hotel_booking_id = ${bookingId}`;
  return row;
}

/** What a payment for the booking paid for, as its payer reads it (the success page, the confirmation e-mail). */
export interface BookingSummaryRow {
  client_reference: string;
  supplier_reference: string | null;
  hotel_name: string;
  room_name: string | null;
  room_basis: string | null;
  /** yyyy-MM-dd */
  check_in: string;
  check_out: string;
  nights: number;
  rooms: number;
  lead_guest: string | null;
  contact_email: string | null;
}

export async function selectBookingSummary(db: Queryable, bookingId: number) {
  const [row] = await db<BookingSummaryRow[]>`
    SELECT b.client_reference, b.supplier_reference, b.hotel_name, b.room_name, b.room_basis,
           b.check_in::text AS check_in, b.check_out::text AS check_out, (b.check_out - b.check_in) AS nights,
           b.rooms::int AS rooms, b.contact_email,
           nullif(trim(concat_ws(' ', b.guests -> 0 ->> 'firstName', b.guests -> 0 ->> 'lastName')), '') AS lead_guest
    FROM hotel_bookings b WHERE b.hotel_booking_id = ${bookingId}`;
  return row;
}

/** The booking's row lock: the first lock of every change of its payment (the lock order above). */
export async function lockBooking(db: Queryable, bookingId: number): Promise<boolean> {
  const locked = await db`SELECT 1 FROM hotel_bookings WHERE hotel_booking_id = ${bookingId} FOR UPDATE`;
  return locked.length === 1;
}

/** The new link's reference becomes the booking's cart reference; its payment is UNPAID again (the caller checked it
 * is not PAID under the booking's lock). */
export async function takeLinkReference(db: Queryable, bookingId: number, cartReference: string, now: Date) {
  await db`
    UPDATE hotel_bookings SET cart_reference = ${cartReference}, payment_status = 'UNPAID', updated_at = ${now}
    WHERE hotel_booking_id = ${bookingId} AND payment_status <> 'PAID'`;
}

/** An unpaid page's outcome on the booking whose current link this is: CANCELLED_PAYMENT or DECLINED. */
export async function markPaymentFailed(
  db: Queryable,
  cartReference: string,
  status: 'CANCELLED_PAYMENT' | 'DECLINED',
  now: Date,
): Promise<void> {
  await db`
    UPDATE hotel_bookings SET payment_status = ${status}, updated_at = ${now}
    WHERE cart_reference = ${cartReference} AND payment_status = 'UNPAID'`;
}

export async function hotelBookingExists(db: Queryable, bookingId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`;
  return rows.length === 1;
}
