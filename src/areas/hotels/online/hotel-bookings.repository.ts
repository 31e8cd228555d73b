// SQL of hotel bookings (table hotel_bookings): online bookings at the supplier and bookings of contracted rooms.
// Plain rows out; money as PostgreSQL's decimal text, dates as yyyy-MM-dd text. Every status move is one
// conditional statement, so a retried or concurrent move happens once.
import type { Queryable } from '../../../platform/database/connections.js';

export type HotelBookingMode = 'contracted' | 'online';
export type HotelBookingStatus = 'PENDING' | 'CONFIRMED' | 'ON_REQUEST' | 'CANCELLED' | 'FAILED';
/** CANCELLED_PAYMENT and DECLINED: the last payment page was left so (hotel payments, migration 0038). */
export type HotelPaymentStatus = 'UNPAID' | 'PAID' | 'CANCELLED_PAYMENT' | 'DECLINED';

export interface BookedGuest {
  room: number;
  title: string;
  firstName: string;
  lastName: string;
  age?: number;
}

export interface HotelBookingRow {
  hotel_booking_id: number;
  client_reference: string;
  mode: HotelBookingMode;
  status: HotelBookingStatus;
  payment_status: HotelPaymentStatus;
  cart_reference: string | null;
  supplier: string | null;
  offer_code: string | null;
  supplier_booking_code: string | null;
  supplier_reference: string | null;
  hotel_id: number | null;
  room_id: number | null;
  market: string | null;
  hotel_code: string | null;
  hotel_name: string;
  room_name: string | null;
  city_code: string | null;
  room_basis: string | null;
  check_in: string;
  check_out: string;
  rooms: number;
  adults: number;
  children: number;
  guests: BookedGuest[];
  customer_id: number | null;
  contact_email: string | null;
  contact_phone: string | null;
  currency: string;
  total_price: string;
  cost_price: string;
  cancellation_deadline: string | null;
  remarks: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
  paid_at: Date | null;
  cancelled_at: Date | null;
}

/** What a new booking row holds before the supplier answers. */
export interface NewHotelBooking {
  clientReference: string;
  mode: HotelBookingMode;
  supplier: string | null;
  offerCode: string | null;
  hotelId: number | null;
  roomId: number | null;
  market: string | null;
  hotelCode: string | null;
  hotelName: string;
  roomName: string | null;
  cityCode: string | null;
  roomBasis: string | null;
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  children: number;
  guests: BookedGuest[];
  customerId: number | null;
  contactEmail: string | null;
  contactPhone: string | null;
  currency: string;
  totalPrice: string;
  costPrice: string;
  cancellationDeadline: string | null;
  remarks: string | null;
  createdBy: number | null;
}

const columns = (db: Queryable) => db`
  hotel_booking_id, client_reference, mode, status, payment_status, cart_reference, supplier, offer_code,
  supplier_booking_code, supplier_reference, hotel_id, room_id, market, hotel_code, hotel_name, room_name, city_code,
  room_basis, check_in::text AS check_in, check_out::text AS check_out, rooms, adults, children, guests, customer_id,
  contact_email, contact_phone, currency, total_price::text AS total_price, cost_price::text AS cost_price,
  cancellation_deadline::text AS cancellation_deadline, remarks, created_by, created_at, updated_at, paid_at,
  cancelled_at`;

export async function insertPendingBooking(
  db: Queryable,
  booking: NewHotelBooking,
  now: Date,
): Promise<HotelBookingRow> {
  const b = booking;
  const [row] = await db<HotelBookingRow[]>`
    INSERT INTO hotel_bookings (client_reference, mode, supplier, offer_code, hotel_id, room_id, market, hotel_code,
      hotel_name, room_name, city_code, room_basis, check_in, check_out, rooms, adults, children, guests, customer_id,
      contact_email, contact_phone, currency, total_price, cost_price, cancellation_deadline, remarks, created_by,
      created_at, updated_at)
    VALUES (${b.clientReference}, ${b.mode}, ${b.supplier}, ${b.offerCode}, ${b.hotelId}, ${b.roomId}, ${b.market},
      ${b.hotelCode}, ${b.hotelName}, ${b.roomName}, ${b.cityCode}, ${b.roomBasis}, ${b.checkIn}::date,
      ${b.checkOut}::date, ${b.rooms}, ${b.adults}, ${b.children}, ${db.json(jsonGuests(b.guests))}, ${b.customerId},
      ${b.contactEmail}, ${b.contactPhone}, ${b.currency}, ${b.totalPrice}::numeric, ${b.costPrice}::numeric,
      ${b.cancellationDeadline}::date, ${b.remarks}, ${b.createdBy}, ${now}, ${now})
    RETURNING ${columns(db)}`;
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row;
}

