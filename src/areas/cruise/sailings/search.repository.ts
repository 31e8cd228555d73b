// SQL of searchCruises: the tenant's cruise content version (db/tenant/0062) and one page of Active sailings.
// Each combination of filters is its own statement text (a filter absent is absent from the SQL, never
// `$n IS NULL OR …`), so each is prepared and planned once per connection. The page's sailings are chosen first,
// from cruises and itineraries only; only they are then joined to their ship, company and area and get their ports
// of call and cheapest cabin, so a page of 20 costs 20 small lookups whatever the filters match.
import type { Queryable } from '../../../platform/database/connections.js';

/** The search's filters, normalized: the start date always given (the tenant's today by default). */
export interface SearchFilter {
  from: string;
  to?: string | undefined;
  areaId?: number | undefined;
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
}

export interface FoundRow {
  /**
   * The sailing as JSON in the answer's shape (FoundCruise) up to and including portsOfCall, as PostgreSQL wrote
   * it: the service appends lowestPrice (rounded to its currency) and currency.
   */
  head: string;
  /** numeric as text: exact until the answer rounds it to the currency's minor unit. */
  lowestPrice: string | null;
  currency: string | null;
}

/**
 * The version as text (a bigint), one primary-key read; it moves on with every write the search could see. None
 * when the row is gone (never after 0062, unless removed by hand): then no answer may be kept.
 */
export async function selectContentVersion(db: Queryable): Promise<string | undefined> {
  const [row] = await db<{ version: string }[]>`
    SELECT version::text AS version FROM cruise_content_version WHERE singleton`;
  return row?.version;
}

function conditions(db: Queryable, f: SearchFilter) {
  const none = db``;
  return db`
    ${f.to === undefined ? none : db`AND c.start_date <= ${f.to}::date`}
    ${f.areaId === undefined ? none : db`AND i.area_id = ${f.areaId}::int`}
    ${f.minDuration === undefined ? none : db`AND i.duration >= ${f.minDuration}::int`}
    ${f.maxDuration === undefined ? none : db`AND i.duration <= ${f.maxDuration}::int`}`;
}

/**
 * One page of Active sailings starting in [from, to] matching the filters, earliest first (then by id: a stable
 * order, so pages neither repeat nor skip a sailing while nothing changes), in one statement.
 */
export function searchActiveCruises(
  db: Queryable,
  f: SearchFilter,
  page: { limit: number; offset: number },
): Promise<FoundRow[]> {
  return db<FoundRow[]>`
    WITH page AS (
      SELECT c.cruise_id, c.start_date, c.itinerary_id
      FROM cruises c JOIN cruise_itineraries i ON i.itinerary_id = c.itinerary_id
      WHERE c.status = 'Active' AND c.start_date >= ${f.from}::date ${conditions(db, f)}
      ORDER BY c.start_date, c.cruise_id
      LIMIT ${page.limit}::int OFFSET ${page.offset}::int
    )
    SELECT json_build_object('cruiseId', p.cruise_id, 'startDate', p.start_date::text,
      'endDate', (p.start_date + i.duration)::text, 'status', 'Active',
      'itinerary', json_build_object('itineraryId', i.itinerary_id, 'itineraryCode', i.itinerary_code,
        'itineraryName', i.itinerary_name, 'duration', i.duration, 'description', i.description,
        'imageUrl', i.image_url, 'areaId', a.area_id, 'areaCode', a.area_code, 'areaName', a.area_name),
      'ship', json_build_object('shipId', s.ship_id, 'shipCode', s.ship_code, 'shipName', s.ship_name),
      'company', json_build_object('companyId', co.company_id, 'companyCode', co.company_code,
        'companyName', co.company_name, 'color', co.color),
      'portsOfCall', coalesce(stops.list, '[]'::json))::text AS head,
      cheapest.price::text AS "lowestPrice", cheapest.currency
    FROM page p
    JOIN cruise_itineraries i ON i.itinerary_id = p.itinerary_id
    JOIN cruise_areas a ON a.area_id = i.area_id
    JOIN cruise_ships s ON s.ship_id = i.ship_id
    JOIN cruise_companies co ON co.company_id = s.company_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('stopSeq', pt.stop_seq, 'portId', po.port_id, 'portCode', po.port_code,
               'portName', po.port_name, 'country', po.country, 'imageUrl', po.image_url,
               'arrivalDatetime', to_char(pt.arrival_at, 'YYYY-MM-DD HH24:MI'),
               'departureDatetime', to_char(pt.departure_at, 'YYYY-MM-DD HH24:MI'))
             ORDER BY pt.stop_seq, pt.point_id) AS list
      FROM cruise_points pt JOIN cruise_ports po ON po.port_id = pt.port_id
      WHERE pt.cruise_id = p.cruise_id
    ) stops ON true
    LEFT JOIN LATERAL (
      SELECT ch.price, ch.currency FROM cruise_cabin_charges ch
      WHERE ch.cruise_id = p.cruise_id AND ch.available
      ORDER BY ch.price, ch.cabin_charge_id LIMIT 1
    ) cheapest ON true
    ORDER BY p.start_date, p.cruise_id`;
}
