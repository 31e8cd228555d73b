// SQL of hotel_room_calendar: one entry per room, market and stay date (unique), written a range at a time and
// replaced on the same key; the allotment taken and given back by bookings in one conditional statement each.
import type { Queryable } from '../../../platform/database/connections.js';

export interface CalendarRow {
  calendarEntryId: string;
  roomId: number;
  market: string;
  vendorId: number | null;
  promo: string | null;
  bookFrom: Date | null;
  bookTo: Date | null;
  stayDate: string;
  baseRate: string;
  specDayRate: string;
  adultRate: string;
  childRate: string;
  extraBedRate: string;
  adultSdRate: string;
  childSdRate: string;
  specialDay: boolean;
  sdRateType: 'ABS' | 'PCT';
  adultRateType: 'ABS' | 'PCT';
  childRateType: 'ABS' | 'PCT';
  rateBase: 'ROOM' | 'PAX';
  mealBase: number;
  mealSupplements: string | null;
  stopSale: boolean;
  available: boolean;
  onRequest: boolean;
  allotment: number | null;
  mlos: number;
  sdmlos: number;
  mlosDesc: string | null;
  notes: string | null;
}

/** What every entry of a written range shares (amounts as decimal text). */
export type CalendarFields = Omit<CalendarRow, 'calendarEntryId' | 'stayDate' | 'specialDay'>;

const columns = (db: Queryable) => db`
  calendar_entry_id::text AS "calendarEntryId", room_id AS "roomId", market, vendor_id AS "vendorId", promo,
  book_from AS "bookFrom", book_to AS "bookTo", stay_date::text AS "stayDate", base_rate::text AS "baseRate",
  spec_day_rate::text AS "specDayRate", adult_rate::text AS "adultRate", child_rate::text AS "childRate",
  extra_bed_rate::text AS "extraBedRate", adult_sd_rate::text AS "adultSdRate", child_sd_rate::text AS "childSdRate",
  special_day AS "specialDay", sd_rate_type AS "sdRateType", adult_rate_type AS "adultRateType",
  child_rate_type AS "childRateType", rate_base AS "rateBase", meal_base AS "mealBase",
  meal_supplements AS "mealSupplements", stop_sale AS "stopSale", available, on_request AS "onRequest", allotment,
  mlos, sdmlos, mlos_desc AS "mlosDesc", notes`;

/** A day written again takes every value of the new row (an upsert's update, alike for a write and a copy). */
const replacingTheDay = (db: Queryable) => db`
  ON CONFLICT (room_id, market, stay_date) DO UPDATE SET
    special_day = excluded.special_day, vendor_id = excluded.vendor_id, promo = excluded.promo,
    book_from = excluded.book_from, book_to = excluded.book_to, base_rate = excluded.base_rate,
    spec_day_rate = excluded.spec_day_rate, adult_rate = excluded.adult_rate, child_rate = excluded.child_rate,
    extra_bed_rate = excluded.extra_bed_rate, adult_sd_rate = excluded.adult_sd_rate,
    child_sd_rate = excluded.child_sd_rate, sd_rate_type = excluded.sd_rate_type,
    adult_rate_type = excluded.adult_rate_type, child_rate_type = excluded.child_rate_type,
    rate_base = excluded.rate_base, meal_base = excluded.meal_base, meal_supplements = excluded.meal_supplements,
    stop_sale = excluded.stop_sale, available = excluded.available, on_request = excluded.on_request,
    allotment = excluded.allotment, mlos = excluded.mlos, sdmlos = excluded.sdmlos, mlos_desc = excluded.mlos_desc,
    notes = excluded.notes`;

/**
 * Writes one entry per date from `from` to `to` inclusive, special on the weekdays named (MON…SUN), replacing the
 * room's entries of the same market and dates: one statement, so a range is written whole or not at all.
 */
export function upsertRange(
  db: Queryable,
  fields: CalendarFields,
  range: { from: string; to: string; specialWeekdays: readonly string[] },
): Promise<CalendarRow[]> {
  return db<CalendarRow[]>`
    INSERT INTO hotel_room_calendar (room_id, market, stay_date, special_day, vendor_id, promo, book_from, book_to,
      base_rate, spec_day_rate, adult_rate, child_rate, extra_bed_rate, adult_sd_rate, child_sd_rate, sd_rate_type,
      adult_rate_type, child_rate_type, rate_base, meal_base, meal_supplements, stop_sale, available, on_request,
      allotment, mlos, sdmlos, mlos_desc, notes)
    SELECT ${fields.roomId}, ${fields.market}, day::date, to_char(day, 'DY') = ANY(${range.specialWeekdays}::text[]),
      ${fields.vendorId}, ${fields.promo}, ${fields.bookFrom}, ${fields.bookTo}, ${fields.baseRate},
      ${fields.specDayRate}, ${fields.adultRate}, ${fields.childRate}, ${fields.extraBedRate}, ${fields.adultSdRate},
      ${fields.childSdRate}, ${fields.sdRateType}, ${fields.adultRateType}, ${fields.childRateType},
      ${fields.rateBase}, ${fields.mealBase}, ${fields.mealSupplements}, ${fields.stopSale}, ${fields.available},
      ${fields.onRequest}, ${fields.allotment}, ${fields.mlos}, ${fields.sdmlos}, ${fields.mlosDesc}, ${fields.notes}
    FROM generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS day
    ${replacingTheDay(db)}
    RETURNING ${columns(db)}`;
}

