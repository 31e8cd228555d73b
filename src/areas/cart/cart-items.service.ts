// The items of the caller's cart: added priced by the catalog (a dated item holds its seats while it is in the
// cart), their quantity changed with their seats held anew, removed with their seats given back.
import { PgCode, type Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { ownerOf } from './cart-owner.js';
import { isProductLine, type PricedItem, type ProductLine, priceItem, requoteLine } from './cart-pricing.js';
import * as repo from './cart.repository.js';
import type { NewItem } from './cart.schemas.js';
import { type CartDeps, cartFor, holdUntil, releaseHolds } from './cart-shared.js';
import { letGo, supplierTicketOf } from './cart-supplier-tickets.js';

/** An added item: the cart's number for it and the client's. */
export interface AddedItem {
  itemId: number;
  cartItemId: string | null;
}

/** Which item of the caller's cart a request means: by the cart's number or by the client's. */
export type ItemRef = { itemId?: number; cartItemId?: string };

/** A duplicate cartItemId, refused naming the item. */
const duplicateOf =
  (index: number) =>
  (error: unknown): never => {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === PgCode.uniqueViolation) {
      throw new ApiError(ErrorCode.DUPLICATE, `Parameter items[${index}].cartItemId is already in the cart`);
    }
    throw error;
  };

export async function addItems(deps: CartDeps, ctx: TenantContext, items: NewItem[]): Promise<AddedItem[]> {
  const priced: PricedItem[] = [];
  for (const [index, item] of items.entries()) priced.push(await priceItem(deps, ctx, item, index));
  const [only] = priced;
  if (priced.length === 1 && only && !only.transfer) {
    // The usual add is one statement: the session's cart is there and the seats are free as counted.
    const target = { owner: ownerOf(ctx), currency: only.currency };
    const added = await repo.addLine(ctx.db, target, only.line, only.seats, ctx.now).catch(duplicateOf(0));
    if (added) return [{ itemId: added.itemId, cartItemId: only.line.cart_item_id }];
  }
  // Otherwise, in one transaction: the cart made if need be, every line or none, refusals explained.
  return withTransaction(ctx, async (tx) => {
    const cart = await cartFor(ctx, tx);
    const added: AddedItem[] = [];
    for (const [index, item] of priced.entries()) added.push(await addPricedItem(deps, ctx, tx, cart, item, index));
    return added;
  });
}

/** Adds one priced item to the locked cart, holding its seats, and its private transfer's line after it. */
async function addPricedItem(
  deps: CartDeps,
  ctx: TenantContext,
  tx: Queryable,
  cart: repo.CartRow,
  item: PricedItem,
  index: number,
): Promise<AddedItem> {
  if (item.currency !== cart.currency) {
    throw new ApiError(
      ErrorCode.INVALID_FORMAT,
      `Parameter items[${index}].productId is priced in ${item.currency}, the cart in ${cart.currency}`,
    );
  }
  const target = { cartId: cart.cart_id };
  const attempt = () => repo.addLine(tx, target, item.line, item.seats, ctx.now).catch(duplicateOf(index));
  const outcome = item.seats
    ? await deps.catalog.holdOrRefuse({ db: tx, now: ctx.now }, item.seats, attempt)
    : { held: true as const, value: await attempt() };
  if (!outcome.held) {
    throw new ApiError(ErrorCode.INVALID_STATE, `Item items[${index}] cannot be held: ${outcome.reason}`);
  }
  if (!outcome.value) throw new Error('the locked cart took no line');
  const itemId = outcome.value.itemId;
  if (item.transfer) {
    // A private transfer is priced per booking: one line of its own, following its item.
    await repo.addLine(tx, target, { ...item.transfer, parent_item_id: itemId }, undefined, ctx.now);
  }
  return { itemId, cartItemId: item.line.cart_item_id };
}

/** Removes the item of the cart's number `itemId` (and a private transfer's line following it). */
export function removeItemById(deps: CartDeps, ctx: TenantContext, itemId: number): Promise<null> {
  return removeItem(deps, ctx, (items) => items.find((i) => i.item_id === itemId));
}

