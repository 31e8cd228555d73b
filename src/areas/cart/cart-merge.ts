// What a back-office booking needs of a cart it takes in (/blm/cart/addToBooking): the cart by its number, locked,
// with its items, and closing it once its lines are the booking's.
import type { Queryable } from '../../platform/database/connections.js';
import * as repo from './cart.repository.js';
import { type CheckoutItem, toCheckoutItem } from './checkout.js';

/** A line of a cart as a booking takes it: as checkout does (a flight line has no product; its agent tickets it). */
export type MergedItem = CheckoutItem;

export interface CartToMerge {
  cartId: string;
  cartNumber: number;
  /** ACTIVE, ORDERED or DELETED. */
  status: string;
  /** The user whose cart it is (null for a guest's). */
  userId: number | null;
  orderNum: string | null;
  currency: string;
  items: MergedItem[];
}

/** The cart of that number with its items, its row locked until the transaction ends; undefined when none. */
export async function lockCartToMerge(db: Queryable, cartNumber: number, now: Date): Promise<CartToMerge | undefined> {
  const cart = await repo.lockCartByNumber(db, cartNumber);
  if (!cart) return undefined;
  const items = await repo.selectItems(db, cart.cart_id, now);
  return {
    cartId: cart.cart_id,
    cartNumber: cart.cart_number,
    status: cart.status,
    userId: cart.user_id,
    orderNum: cart.order_num,
    currency: cart.currency,
    items: items.map(toCheckoutItem),
  };
}

/** A merged cart is closed as an ordered one: its lines now belong to the booking. */
export const closeMergedCart = (db: Queryable, cartId: string, now: Date) => repo.markCart(db, cartId, 'ORDERED', now);
