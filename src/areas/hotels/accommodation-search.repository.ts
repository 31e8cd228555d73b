// SQL of the contracted accommodation search: one set-based read of every candidate room's nights of the stay
// (hotel_room_calendar_search: market, stay date). PostgreSQL folds a room's nights with the very same rates
// (rate_key, a stored hash of them) into one run (a calendar is written a range at a time, so a month is mostly
// one to three runs) and keeps only rooms with an entry for every night, none on stop sale and every night inside
// its booking window: the pricing rules then price runs, not nights. Plain objects out: amounts as numeric's decimal text.
import type { Queryable } from '../../platform/database/connections.js';
import type { MealCost, MealPlanRef, NightRate, RateBase, RateType } from './pricing.rules.js';
import type { NightAvailability } from './accommodation-search.rules.js';

export interface CandidateQuery {
  market: string;
  checkin: string;
  checkout: string;
  nights: number;
  hotelId: number | null;
  roomId: number | null;
  /** LIKE pattern (escaped, lower case) on the hotel's area. */
  areaPattern: string | null;
  now: Date;
}

export interface CandidateNight extends NightRate, NightAvailability {}

export interface CandidateRoom {
  roomId: number;
  roomName: string;
  roomDesc: string | null;
  maxOccupancy: number;
  maxAdults: number;
  extraBed: boolean;
  extraBedRequired: boolean;
  hotel: {
    hotelId: number;
    name: string;
    stars: number | null;
    area: string | null;
    city: string | null;
    country: string | null;
    chkIn: string | null;
    chkOut: string | null;
    infant: number;
    child: number;
    fees: string;
    release: number;
    marginType: 'PERCENT' | 'ABS';
    marginValue: string;
  };
  mealCosts: Map<number, MealCost>;
  nights: CandidateNight[];
}

// A run of alike nights as the query packs it (json_build_array, in this order).
type RunTuple = [
  number,
  boolean,
  RateBase,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  RateType,
  RateType,
  RateType,
  number,
  string | null,
  boolean,
  boolean,
  number,
  number,
];

interface CandidateRow {
  roomId: number;
  roomName: string;
  roomDesc: string | null;
  maxOccupancy: number;
  maxAdults: number;
  extraBed: boolean;
  extraBedRequired: boolean;
  hotelId: number;
  hotelName: string;
  stars: number | null;
  area: string | null;
  city: string | null;
  country: string | null;
  chkIn: string | null;
  chkOut: string | null;
  infant: number;
  child: number;
  fees: string;
  release: number;
  marginType: 'PERCENT' | 'ABS';
  marginValue: string;
  mealCosts: Array<[number, string, string]> | null;
  nights: RunTuple[];
}

function toRun(t: RunTuple): CandidateNight {
  return {
    nights: t[0],
    specialDay: t[1],
    rateBase: t[2],
    baseRate: t[3],
    specDayRate: t[4],
    adultRate: t[5],
    childRate: t[6],
    extraBedRate: t[7],
    adultSdRate: t[8],
    childSdRate: t[9],
    sdRateType: t[10],
    adultRateType: t[11],
    childRateType: t[12],
    mealBase: t[13],
    mealSupplements: t[14],
    available: t[15],
    onRequest: t[16],
    mlos: t[17],
    sdmlos: t[18],
  };
}

function toCandidate(row: CandidateRow): CandidateRoom {
  const mealCosts = new Map<number, MealCost>();
  for (const [planId, adultCost, childCost] of row.mealCosts ?? []) mealCosts.set(planId, { adultCost, childCost });
  return {
    roomId: row.roomId,
    roomName: row.roomName,
    roomDesc: row.roomDesc,
    maxOccupancy: row.maxOccupancy,
    maxAdults: row.maxAdults,
    extraBed: row.extraBed,
    extraBedRequired: row.extraBedRequired,
    hotel: {
      hotelId: row.hotelId,
      name: row.hotelName,
      stars: row.stars,
      area: row.area,
      city: row.city,
      country: row.country,
      chkIn: row.chkIn,
      chkOut: row.chkOut,
      infant: row.infant,
      child: row.child,
      fees: row.fees,
      release: row.release,
      marginType: row.marginType,
      marginValue: row.marginValue,
    },
    mealCosts,
    nights: row.nights.map(toRun),
  };
}

/** The candidate rooms of a search as read at one version of the inventory. */
export interface CandidateRead {
  /** hotel_inventory_version's version the read saw. */
  version: string;
  /** When a night of the stay opens or closes for booking (the read is stale from then on); null: never. */
  validUntil: Date | null;
  rooms: CandidateRoom[];
}

type VersionedRow = { version: string; nextChange: Date | null } & (CandidateRow | NoRoomRow);
type NoRoomRow = { [K in keyof CandidateRow]: null };

function isFound(row: VersionedRow): row is { version: string; nextChange: Date | null } & CandidateRow {
  return row.roomId !== null;
}

/**
 * The rooms with a sellable calendar entry for every night of the stay, by hotel and room; their nights as runs.
 * Whatever the party: the rules fit it to each room, so one read serves every party searching that stay.
 */
