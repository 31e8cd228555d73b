// SQL of the contracted inventory: hotels, hotel_rooms, hotel_meal_plans (reference rows) and
// hotel_meal_plan_costs. Plain objects out, amounts as numeric's decimal text.
import type { Queryable } from '../../../platform/database/connections.js';

export interface HotelRow {
  hotelId: number;
  name: string;
  shortName: string | null;
  shDes: string | null;
  hotelDesc: string | null;
  productId: number | null;
  direct: boolean;
  indirect: boolean;
  country: string | null;
  stars: number | null;
  infant: number;
  child: number;
  chkIn: string | null;
  chkOut: string | null;
  fees: string;
  feesDesc: string | null;
  terms: string | null;
  area: string | null;
  city: string | null;
  release: number;
  reservationContact: string | null;
  marginType: 'PERCENT' | 'ABS';
  marginValue: string;
}

/** A hotel's stored fields (amounts as decimal text), as a save writes them. */
export type HotelFields = Omit<HotelRow, 'hotelId'>;

const hotelColumns = (db: Queryable) => db`
  hotel_id AS "hotelId", name, short_name AS "shortName", sh_des AS "shDes", hotel_desc AS "hotelDesc",
  product_id AS "productId", direct, indirect, country, stars, infant, child, chk_in AS "chkIn",
  chk_out AS "chkOut", fees::text AS fees, fees_desc AS "feesDesc", terms, area, city, release,
  reservation_contact AS "reservationContact", margin_type AS "marginType", margin_value::text AS "marginValue"`;

export async function selectHotel(db: Queryable, hotelId: number): Promise<HotelRow | undefined> {
  const [row] = await db<HotelRow[]>`SELECT ${hotelColumns(db)} FROM hotels WHERE hotel_id = ${hotelId}`;
  return row;
}

export async function hotelExists(db: Queryable, hotelId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM hotels WHERE hotel_id = ${hotelId}`;
  return row !== undefined;
}

export interface HotelFilter {
  /** LIKE patterns, already escaped and lower-cased; null: no filter. */
  namePattern: string | null;
  areaPattern: string | null;
  shDes: string | null;
}

export function selectHotels(db: Queryable, filter: HotelFilter, limit: number): Promise<HotelRow[]> {
  return db<HotelRow[]>`
    SELECT ${hotelColumns(db)} FROM hotels
    WHERE (${filter.namePattern}::text IS NULL OR lower(name) LIKE ${filter.namePattern})
      AND (${filter.areaPattern}::text IS NULL OR lower(area) LIKE ${filter.areaPattern})
      AND (${filter.shDes}::text IS NULL OR lower(sh_des) = lower(${filter.shDes}))
    ORDER BY lower(name), hotel_id LIMIT ${limit}`;
}

export async function lookupHotels(
  db: Queryable,
  namePattern: string | null,
  limit: number,
): Promise<Array<[string, number]>> {
  const rows = await db<Array<{ name: string; hotelId: number }>>`
    SELECT name, hotel_id AS "hotelId" FROM hotels
    WHERE ${namePattern}::text IS NULL OR lower(name) LIKE ${namePattern}
    ORDER BY lower(name), hotel_id LIMIT ${limit}`;
  return rows.map((row) => [row.name, row.hotelId]);
}

function hotelValues(fields: HotelFields) {
  return {
    name: fields.name,
    short_name: fields.shortName,
    sh_des: fields.shDes,
    hotel_desc: fields.hotelDesc,
    product_id: fields.productId,
    direct: fields.direct,
    indirect: fields.indirect,
    country: fields.country,
    stars: fields.stars,
    infant: fields.infant,
    child: fields.child,
    chk_in: fields.chkIn,
    chk_out: fields.chkOut,
    fees: fields.fees,
    fees_desc: fields.feesDesc,
    terms: fields.terms,
    area: fields.area,
    city: fields.city,
    release: fields.release,
    reservation_contact: fields.reservationContact,
    margin_type: fields.marginType,
    margin_value: fields.marginValue,
  };
}

export async function insertHotel(db: Queryable, fields: HotelFields): Promise<number> {
  const [row] = await db<Array<{ hotelId: number }>>`
    INSERT INTO hotels ${db(hotelValues(fields))} RETURNING hotel_id AS "hotelId"`;
  if (!row) throw new Error('insert into hotels returned no row');
  return row.hotelId;
}

/** False when the hotel does not exist. */
export async function updateHotel(db: Queryable, hotelId: number, fields: HotelFields): Promise<boolean> {
  const rows = await db`
    UPDATE hotels SET ${db(hotelValues(fields))}, updated_at = now() WHERE hotel_id = ${hotelId} RETURNING 1`;
  return rows.length > 0;
}

export interface RoomRow {
  roomId: number;
  hotelId: number;
  name: string;
  roomDesc: string | null;
  maxOccupancy: number;
  maxAdults: number;
  extraBed: boolean;
  extraBedRequired: boolean;
  bedding: string | null;
  notes: string | null;
}
export type RoomFields = Omit<RoomRow, 'roomId'>;

const roomColumns = (db: Queryable) => db`
  room_id AS "roomId", hotel_id AS "hotelId", name, room_desc AS "roomDesc", max_occupancy AS "maxOccupancy",
  max_adults AS "maxAdults", extra_bed AS "extraBed", extra_bed_required AS "extraBedRequired", bedding, notes`;

export function selectRooms(db: Queryable, hotelId: number): Promise<RoomRow[]> {
  return db<RoomRow[]>`SELECT ${roomColumns(db)} FROM hotel_rooms WHERE hotel_id = ${hotelId} ORDER BY room_id`;
}

export async function selectRoom(db: Queryable, roomId: number): Promise<RoomRow | undefined> {
  const [row] = await db<RoomRow[]>`SELECT ${roomColumns(db)} FROM hotel_rooms WHERE room_id = ${roomId}`;
  return row;
}

export async function roomExists(db: Queryable, roomId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM hotel_rooms WHERE room_id = ${roomId}`;
  return row !== undefined;
}

