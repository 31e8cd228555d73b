// SQL of the payment links of hotel bookings (hotel_payment_links, migration 0038) and of the booking's payment
// status they move. Lock order: the booking's row first (lockBooking), then its links; every move of a link
// or of the booking's payment status is one conditional statement, so a repeated or concurrent callback moves
// nothing twice.
import type { NewPaymentLink } from '../../integrations/payment-gateway/links/index.js';
import type { Queryable } from '../../platform/database/connections.js';

export type LinkStatus = 'ACTIVE' | 'PAID' | 'CANCELLED_PAYMENT' | 'DECLINED' | 'EXPIRED';

export interface LinkRow {
  link_id: number;
  hotel_booking_id: number;
  cart_reference: string;
  gateway_order_ref: string;
  payment_url: string;
  amount: string;
  currency: string;
  status: LinkStatus;
  callback_token_hash: Buffer;
  expires_at: Date;
}

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
  active_links: number;
}

/**
 * The booking and its active links as of now. Under the booking's lock, read it in a statement after the one that
 * took the lock: a statement that waited for a lock reads other tables (the links) as they were when it began.
 */
export async function selectPayableBooking(db: Queryable, bookingId: number, now: Date) {
  const [row] = await db<PayableBookingRow[]>`
    SELECT b.hotel_booking_id, b.client_reference, b.status, b.payment_status, b.hotel_name, b.currency,
           b.total_price::text AS total_price, b.contact_email, b.contact_phone,
           nullif(trim(concat_ws(' ', b.guests -> 0 ->> 'firstName', b.guests -> 0 ->> 'lastName')), '') AS lead_guest,
           (SELECT count(*)::int FROM hotel_payment_links l
            WHERE l.hotel_booking_id = b.hotel_booking_id AND l.status = 'ACTIVE' AND l.expires_at > ${now})
             AS active_links
    FROM hotel_bookings b WHERE b.hotel_booking_id = ${bookingId}`;
  return row;
}

/** The booking's row lock: the first lock of every change of its payment (the lock order above). */
export async function lockBooking(db: Queryable, bookingId: number): Promise<void> {
  await db`SELECT 1 FROM hotel_bookings WHERE hotel_booking_id = ${bookingId} FOR UPDATE`;
}

/** ACTIVE links of the booking past their expiry become EXPIRED, so the booking may get a new one. */
export async function expireLinks(db: Queryable, bookingId: number, now: Date): Promise<void> {
  await db`
    UPDATE hotel_payment_links SET status = 'EXPIRED', settled_at = ${now}
    WHERE hotel_booking_id = ${bookingId} AND status = 'ACTIVE' AND expires_at <= ${now}`;
}

/** A hotel link is named by its cart reference, and notes who made it. */
export interface NewLink extends Omit<NewPaymentLink, 'linkReference'> {
  bookingId: number;
  cartReference: string;
  createdBy: number | null;
}

/** The link, and the booking's current cart reference; its payment is UNPAID again (the caller checked it is not
 * PAID under the booking's lock). */
export async function insertLink(db: Queryable, link: NewLink): Promise<void> {
  await db`
    INSERT INTO hotel_payment_links (hotel_booking_id, cart_reference, gateway_order_ref, payment_url, amount, currency,
                                     callback_token_hash, expires_at, created_at, created_by)
    VALUES (${link.bookingId}, ${link.cartReference}, ${link.gatewayOrderRef}, ${link.paymentUrl},
            ${link.amount}::numeric, ${link.currency}, ${link.callbackTokenHash}, ${link.expiresAt}, ${link.now},
            ${link.createdBy})`;
  await db`
    UPDATE hotel_bookings SET cart_reference = ${link.cartReference}, payment_status = 'UNPAID', updated_at = ${link.now}
    WHERE hotel_booking_id = ${link.bookingId} AND payment_status <> 'PAID'`;
}

const LINK_COLUMNS = `
  link_id, hotel_booking_id, cart_reference, gateway_order_ref, payment_url, amount::text AS amount, currency, status,
  callback_token_hash, expires_at`;

export async function selectLinkByReference(db: Queryable, cartReference: string): Promise<LinkRow | undefined> {
  const [row] = await db<LinkRow[]>`
    SELECT ${db.unsafe(LINK_COLUMNS)} FROM hotel_payment_links WHERE cart_reference = ${cartReference}`;
  return row;
}

/**
 * The link takes the gateway's outcome once: from ACTIVE, or from EXPIRED for a payment the gateway took after our
 * expiry (the money is there: it is recorded). False when it was settled already.
 */
export async function settleLink(db: Queryable, linkId: number, status: LinkStatus, now: Date): Promise<boolean> {
  const rows = await db`
    UPDATE hotel_payment_links SET status = ${status}, settled_at = ${now}
    WHERE link_id = ${linkId}
      AND (status = 'ACTIVE' OR (status = 'EXPIRED' AND ${status} = 'PAID'))
    RETURNING link_id`;
  return rows.length === 1;
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

/** The booking's lead guest, for the payer's page (shown only with the link's `t`). */
export async function selectLeadGuest(db: Queryable, bookingId: number): Promise<string | null> {
  const [row] = await db<{ lead_guest: string | null }[]>`
    SELECT nullif(trim(concat_ws(' ', guests -> 0 ->> 'firstName', guests -> 0 ->> 'lastName')), '') AS lead_guest
    FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`;
  return row?.lead_guest ?? null;
}

export async function hotelBookingExists(db: Queryable, bookingId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`;
  return rows.length === 1;
}

/** ACTIVE links to ask the gateway about: made at least a minute ago (the payer may still be on the page) and not
 * expired a day ago; the oldest first, a batch per round. */
export function selectOpenLinks(db: Queryable, now: Date, limit = 100): Promise<LinkRow[]> {
  return db<LinkRow[]>`
    SELECT ${db.unsafe(LINK_COLUMNS)} FROM hotel_payment_links
    WHERE status = 'ACTIVE' AND created_at <= ${now}::timestamptz - interval '1 minute'
      AND expires_at > ${now}::timestamptz - interval '1 day'
    ORDER BY created_at, link_id
    LIMIT ${limit}`;
}
