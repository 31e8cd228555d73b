// SQL of bulkAssign: one cabin per cabin type a ship does not have yet, its code the type's code.
import type { Queryable } from '../../../platform/database/connections.js';
import type { ShipCabin } from './master.schemas.js';

/** A row lock on the ship: concurrent bulk assignments to one ship run one after the other. */
export async function lockShip(db: Queryable, shipId: number): Promise<boolean> {
  const rows = await db`SELECT ship_id FROM cruise_ships WHERE ship_id = ${shipId} FOR UPDATE`;
  return rows.length > 0;
}

export async function existingCabinTypeIds(db: Queryable, cabinTypeIds: readonly number[]): Promise<number[]> {
  const rows = await db<{ id: number }[]>`
    SELECT cabin_type_id AS id FROM cruise_cabin_types WHERE cabin_type_id = ANY (${cabinTypeIds}::int[])`;
  return rows.map((row) => row.id);
}

/**
 * Creates a cabin of each type the ship lacks, named after the type; its code is the type's code, or
 * `<code>-<type id>` when another cabin of the ship already has that code. Answers the cabins created.
 */
export function insertMissingCabins(
  db: Queryable,
  shipId: number,
  cabinTypeIds: readonly number[],
  capacity: number,
  now: Date,
): Promise<ShipCabin[]> {
  return db<ShipCabin[]>`
    INSERT INTO cruise_ship_cabins (ship_id, cabin_type_id, cabin_code, cabin_name, capacity, created_at, updated_at)
    SELECT ${shipId}, t.cabin_type_id,
           CASE WHEN EXISTS (SELECT 1 FROM cruise_ship_cabins c WHERE c.ship_id = ${shipId} AND c.cabin_code = t.type_code)
                THEN t.type_code || '-' || t.cabin_type_id ELSE t.type_code END,
           t.type_name, ${capacity}, ${now}, ${now}
    FROM cruise_cabin_types t
    WHERE t.cabin_type_id = ANY (${cabinTypeIds}::int[])
      AND NOT EXISTS (
        SELECT 1 FROM cruise_ship_cabins c WHERE c.ship_id = ${shipId} AND c.cabin_type_id = t.cabin_type_id)
    ORDER BY t.cabin_type_id
    ON CONFLICT (ship_id, cabin_code) DO NOTHING
    RETURNING ship_cabin_id AS "shipCabinId", ship_id AS "shipId", cabin_type_id AS "cabinTypeId",
              cabin_code AS "cabinCode", cabin_name AS "cabinName", capacity, description`;
}