/** The entries of one room, or of every room of a hotel, in a market and stay range, by room and date. */
export function selectEntries(
  db: Queryable,
  rooms: { roomId: number | null; hotelId: number | null },
  market: string,
  range: { from: string; to: string },
): Promise<CalendarRow[]> {
  return db<CalendarRow[]>`
    SELECT ${columns(db)} FROM hotel_room_calendar c
    WHERE c.market = ${market} AND c.stay_date BETWEEN ${range.from} AND ${range.to}
      AND (${rooms.roomId}::integer IS NULL OR c.room_id = ${rooms.roomId})
      AND (${rooms.hotelId}::integer IS NULL
           OR c.room_id IN (SELECT room_id FROM hotel_rooms WHERE hotel_id = ${rooms.hotelId}))
    ORDER BY c.room_id, c.stay_date`;
}

/** Copies a room's entries of a market and range onto another room, replacing its entries of those dates. */
export async function copyEntries(
  db: Queryable,
  copy: { fromRoom: number; toRoom: number; market: string; from: string; to: string },
): Promise<number> {
  const rows = await db`
    INSERT INTO hotel_room_calendar (room_id, market, stay_date, special_day, vendor_id, promo, book_from, book_to,
      base_rate, spec_day_rate, adult_rate, child_rate, extra_bed_rate, adult_sd_rate, child_sd_rate, sd_rate_type,
      adult_rate_type, child_rate_type, rate_base, meal_base, meal_supplements, stop_sale, available, on_request,
      allotment, mlos, sdmlos, mlos_desc, notes)
    SELECT ${copy.toRoom}, market, stay_date, special_day, vendor_id, promo, book_from, book_to, base_rate,
      spec_day_rate, adult_rate, child_rate, extra_bed_rate, adult_sd_rate, child_sd_rate, sd_rate_type,
      adult_rate_type, child_rate_type, rate_base, meal_base, meal_supplements, stop_sale, available, on_request,
      allotment, mlos, sdmlos, mlos_desc, notes
    FROM hotel_room_calendar
    WHERE room_id = ${copy.fromRoom} AND market = ${copy.market} AND stay_date BETWEEN ${copy.from} AND ${copy.to}
    ${replacingTheDay(db)}
    RETURNING 1`;
  return rows.length;
}

/**
 * Takes one room of each night from `from` (inclusive) to `to` (exclusive) for a booking, all nights or none, in
 * one statement: every night must have an entry that is on sale (no stop sale, available, allotment left where it
 * is counted). Rows are locked before they are counted, so two bookings of the last room cannot both succeed
 * (READ COMMITTED re-checks a locked row's conditions). True when the nights were taken.
 */
export async function takeAllotment(
  db: Queryable,
  stay: { roomId: number; market: string; from: string; to: string },
): Promise<boolean> {
  const [row] = await db<Array<{ taken: boolean }>>`
    WITH nights AS (
      SELECT calendar_entry_id FROM hotel_room_calendar
      WHERE room_id = ${stay.roomId} AND market = ${stay.market} AND stay_date >= ${stay.from}
        AND stay_date < ${stay.to} AND NOT stop_sale AND available AND (allotment IS NULL OR allotment > 0)
      FOR UPDATE
    ), whole AS (
      SELECT count(*) = (${stay.to}::date - ${stay.from}::date) AS taken FROM nights
    ), taken AS (
      UPDATE hotel_room_calendar c SET allotment = c.allotment - 1
      FROM nights n, whole w
      WHERE w.taken AND c.calendar_entry_id = n.calendar_entry_id AND c.allotment IS NOT NULL
      RETURNING 1
    )
    SELECT taken FROM whole`;
  return row?.taken ?? false;
}

/** Gives back the room a booking took (its cancellation, or the undo of a booking that failed later). */
export async function releaseAllotment(
  db: Queryable,
  stay: { roomId: number; market: string; from: string; to: string },
): Promise<void> {
  await db`
    UPDATE hotel_room_calendar SET allotment = allotment + 1
    WHERE room_id = ${stay.roomId} AND market = ${stay.market} AND stay_date >= ${stay.from}
      AND stay_date < ${stay.to} AND allotment IS NOT NULL`;
}
