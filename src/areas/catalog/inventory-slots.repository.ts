// SQL of inventory slots: a variant's capacity per date and start time, with what was sold and is held. Plain rows
// out; dates arrive as yyyy-MM-dd text.
import type { Queryable } from '../../platform/database/connections.js';

export interface SlotRow {
  slot_id: number;
  servid: number;
  slot_date: string;
  start_time: string;
  capacity: number;
  sold: number;
  held: number;
  /** Seats of holds still alive at the time asked (expired holds not yet swept do not count). */
  live_held: number;
}

/** Writes capacity for every date × start time; existing slots keep what was sold and held. */
export async function upsertSlots(
  db: Queryable,
  servid: number,
  dates: string[],
  startTimes: string[],
  capacity: number,
): Promise<number> {
  const rows = await db`
    INSERT INTO inventory_slots (servid, slot_date, start_time, capacity)
    SELECT ${servid}, d, t, ${capacity}
    FROM unnest(${dates}::date[]) AS d CROSS JOIN unnest(${startTimes}::text[]) AS t
    ON CONFLICT (servid, slot_date, start_time) DO UPDATE SET capacity = EXCLUDED.capacity
    RETURNING 1`;
  return rows.length;
}

const slotColumns = (db: Queryable, now: Date) => db`
  s.slot_id, s.servid, s.slot_date::text AS slot_date, s.start_time, s.capacity, s.sold, s.held,
  COALESCE((SELECT sum(h.quantity)::int FROM capacity_holds h
            WHERE h.slot_id = s.slot_id AND h.status = 'HELD' AND h.expires_at > ${now}), 0) AS live_held`;

export function selectSlots(
  db: Queryable,
  servid: number,
  dateFrom: string,
  dateTo: string,
  now: Date,
): Promise<SlotRow[]> {
  return db<SlotRow[]>`
    SELECT ${slotColumns(db, now)} FROM inventory_slots s
    WHERE s.servid = ${servid} AND s.slot_date BETWEEN ${dateFrom}::date AND ${dateTo}::date
    ORDER BY s.slot_date, s.start_time`;
}

export async function selectSlot(db: Queryable, slotId: number, now: Date): Promise<SlotRow | undefined> {
  const [row] = await db<SlotRow[]>`SELECT ${slotColumns(db, now)} FROM inventory_slots s WHERE s.slot_id = ${slotId}`;
  return row;
}

export async function selectSlotAt(
  db: Queryable,
  servid: number,
  date: string,
  startTime: string,
  now: Date,
): Promise<SlotRow | undefined> {
  const [row] = await db<SlotRow[]>`
    SELECT ${slotColumns(db, now)} FROM inventory_slots s
    WHERE s.servid = ${servid} AND s.slot_date = ${date}::date AND s.start_time = ${startTime}`;
  return row;
}
