// SQL of capacity holds. Every change of `held` and `sold` is one conditional statement together with the
// hold rows it concerns, so concurrent requests can never sell a seat twice. Lock order is always holds, then
// slot, so these statements cannot deadlock each other.
import type { Queryable } from '../../platform/database/connections.js';

/** Marks the slot's dead holds EXPIRED and gives their seats back (before counting what is free). */
export async function expireSlotHolds(db: Queryable, slotId: number, now: Date): Promise<void> {
  await db`
    WITH expired AS (
      UPDATE capacity_holds SET status = 'EXPIRED', updated_at = ${now}
      WHERE slot_id = ${slotId} AND status = 'HELD' AND expires_at <= ${now}
      RETURNING quantity)
    UPDATE inventory_slots SET held = held - e.quantity
    FROM (SELECT sum(quantity)::int AS quantity FROM expired) e
    WHERE slot_id = ${slotId} AND e.quantity > 0`;
}

/** The seats a hold takes: of one slot (variant, date, start time), how many, and until when. */
export interface SeatsToHold {
  variantId: number;
  /** The tenant's calendar date, yyyy-MM-dd. */
  date: string;
  /** HH:mm for a timed slot, '' for a whole-day one. */
  startTime: string;
  quantity: number;
  expiresAt: Date;
  now: Date;
}

/** Who holds seats: a cart's item (cart_items' cart_id and item_id), or another holder named by a reference. */
export type Holder = { cartId: string; itemId: number } | { reference: string };

/**
 * Holds the seats in one statement when they are free; answers the hold, or undefined. The work is the database
 * function catalog_hold_seats (db/tenant/0011_capacity_hold_holders.sql), which other areas call from statements
 * of their own (a cart's add) instead of writing these tables.
 */
export async function holdSeats(
  db: Queryable,
  seats: SeatsToHold,
  holder: Holder,
): Promise<{ holdId: string; slotId: number } | undefined> {
  const cart = 'cartId' in holder ? holder : { cartId: null, itemId: null };
  const reference = 'reference' in holder ? holder.reference : null;
  const [row] = await db<{ hold_id: string; slot_id: number }[]>`
    SELECT hold_id::text, slot_id
    FROM catalog_hold_seats(${seats.variantId}::int, ${seats.date}::date, ${seats.startTime}::text,
      ${seats.quantity}::int, ${seats.expiresAt}::timestamptz, ${seats.now}::timestamptz,
      cart_id => ${cart.cartId}::uuid, item_id => ${cart.itemId}::int, reference => ${reference}::text)`;
  return row && { holdId: row.hold_id, slotId: row.slot_id };
}

/** Ends a live hold as RELEASED (seats back) or SOLD (seats sold); false when it was not live any more. */
export async function endHold(
  db: Queryable,
  holdId: string,
  outcome: 'RELEASED' | 'SOLD',
  now: Date,
): Promise<boolean> {
  const sold = outcome === 'SOLD';
  const rows = await db`
    WITH ended AS (
      UPDATE capacity_holds SET status = ${outcome}, updated_at = ${now}
      WHERE hold_id = ${holdId} AND status = 'HELD'
      RETURNING slot_id, quantity)
    UPDATE inventory_slots s
    SET held = s.held - e.quantity, sold = s.sold + CASE WHEN ${sold} THEN e.quantity ELSE 0 END
    FROM ended e WHERE s.slot_id = e.slot_id
    RETURNING 1`;
  return rows.length > 0;
}

/**
 * Keeps live holds at least until `until` (a payment link keeps its seats until it expires; a later, shorter
 * extension never cuts that); answers those extended.
 */
export async function extendHolds(db: Queryable, holdIds: string[], until: Date, now: Date): Promise<string[]> {
  const rows = await db<{ hold_id: string }[]>`
    UPDATE capacity_holds SET expires_at = GREATEST(expires_at, ${until}), updated_at = ${now}
    WHERE hold_id = ANY (${holdIds}::bigint[]) AND status = 'HELD' AND expires_at > ${now}
    RETURNING hold_id`;
  return rows.map((row) => String(row.hold_id));
}

/** Every dead hold of the tenant becomes EXPIRED and its seats return; answers how many holds ended. */
export async function expireAllHolds(db: Queryable, now: Date): Promise<number> {
  const [row] = await db<{ holds: number }[]>`
    WITH expired AS (
      UPDATE capacity_holds SET status = 'EXPIRED', updated_at = ${now}
      WHERE status = 'HELD' AND expires_at <= ${now}
      RETURNING slot_id, quantity),
    per_slot AS (SELECT slot_id, sum(quantity)::int AS quantity, count(*)::int AS holds FROM expired GROUP BY slot_id),
    returned AS (
      UPDATE inventory_slots s SET held = s.held - p.quantity FROM per_slot p WHERE s.slot_id = p.slot_id RETURNING 1)
    SELECT COALESCE((SELECT sum(holds)::int FROM per_slot), 0) AS holds`;
  return row?.holds ?? 0;
}

/**
 * Sells the seats of a hold that ended (ran out or was released) because its order was paid after all, if the slot
 * still has them free; answers 'sold', 'seats-gone' (the hold ended and another order took its seats: nothing is
 * sold, the slot is never oversold) or 'not-ended' (the hold is live or sold already). Holds, then slot.
 */
export async function sellEndedHold(
  db: Queryable,
  holdId: string,
  now: Date,
): Promise<'sold' | 'seats-gone' | 'not-ended'> {
  const [row] = await db<{ ended: number; sold: number }[]>`
    WITH ended AS (
      SELECT hold_id, slot_id, quantity FROM capacity_holds
      WHERE hold_id = ${holdId} AND status IN ('EXPIRED', 'RELEASED')
      FOR UPDATE),
    taken AS (
      UPDATE inventory_slots s SET sold = s.sold + e.quantity
      FROM ended e
      WHERE s.slot_id = e.slot_id AND s.capacity - s.sold - s.held >= e.quantity
      RETURNING e.hold_id),
    sold AS (
      UPDATE capacity_holds h SET status = 'SOLD', updated_at = ${now}
      FROM taken t WHERE h.hold_id = t.hold_id
      RETURNING 1)
    SELECT (SELECT count(*)::int FROM ended) AS ended, (SELECT count(*)::int FROM sold) AS sold`;
  if (!row?.ended) return 'not-ended';
  return row.sold > 0 ? 'sold' : 'seats-gone';
}
