// What a product and its variant say about selling, read off their rows: the unit prices before attribute
// adjustments (minor units) and the sale limits (in the tenant's calendar). Availability and quotes share them.
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { PriceBasis, SaleLimits } from './catalog.rules.js';
import type { ProductRow } from './products.repository.js';
import type { VariantRow } from './variants.repository.js';

/** The variant's prices, the product's where the variant sets none (children pay the adult price without one). */
export function basePrices(product: ProductRow, variant: VariantRow): Omit<PriceBasis, 'adjustments'> {
  const currency = product.currency;
  const child = variant.child_price ?? product.child_price;
  return {
    adult: toMinor(variant.cprice, currency),
    child: child === null ? null : toMinor(child, currency),
    infant: toMinor(product.infant_price, currency),
  };
}

export function saleLimits(product: ProductRow, variant: VariantRow, timeZone: string): SaleLimits {
  return {
    minQuantity: product.min_quantity,
    maxQuantity: product.max_quantity,
    maxAdults: variant.max_adults ?? product.max_adults,
    maxChildren: variant.max_children ?? product.max_children,
    maxOccupancy: variant.max_occupancy,
    availableFrom: product.available_from ? formatDate(product.available_from, timeZone) : null,
    availableTo: product.available_to ? formatDate(product.available_to, timeZone) : null,
  };
}
