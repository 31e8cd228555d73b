// SQL of a sailing's skeleton (generateSkeleton, regenerate). Each skeleton part is one
// INSERT … SELECT, run by the caller in the sailing's transaction, so a failure leaves nothing half-written.
import type { Queryable } from '../../../platform/database/connections.js';

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
