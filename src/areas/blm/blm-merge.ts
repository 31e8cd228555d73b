// /blm/cart/addToBooking: a cart's lines become a booking's, in one transaction. The booking's row is locked first,
// then the cart's (the cart area's), so two carts sent into one booking at once wait for each other and the second
// finds the booking's cart reference set; every precondition of the spec's merge eligibility is checked under both
// locks. The cart's held seats are sold to the booking, and the cart is closed.
import { withTransaction } from '../../platform/database/transaction.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { CartApi, CartToMerge } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { SalesApi } from '../sales/index.js';
import * as repo from './blm.repository.js';
import { mergeRefusal, paymentStatusOf } from './blm.rules.js';
import type { Booking } from './blm.schemas.js';
import { bookingAnswer, lockedBooking } from './blm.service.js';
import type { Queryable } from '../../platform/database/connections.js';

export interface MergeDeps {
  cart: Pick<CartApi, 'lockCartToMerge' | 'closeMergedCart'>;
  sales: Pick<SalesApi, 'cartHasPayableLink'>;
  catalog: Pick<CatalogApi, 'convertToSale'>;
  /** The customer record of a customer user (the cart's owner); undefined for other users. */
  customerRecordOfUser: (db: Queryable, userId: number) => Promise<number | undefined>;
}

/** The cart's lines as the booking keeps them: description, quantity, unit price, exact total, product, date. */
function linesOf(cart: CartToMerge): repo.NewLine[] {
  return cart.items.map((item) => {
    const unitMinor = toMinor(item.unitPrice, cart.currency);
    return {
      productId: item.productId,
      variantId: item.variantId,
      description: item.description,
      unitName: item.unitName,
      quantity: item.quantity,
      unitPrice: minorToDecimalString(unitMinor, cart.currency),
      total: minorToDecimalString(unitMinor * item.quantity, cart.currency),
      serviceDate: item.bookDate,
      timeSlot: item.timeSlot,
      holdId: item.holdId,
      cartNumber: cart.cartNumber,
    };
  });
}

export function createBookingMerge(deps: MergeDeps) {
  return {
    async addToBooking(ctx: TenantContext, cartNumber: number, bookingId: number): Promise<Booking> {
      await withTransaction(ctx, async (tx) => {
        const booking = await lockedBooking(tx, bookingId, ctx.now);
        const cart = await deps.cart.lockCartToMerge(tx, cartNumber, ctx.now);
        if (!cart) throw notFound('Cart');
        const refusal = mergeRefusal(
          {
            cartNumber: cart.cartNumber,
            status: cart.status,
            itemCount: cart.items.length,
            customerId: cart.userId === null ? undefined : await deps.customerRecordOfUser(tx, cart.userId),
            currency: cart.currency,
            payableLink: await deps.sales.cartHasPayableLink(tx, cart.cartId, ctx.now),
          },
          {
            reference: booking.reference,
            status: booking.current_status,
            paymentStatus: paymentStatusOf(
              toMinor(booking.paid_amount, booking.currency),
              toMinor(booking.total_amount, booking.currency),
              booking.deposit_percent,
            ),
            paymentLinkActive: booking.payment_link_active,
            cartReference: booking.cart_reference,
            customerId: booking.customer_id,
            currency: booking.currency,
          },
        );
        if (refusal) throw refusal;
        await repo.insertLines(tx, booking.booking_id, linesOf(cart), ctx.now);
        // The seats the cart still holds are the booking's now: sold, so no expiry gives them back.
        for (const item of cart.items) {
          if (item.holdId && item.held) await deps.catalog.convertToSale({ db: tx, now: ctx.now }, item.holdId);
        }
        await repo.setMergedCart(tx, booking.booking_id, cart.orderNum ?? String(cart.cartNumber), ctx.now);
        await deps.cart.closeMergedCart(tx, cart.cartId, ctx.now);
      });
      return bookingAnswer(ctx, bookingId);
    },
  };
}

export type BookingMerge = ReturnType<typeof createBookingMerge>;
