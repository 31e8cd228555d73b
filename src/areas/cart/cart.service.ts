// Carts: a transient cart per session, a persistent one per logged-in user. Prices are the catalog's (agents and
// admins may set another, recorded with who did); a dated item holds its seats while it is in the cart.
import { isEmployee } from '../../platform/auth/roles.js';
import type { SessionStore } from '../../platform/auth/sessions.js';
import { PgCode, type Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { type CatalogApi, QuoteRefused, type SeatsToHold } from '../catalog/index.js';
import { ownerOf } from './cart-owner.js';
import * as repo from './cart.repository.js';
import { createCartViewCache } from './cart-view-cache.js';
import type { CartView, NewItem } from './cart.schemas.js';
import { toCartView } from './cart.view.js';

/** Seats stay held this long after the cart last changed or was loaded. */
export const CART_HOLD_MINUTES = 30;

function parseAttributes(index: number, text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter items[${index}].extAttr must be JSON text`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, `Parameter items[${index}].extAttr must be a JSON object`);
  }
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

/** A requested item as the catalog prices it: its line, the seats it holds, and a private transfer's line. */
interface PricedItem {
  currency: string;
  line: repo.NewLine;
  seats: SeatsToHold | undefined;
  transfer: repo.NewLine | undefined;
}

/** A duplicate cartItemId, refused naming the item. */
const duplicateOf =
  (index: number) =>
  (error: unknown): never => {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === PgCode.uniqueViolation) {
      throw new ApiError(ErrorCode.DUPLICATE, `Parameter items[${index}].cartItemId is already in the cart`);
    }
    throw error;
  };

export function createCartService(deps: { sessions: SessionStore; catalog: CatalogApi }) {
  /** Product rows come from the catalog's cache; a product the caller may not see is answered as absent. */
  const rowsFor = (ctx: TenantContext) => (productId: number) =>
    deps.catalog.productRows(ctx, productId).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) return undefined;
      throw error;
    });
  const holdUntil = (ctx: TenantContext) => new Date(ctx.now.getTime() + CART_HOLD_MINUTES * 60_000);
  const views = createCartViewCache();

  /** The line of one requested item, priced by the catalog (staff may set another price, which is recorded). */
  const priceItem = async (ctx: TenantContext, item: NewItem, index: number, staff: boolean): Promise<PricedItem> => {
    if (!item.bookDate) throw missingParameter(`items[${index}].bookDate`);
    const date = item.bookDate;
    const startTime = item.timeSlot ?? '';
    const quote = await deps.catalog
      .quoteUnit(
        ctx,
        {
          productId: item.productId,
          variantId: item.extVariantId,
          unitId: item.unitId,
          attributes: parseAttributes(index, item.extAttr),
          xferType: item.xferType,
          date,
          startTime,
          quantity: item.quantity,
        },
        rowsFor(ctx),
      )
      .catch((error: unknown) => {
        if (error instanceof QuoteRefused) throw deps.catalog.quoteRefusal(index, error);
        throw error;
      });
    const { currency } = quote;
    const sent = toMinor(item.unitPrice, currency);
    const overridden = sent !== quote.unitPrice;
    if (overridden && !staff) {
      throw new ApiError(
        ErrorCode.INVALID_FORMAT,
        `Parameter items[${index}].unitPrice must be the catalog price ${fromMinor(quote.unitPrice, currency)}`,
      );
    }
    const line: repo.NewLine = {
      cart_item_id: item.cartItemId ?? null,
      product_id: quote.productId,
      product_template_id: item.productTemplateId ?? null,
      variant_id: quote.variantId,
      unit_id: item.unitId,
      unit_name: item.unitName ?? quote.unitName,
      description: item.description ?? quote.description,
      unit_price: minorToDecimalString(sent, currency),
      catalog_price: overridden ? minorToDecimalString(quote.unitPrice, currency) : null,
      price_set_by: overridden ? (ctx.session?.userId ?? null) : null,
      quantity: item.quantity,
      is_child: quote.kind === 'child',
      is_infant: quote.kind === 'infant',
      book_date: date,
      time_slot: startTime,
      start_time: item.startTime ?? (item.timeSlot || null),
      ext_attr: item.extAttr ?? null,
      pickup_location: item.pickupLocation ?? null,
      service_location: item.serviceLocation ?? null,
      xfer_type: item.xferType ?? null,
      ppc: item.ppc === undefined ? null : minorToDecimalString(toMinor(item.ppc, currency), currency),
      resv_name: item.resvName ?? null,
      parent_item_id: null,
    };
    const transfer = quote.privateTransfer && {
      ...line,
      cart_item_id: null,
      product_template_id: null,
      unit_name: 'Transfer',
      description: quote.privateTransfer.name,
      unit_price: minorToDecimalString(quote.privateTransfer.price, currency),
      catalog_price: null,
      price_set_by: null,
      quantity: 1,
      is_child: false,
      is_infant: false,
      start_time: null,
      ext_attr: null,
      pickup_location: null,
      service_location: null,
      xfer_type: 'PVT',
      ppc: null,
      resv_name: null,
    };
    // Infants take no seat.
    const seats =
      quote.kind === 'infant'
        ? undefined
        : {
            variantId: quote.variantId,
            date,
            startTime,
            quantity: item.quantity,
            expiresAt: holdUntil(ctx),
            now: ctx.now,
          };
    return { currency, line, seats, transfer };
  };

  /** The caller's active cart, created (transient) when there is none; locked for the transaction. */
  const cartFor = async (ctx: TenantContext, db: Queryable): Promise<repo.CartRow> => {
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
  };

  const view = async (ctx: TenantContext, db: Queryable, cart: repo.CartRow): Promise<CartView> =>
    toCartView(cart, await repo.selectItems(db, cart.cart_id, ctx.now), ctx);

  const releaseHolds = async (ctx: TenantContext, db: Queryable, items: repo.ItemRow[]) => {
    for (const item of items) if (item.hold_id) await deps.catalog.release({ db, now: ctx.now }, item.hold_id);
  };

  const findItem = (items: repo.ItemRow[], ref: { itemId?: number; cartItemId?: string }) => {
    if (ref.itemId === undefined && ref.cartItemId === undefined) throw missingParameter('itemId or cartItemId');
    const item =
      ref.itemId !== undefined
        ? items.find((i) => i.item_id === ref.itemId)
        : items.find((i) => i.cart_item_id === ref.cartItemId);
    if (!item) throw notFound('Cart item');
    return item;
  };

  /** Removes the item `pick` finds among the caller's cart's items, with its transfer line; seats given back. */
  const removeItem = (ctx: TenantContext, pick: (items: repo.ItemRow[]) => repo.ItemRow | undefined) =>
    withTransaction(ctx, async (tx) => {
      const cart = await cartFor(ctx, tx);
      const items = await repo.selectItems(tx, cart.cart_id, ctx.now);
      const item = pick(items);
      if (!item) throw notFound('Cart item');
      const gone = items.filter((i) => i.item_id === item.item_id || i.parent_item_id === item.item_id);
      await releaseHolds(ctx, tx, gone);
      const goneIds = gone.map((i) => i.item_id);
      await repo.deleteItems(tx, cart.cart_id, goneIds);
      return null;
    });

  return {
    async create(ctx: TenantContext, persistent: boolean): Promise<CartView> {
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
        return view(ctx, tx, cart);
      });
    },

    /** The cart as it is, holds untouched (after a checkout step). */
    async view(ctx: TenantContext): Promise<CartView> {
      const found = await repo.loadCart(ctx.db, ownerOf(ctx), ctx.now);
      if (!found) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
      return toCartView(found.cart, found.items, ctx);
    },

    /**
     * The cart with its items. Loading it keeps its live holds for another CART_HOLD_MINUTES, renewing only those
     * with less than half of that left: most loads are pure reads, and no row is locked. While the cart's version
     * is unchanged and no hold needs renewing, the node's copy of the view is answered after one small query.
     */
    async load(ctx: TenantContext): Promise<CartView> {
      const owner = ownerOf(ctx);
      const key = `${ctx.tenant.tenantId}:${ctx.session?.sessionId}:${owner.userId}`;
      const kept = views.get(key, ctx.now);
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
      const firstRenewal = Math.min(...live.map((item) => (item.hold_expires_at?.getTime() ?? 0) - halfLife));
      views.keep(
        key,
        { cartId: cart.cart_id, version: cart.version, view: answer },
        ctx.now,
        live.length ? new Date(firstRenewal) : undefined,
      );
      return answer;
    },

    async addItems(
      ctx: TenantContext,
      items: NewItem[],
    ): Promise<Array<{ itemId: number; cartItemId: string | null }>> {
      const staff = isEmployee(ctx.roles);
      const priced: PricedItem[] = [];
      for (const [index, item] of items.entries()) priced.push(await priceItem(ctx, item, index, staff));
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
        const target = { cartId: cart.cart_id };
        const added: Array<{ itemId: number; cartItemId: string | null }> = [];
        for (const [index, item] of priced.entries()) {
          if (item.currency !== cart.currency) {
            throw new ApiError(
              ErrorCode.INVALID_FORMAT,
              `Parameter items[${index}].productId is priced in ${item.currency}, the cart in ${cart.currency}`,
            );
          }
          const attempt = () => repo.addLine(tx, target, item.line, item.seats, ctx.now).catch(duplicateOf(index));
          const outcome = item.seats
            ? await deps.catalog.holdOrRefuse({ db: tx, now: ctx.now }, item.seats, attempt)
            : { held: true as const, value: await attempt() };
          if (!outcome.held) {
            throw new ApiError(ErrorCode.INVALID_STATE, `Item items[${index}] cannot be held: ${outcome.reason}`);
          }
          if (!outcome.value) throw new Error('the locked cart took no line');
          const itemId = outcome.value.itemId;
          added.push({ itemId, cartItemId: item.line.cart_item_id });
          if (item.transfer) {
            // A private transfer is priced per booking: one line of its own, following its item.
            await repo.addLine(tx, target, { ...item.transfer, parent_item_id: itemId }, undefined, ctx.now);
          }
        }
        return added;
      });
    },

    /** Removes the item of the cart's number `itemId` (and a private transfer's line following it). */
    removeItemById(ctx: TenantContext, itemId: number): Promise<null> {
      return removeItem(ctx, (items) => items.find((i) => i.item_id === itemId));
    },

    /** Removes the item the client numbered `cartItemId` (and a private transfer's line following it). */
    removeItemByClientId(ctx: TenantContext, cartItemId: string): Promise<null> {
      return removeItem(ctx, (items) => items.find((i) => i.cart_item_id === cartItemId));
    },

    async updateItem(
      ctx: TenantContext,
      ref: { itemId?: number; cartItemId?: string },
      quantity: number,
    ): Promise<null> {
      return withTransaction(ctx, async (tx) => {
        const cart = await cartFor(ctx, tx);
        const items = await repo.selectItems(tx, cart.cart_id, ctx.now);
        const item = findItem(items, ref);
        if (item.parent_item_id !== null)
          throw new ApiError(ErrorCode.INVALID_STATE, 'A transfer line follows its item');
        let holdId: string | null = null;
        if (item.hold_id) await deps.catalog.release({ db: tx, now: ctx.now }, item.hold_id);
        if (!item.is_infant && item.book_date) {
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
          holdId = held.holdId;
        }
        await repo.updateItemQuantity(tx, cart.cart_id, item.item_id, quantity, holdId);
        return null;
      });
    },

    async persist(ctx: TenantContext, oldSessionToken: string): Promise<CartView> {
      const owner = ownerOf(ctx);
      if (ctx.session?.kind !== 'user' || owner.userId === null) {
        throw new ApiError(ErrorCode.NOT_LOGGED_IN, 'persist needs the new session of a logged-in user');
      }
      const old = await deps.sessions.resolve(ctx, oldSessionToken);
      if (!old) throw new ApiError(ErrorCode.TOKEN_ERROR, 'oldSession is not recognised');
      return withTransaction(ctx, async (tx) => {
        const target =
          (await repo.lockActiveCart(tx, { sessionId: null, userId: owner.userId })) ??
          (await repo.insertCart(tx, {
            sessionId: null,
            userId: owner.userId,
            persistent: true,
            currency: ctx.tenant.currency,
            now: ctx.now,
          }));
        const source = /^\d+$/.test(old.sessionId)
          ? await repo.lockActiveCart(tx, { sessionId: old.sessionId, userId: null })
          : undefined;
        if (source && source.cart_id !== target.cart_id) {
          await repo.moveItems(tx, source.cart_id, target.cart_id);
          await repo.markCart(tx, source.cart_id, 'DELETED', ctx.now);
        }
        return view(ctx, tx, target);
      });
    },

    async remove(ctx: TenantContext): Promise<true> {
      return withTransaction(ctx, async (tx) => {
        const cart = await repo.lockActiveCart(tx, ownerOf(ctx));
        if (!cart) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
        await releaseHolds(ctx, tx, await repo.selectItems(tx, cart.cart_id, ctx.now));
        await repo.markCart(tx, cart.cart_id, 'DELETED', ctx.now);
        return true as const;
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
