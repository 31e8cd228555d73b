// SQL of a sailing's skeleton (generateSkeleton, regenerate) and of searchCruises. Each skeleton part is one
// INSERT … SELECT, run by the caller in the sailing's transaction, so a failure leaves nothing half-written.
import type { Queryable } from '../../../platform/database/connections.js';
import { SEARCH_LIMIT } from './sailings.rules.js';
import type { SearchCruisesRequest } from './sailings.schemas.js';

/**
 * Replaces the sailing's ports of call with its itinerary's template stops: each datetime is the start date plus
 * the stop's day offset at the stop's local time (none when the stop has no time). Answers how many were made.
 */
export async function replacePointsFromTemplates(db: Queryable, cruiseId: number, now: Date): Promise<number> {
  await db`DELETE FROM cruise_points WHERE cruise_id = ${cruiseId}`;
  const made = await db`
    INSERT INTO cruise_points (cruise_id, port_id, stop_seq, arrival_at, departure_at, description, created_at, updated_at)
    SELECT c.cruise_id, t.port_id, t.stop_seq,
           (c.start_date + t.day_offset_arrival) + t.arrival_time,
           (c.start_date + t.day_offset_departure) + t.departure_time,
           t.description, ${now}, ${now}
    FROM cruises c JOIN cruise_templates t ON t.itinerary_id = c.itinerary_id
    WHERE c.cruise_id = ${cruiseId}
    RETURNING 1`;
  return made.length;
}

/**
 * A cabin charge for each cabin of the itinerary's ship the sailing has none for: the itinerary's cabin price
 * template, or, for a cabin without one, price 0 in `currency` and not available (it cannot be sold until priced).
 */
export async function addCabinCharges(db: Queryable, cruiseId: number, currency: string, now: Date): Promise<void> {
  await db`
    INSERT INTO cruise_cabin_charges (cruise_id, ship_cabin_id, price, currency, available, created_at, updated_at)
    SELECT c.cruise_id, sc.ship_cabin_id, coalesce(p.price, 0), coalesce(p.currency, ${currency}),
           coalesce(p.available, false), ${now}, ${now}
    FROM cruises c
    JOIN cruise_itineraries i ON i.itinerary_id = c.itinerary_id
    JOIN cruise_ship_cabins sc ON sc.ship_id = i.ship_id
    LEFT JOIN cruise_cabin_price_templates p ON p.itinerary_id = i.itinerary_id AND p.ship_cabin_id = sc.ship_cabin_id
    WHERE c.cruise_id = ${cruiseId}
    ORDER BY sc.ship_cabin_id
    ON CONFLICT (cruise_id, ship_cabin_id) DO NOTHING`;
}

/** The itinerary's other-charge templates the sailing has no charge of that type for. */
export async function addOtherCharges(db: Queryable, cruiseId: number, now: Date): Promise<void> {
  await db`
    INSERT INTO cruise_other_charges
      (cruise_id, charge_type_id, price, currency, per_person, mandatory, created_at, updated_at)
    SELECT c.cruise_id, o.charge_type_id, o.price, o.currency, o.per_person, o.mandatory, ${now}, ${now}
    FROM cruises c JOIN cruise_other_charge_templates o ON o.itinerary_id = c.itinerary_id
    WHERE c.cruise_id = ${cruiseId}
    ORDER BY o.charge_type_id
    ON CONFLICT (cruise_id, charge_type_id) DO NOTHING`;
}

export interface FoundRow {
  cruiseId: number;
  startDate: string;
  endDate: string;
  itinerary: {
    itineraryId: number;
    itineraryCode: string;
    itineraryName: string;
    duration: number;
    description: string | null;
    imageUrl: string | null;
    areaId: number;
    areaCode: string;
    areaName: string;
  };
  ship: { shipId: number; shipCode: string; shipName: string };
  company: { companyId: number; companyCode: string; companyName: string; color: string | null };
  portsOfCall: Array<{
    stopSeq: number;
    portId: number;
    portCode: string;
    portName: string;
    country: string | null;
    imageUrl: string | null;
    arrivalDatetime: string | null;
    departureDatetime: string | null;
  }>;
  /** numeric as text: exact until the answer rounds it to the currency's minor unit. */
  lowestPrice: string | null;
  currency: string | null;
}

/**
 * Active sailings starting in [from, to] with their itinerary, ship, company, ports of call and lowest available
 * cabin charge, earliest first, in one statement (per-sailing parts are LATERAL subqueries, no query per row).
 */
export function searchActiveCruises(db: Queryable, f: SearchCruisesRequest, from: string): Promise<FoundRow[]> {
  return db<FoundRow[]>`
    SELECT c.cruise_id AS "cruiseId", c.start_date::text AS "startDate", (c.start_date + i.duration)::text AS "endDate",
      json_build_object('itineraryId', i.itinerary_id, 'itineraryCode', i.itinerary_code,
        'itineraryName', i.itinerary_name, 'duration', i.duration, 'description', i.description,
        'imageUrl', i.image_url, 'areaId', a.area_id, 'areaCode', a.area_code, 'areaName', a.area_name) AS itinerary,
      json_build_object('shipId', s.ship_id, 'shipCode', s.ship_code, 'shipName', s.ship_name) AS ship,
      json_build_object('companyId', co.company_id, 'companyCode', co.company_code,
        'companyName', co.company_name, 'color', co.color) AS company,
      coalesce(stops.list, '[]'::json) AS "portsOfCall",
      cheapest.price::text AS "lowestPrice", cheapest.currency
    FROM cruises c
    JOIN cruise_itineraries i ON i.itinerary_id = c.itinerary_id
    JOIN cruise_areas a ON a.area_id = i.area_id
    JOIN cruise_ships s ON s.ship_id = i.ship_id
    JOIN cruise_companies co ON co.company_id = s.company_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('stopSeq', p.stop_seq, 'portId', po.port_id, 'portCode', po.port_code,
               'portName', po.port_name, 'country', po.country, 'imageUrl', po.image_url,
               'arrivalDatetime', to_char(p.arrival_at, 'YYYY-MM-DD HH24:MI'),
               'departureDatetime', to_char(p.departure_at, 'YYYY-MM-DD HH24:MI'))
             ORDER BY p.stop_seq, p.point_id) AS list
      FROM cruise_points p JOIN cruise_ports po ON po.port_id = p.port_id
      WHERE p.cruise_id = c.cruise_id
    ) stops ON true
    LEFT JOIN LATERAL (
      SELECT ch.price, ch.currency FROM cruise_cabin_charges ch
      WHERE ch.cruise_id = c.cruise_id AND ch.available
      ORDER BY ch.price, ch.cabin_charge_id LIMIT 1
    ) cheapest ON true
    WHERE c.status = 'Active'
      AND c.start_date >= ${from}::date
      AND (${f.dateRangeEnd ?? null}::date IS NULL OR c.start_date <= ${f.dateRangeEnd ?? null}::date)
      AND (${f.areaId ?? null}::int IS NULL OR i.area_id = ${f.areaId ?? null})
      AND (${f.minDuration ?? null}::int IS NULL OR i.duration >= ${f.minDuration ?? null})
      AND (${f.maxDuration ?? null}::int IS NULL OR i.duration <= ${f.maxDuration ?? null})
    ORDER BY c.start_date, c.cruise_id
    LIMIT ${SEARCH_LIMIT}`;
}
