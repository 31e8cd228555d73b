// SQL of component writes. Reads the parts share are in ../trip.repository.ts.
import type { Queryable } from '../../../platform/database/connections.js';
import type { ComponentRow } from '../trip.repository.js';

/** A component to write: a row as read, less its id, with what the supplier answered when it was priced. */
export type NewComponent = Omit<ComponentRow, 'component_id'> & { supplier_offer: unknown };

export async function insertComponent(db: Queryable, c: NewComponent, now: Date): Promise<number> {
  const offer = c.supplier_offer === undefined || c.supplier_offer === null ? null : JSON.stringify(c.supplier_offer);
  const [row] = await db<{ component_id: number }[]>`
    INSERT INTO trip_components (itinerary_id, component_type, day_number, description, cost_price, supplier_cost,
      override_reason, currency, margin_type, margin_value, selling_price, details, supplier_offer, created_at,
      updated_at)
    VALUES (${c.itinerary_id}, ${c.component_type}, ${c.day_number}, ${c.description}, ${c.cost_price},
      ${c.supplier_cost}, ${c.override_reason}, ${c.currency}, ${c.margin_type}, ${c.margin_value},
      ${c.selling_price}, ${JSON.stringify(c.details)}::text::jsonb, ${offer}::text::jsonb, ${now}, ${now})
    RETURNING component_id`;
  if (!row) throw new Error('trip_components insert returned nothing');
  await bumpVersion(db, c.itinerary_id, now);
  return row.component_id;
}

export async function deleteComponent(db: Queryable, componentId: number, now: Date): Promise<void> {
  const [row] = await db<{ itinerary_id: number }[]>`
    DELETE FROM trip_components WHERE component_id = ${componentId} RETURNING itinerary_id`;
  if (row) await bumpVersion(db, row.itinerary_id, now);
}

/** Its components changed: the itinerary's version moves on (kept itinerary/get answers are stale). */
async function bumpVersion(db: Queryable, itineraryId: number, now: Date): Promise<void> {
  await db`UPDATE trip_itineraries SET version = version + 1, updated_at = ${now} WHERE itinerary_id = ${itineraryId}`;
}
