// SQL of cruise bookings, their passengers and add-ons, the charges a total is made of, and the manifest. A cabin
// of a sailing is held by the partial unique index cruise_bookings_cabin_once (bookings not cancelled): of two
// concurrent inserts the second fails, which the service answers INVALID_STATE. Lock order: the cruise booking row,
// then (createBlmPayment) the back-office counter, taken last by the BLM area.
import type { Queryable } from '../../../platform/database/connections.js';
import type { CruiseBookingStatus } from './bookings.schemas.js';

export const CABIN_ONCE = 'cruise_bookings_cabin_once';

export interface SailingRow {
  cruise_id: number;
  status: string;
  start_date: string;
  ship_id: number;
  itinerary_name: string;
}

export async function findSailing(db: Queryable, cruiseId: number): Promise<SailingRow | undefined> {
  const [row] = await db<SailingRow[]>`
    SELECT c.cruise_id, c.status, c.start_date::text AS start_date, i.ship_id, i.itinerary_name
    FROM cruises c JOIN cruise_itineraries i USING (itinerary_id) WHERE c.cruise_id = ${cruiseId}`;
  return row;
}

export interface CabinOnSailingRow {
  ship_id: number;
  cabin_code: string;
  capacity: number;
  /** null: the sailing has no charge for the cabin. */
  available: boolean | null;
  booked: boolean;
}

export async function findCabinOnSailing(db: Queryable, cruiseId: number, shipCabinId: number) {
  const [row] = await db<CabinOnSailingRow[]>`
    SELECT sc.ship_id, sc.cabin_code, sc.capacity, cc.available,
           EXISTS (SELECT 1 FROM cruise_bookings b WHERE b.cruise_id = ${cruiseId}
                   AND b.ship_cabin_id = sc.ship_cabin_id AND b.status <> 'CANCELLED') AS booked
    FROM cruise_ship_cabins sc
    LEFT JOIN cruise_cabin_charges cc ON cc.cruise_id = ${cruiseId} AND cc.ship_cabin_id = sc.ship_cabin_id
    WHERE sc.ship_cabin_id = ${shipCabinId}`;
  return row;
}

/** The sailing's charges of these types: whether each is mandatory (absent: the sailing has no such charge). */
export function chargesOfTypes(db: Queryable, cruiseId: number, chargeTypeIds: readonly number[]) {
  return db<{ charge_type_id: number; charge_type_code: string; mandatory: boolean }[]>`
    SELECT o.charge_type_id, ct.charge_type_code, o.mandatory
    FROM cruise_other_charges o JOIN cruise_charge_types ct USING (charge_type_id)
    WHERE o.cruise_id = ${cruiseId} AND o.charge_type_id = ANY(${chargeTypeIds}::int[])`;
}

export async function chargeTypesExisting(db: Queryable, chargeTypeIds: readonly number[]): Promise<number[]> {
  const rows = await db<{ charge_type_id: number }[]>`
    SELECT charge_type_id FROM cruise_charge_types WHERE charge_type_id = ANY(${chargeTypeIds}::int[])`;
  return rows.map((row) => row.charge_type_id);
}

export interface NewBooking {
  cruiseId: number;
  shipCabinId: number;
  customerId: number;
  customerName: string;
  createdBy: number | null;
  passengers: ReadonlyArray<{
    firstName: string;
    lastName: string;
    dateOfBirth: string | null;
    nationality: string | null;
    passportNumber: string | null;
  }>;
  addOns: ReadonlyArray<{ chargeTypeId: number; quantity: number }>;
  now: Date;
}