export async function selectCandidateRooms(db: Queryable, query: CandidateQuery): Promise<CandidateRead> {
  // The filters asked for are written into the statement (one prepared statement per combination): with
  // `$1 IS NULL OR …` in their place, the generic plan PostgreSQL settles on was 4-5 times slower than one for the
  // values, while this one's generic plan is as fast as any.
  const none = db``;
  const rows = await db<VersionedRow[]>`
    WITH candidates AS (
      SELECT r.room_id FROM hotel_rooms r JOIN hotels h ON h.hotel_id = r.hotel_id
      WHERE h.direct
        ${query.hotelId === null ? none : db`AND h.hotel_id = ${query.hotelId}`}
        ${query.roomId === null ? none : db`AND r.room_id = ${query.roomId}`}
        ${query.areaPattern === null ? none : db`AND lower(h.area) LIKE ${query.areaPattern}`}
    ), runs AS (
      -- a room's nights priced alike (rate_key), one entry of them kept as the sample of their rates
      SELECT c.room_id, min(c.calendar_entry_id) AS sample, min(c.stay_date) AS first_night,
        count(*)::integer AS nights,
        bool_and(c.available AND (c.allotment IS NULL OR c.allotment > 0)) AS has_room,
        bool_and((c.available AND (c.allotment IS NULL OR c.allotment > 0)) OR c.on_request) AS on_request,
        max(c.mlos) AS mlos, max(c.sdmlos) AS sdmlos,
        -- outside its booking window (a bound left null: open on that side) or on stop sale
        bool_or(c.stop_sale OR coalesce(c.book_from > ${query.now} OR c.book_to < ${query.now}, false)) AS closed,
        -- when the first of these nights opens or closes for booking: the read is good until then
        min(CASE WHEN c.book_from > ${query.now} THEN c.book_from WHEN c.book_to >= ${query.now} THEN c.book_to END)
          AS next_change
      FROM hotel_room_calendar c
      WHERE c.market = ${query.market} AND c.stay_date >= ${query.checkin} AND c.stay_date < ${query.checkout}
        AND c.room_id IN (SELECT room_id FROM candidates)
      GROUP BY c.room_id, c.rate_key
    ), rooms AS (
      SELECT u.room_id, json_agg(json_build_array(u.nights, s.special_day, s.rate_base, s.base_rate::text,
          s.spec_day_rate::text, s.adult_rate::text, s.child_rate::text, s.extra_bed_rate::text,
          s.adult_sd_rate::text, s.child_sd_rate::text, s.sd_rate_type, s.adult_rate_type, s.child_rate_type,
          s.meal_base, s.meal_supplements, u.has_room, u.on_request, u.mlos, u.sdmlos) ORDER BY u.first_night) AS nights
      FROM runs u JOIN hotel_room_calendar s ON s.calendar_entry_id = u.sample
      GROUP BY u.room_id
      HAVING sum(u.nights) = ${query.nights} AND NOT bool_or(u.closed)
    ), found AS (
      SELECT r.room_id AS "roomId", r.name AS "roomName", r.room_desc AS "roomDesc",
        r.max_occupancy AS "maxOccupancy", r.max_adults AS "maxAdults", r.extra_bed AS "extraBed",
        r.extra_bed_required AS "extraBedRequired", h.hotel_id AS "hotelId", h.name AS "hotelName", h.stars, h.area,
        h.city, h.country, h.chk_in AS "chkIn", h.chk_out AS "chkOut", h.infant, h.child, h.fees::text AS fees,
        h.release, h.margin_type AS "marginType", h.margin_value::text AS "marginValue",
        (SELECT json_agg(json_build_array(m.plan_id, m.adult_cost::text, m.child_cost::text))
           FROM hotel_meal_plan_costs m WHERE m.hotel_id = h.hotel_id) AS "mealCosts",
        rooms.nights
      FROM rooms JOIN hotel_rooms r ON r.room_id = rooms.room_id JOIN hotels h ON h.hotel_id = r.hotel_id
    )
    -- one row at least: the version (read in the same snapshot as the rooms) even when no room is found
    SELECT v.version::text AS version, (SELECT min(u.next_change) FROM runs u) AS "nextChange", f.*
    FROM hotel_inventory_version v LEFT JOIN found f ON true
    ORDER BY f."hotelId", f."roomId"`;
  const rooms: CandidateRoom[] = [];
  for (const row of rows) if (isFound(row)) rooms.push(toCandidate(row));
  const first = rows[0];
  if (!first) throw new Error('hotel_inventory_version has no row');
  return { version: first.version, validUntil: first.nextChange, rooms };
}

/** The inventory's version now (a primary-key read): whether a kept read is still good. */
export async function selectInventoryVersion(db: Queryable): Promise<string> {
  const [row] = await db<Array<{ version: string }>>`SELECT version::text AS version FROM hotel_inventory_version`;
  if (!row) throw new Error('hotel_inventory_version has no row');
  return row.version;
}

/** The reference meal plans by planId. */
export async function selectPlanRefs(db: Queryable): Promise<Map<number, MealPlanRef>> {
  const rows = await db<MealPlanRef[]>`
    SELECT plan_id AS "planId", plan, plan_order AS "planOrder" FROM hotel_meal_plans`;
  return new Map(rows.map((row) => [row.planId, row]));
}
