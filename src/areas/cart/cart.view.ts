// A cart as the API shows it: the Cart and Cart item resources of the specification.
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount } from '../../platform/money.js';
import type { CartRow, ItemRow } from './cart.repository.js';
import type { CartItemView, CartView } from './cart.schemas.js';
import { type SupplierTicketLine, supplierTicketOf } from './cart-supplier-tickets.js';

export function toCartView(cart: CartRow, items: ItemRow[], ctx: TenantContext): CartView {
  const money = (decimal: string) => decimalAmount(decimal, cart.currency);
  return {
    cartId: cart.cart_id,
    cartNumber: cart.cart_number,
    sessionId: ctx.session?.sessionId ?? cart.session_id ?? '',
    items: items.map((item) => lineView(item, supplierTicketOf(item.supplier_ticket), money)),
    paymentRef: cart.payment_ref,
    paymentUrl: cart.payment_url,
    orderNum: cart.order_num,
  };
}

const itemTypeOf = (item: ItemRow) =>
  item.flight_offer !== null
    ? ('FLIGHT' as const)
    : item.supplier_ticket !== null
      ? ('SUPPLIER_TICKET' as const)
      : ('PRODUCT' as const);

/** A supplier's id as the integer fields show it: itself when it is one, else 0. */
const supplierIdOf = (id: string | undefined) => (id !== undefined && /^[1-9]\d{0,14}$/.test(id) ? Number(id) : 0);

function lineView(
  item: ItemRow,
  ticket: SupplierTicketLine | undefined,
  money: (decimal: string) => number,
): CartItemView {
  return {
    itemId: item.item_id,
    cartItemId: item.cart_item_id,
    itemType: itemTypeOf(item),
    flightOfferId: flightOfferIdOf(item.flight_offer),
    // a flight line names no product, unit or variant: 0 (ids start at 1); a supplier's ticket its own ids
    productId: item.product_id ?? supplierIdOf(ticket?.productId),
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
    extVariantId: item.variant_id ?? supplierIdOf(ticket?.variantId),
    pickupLocation: item.pickup_location,
    serviceLocation: item.service_location,
    xferType: item.xfer_type,
    timeSlot: item.time_slot,
    startTime: item.start_time,
    // infants and transfer lines take no seat: they are available while their date is
    isAvailable: item.hold_id || ticket ? item.held : true,
    ppc: item.ppc === null ? null : money(item.ppc),
    resvName: item.resv_name,
  };
}

/** The offer id a flight line keeps (cart-flights.ts FlightLineOffer); null on a product's line. */
function flightOfferIdOf(offer: unknown): string | null {
  if (typeof offer !== 'object' || offer === null || !('flightOfferId' in offer)) return null;
  return typeof offer.flightOfferId === 'string' ? offer.flightOfferId : null;
}
