// A supplier product's variant priced for a cart line (the cart's SupplierTicketsForCart): the product and variant
// from the tenant's copy, the price and the most one order may take from that day's live offer (the node's 60 s
// single-flight copy). The cart then reserves it at the supplier; the server decides the price, never the client.
import { TicketCatalogError } from '../../integrations/ticket-supplier/index.js';
import { ApiError, ErrorCode, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { SupplierTicketAsk, SupplierTicketOffer, SupplierTicketsForCart } from '../cart/index.js';
import type { LiveOffers } from './live/index.js';
import { saleableProduct } from './ticket-supplier.sale.js';

/** A live offer's failure as the cart's caller sees it: an unknown product NOTFOUND, anything else API_ERROR. */
function failureOf(error: unknown): never {
  if (error instanceof TicketCatalogError) {
    if (error.code === 'NOTFOUND') throw notFound('Product');
    throw new ApiError(ErrorCode.API_ERROR, 'The ticket supplier did not answer; try again');
  }
  throw error;
}

async function offerFor(live: LiveOffers, ctx: TenantContext, ask: SupplierTicketAsk): Promise<SupplierTicketOffer> {
  const product = await saleableProduct(ctx.db, ask.productId);
  // A product the supplier does not book through its API cannot be sold here: it is not one of the cart's.
  if (!product?.hasVendorBooking) throw notFound('Product');
  const variant = product.variants.find((candidate) => candidate.variantId === ask.variantId);
  if (!variant) throw notFound('Variant');
  if (product.hasTimeSlot && !ask.timeSlot) throw missingParameter('timeSlot');
  if (!product.hasTimeSlot && ask.timeSlot) {
    throw new ApiError(ErrorCode.INVALID_FORMAT, 'Parameter timeSlot must be absent: this is a whole-day ticket');
  }
  const slots = await live.dayOffer(ask.productId, ask.date).catch(failureOf);
  const slot = slots.find((candidate) => candidate.time === ask.timeSlot);
  const offer = slot?.variants.find((candidate) => candidate.variantId === ask.variantId);
  if (!offer) throw new ApiError(ErrorCode.INVALID_STATE, 'It is not on sale on that day and time');
  return {
    title: product.title,
    variantLabel: variant.label,
    unitPrice: offer.price,
    currency: offer.currency,
    maxQuantity: Math.min(offer.maxTickets, product.maxQuantity ?? offer.maxTickets),
  };
}

export function cartOffers(live: LiveOffers): SupplierTicketsForCart {
  return { offerFor: (ctx, ask) => offerFor(live, ctx, ask) };
}
