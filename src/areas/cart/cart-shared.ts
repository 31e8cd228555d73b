// What the cart's use cases share: their dependencies, how long seats stay held, and the caller's active cart.
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CatalogApi } from '../catalog/index.js';
import { PgCode } from '../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { FlightOffersForCart } from './cart-flights.js';
import type { SupplierReservations, SupplierTicketsForCart } from './cart-supplier-tickets.js';
import { ownerOf } from './cart-owner.js';
import * as repo from './cart.repository.js';
import type { CartViewCache } from './cart-view-cache.js';
import type { CartView } from './cart.schemas.js';
import { toCartView } from './cart.view.js';

/** Seats stay held this long after the cart last changed or was loaded. */
export const CART_HOLD_MINUTES = 30;

/** What createCartService is given. */
export interface CartServiceDeps {
  catalog: CatalogApi;
  /** Prices a flight offer for a cart line (the flights area). */
  flights: FlightOffersForCart;
  /** Prices a ticket-supplier product's variant for a day and time (the ticket-supplier area). */
  supplierTickets: SupplierTicketsForCart;
  /** Reserves a ticket-supplier line's units at the supplier, and lets them go. */
  reservations: SupplierReservations;
}

/** What the use cases are given: the service's deps and this service's copies of cart views. */
export interface CartDeps extends CartServiceDeps {
  views: CartViewCache;
}

/** Until when a hold taken or renewed now keeps its seats. */
export const holdUntil = (ctx: TenantContext) => new Date(ctx.now.getTime() + CART_HOLD_MINUTES * 60_000);

/** The caller's active cart, created (transient) when there is none; locked for the transaction. */
export async function cartFor(ctx: TenantContext, db: Queryable): Promise<repo.CartRow> {
  const owner = ownerOf(ctx);
  const found = await repo.lockActiveCart(db, owner);
  if (found) return found;
  const persistent = owner.sessionId === null; // a token without a session row (a realm JWT) keeps the user's cart
  return repo.insertCart(db, {
    ...owner,
    sessionId: persistent ? null : owner.sessionId,
    persistent,
    currency: ctx.tenant.currency,
    now: ctx.now,
  });
}

/** The cart with its items as read in `db`. */
export const cartView = async (ctx: TenantContext, db: Queryable, cart: repo.CartRow): Promise<CartView> =>
  toCartView(cart, await repo.selectItems(db, cart.cart_id, ctx.now), ctx);

/** A client's cartItemId already in the cart: refused naming the parameter. */
export function duplicateClientId(error: unknown): never {
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === PgCode.uniqueViolation) {
    throw new ApiError(ErrorCode.DUPLICATE, 'Parameter cartItemId is already in the cart');
  }
  throw error;
}

/** Gives back the seats the items hold. */
export async function releaseHolds(deps: CartDeps, ctx: TenantContext, db: Queryable, items: repo.ItemRow[]) {
  for (const item of items) if (item.hold_id) await deps.catalog.release({ db, now: ctx.now }, item.hold_id);
}
