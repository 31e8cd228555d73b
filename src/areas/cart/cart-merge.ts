// What a back-office booking needs of a cart it takes in (/blm/cart/addToBooking): the cart by its number, locked,
// with its items, and closing it once its lines are the booking's.
import type { Queryable } from '../../platform/database/connections.js';
import * as repo from './cart.repository.js';

/** A line of a cart as a booking takes it. */
export interface MergedItem {
  itemId: number;
  /** Null on a flight line (/cart/addFlightOffer): the booking's agent tickets it offline. */
  productId: number | null;
  variantId: number | null;
  description: string;
  unitName: string;
  /** Decimal text in the cart's currency. */
  unitPrice: string;
  quantity: number;
  /** The tenant's calendar date (yyyy-MM-dd) and its time slot (HH:mm, '' for the whole day). */
  bookDate: string | null;
  timeSlot: string;
  /** The capacity hold of its seats (the catalog's), and whether it still keeps them. */
  holdId: string | null;
  held: boolean;
}

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
    items: items.map((item) => ({
      itemId: item.item_id,
      productId: item.product_id,
      variantId: item.variant_id,
      description: item.description,
      unitName: item.unit_name,
      unitPrice: item.unit_price,
      quantity: item.quantity,
      bookDate: item.book_date,
      timeSlot: item.time_slot,
      holdId: item.hold_id,
      held: item.held,
    })),
  };
}

/** A merged cart is closed as an ordered one: its lines now belong to the booking. */
export const closeMergedCart = (db: Queryable, cartId: string, now: Date) => repo.markCart(db, cartId, 'ORDERED', now);