// postgres.js's json() takes its own JSON value type; a guest list is plain data of that shape
function jsonGuests(guests: BookedGuest[]) {
  return guests.map((g) => ({
    room: g.room,
    title: g.title,
    firstName: g.firstName,
    lastName: g.lastName,
    ...(g.age === undefined ? {} : { age: g.age }),
  }));
}

export async function selectBooking(db: Queryable, bookingId: number): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    SELECT ${columns(db)} FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`;
  return row;
}

export async function selectBookingByCartReference(
  db: Queryable,
  cartReference: string,
): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    SELECT ${columns(db)} FROM hotel_bookings WHERE cart_reference = ${cartReference}`;
  return row;
}

/** What the supplier (or the contract) answered for a PENDING booking. */
export interface SupplierOutcome {
  status: 'CONFIRMED' | 'ON_REQUEST';
  supplierBookingCode: string | null;
  supplierReference: string | null;
  /** The supplier's price of the booking: what we pay, and (online) what the guest pays. */
  costPrice: string;
  /** Online: the price the guest pays, the supplier's; null keeps the row's. */
  totalPrice: string | null;
  /** The supplier's name of the hotel; null keeps the row's. */
  hotelName: string | null;
  cancellationDeadline: string | null;
}

/** PENDING → CONFIRMED | ON_REQUEST with the supplier's codes; undefined when the booking is no longer PENDING. */
export async function recordSupplierBooking(
  db: Queryable,
  bookingId: number,
  outcome: SupplierOutcome,
  now: Date,
): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    UPDATE hotel_bookings SET status = ${outcome.status}, supplier_booking_code = ${outcome.supplierBookingCode},
      supplier_reference = ${outcome.supplierReference}, cost_price = ${outcome.costPrice}::numeric,
      total_price = coalesce(${outcome.totalPrice}::numeric, total_price),
      hotel_name = coalesce(nullif(${outcome.hotelName}, ''), hotel_name),
      cancellation_deadline = ${outcome.cancellationDeadline}::date, updated_at = ${now}
    WHERE hotel_booking_id = ${bookingId} AND status = 'PENDING'
    RETURNING ${columns(db)}`;
  return row;
}

/** PENDING → FAILED (the supplier refused, or our side failed and the supplier booking was undone). */
export async function markFailed(db: Queryable, bookingId: number, now: Date): Promise<void> {
  await db`
    UPDATE hotel_bookings SET status = 'FAILED', updated_at = ${now}
    WHERE hotel_booking_id = ${bookingId} AND status = 'PENDING'`;
}

/** The supplier's status now (ON_REQUEST → CONFIRMED, say); a CANCELLED or FAILED booking stays as it is. */
export async function updateStatus(
  db: Queryable,
  bookingId: number,
  status: 'CONFIRMED' | 'ON_REQUEST' | 'CANCELLED',
  now: Date,
): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    UPDATE hotel_bookings SET status = ${status}, updated_at = ${now},
      cancelled_at = CASE WHEN ${status} = 'CANCELLED' THEN ${now}::timestamptz ELSE cancelled_at END
    WHERE hotel_booking_id = ${bookingId} AND status IN ('CONFIRMED', 'ON_REQUEST')
    RETURNING ${columns(db)}`;
  return row;
}

/** Sets the payment link's cart reference of an unpaid booking; undefined when it is paid or gone. */
export async function setCartReference(
  db: Queryable,
  bookingId: number,
  cartReference: string,
  now: Date,
): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    UPDATE hotel_bookings SET cart_reference = ${cartReference}, updated_at = ${now}
    WHERE hotel_booking_id = ${bookingId} AND payment_status = 'UNPAID'
    RETURNING ${columns(db)}`;
  return row;
}

/**
 * UNPAID → PAID for the booking of this cart reference, exactly once: the row when this call paid it, undefined
 * when it was paid already (a repeated callback) or no booking has that reference.
 */
export async function markPaidByCartReference(
  db: Queryable,
  cartReference: string,
  now: Date,
): Promise<HotelBookingRow | undefined> {
  const [row] = await db<HotelBookingRow[]>`
    UPDATE hotel_bookings SET payment_status = 'PAID', paid_at = ${now}, updated_at = ${now}
    WHERE cart_reference = ${cartReference} AND payment_status = 'UNPAID'
    RETURNING ${columns(db)}`;
  return row;
}
