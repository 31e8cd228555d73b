// Capacity holds, for carts and bookings: a hold keeps seats of one inventory slot until it is sold, released or
// runs out. Other areas reach these through the catalog's index.ts.
import type { Queryable, TransactionSql } from '../../platform/database/connections.js';
import * as holds from './capacity.repository.js';
import { selectSlot, selectSlotAt } from './catalog.repository.js';

export interface HoldRequest {
  variantId: number;
  /** The tenant's calendar date, yyyy-MM-dd. */
  date: string;
  /** HH:mm for a timed slot, '' (or absent) for a whole-day one. */
  startTime?: string;
  quantity: number;
  /** What the seats are held for (a cart item, a booking line): for audits and releases. */
  reference: string;
}

export type HoldResult = { held: true; holdId: string; slotId: number } | { held: false; free: number; reason: string };

/** A database handle and the time of the request: a pool (a transaction is opened) or an open transaction. */
export interface CapacityScope {
  db: Queryable;
  now: Date;
}

function inTransaction<T>(scope: CapacityScope, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const { db } = scope;
  if ('begin' in db) return db.begin((tx: TransactionSql) => work(tx)) as Promise<T>;
  return work(db);
}

export function hold(scope: CapacityScope, request: HoldRequest, until: Date): Promise<HoldResult> {
  return inTransaction(scope, async (tx) => {
    const at = { variantId: request.variantId, date: request.date, startTime: request.startTime ?? '' };
    // The usual case is one conditional update; dead holds are swept only when the seats seem taken.
    let slotId = await holds.takeSeatsAt(tx, at, request.quantity);
    if (slotId === undefined) {
      const slot = await selectSlotAt(tx, request.variantId, request.date, at.startTime, scope.now);
      if (!slot) return { held: false, free: 0, reason: `Not available on ${request.date}` };
      await holds.expireSlotHolds(tx, slot.slot_id, scope.now);
      if (await holds.takeSeats(tx, slot.slot_id, request.quantity)) {
        slotId = slot.slot_id;
      } else {
        const now = await selectSlot(tx, slot.slot_id, scope.now);
        const free = Math.max(0, (now?.capacity ?? 0) - (now?.sold ?? 0) - (now?.live_held ?? 0));
        return { held: false, free, reason: free === 0 ? 'Sold out' : `Only ${free} places left` };
      }
    }
    const holdId = await holds.insertHold(tx, {
      slotId,
      quantity: request.quantity,
      reference: request.reference,
      expiresAt: until,
      now: scope.now,
    });
    return { held: true, holdId, slotId };
  });
}

/** Gives the seats back; false when the hold had already ended. */
export function release(scope: CapacityScope, holdId: string): Promise<boolean> {
  return holds.endHold(scope.db, holdId, 'RELEASED', scope.now);
}

/** Turns held seats into sold ones; false when the hold had already ended (released, expired or sold). */
export function convertToSale(scope: CapacityScope, holdId: string): Promise<boolean> {
  return holds.endHold(scope.db, holdId, 'SOLD', scope.now);
}

/** Sells a hold whatever became of it: a live hold normally, an ended one even past the capacity (paid orders). */
export async function sellPaidHold(
  scope: CapacityScope,
  holdId: string,
): Promise<'sold' | 'sold-over-capacity' | 'already-sold'> {
  if (await holds.endHold(scope.db, holdId, 'SOLD', scope.now)) return 'sold';
  if (await holds.sellEndedHold(scope.db, holdId, scope.now)) return 'sold-over-capacity';
  return 'already-sold';
}

/** Keeps live holds until `until`; answers the ids it extended (an expired hold is not revived). */
export function extend(scope: CapacityScope, holdIds: string[], until: Date): Promise<string[]> {
  return holdIds.length === 0 ? Promise.resolve([]) : holds.extendHolds(scope.db, holdIds, until, scope.now);
}

/** The sweeper's work for one tenant: every expired hold gives its seats back. */
export function releaseExpiredHolds(scope: CapacityScope): Promise<number> {
  return holds.expireAllHolds(scope.db, scope.now);
}
