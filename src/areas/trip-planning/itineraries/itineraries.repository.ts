// SQL of itinerary writes. Reads the parts share are in ../trip.repository.ts.
import type { Queryable } from '../../../platform/database/connections.js';

export async function insertItinerary(
  db: Queryable,
  values: { project_id: number; itinerary_name: string; description: string | null },
  now: Date,
): Promise<number> {
  const [row] = await db<{ itinerary_id: number }[]>`
    INSERT INTO trip_itineraries ${db({ ...values, created_at: now, updated_at: now })} RETURNING itinerary_id`;
  if (!row) throw new Error('trip_itineraries insert returned nothing');
  return row.itinerary_id;
}

export async function updateItinerary(
  db: Queryable,
  itineraryId: number,
  values: { itinerary_name?: string; description?: string },
  now: Date,
): Promise<void> {
  await db`
    UPDATE trip_itineraries SET ${db({ ...values, updated_at: now })}, version = version + 1
    WHERE itinerary_id = ${itineraryId}`;
}

export async function deleteItinerary(db: Queryable, itineraryId: number): Promise<void> {
  await db`DELETE FROM trip_itineraries WHERE itinerary_id = ${itineraryId}`;
}