function roomValues(fields: RoomFields) {
  return {
    hotel_id: fields.hotelId,
    name: fields.name,
    room_desc: fields.roomDesc,
    max_occupancy: fields.maxOccupancy,
    max_adults: fields.maxAdults,
    extra_bed: fields.extraBed,
    extra_bed_required: fields.extraBedRequired,
    bedding: fields.bedding,
    notes: fields.notes,
  };
}

export async function insertRoom(db: Queryable, fields: RoomFields): Promise<number> {
  const [row] = await db<Array<{ roomId: number }>>`
    INSERT INTO hotel_rooms ${db(roomValues(fields))} RETURNING room_id AS "roomId"`;
  if (!row) throw new Error('insert into hotel_rooms returned no row');
  return row.roomId;
}

/** False when the room does not exist. A room keeps its hotel: moving it would carry its calendar along. */
export async function updateRoom(db: Queryable, roomId: number, fields: RoomFields): Promise<boolean> {
  const rows = await db`UPDATE hotel_rooms SET ${db(roomValues(fields))} WHERE room_id = ${roomId} RETURNING 1`;
  return rows.length > 0;
}

export interface MealPlanRow {
  planId: number;
  plan: string;
  name: string;
  planDesc: string;
  planOrder: number;
  adultCost: string | null;
  childCost: string | null;
}

/** The reference plans, with the hotel's costs when a hotel is named (null where it has none). */
export function selectMealPlans(db: Queryable, hotelId: number | null): Promise<MealPlanRow[]> {
  return db<MealPlanRow[]>`
    SELECT p.plan_id AS "planId", p.plan, p.name, p.plan_desc AS "planDesc", p.plan_order AS "planOrder",
           c.adult_cost::text AS "adultCost", c.child_cost::text AS "childCost"
    FROM hotel_meal_plans p
    LEFT JOIN hotel_meal_plan_costs c ON c.plan_id = p.plan_id AND c.hotel_id = ${hotelId}
    ORDER BY p.plan_order`;
}

export async function upsertMealPlanCost(
  db: Queryable,
  cost: { hotelId: number; plan: string; adultCost: string; childCost: string },
): Promise<void> {
  await db`
    INSERT INTO hotel_meal_plan_costs (hotel_id, plan_id, adult_cost, child_cost)
    SELECT ${cost.hotelId}, plan_id, ${cost.adultCost}, ${cost.childCost} FROM hotel_meal_plans WHERE plan = ${cost.plan}
    ON CONFLICT (hotel_id, plan_id) DO UPDATE SET adult_cost = excluded.adult_cost, child_cost = excluded.child_cost`;
}