/** The booking with its passengers and add-ons; fails on CABIN_ONCE when the cabin is held already. */
export async function insertBooking(db: Queryable, booking: NewBooking): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO cruise_bookings (cruise_id, ship_cabin_id, customer_id, customer_name, status, created_by,
                                 created_at, updated_at)
    VALUES (${booking.cruiseId}, ${booking.shipCabinId}, ${booking.customerId}, ${booking.customerName}, 'HELD',
            ${booking.createdBy}, ${booking.now}, ${booking.now})
    RETURNING cruise_booking_id AS id`;
  if (!row) throw new Error('cruise booking insert returned no row');
  const passengers = booking.passengers.map((p) => ({
    cruise_booking_id: row.id,
    first_name: p.firstName,
    last_name: p.lastName,
    date_of_birth: p.dateOfBirth,
    nationality: p.nationality,
    passport_number: p.passportNumber,
  }));
  await db`INSERT INTO cruise_booking_passengers ${db(passengers)}`;
  if (booking.addOns.length > 0) {
    const addOns = booking.addOns.map((a) => ({
      cruise_booking_id: row.id,
      charge_type_id: a.chargeTypeId,
      quantity: a.quantity,
    }));
    await db`INSERT INTO cruise_booking_add_ons ${db(addOns)}`;
  }
  return row.id;
}

export interface BookingRow {
  booking_id: number;
  cruise_id: number;
  itinerary_id: number;
  itinerary_name: string;
  start_date: string;
  ship_cabin_id: number;
  cabin_code: string;
  cabin_name: string | null;
  customer_id: number;
  customer_name: string;
  status: CruiseBookingStatus;
  blm_booking_id: number | null;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
  passengers: Array<{
    passenger_id: number;
    first_name: string;
    last_name: string;
    date_of_birth: string | null;
    nationality: string | null;
    passport_number: string | null;
  }>;
  add_ons: Array<{ charge_type_id: number; charge_type_code: string; charge_type_name: string; quantity: number }>;
}

const bookingSelect = (db: Queryable) => db`
  SELECT b.cruise_booking_id AS booking_id, b.cruise_id, c.itinerary_id, i.itinerary_name,
         c.start_date::text AS start_date, b.ship_cabin_id, sc.cabin_code, sc.cabin_name, b.customer_id,
         b.customer_name, b.status, b.blm_booking_id, b.created_at, b.updated_at, b.cancelled_at,
         coalesce((SELECT json_agg(json_build_object('passenger_id', p.passenger_id, 'first_name', p.first_name,
             'last_name', p.last_name, 'date_of_birth', p.date_of_birth::text, 'nationality', p.nationality,
             'passport_number', p.passport_number) ORDER BY p.passenger_id)
           FROM cruise_booking_passengers p WHERE p.cruise_booking_id = b.cruise_booking_id), '[]'::json)
           AS passengers,
         coalesce((SELECT json_agg(json_build_object('charge_type_id', a.charge_type_id,
             'charge_type_code', ct.charge_type_code, 'charge_type_name', ct.charge_type_name,
             'quantity', a.quantity) ORDER BY ct.charge_type_code)
           FROM cruise_booking_add_ons a JOIN cruise_charge_types ct USING (charge_type_id)
           WHERE a.cruise_booking_id = b.cruise_booking_id), '[]'::json) AS add_ons
  FROM cruise_bookings b
  JOIN cruises c ON c.cruise_id = b.cruise_id
  JOIN cruise_itineraries i ON i.itinerary_id = c.itinerary_id
  JOIN cruise_ship_cabins sc ON sc.ship_cabin_id = b.ship_cabin_id`;

export async function selectBooking(db: Queryable, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await db<BookingRow[]>`${bookingSelect(db)} WHERE b.cruise_booking_id = ${bookingId}`;
  return row;
}

export function listBookings(
  db: Queryable,
  filter: { cruiseId: number | null; customerId: number | null; status: CruiseBookingStatus | null },
  page: { limit: number; offset: number },
): Promise<BookingRow[]> {
  return db<BookingRow[]>`${bookingSelect(db)}
    WHERE (${filter.cruiseId}::int IS NULL OR b.cruise_id = ${filter.cruiseId})
      AND (${filter.customerId}::int IS NULL OR b.customer_id = ${filter.customerId})
      AND (${filter.status}::text IS NULL OR b.status = ${filter.status})
    ORDER BY b.created_at DESC, b.cruise_booking_id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** The booking's row, locked until the transaction ends. */
export async function lockBooking(db: Queryable, bookingId: number) {
  const [row] = await db<
    { status: CruiseBookingStatus; blm_booking_id: number | null; customer_id: number; cruise_id: number }[]
  >`
    SELECT status, blm_booking_id, customer_id, cruise_id FROM cruise_bookings
    WHERE cruise_booking_id = ${bookingId} FOR UPDATE`;
  return row;
}

export async function setStatus(db: Queryable, bookingId: number, status: CruiseBookingStatus, now: Date) {
  await db`
    UPDATE cruise_bookings SET status = ${status}, updated_at = ${now},
      cancelled_at = CASE WHEN ${status} = 'CANCELLED' THEN ${now}::timestamptz ELSE cancelled_at END
    WHERE cruise_booking_id = ${bookingId}`;
}

export async function setBlmBooking(db: Queryable, bookingId: number, blmBookingId: number, now: Date) {
  await db`
    UPDATE cruise_bookings SET blm_booking_id = ${blmBookingId}, status = 'CONFIRMED', updated_at = ${now}
    WHERE cruise_booking_id = ${bookingId}`;
}

export interface ChargesRow {
  passengers: number;
  cabin: { description: string; price: string; currency: string } | null;
  mandatory: Array<{ chargeTypeId: number; name: string; price: string; currency: string; perPerson: boolean }>;
  addOns: Array<{ chargeTypeId: number; name: string; price: string; currency: string; quantity: number } | null>;
  start_date: string;
}

