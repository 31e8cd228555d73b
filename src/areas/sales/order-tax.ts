// The tax of a cart's order: each line taxed by the tenant's policy in force at checkout (settings' lineTax: exact,
// rounded per line), an exempt product's line untaxed. The order's total is the sum of the lines' gross, which is
// what the gateway charges: with tax-exclusive prices the tax is added to the cart's prices, with tax-inclusive
// prices it is taken out of them and the total is the cart's.
import { toMinor } from '../../platform/money.js';
import type { CheckoutCart, CheckoutItem } from '../cart/index.js';
import { type LineTax, lineTax, sumLineTaxes, type TaxPolicy } from '../settings/index.js';

export interface TaxedCart {
  cart: CheckoutCart;
  policy: TaxPolicy;
  /** Each cart item with its tax, in the cart's order. */
  lines: Array<{ item: CheckoutItem; tax: LineTax }>;
  totals: LineTax;
}

/**
 * An exempt product's line, or a flight's: international passenger transport is zero-rated in the UAE (docs/decisions.md,
 * issue 15), and the tax owed on a zero-rated line is nothing, as on an exempt one. A ticket-supplier line too: the
 * supplier's retail price includes the venue's own taxes (docs/decisions.md, issue 31).
 */
const untaxed = (item: CheckoutItem, exempt: ReadonlySet<number>) =>
  item.flightOffer !== null || item.supplierTicket !== null || (item.productId !== null && exempt.has(item.productId));

/** Pure: the cart's lines taxed by the policy; `exempt` holds the ids of exempt products. */
export function taxCart(cart: CheckoutCart, policy: TaxPolicy, exempt: ReadonlySet<number>): TaxedCart {
  const lines = cart.items.map((item) => ({
    item,
    tax: lineTax(toMinor(item.unitPrice, cart.currency) * item.quantity, policy, untaxed(item, exempt)),
  }));
  return { cart, policy, lines, totals: sumLineTaxes(lines.map((line) => line.tax)) };
}
