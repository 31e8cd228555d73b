// Carts: a transient cart per session, a persistent one per logged-in user. Prices are the catalog's (agents and
// admins may set another, recorded with who did); a dated item holds its seats while it is in the cart.
// The cart's own use cases live here; those of its items in cart-items.service.ts.
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { addItems, type ItemRef, removeItemByClientId, removeItemById, updateItem } from './cart-items.service.js';
import { addFlightOffer } from './cart-flights.js';
import { addSupplierTicket, letGo, supplierTicketOf } from './cart-supplier-tickets.js';
import { ownerOf } from './cart-owner.js';
import * as repo from './cart.repository.js';
import {
  CART_HOLD_MINUTES,
  type CartDeps,
  type CartServiceDeps,
  cartFor,
  cartView,
  holdUntil,
  releaseHolds,
} from './cart-shared.js';
import { createCartViewCache } from './cart-view-cache.js';
import type { AddFlightOfferRequest, AddSupplierTicketRequest, CartView, NewItem } from './cart.schemas.js';
import { toCartView } from './cart.view.js';

export { CART_HOLD_MINUTES } from './cart-shared.js';

export function createCartService(serviceDeps: CartServiceDeps) {
  const deps: CartDeps = { ...serviceDeps, views: createCartViewCache() };
  return {
    create: (ctx: TenantContext, persistent: boolean) => create(ctx, persistent),
    /** The cart as it is, holds untouched (after a checkout step). */
    view: (ctx: TenantContext) => view(ctx),
    load: (ctx: TenantContext) => load(deps, ctx),
    addItems: (ctx: TenantContext, items: NewItem[]) => addItems(deps, ctx, items),
    /** Adds a flight offer priced now by the flights area as one line (no seats held). */
    addFlightOffer: (ctx: TenantContext, request: AddFlightOfferRequest) => addFlightOffer(deps, ctx, request),
    /** Adds a ticket-supplier product's variant, priced and reserved at the supplier now, as one line. */
    addSupplierTicket: (ctx: TenantContext, request: AddSupplierTicketRequest) => addSupplierTicket(deps, ctx, request),
    /** Removes the item of the cart's number `itemId` (and a private transfer's line following it). */
    removeItemById: (ctx: TenantContext, itemId: number) => removeItemById(deps, ctx, itemId),
    /** Removes the item the client numbered `cartItemId` (and a private transfer's line following it). */
    removeItemByClientId: (ctx: TenantContext, cartItemId: string) => removeItemByClientId(deps, ctx, cartItemId),
    updateItem: (ctx: TenantContext, ref: ItemRef, quantity: number) => updateItem(deps, ctx, ref, quantity),
    persist: (ctx: TenantContext) => persist(ctx),
    remove: (ctx: TenantContext) => remove(deps, ctx),
  };
}

export type CartService = ReturnType<typeof createCartService>;

async function create(ctx: TenantContext, persistent: boolean): Promise<CartView> {
  const owner = ownerOf(ctx);
  if (persistent && owner.userId === null) {
    throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'A persistent cart needs a logged-in user');
  }
  return withTransaction(ctx, async (tx) => {
    const existing = await repo.lockActiveCart(tx, persistent ? { sessionId: null, userId: owner.userId } : owner);
    const cart =
      existing ??
      (await repo.insertCart(tx, {
        sessionId: persistent ? null : owner.sessionId,
        userId: owner.userId,
        persistent: persistent || owner.sessionId === null,
        currency: ctx.tenant.currency,
        now: ctx.now,
      }));
    return cartView(ctx, tx, cart);
  });
}

/** The cart as it is, holds untouched (after a checkout step). */
async function view(ctx: TenantContext): Promise<CartView> {
  const found = await repo.loadCart(ctx.db, ownerOf(ctx), ctx.now);
  if (!found) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
  return toCartView(found.cart, found.items, ctx);
}

/**
 * The cart with its items. Loading it keeps its live holds for another CART_HOLD_MINUTES, renewing only those
 * with less than half of that left: most loads are pure reads, and no row is locked. While the cart's version
 * is unchanged and no hold needs renewing, the node's copy of the view is answered after one small query.
 */