/**
 * What a booking's total is made of, as the sailing prices it now: the cabin's charge, the sailing's mandatory
 * charges (but those the booking also chose as add-ons), and each add-on's charge with its quantity.
 */
export async function chargesOfBooking(db: Queryable, bookingId: number): Promise<ChargesRow | undefined> {
  const [row] = await db<ChargesRow[]>`
    SELECT (SELECT count(*)::int FROM cruise_booking_passengers p WHERE p.cruise_booking_id = b.cruise_booking_id)
             AS passengers,
           c.start_date::text AS start_date,
           (SELECT json_build_object('description', 'Cabin ' || sc.cabin_code || coalesce(' ' || sc.cabin_name, '')
                     || ', ' || i.itinerary_name || ' from ' || c.start_date::text,
                   'price', cc.price::text, 'currency', cc.currency)
            FROM cruise_cabin_charges cc WHERE cc.cruise_id = b.cruise_id AND cc.ship_cabin_id = b.ship_cabin_id)
             AS cabin,
           coalesce((SELECT json_agg(json_build_object('chargeTypeId', o.charge_type_id, 'name', ct.charge_type_name,
                       'price', o.price::text, 'currency', o.currency, 'perPerson', o.per_person)
                     ORDER BY ct.charge_type_code)
                     FROM cruise_other_charges o JOIN cruise_charge_types ct USING (charge_type_id)
                     WHERE o.cruise_id = b.cruise_id AND o.mandatory
                       AND NOT EXISTS (SELECT 1 FROM cruise_booking_add_ons a
                                       WHERE a.cruise_booking_id = b.cruise_booking_id
                                         AND a.charge_type_id = o.charge_type_id)), '[]'::json) AS mandatory,
           coalesce((SELECT json_agg(CASE WHEN o.other_charge_id IS NULL THEN NULL ELSE
                       json_build_object('chargeTypeId', a.charge_type_id, 'name', ct.charge_type_name,
                       'price', o.price::text, 'currency', o.currency, 'quantity', a.quantity) END
                     ORDER BY ct.charge_type_code)
                     FROM cruise_booking_add_ons a JOIN cruise_charge_types ct USING (charge_type_id)
                     LEFT JOIN cruise_other_charges o ON o.cruise_id = b.cruise_id
                       AND o.charge_type_id = a.charge_type_id
                     WHERE a.cruise_booking_id = b.cruise_booking_id), '[]'::json) AS "addOns"
    FROM cruise_bookings b
    JOIN cruises c ON c.cruise_id = b.cruise_id
    JOIN cruise_itineraries i ON i.itinerary_id = c.itinerary_id
    JOIN cruise_ship_cabins sc ON sc.ship_cabin_id = b.ship_cabin_id
    WHERE b.cruise_booking_id = ${bookingId}`;
  return row;
}

export interface ManifestRow {
  cabin_code: string;
  cabin_name: string | null;
  type_name: string;
  booking_id: number;
  status: CruiseBookingStatus;
  customer_name: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  nationality: string | null;
  passport_number: string | null;
}

/** The passengers of the sailing's bookings that are not cancelled, by cabin code, then as entered. */
export function manifestRows(db: Queryable, cruiseId: number): Promise<ManifestRow[]> {
  return db<ManifestRow[]>`
    SELECT sc.cabin_code, sc.cabin_name, t.type_name, b.cruise_booking_id AS booking_id, b.status, b.customer_name,
           p.first_name, p.last_name, p.date_of_birth::text AS date_of_birth, p.nationality, p.passport_number
    FROM cruise_bookings b
    JOIN cruise_ship_cabins sc ON sc.ship_cabin_id = b.ship_cabin_id
    JOIN cruise_cabin_types t ON t.cabin_type_id = sc.cabin_type_id
    JOIN cruise_booking_passengers p ON p.cruise_booking_id = b.cruise_booking_id
    WHERE b.cruise_id = ${cruiseId} AND b.status <> 'CANCELLED'
    ORDER BY sc.cabin_code, b.cruise_booking_id, p.passenger_id`;
}

export async function sailingTitle(db: Queryable, cruiseId: number) {
  const [row] = await db<{ itinerary_code: string; itinerary_name: string; ship_name: string; start_date: string }[]>`
    SELECT i.itinerary_code, i.itinerary_name, s.ship_name, c.start_date::text AS start_date
    FROM cruises c JOIN cruise_itineraries i USING (itinerary_id) JOIN cruise_ships s ON s.ship_id = i.ship_id
    WHERE c.cruise_id = ${cruiseId}`;
  return row;
}
