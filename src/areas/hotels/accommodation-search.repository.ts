// SQL of the contracted accommodation search: one set-based read of every candidate room with its nights of the
// stay (hotel_room_calendar_search: market, stay date), grouped per room in PostgreSQL so only rooms with an entry
// for every night, none on stop sale and every night inside its booking window come back; the meal plans beside
// it. Plain objects out: the nights' amounts as numeric's decimal text, for the pricing rules.
import type { Queryable } from '../../platform/database/connections.js';
import type { MealCost, MealPlanRef, NightRate, RateBase, RateType } from './pricing.rules.js';
import type { NightAvailability } from './accommodation-search.rules.js';

export interface CandidateQuery {
  market: string;
  checkin: string;
  checkout: string;
  nights: number;
  /** Rooms taking at least this many adults (children may count as adults by age; the rules decide the rest). */
  adults: number;
  hotelId: number | null;
  roomId: number | null;
  /** LIKE pattern (escaped, lower case) on the hotel's area. */
  areaPattern: string | null;
  extraBed: boolean;
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

// A night as the query packs it (json_build_array, in this order).
type NightTuple = [
  string,
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
  number | null,
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
  nights: NightTuple[];
}

function toNight(t: NightTuple): CandidateNight {
  return {
    stayDate: t[0],
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
    allotment: t[17],
    mlos: t[18],
    sdmlos: t[19],
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
    nights: row.nights.map(toNight),
  };
}

/** The rooms with a sellable calendar entry for every night of the stay, by hotel and room. */
export async function selectCandidateRooms(db: Queryable, query: CandidateQuery): Promise<CandidateRoom[]> {
  const rows = await db<CandidateRow[]>`
    SELECT r.room_id AS "roomId", r.name AS "roomName", r.room_desc AS "roomDesc", r.max_occupancy AS "maxOccupancy",
      r.max_adults AS "maxAdults", r.extra_bed AS "extraBed", r.extra_bed_required AS "extraBedRequired",
      h.hotel_id AS "hotelId", h.name AS "hotelName", h.stars, h.area, h.city, h.country, h.chk_in AS "chkIn",
      h.chk_out AS "chkOut", h.infant, h.child, h.fees::text AS fees, h.release, h.margin_type AS "marginType",
      h.margin_value::text AS "marginValue",
      (SELECT json_agg(json_build_array(m.plan_id, m.adult_cost::text, m.child_cost::text))
         FROM hotel_meal_plan_costs m WHERE m.hotel_id = h.hotel_id) AS "mealCosts",
      json_agg(json_build_array(c.stay_date::text, c.special_day, c.rate_base, c.base_rate::text,
        c.spec_day_rate::text, c.adult_rate::text, c.child_rate::text, c.extra_bed_rate::text,
        c.adult_sd_rate::text, c.child_sd_rate::text, c.sd_rate_type, c.adult_rate_type, c.child_rate_type,
        c.meal_base, c.meal_supplements, c.available, c.on_request, c.allotment, c.mlos, c.sdmlos)
        ORDER BY c.stay_date) AS nights
    FROM hotel_room_calendar c
    JOIN hotel_rooms r ON r.room_id = c.room_id
    JOIN hotels h ON h.hotel_id = r.hotel_id
    WHERE c.market = ${query.market} AND c.stay_date >= ${query.checkin} AND c.stay_date < ${query.checkout}
      AND h.direct AND r.max_adults >= ${query.adults} AND (${!query.extraBed} OR r.extra_bed)
      AND (${query.hotelId}::integer IS NULL OR h.hotel_id = ${query.hotelId})
      AND (${query.roomId}::integer IS NULL OR r.room_id = ${query.roomId})
      AND (${query.areaPattern}::text IS NULL OR lower(h.area) LIKE ${query.areaPattern})
    GROUP BY r.room_id, h.hotel_id
    HAVING count(*) = ${query.nights} AND NOT bool_or(c.stop_sale)
      AND bool_and((c.book_from IS NULL OR c.book_from <= ${query.now})
                   AND (c.book_to IS NULL OR c.book_to >= ${query.now}))
    ORDER BY h.hotel_id, r.room_id`;
  return rows.map(toCandidate);
}

/** The reference meal plans by planId. */
export async function selectPlanRefs(db: Queryable): Promise<Map<number, MealPlanRef>> {
  const rows = await db<MealPlanRef[]>`
    SELECT plan_id AS "planId", plan, plan_order AS "planOrder" FROM hotel_meal_plans`;
  return new Map(rows.map((row) => [row.planId, row]));
}
