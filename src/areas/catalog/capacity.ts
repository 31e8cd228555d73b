// Capacity holds, for carts and bookings: a hold keeps seats of one inventory slot until it is sold, released or
// runs out. Other areas reach these through the catalog's index.ts.
import type { Queryable } from '../../platform/database/connections.js';
import * as holds from './capacity.repository.js';
import type { Holder, SeatsToHold } from './capacity.repository.js';
import { selectSlot, selectSlotAt } from './inventory-slots.repository.js';

/**
 * The seats a statement of another area holds with the database function catalog_hold_seats, together with rows
 * of its own (a cart's line): see docs/tables.md, "Database functions other areas call".
 */
export type { SeatsToHold } from './capacity.repository.js';

/** A cart's item that holds seats: its cart's version follows the hold (a trigger of the cart area's). */
export interface CartItemHolder {
  cartId: string;
  /** The item's number in its cart (cart_items.item_id). */
  itemId: number;
}

interface SeatRequest {
  variantId: number;
  /** The tenant's calendar date, yyyy-MM-dd. */
  date: string;
  /** HH:mm for a timed slot, '' (or absent) for a whole-day one. */
  startTime?: string;
  quantity: number;
}

/** Seats to hold and their holder: a cart's item, or another holder (a booking line) named by a reference. */
export type HoldRequest = SeatRequest &
  ({ cartItem: CartItemHolder; reference?: never } | { reference: string; cartItem?: never });

export type HoldResult = { held: true; holdId: string; slotId: number } | HoldRefusal;

/** A database handle and the time of the request: a pool or an open transaction (every change is one statement). */
export interface CapacityScope {
  db: Queryable;
  now: Date;
}

export type HoldRefusal = { held: false; free: number; reason: string };

/**
 * Runs `attempt`, a statement holding seats with catalog_hold_seats (one round trip in the usual case). When it holds
 * nothing, the slot may be missing or its seats taken by holds that ran out: those are swept and `attempt` runs
 * once more; answers its result, or why the seats cannot be held. Every step is a statement of its own, correct
 * outside a transaction; inside one, a refusal leaves the caller free to roll back.
 */
export async function holdOrRefuse<T>(
  scope: CapacityScope,
  seats: Pick<SeatsToHold, 'variantId' | 'date' | 'startTime' | 'quantity'>,
  attempt: () => Promise<T | undefined>,
): Promise<{ held: true; value: T } | HoldRefusal> {
  const first = await attempt();
  if (first !== undefined) return { held: true, value: first };
  const slot = await selectSlotAt(scope.db, seats.variantId, seats.date, seats.startTime, scope.now);
  if (!slot) return { held: false, free: 0, reason: `Not available on ${seats.date}` };
  await holds.expireSlotHolds(scope.db, slot.slot_id, scope.now);
  const second = await attempt();
  if (second !== undefined) return { held: true, value: second };
  const now = await selectSlot(scope.db, slot.slot_id, scope.now);
  const free = Math.max(0, (now?.capacity ?? 0) - (now?.sold ?? 0) - (now?.live_held ?? 0));
  return { held: false, free, reason: free === 0 ? 'Sold out' : `Only ${free} places left` };
}

export async function hold(scope: CapacityScope, request: HoldRequest, until: Date): Promise<HoldResult> {
  const seats: SeatsToHold = {
    variantId: request.variantId,
    date: request.date,
    startTime: request.startTime ?? '',
    quantity: request.quantity,
    expiresAt: until,
    now: scope.now,
  };
  const holder: Holder = request.cartItem !== undefined ? request.cartItem : { reference: request.reference };
  const outcome = await holdOrRefuse(scope, seats, () => holds.holdSeats(scope.db, seats, holder));
  return outcome.held ? { held: true, ...outcome.value } : outcome;
}

/** Gives the seats back; false when the hold had already ended. */
export function release(scope: CapacityScope, holdId: string): Promise<boolean> {
  return holds.endHold(scope.db, holdId, 'RELEASED', scope.now);
}

/** Turns held seats into sold ones; false when the hold had already ended (released, expired or sold). */
export function convertToSale(scope: CapacityScope, holdId: string): Promise<boolean> {
  return holds.endHold(scope.db, holdId, 'SOLD', scope.now);
}

/**
 * Sells the seats of a paid order's hold: a live hold's always ('sold'); an ended one's while the slot still has them
 * free ('sold-late'), else nothing ('seats-gone': another order took them). 'already-sold': the hold was sold before,
 * to another order of the same cart (a hold is a cart item's, whichever of its orders pays).
 */
export async function sellPaidHold(
  scope: CapacityScope,
  holdId: string,
): Promise<'sold' | 'sold-late' | 'seats-gone' | 'already-sold'> {
  if (await holds.endHold(scope.db, holdId, 'SOLD', scope.now)) return 'sold';
  const late = await holds.sellEndedHold(scope.db, holdId, scope.now);
  if (late === 'sold') return 'sold-late';
  return late === 'seats-gone' ? 'seats-gone' : 'already-sold';
}

/** Keeps live holds until `until`; answers the ids it extended (an expired hold is not revived). */
export function extend(scope: CapacityScope, holdIds: string[], until: Date): Promise<string[]> {
  return holdIds.length === 0 ? Promise.resolve([]) : holds.extendHolds(scope.db, holdIds, until, scope.now);
}

/** The sweeper's work for one tenant: every expired hold gives its seats back. */
export function releaseExpiredHolds(scope: CapacityScope): Promise<number> {
  return holds.expireAllHolds(scope.db, scope.now);
}
