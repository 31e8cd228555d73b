// What checkout (the sales area) needs of a cart: the caller's active cart with its items, locked, and the
// marks a checkout leaves on it.
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { ownerOf } from './cart-owner.js';
import * as repo from './cart.repository.js';

export interface CheckoutCart {
  cartId: string;
  currency: string;
  orderNum: string | null;
  paymentRef: string | null;
  items: repo.ItemRow[];
}

/** The caller's active cart and its items, locked for the transaction; GENERAL when there is none or it is empty. */
export async function cartForCheckout(ctx: TenantContext, db: Queryable): Promise<CheckoutCart> {
  const cart = await repo.findActiveCart(db, ownerOf(ctx), true);
  if (!cart) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
  const items = await repo.selectItems(db, cart.cart_id, ctx.now);
  if (items.length === 0) throw new ApiError(ErrorCode.GENERAL, 'The cart is empty');
  return {
    cartId: cart.cart_id,
    currency: cart.currency,
    orderNum: cart.order_num,
    paymentRef: cart.payment_ref,
    items,
  };
}

export const setCartPayment = repo.setCartPayment;
export const markCartOrdered = (db: Queryable, cartId: string, now: Date) => repo.markCart(db, cartId, 'ORDERED', now);