async function load(deps: CartDeps, ctx: TenantContext): Promise<CartView> {
  const owner = ownerOf(ctx);
  const key = `${ctx.tenant.tenantId}:${ctx.session?.sessionId}:${owner.userId}`;
  const kept = deps.views.get(key, ctx.now);
  if (kept) {
    const current = await repo.cartVersion(ctx.db, owner);
    if (current?.cart_id === kept.cartId && current.version === kept.version) return kept.view;
  }
  const found = await repo.loadCart(ctx.db, owner, ctx.now);
  if (!found) return toCartView(await withTransaction(ctx, (tx) => cartFor(ctx, tx)), [], ctx);
  const { cart, items } = found;
  const halfLife = (CART_HOLD_MINUTES * 60_000) / 2;
  const live = items.flatMap((item) => (item.held && item.hold_id && item.hold_expires_at ? [item] : []));
  const fading = live.filter((item) => (item.hold_expires_at?.getTime() ?? 0) - halfLife < ctx.now.getTime());
  const answer = toCartView(cart, items, ctx);
  if (fading.length) {
    // Renewing changes the cart's version: the next load reads it in full and keeps that.
    await deps.catalog.extend(
      { db: ctx.db, now: ctx.now },
      fading.map((item) => item.hold_id ?? ''),
      holdUntil(ctx),
    );
    return answer;
  }
  // A ticket-supplier line stops being available when its reservation lapses: the copy ends no later.
  const ends = [
    ...live.map((item) => (item.hold_expires_at?.getTime() ?? 0) - halfLife),
    ...items.flatMap((item) => (item.held && item.supplier_held_until ? [item.supplier_held_until.getTime()] : [])),
  ];
  deps.views.keep(
    key,
    { cartId: cart.cart_id, version: cart.version, view: answer },
    ctx.now,
    ends.length ? new Date(Math.min(...ends)) : undefined,
  );
  return answer;
}

/** Carries the cart of the session `oldSession` (resolved by the kernel) over to the user's persistent cart. */
async function persist(ctx: TenantContext): Promise<CartView> {
  const owner = ownerOf(ctx);
  if (ctx.session?.kind !== 'user' || owner.userId === null) {
    throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'persist needs the new session of a logged-in user');
  }
  const old = ctx.otherSession;
  if (!old) throw new ApiError(ErrorCode.TOKEN_ERROR, 'oldSession is not recognised');
  const userId = owner.userId;
  return withTransaction(ctx, async (tx) => {
    const target =
      (await repo.lockActiveCart(tx, { sessionId: null, userId })) ??
      (await repo.insertCart(tx, {
        sessionId: null,
        userId,
        persistent: true,
        currency: ctx.tenant.currency,
        now: ctx.now,
      }));
    // Only a session with a stored row (not a realm JWT) can have a transient cart.
    const source =
      old.storedId === null ? undefined : await repo.lockActiveCart(tx, { sessionId: old.storedId, userId: null });
    if (source && source.cart_id !== target.cart_id) {
      await repo.moveItems(tx, source.cart_id, target.cart_id);
      await repo.markCart(tx, source.cart_id, 'DELETED', ctx.now);
    }
    return cartView(ctx, tx, target);
  });
}

async function remove(deps: CartDeps, ctx: TenantContext): Promise<true> {
  return withTransaction(ctx, async (tx, afterCommit) => {
    const cart = await repo.lockActiveCart(tx, ownerOf(ctx));
    if (!cart) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
    const items = await repo.selectItems(tx, cart.cart_id, ctx.now);
    await releaseHolds(deps, ctx, tx, items);
    await repo.markCart(tx, cart.cart_id, 'DELETED', ctx.now);
    // The deleted cart's reservations are let go now (the housekeeping stamps them, or retries a failed one).
    for (const item of items) {
      const kept = supplierTicketOf(item.supplier_ticket);
      if (kept) afterCommit(() => letGo(deps.reservations, ctx, kept.reservation));
    }
    return true as const;
  });
}
