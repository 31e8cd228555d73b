// SQL of itineraries and their template stops: their RecordTables (cruise.records.ts does the plain reads and
// writes), the facts a status move or a delete depends on, and the tree.
import type { Queryable } from '../../../platform/database/connections.js';
import { idIs, nameContains, type RecordTable } from '../cruise.records.js';
import type { ItineraryStatus } from './itineraries.rules.js';
import type * as S from './itineraries.schemas.js';

const itineraryColumns = (db: Queryable) => db`
  itinerary_id AS "itineraryId", ship_id AS "cruiseShipId", area_id AS "cruiseAreaId",
  itinerary_code AS "itineraryCode", itinerary_name AS "itineraryName", duration, description,
  image_url AS "imageUrl", status`;

export const itineraries: RecordTable<S.Itinerary, S.WriteItineraryRequest, S.ListItinerariesRequest> = {
  label: 'Itinerary',
  table: 'cruise_itineraries',
  idColumn: 'itinerary_id',
  columns: itineraryColumns,
  where: (db, f) => db`
    ${idIs(db, 'area_id', f.areaId)} AND ${idIs(db, 'ship_id', f.shipId)}
    AND (${f.minDuration ?? null}::int IS NULL OR duration >= ${f.minDuration ?? null})
    AND (${f.maxDuration ?? null}::int IS NULL OR duration <= ${f.maxDuration ?? null})
    AND ${nameContains(db, 'itinerary_name', f.name)}
    AND (${f.status ?? null}::text IS NULL OR status = ${f.status ?? null})`,
  orderBy: (db) => db`itinerary_name, itinerary_id`,
  idOf: (input) => input.itineraryId,
  row: (input) => ({
    ship_id: input.cruiseShipId,
    area_id: input.cruiseAreaId,
    itinerary_code: input.itineraryCode,
    itinerary_name: input.itineraryName,
    duration: input.duration,
    description: input.description,
    image_url: input.imageUrl,
  }),
  duplicate: (input) => `Itinerary code ${input.itineraryCode} is taken`,
};

export const templates: RecordTable<S.Template, S.WriteTemplateRequest, S.TemplateListRequest> = {
  label: 'Cruise template',
  table: 'cruise_templates',
  idColumn: 'template_id',
  columns: (db) => db`
    template_id AS "cruiseTemplateId", itinerary_id AS "itineraryId", port_id AS "cruisePortId", stop_seq AS "stopSeq",
    day_offset_arrival AS "dayOffsetArrival", day_offset_departure AS "dayOffsetDeparture",
    to_char(arrival_time, 'HH24:MI') AS "arrivalTime", to_char(departure_time, 'HH24:MI') AS "departureTime",
    description`,
  where: (db, f) => db`itinerary_id = ${f.itineraryId}`,
  orderBy: (db) => db`stop_seq, template_id`,
  idOf: (input) => input.cruiseTemplateId,
  row: (input) => ({
    itinerary_id: input.itineraryId,
    port_id: input.cruisePortId,
    stop_seq: input.stopSeq,
    day_offset_arrival: input.dayOffsetArrival,
    day_offset_departure: input.dayOffsetDeparture,
    // absent times are cleared: a stop's times are written together with its offsets
    arrival_time: input.arrivalTime ?? null,
    departure_time: input.departureTime ?? null,
    description: input.description,
  }),
  duplicate: (input) => `Stop ${input.stopSeq} of itinerary ${input.itineraryId} exists`,
};

export interface LockedItinerary {
  status: ItineraryStatus;
  duration: number;
}

/** The itinerary's status and duration under a row lock (status moves, deletes and stop writes queue on it). */
export async function lockItinerary(db: Queryable, itineraryId: number): Promise<LockedItinerary | undefined> {
  const [found] = await db<LockedItinerary[]>`
    SELECT status, duration FROM cruise_itineraries WHERE itinerary_id = ${itineraryId} FOR UPDATE`;
  return found;
}

export async function setItineraryStatus(
  db: Queryable,
  itineraryId: number,
  status: ItineraryStatus,
  now: Date,
): Promise<S.Itinerary> {
  const [updated] = await db<S.Itinerary[]>`
    UPDATE cruise_itineraries SET status = ${status}, updated_at = ${now}
    WHERE itinerary_id = ${itineraryId}
    RETURNING ${itineraryColumns(db)}`;
  if (updated === undefined) throw new Error(`itinerary ${itineraryId} vanished under its lock`);
  return updated;
}

/** Template stops, all cruises, and cruises not cancelled starting on or after `today` (a tenant date). */
export async function itineraryCounts(
  db: Queryable,
  itineraryId: number,
  today: string,
): Promise<{ templates: number; cruises: number; futureCruises: number }> {
  const [counts] = await db<{ templates: number; cruises: number; futureCruises: number }[]>`
    SELECT
      (SELECT count(*)::int FROM cruise_templates WHERE itinerary_id = ${itineraryId}) AS templates,
      (SELECT count(*)::int FROM cruises WHERE itinerary_id = ${itineraryId}) AS cruises,
      (SELECT count(*)::int FROM cruises
        WHERE itinerary_id = ${itineraryId} AND start_date >= ${today}::date AND status <> 'Cancelled') AS "futureCruises"`;
  return counts ?? { templates: 0, cruises: 0, futureCruises: 0 };
}

export interface TreeRow {
  companyId: number;
  companyCode: string;
  companyName: string;
  color: string | null;
  shipId: number | null;
  shipCode: string | null;
  shipName: string | null;
  itinerary: S.Itinerary | null;
}

/**
 * Companies, their ships and the ships' itineraries, one row per itinerary (or per ship without one, or company
 * without ships), in tree order. With an area or status filter only ships with a matching itinerary are kept.
 */
export function treeRows(db: Queryable, f: S.ItineraryTreeRequest): Promise<TreeRow[]> {
  const code = f.companyCode === undefined || f.companyCode === '' ? null : f.companyCode;
  const itineraryFiltered = f.areaId !== undefined || f.status !== undefined;
  return db<TreeRow[]>`
    SELECT c.company_id AS "companyId", c.company_code AS "companyCode", c.company_name AS "companyName", c.color,
           s.ship_id AS "shipId", s.ship_code AS "shipCode", s.ship_name AS "shipName",
           CASE WHEN i.itinerary_id IS NULL THEN NULL ELSE json_build_object(
             'itineraryId', i.itinerary_id, 'cruiseShipId', i.ship_id, 'cruiseAreaId', i.area_id,
             'itineraryCode', i.itinerary_code, 'itineraryName', i.itinerary_name, 'duration', i.duration,
             'description', i.description, 'imageUrl', i.image_url, 'status', i.status) END AS itinerary
    FROM cruise_companies c
    LEFT JOIN cruise_ships s ON s.company_id = c.company_id
    LEFT JOIN cruise_itineraries i ON i.ship_id = s.ship_id
      AND (${f.areaId ?? null}::int IS NULL OR i.area_id = ${f.areaId ?? null})
      AND (${f.status ?? null}::text IS NULL OR i.status = ${f.status ?? null})
    WHERE (${code}::text IS NULL OR c.company_code = ${code})
      AND (NOT ${itineraryFiltered} OR i.itinerary_id IS NOT NULL)
    ORDER BY c.company_name, c.company_id, s.ship_name, s.ship_id, i.itinerary_name, i.itinerary_id
    LIMIT 5000`;
}
