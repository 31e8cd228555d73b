// SQL of the contracted accommodation search. A stay's nights come from the kept month runs
// (hotel_room_month_runs: market, month, room): one or two short rows per candidate room, sent as ONE text value
// that is a JSON array, whatever the number of rooms (rows of many columns cost the node more to take apart than
// pricing them). The rooms' and hotels' fields the search shows are read apart, only when they changed
// (fields_version): most searches are one statement that reads no calendar night. Amounts as numeric's decimal text.
import type { Queryable, Sql } from '../../../platform/database/connections.js';
import type { CandidateNight, MonthRuns } from './accommodation-search.runs.js';
import type { MealCost, MealPlanRef } from './pricing.rules.js';

export type { CandidateNight } from './accommodation-search.runs.js';

export interface CandidateQuery {
  market: string;
  checkin: string;
  checkout: string;
  hotelId: number | null;
  roomId: number | null;
  /** LIKE pattern (escaped, lower case) on the hotel's area. */
  areaPattern: string | null;
}

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

/** A candidate room without its nights: what the search shows of it and prices it by. */
export type RoomOffer = Omit<CandidateRoom, 'nights'>;

// A room's and its hotel's fields as the query packs them (json_build_array, in this order).
type RoomFields = [
  roomId: number,
  hotelId: number,
  roomName: string,
  roomDesc: string | null,
  maxOccupancy: number,
  maxAdults: number,
  extraBed: boolean,
  extraBedRequired: boolean,
  hotelName: string,
  stars: number | null,
  area: string | null,
  city: string | null,
  country: string | null,
  chkIn: string | null,
  chkOut: string | null,
  infant: number,
  child: number,
  fees: string,
  release: number,
  marginType: 'PERCENT' | 'ABS',
  marginValue: string,
  mealCosts: Array<[number, string, string]> | null,
];

function toOffer(f: RoomFields): RoomOffer {
  const mealCosts = new Map<number, MealCost>();
  for (const [planId, adultCost, childCost] of f[21] ?? []) mealCosts.set(planId, { adultCost, childCost });
  return {
    roomId: f[0],
    roomName: f[2],
    roomDesc: f[3],
    maxOccupancy: f[4],
    maxAdults: f[5],
    extraBed: f[6],
    extraBedRequired: f[7],
    hotel: {
      hotelId: f[1],
      name: f[8],
      stars: f[9],
      area: f[10],
      city: f[11],
      country: f[12],
      chkIn: f[13],
      chkOut: f[14],
      infant: f[15],
      child: f[16],
      fees: f[17],
      release: f[18],
      marginType: f[19],
      marginValue: f[20],
    },
    mealCosts,
  };
}

/** The month runs of a stay, read at one version of the inventory. */
export interface StayRuns {
  /** hotel_inventory_version's version the read saw. */
  version: string;
  /** Its fields_version: the room fields that go with these runs. */
  fieldsVersion: string;
  /** [roomId, one month's rates and runs], by room then month. */
  months: Array<[number, MonthRuns]>;
}

/** The candidate rooms' month runs over the stay (filters of the query on hotels and rooms applied). */
export async function selectStayRuns(db: Queryable, query: CandidateQuery): Promise<StayRuns> {
  // The filters asked for are written into the statement (one prepared statement per combination): with
  // `$1 IS NULL OR …` in their place, the generic plan PostgreSQL settles on was 4-5 times slower than one for the
  // values, while this one's generic plan is as fast as any.
  const none = db``;
  const [row] = await db<Array<{ version: string; fieldsVersion: string; months: string | null }>>`
    SELECT v.version::text AS version, v.fields_version::text AS "fieldsVersion",
      (SELECT '[' || string_agg('[' || m.room_id || ',' || m.runs || ']', ',' ORDER BY m.room_id, m.month) || ']'
       FROM hotel_room_month_runs m
       WHERE m.market = ${query.market} AND m.month >= date_trunc('month', ${query.checkin}::date)::date
         AND m.month < ${query.checkout}::date
         AND m.room_id IN (
           SELECT r.room_id FROM hotel_rooms r JOIN hotels h ON h.hotel_id = r.hotel_id
           WHERE h.direct
             ${query.hotelId === null ? none : db`AND h.hotel_id = ${query.hotelId}`}
             ${query.roomId === null ? none : db`AND r.room_id = ${query.roomId}`}
             ${query.areaPattern === null ? none : db`AND lower(h.area) LIKE ${query.areaPattern}`})) AS months
    FROM hotel_inventory_version v`;
  if (!row) throw new Error('hotel_inventory_version has no row');
  const months = row.months === null ? [] : (JSON.parse(row.months) as StayRuns['months']);
  return { version: row.version, fieldsVersion: row.fieldsVersion, months };
}

/** The fields of every room of a direct (contracted) hotel, at one fields_version. */
export interface RoomOffers {
  fieldsVersion: string;
  byRoom: Map<number, RoomOffer>;
}

export async function selectRoomOffers(db: Queryable): Promise<RoomOffers> {
  const [row] = await db<Array<{ fieldsVersion: string; rooms: RoomFields[] | null }>>`
    SELECT v.fields_version::text AS "fieldsVersion",
      (SELECT json_agg(json_build_array(r.room_id, h.hotel_id, r.name, r.room_desc, r.max_occupancy, r.max_adults,
          r.extra_bed, r.extra_bed_required, h.name, h.stars, h.area, h.city, h.country, h.chk_in, h.chk_out,
          h.infant, h.child, h.fees::text, h.release, h.margin_type, h.margin_value::text,
          (SELECT json_agg(json_build_array(m.plan_id, m.adult_cost::text, m.child_cost::text))
             FROM hotel_meal_plan_costs m WHERE m.hotel_id = h.hotel_id)))
       FROM hotel_rooms r JOIN hotels h ON h.hotel_id = r.hotel_id WHERE h.direct) AS rooms
    FROM hotel_inventory_version v`;
  if (!row) throw new Error('hotel_inventory_version has no row');
  const byRoom = new Map<number, RoomOffer>();
  for (const fields of row.rooms ?? []) byRoom.set(fields[0], toOffer(fields));
  return { fieldsVersion: row.fieldsVersion, byRoom };
}

/** Both reads in one snapshot: runs and the fields that go with them (when the kept fields are not those). */
export function selectStayRunsWithOffers(
  db: Sql,
  query: CandidateQuery,
): Promise<{ runs: StayRuns; offers: RoomOffers }> {
  return db.begin('isolation level repeatable read read only', async (tx) => ({
    runs: await selectStayRuns(tx, query),
    offers: await selectRoomOffers(tx),
  })) as Promise<{ runs: StayRuns; offers: RoomOffers }>;
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
