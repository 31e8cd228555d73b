// What the cart uses to sell a supplier product: the product as the tenant's copy holds it, and a day's live offer.
import type { Queryable } from '../../platform/database/connections.js';
import * as repo from './ticket-supplier.repository.js';

export interface SaleableVariant {
  variantId: string;
  label: string;
  /** The usual price of one ticket, exact decimal text; null when the supplier gives none (a day's offer has it). */
  price: string | null;
  currency: string;
}

export interface SaleableProduct {
  productId: string;
  title: string;
  currency: string;
  hasTimeSlot: boolean;
  hasVendorBooking: boolean;
  maxQuantity: number | null;
  /** The IANA timezone of the product's city: its dates and times are that city's. Null when unknown. */
  cityTimezone: string | null;
  variants: SaleableVariant[];
}

/** The product from the tenant's copy, on the handle given (a transaction's or the pool's); undefined when unknown. */
export async function saleableProduct(db: Queryable, productId: string): Promise<SaleableProduct | undefined> {
  const product = await repo.selectSaleable(db, productId);
  if (!product) return undefined;
  const variants = await repo.selectVariants(db, productId);
  return {
    productId: product.product_id,
    title: product.title,
    currency: product.currency,
    hasTimeSlot: product.has_time_slot,
    hasVendorBooking: product.has_vendor_booking,
    maxQuantity: product.max_quantity,
    cityTimezone: product.timezone,
    variants: variants.map((variant) => ({
      variantId: variant.variant_id,
      label: variant.label,
      price: variant.price,
      currency: variant.currency ?? product.currency,
    })),
  };
}
