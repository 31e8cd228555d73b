// SQL of sailings (table cruises) and their ports of call (cruise_points). Cruise-point datetimes are timestamps
// without a time zone (a port's local wall-clock time), written and read as yyyy-MM-dd HH:mm text.
import type { Queryable } from '../../../platform/database/connections.js';
import { LIST_LIMIT } from '../cruise.shared.js';
import type { CruiseStatus } from './sailings.rules.js';
import type { Cruise, CruisePoint, ListCruisesRequest, WritePointRequest } from './sailings.schemas.js';

const cruiseColumns = (db: Queryable) => db`
  c.cruise_id AS "cruiseId", c.itinerary_id AS "itineraryId", c.start_date::text AS "startDate",
  (c.start_date + i.duration)::text AS "endDate", c.status, i.itinerary_code AS "itineraryCode",
  i.itinerary_name AS "itineraryName", i.ship_id AS "shipId", i.area_id AS "areaId"`;

export function listCruises(db: Queryable, f: ListCruisesRequest): Promise<Cruise[]> {
  return db<Cruise[]>`
    SELECT ${cruiseColumns(db)}
    FROM cruises c JOIN cruise_itineraries i USING (itinerary_id)
    WHERE (${f.shipId ?? null}::int IS NULL OR i.ship_id = ${f.shipId ?? null})
      AND (${f.areaId ?? null}::int IS NULL OR i.area_id = ${f.areaId ?? null})
      AND (${f.fromDate ?? null}::date IS NULL OR c.start_date >= ${f.fromDate ?? null}::date)
      AND (${f.toDate ?? null}::date IS NULL OR c.start_date <= ${f.toDate ?? null}::date)
      AND (${f.status ?? null}::text IS NULL OR c.status = ${f.status ?? null})
    ORDER BY c.start_date, c.cruise_id
    LIMIT ${LIST_LIMIT}`;
}

export async function readCruise(db: Queryable, cruiseId: number): Promise<Cruise | undefined> {
  const [found] = await db<Cruise[]>`
    SELECT ${cruiseColumns(db)} FROM cruises c JOIN cruise_itineraries i USING (itinerary_id)
    WHERE c.cruise_id = ${cruiseId}`;
  return found;
}

export interface LockedCruise {
  itineraryId: number;
  status: CruiseStatus;
  startDate: string;
  duration: number;
}

/** The sailing's state under a row lock: its moves, edits and regeneration queue on it. */
export async function lockCruise(db: Queryable, cruiseId: number): Promise<LockedCruise | undefined> {
  const [found] = await db<LockedCruise[]>`
    SELECT c.itinerary_id AS "itineraryId", c.status, c.start_date::text AS "startDate", i.duration
    FROM cruises c JOIN cruise_itineraries i USING (itinerary_id)
    WHERE c.cruise_id = ${cruiseId}
    FOR UPDATE OF c`;
  return found;
}

/** The itinerary's status under a share lock: it cannot be archived while a sailing of it is written. */
export async function itineraryStatusForShare(db: Queryable, itineraryId: number): Promise<string | undefined> {
  const [found] = await db<{ status: string }[]>`
    SELECT status FROM cruise_itineraries WHERE itinerary_id = ${itineraryId} FOR SHARE`;
  return found?.status;
}

export async function insertCruise(db: Queryable, itineraryId: number, startDate: string, now: Date): Promise<number> {
  const [row] = await db<{ cruiseId: number }[]>`
    INSERT INTO cruises (itinerary_id, start_date, created_at, updated_at)
    VALUES (${itineraryId}, ${startDate}, ${now}, ${now})
    RETURNING cruise_id AS "cruiseId"`;
  if (row === undefined) throw new Error('INSERT INTO cruises returned no row');
  return row.cruiseId;
}

export async function updateCruise(
  db: Queryable,
  cruiseId: number,
  fields: { itineraryId: number; startDate: string },
  now: Date,
): Promise<void> {
  await db`
    UPDATE cruises SET itinerary_id = ${fields.itineraryId}, start_date = ${fields.startDate}, updated_at = ${now}
    WHERE cruise_id = ${cruiseId}`;
}

export async function setCruiseStatus(db: Queryable, cruiseId: number, status: CruiseStatus, now: Date): Promise<void> {
  await db`UPDATE cruises SET status = ${status}, updated_at = ${now} WHERE cruise_id = ${cruiseId}`;
}

/** Its points and charges go with it (ON DELETE CASCADE). */
export async function deleteCruise(db: Queryable, cruiseId: number): Promise<void> {
  await db`DELETE FROM cruises WHERE cruise_id = ${cruiseId}`;
}

const pointColumns = (db: Queryable) => db`
  point_id AS "cruisePointId", cruise_id AS "cruiseId", port_id AS "cruisePortId", stop_seq AS "stopSeq",
  to_char(arrival_at, 'YYYY-MM-DD HH24:MI') AS "arrivalDatetime",
  to_char(departure_at, 'YYYY-MM-DD HH24:MI') AS "departureDatetime", description`;

export function listPoints(db: Queryable, cruiseId: number): Promise<CruisePoint[]> {
  return db<CruisePoint[]>`
    SELECT ${pointColumns(db)} FROM cruise_points WHERE cruise_id = ${cruiseId} ORDER BY stop_seq, point_id`;
}

export async function pointCruiseId(db: Queryable, pointId: number): Promise<number | undefined> {
  const [found] = await db<
    { cruiseId: number }[]
  >`SELECT cruise_id AS "cruiseId" FROM cruise_points WHERE point_id = ${pointId}`;
  return found?.cruiseId;
}

const pointRow = (input: WritePointRequest, now: Date) => ({
  cruise_id: input.cruiseId,
  port_id: input.cruisePortId,
  stop_seq: input.stopSeq,
  arrival_at: input.arrivalDatetime ?? null,
  departure_at: input.departureDatetime ?? null,
  description: input.description ?? null,
  updated_at: now,
});

export async function insertPoint(db: Queryable, input: WritePointRequest, now: Date): Promise<CruisePoint> {
  const row = { ...pointRow(input, now), created_at: now };
  const [inserted] = await db<CruisePoint[]>`INSERT INTO cruise_points ${db(row)} RETURNING ${pointColumns(db)}`;
  if (inserted === undefined) throw new Error('INSERT INTO cruise_points returned no row');
  return inserted;
}

export async function updatePoint(
  db: Queryable,
  pointId: number,
  input: WritePointRequest,
  now: Date,
): Promise<CruisePoint | undefined> {
  const [updated] = await db<CruisePoint[]>`
    UPDATE cruise_points SET ${db(pointRow(input, now))} WHERE point_id = ${pointId} RETURNING ${pointColumns(db)}`;
  return updated;
}

export async function deletePoint(db: Queryable, pointId: number): Promise<void> {
  await db`DELETE FROM cruise_points WHERE point_id = ${pointId}`;
}
