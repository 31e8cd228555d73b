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

/** Takes `quantity` seats of the slot if that many are free; answers whether it did. */
export async function takeSeats(db: Queryable, slotId: number, quantity: number): Promise<boolean> {
  const rows = await db`
    UPDATE inventory_slots SET held = held + ${quantity}
    WHERE slot_id = ${slotId} AND capacity - sold - held >= ${quantity}
    RETURNING 1`;
  return rows.length > 0;
}

export async function insertHold(
  db: Queryable,
  hold: { slotId: number; quantity: number; reference: string; expiresAt: Date; now: Date },
): Promise<string> {
  const [row] = await db<{ hold_id: string }[]>`
    INSERT INTO capacity_holds (slot_id, quantity, reference, expires_at, created_at, updated_at)
    VALUES (${hold.slotId}, ${hold.quantity}, ${hold.reference}, ${hold.expiresAt}, ${hold.now}, ${hold.now})
    RETURNING hold_id`;
  if (!row) throw new Error('hold insert returned no row');
  return String(row.hold_id);
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
 * Sells the seats of a hold that ended (ran out or was released) because its order was paid after all: the sale
 * is recorded even if the slot is full by now (a paid order is never lost; staff see the slot oversold).
 */
export async function sellEndedHold(db: Queryable, holdId: string, now: Date): Promise<boolean> {
  const rows = await db`
    WITH sold AS (
      UPDATE capacity_holds SET status = 'SOLD', updated_at = ${now}
      WHERE hold_id = ${holdId} AND status IN ('EXPIRED', 'RELEASED')
      RETURNING slot_id, quantity)
    UPDATE inventory_slots s SET sold = s.sold + e.quantity FROM sold e WHERE s.slot_id = e.slot_id
    RETURNING 1`;
  return rows.length > 0;
}

/**
 * Takes seats of the slot of a variant, date and start time in one statement when that many are free; answers
 * the slot's id, or undefined (no such slot, or not enough free seats as counted).
 */
export async function takeSeatsAt(
  db: Queryable,
  slot: { variantId: number; date: string; startTime: string },
  quantity: number,
): Promise<number | undefined> {
  const [row] = await db<{ slot_id: number }[]>`
    UPDATE inventory_slots SET held = held + ${quantity}
    WHERE servid = ${slot.variantId} AND slot_date = ${slot.date}::date AND start_time = ${slot.startTime}
      AND capacity - sold - held >= ${quantity}
    RETURNING slot_id`;
  return row?.slot_id;
}
