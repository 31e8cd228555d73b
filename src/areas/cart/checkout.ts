// What checkout (the sales area) needs of a cart: the caller's active cart with its items, locked, and the
// marks a checkout leaves on it.
import type { Queryable } from '../../platform/database/connections.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { ownerOf } from './cart-owner.js';
import * as repo from './cart.repository.js';

/** A line of a cart as checkout orders it. */
export interface CheckoutItem {
  /** The item's number in its cart. */
  itemId: number;
  /** Null on a flight line (no product: flightOffer says what it sells). */
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
  /** Where the traveller is picked up, and the name the service is reserved under (a ticket shows both). */
  pickupLocation: string | null;
  resvName: string | null;
  /** The capacity hold of its seats (the catalog's); null for a line that takes no seat. */
  holdId: string | null;
  /** The hold still keeps its seats at the time of the request. */
  held: boolean;
  /**
   * A flight line's offer as priced when added (cart-flights.ts FlightLineOffer, JSON), kept on its order line for
   * the agent who tickets it; null on a product's line. A flight line is zero-rated and holds no seats.
   */
  flightOffer: unknown;
  /**
   * A ticket-supplier line's product, variant, day and reservation (cart-supplier-tickets.ts SupplierTicketLine),
   * kept on its order line for the booking that confirms it; null on other lines. `held`: its reservation is kept.
   */
  supplierTicket: unknown;
}

export interface CheckoutCart {
  cartId: string;
  currency: string;
  orderNum: string | null;
  paymentRef: string | null;
  items: CheckoutItem[];
}

/** A cart line as the areas that take a cart's lines (checkout, a back-office booking) see it. */
export const toCheckoutItem = (item: repo.ItemRow): CheckoutItem => ({
  itemId: item.item_id,
  productId: item.product_id,
  variantId: item.variant_id,
  description: item.description,
  unitName: item.unit_name,
  unitPrice: item.unit_price,
  quantity: item.quantity,
  bookDate: item.book_date,
  timeSlot: item.time_slot,
  pickupLocation: item.pickup_location,
  resvName: item.resv_name,
  holdId: item.hold_id,
  held: item.held,
  flightOffer: item.flight_offer,
  supplierTicket: item.supplier_ticket,
});

/** The caller's active cart and its items, locked for the transaction; GENERAL when there is none or it is empty. */
export async function cartForCheckout(ctx: TenantContext, db: Queryable): Promise<CheckoutCart> {
  const cart = await repo.lockActiveCart(db, ownerOf(ctx));
  if (!cart) throw new ApiError(ErrorCode.GENERAL, 'There is no cart for this session');
  const items = await repo.selectItems(db, cart.cart_id, ctx.now);
  if (items.length === 0) throw new ApiError(ErrorCode.GENERAL, 'The cart is empty');
  return {
    cartId: cart.cart_id,
    currency: cart.currency,
    orderNum: cart.order_num,
    paymentRef: cart.payment_ref,
    items: items.map(toCheckoutItem),
  };
}

export const setCartPayment = repo.setCartPayment;
export const markCartOrdered = (db: Queryable, cartId: string, now: Date) => repo.markCart(db, cartId, 'ORDERED', now);