/** Removes the item the client numbered `cartItemId` (and a private transfer's line following it). */
export function removeItemByClientId(deps: CartDeps, ctx: TenantContext, cartItemId: string): Promise<null> {
  return removeItem(deps, ctx, (items) => items.find((i) => i.cart_item_id === cartItemId));
}

/** Removes the item `pick` finds among the caller's cart's items, with its transfer line; seats given back. */
function removeItem(
  deps: CartDeps,
  ctx: TenantContext,
  pick: (items: repo.ItemRow[]) => repo.ItemRow | undefined,
): Promise<null> {
  return withTransaction(ctx, async (tx, afterCommit) => {
    const cart = await cartFor(ctx, tx);
    const items = await repo.selectItems(tx, cart.cart_id, ctx.now);
    const item = pick(items);
    if (!item) throw notFound('Cart item');
    const gone = items.filter((i) => i.item_id === item.item_id || i.parent_item_id === item.item_id);
    await releaseHolds(deps, ctx, tx, gone);
    // Let go even when lapsed: the row goes, so the sweep would never see it (a release is idempotent).
    const kept = supplierTicketOf(item.supplier_ticket);
    if (kept) afterCommit(() => letGo(deps.reservations, ctx, kept.reservation));
    const goneIds = gone.map((i) => i.item_id);
    await repo.deleteItems(tx, cart.cart_id, goneIds);
    return null;
  });
}

export function updateItem(deps: CartDeps, ctx: TenantContext, ref: ItemRef, quantity: number): Promise<null> {
  return withTransaction(ctx, async (tx) => {
    const cart = await cartFor(ctx, tx);
    const items = await repo.selectItems(tx, cart.cart_id, ctx.now);
    const item = findItem(items, ref);
    if (item.parent_item_id !== null) throw new ApiError(ErrorCode.INVALID_STATE, 'A transfer line follows its item');
    if (item.supplier_ticket !== null) {
      // the reservation at the supplier is for that many tickets: another number is another reservation
      throw new ApiError(ErrorCode.INVALID_STATE, "A supplier's ticket line is reserved as it is: add it again");
    }
    if (!isProductLine(item)) {
      // one line is the whole offer, priced for its passengers at the supplier
      throw new ApiError(ErrorCode.INVALID_STATE, 'A flight offer is one line for all its passengers: add it again');
    }
    if (item.hold_id) await deps.catalog.release({ db: tx, now: ctx.now }, item.hold_id);
    const holdId = await holdAnew(deps, ctx, tx, cart, item, quantity);
    await repo.updateItemQuantity(tx, cart.cart_id, item.item_id, quantity, holdId);
    return null;
  });
}

function findItem(items: repo.ItemRow[], ref: ItemRef): repo.ItemRow {
  if (ref.itemId === undefined && ref.cartItemId === undefined) throw missingParameter('itemId or cartItemId');
  const item =
    ref.itemId !== undefined
      ? items.find((i) => i.item_id === ref.itemId)
      : items.find((i) => i.cart_item_id === ref.cartItemId);
  if (!item) throw notFound('Cart item');
  return item;
}

/**
 * Holds `quantity` seats for a dated item whose old seats were given back, once the catalog's sale rules allow the
 * quantity; null for an item that takes none (an infant's line, a free-sale product's).
 */
async function holdAnew(
  deps: CartDeps,
  ctx: TenantContext,
  tx: Queryable,
  cart: repo.CartRow,
  item: ProductLine,
  quantity: number,
): Promise<string | null> {
  if (!item.book_date) return null;
  const quote = await requoteLine(deps, ctx, item, quantity);
  if (quote.kind === 'infant' || quote.freeSale) return null;
  // The old seats were given back in this transaction: if the new number is not there, nothing changes.
  const held = await deps.catalog.hold(
    { db: tx, now: ctx.now },
    {
      variantId: item.variant_id,
      date: item.book_date,
      startTime: item.time_slot,
      quantity,
      cartItem: { cartId: cart.cart_id, itemId: item.item_id },
    },
    holdUntil(ctx),
  );
  if (!held.held) throw new ApiError(ErrorCode.INVALID_STATE, `The item cannot be held: ${held.reason}`);
  return held.holdId;
}
