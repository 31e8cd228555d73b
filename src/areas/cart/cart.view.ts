// A cart as the API shows it: the Cart and Cart item resources of the specification.
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount } from '../../platform/money.js';
import type { CartRow, ItemRow } from './cart.repository.js';
import type { CartView } from './cart.schemas.js';

export function toCartView(cart: CartRow, items: ItemRow[], ctx: TenantContext): CartView {
  const money = (decimal: string) => decimalAmount(decimal, cart.currency);
  return {
    cartId: cart.cart_id,
    cartNumber: cart.cart_number,
    sessionId: ctx.session?.sessionId ?? cart.session_id ?? '',
    items: items.map((item) => ({
      itemId: item.item_id,
      cartItemId: item.cart_item_id,
      itemType: item.flight_offer === null ? ('PRODUCT' as const) : ('FLIGHT' as const),
      flightOfferId: flightOfferIdOf(item.flight_offer),
      // a flight line names no product, unit or variant: 0 (ids start at 1)
      productId: item.product_id ?? 0,
      productTemplateId: item.product_template_id,
      unitId: item.unit_id ?? 0,
      unitName: item.unit_name,
      description: item.description,
      unitPrice: money(item.unit_price),
      quantity: item.quantity,
      child: item.is_child,
      infant: item.is_infant,
      bookDate: item.book_date ? `${item.book_date}T${item.time_slot || '00:00'}:00` : null,
      extAttr: item.ext_attr,
      extVariantId: item.variant_id ?? 0,
      pickupLocation: item.pickup_location,
      serviceLocation: item.service_location,
      xferType: item.xfer_type,
      timeSlot: item.time_slot,
      startTime: item.start_time,
      // infants and transfer lines take no seat: they are available while their date is
      isAvailable: item.hold_id ? item.held : true,
      ppc: item.ppc === null ? null : money(item.ppc),
      resvName: item.resv_name,
    })),
    paymentRef: cart.payment_ref,
    paymentUrl: cart.payment_url,
    orderNum: cart.order_num,
  };
}

/** The offer id a flight line keeps (cart-flights.ts FlightLineOffer); null on a product's line. */
function flightOfferIdOf(offer: unknown): string | null {
  if (typeof offer !== 'object' || offer === null || !('flightOfferId' in offer)) return null;
  return typeof offer.flightOfferId === 'string' ? offer.flightOfferId : null;
}
