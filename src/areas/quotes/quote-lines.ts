// A quote's new lines as they are stored: the amounts of each line in the quote's currency (exact decimal text),
// its tax under the tenant's policy at this moment, and the product's name then.
import { minorToDecimalString } from '../../platform/money.js';
import type { TaxPolicy } from '../settings/index.js';
import type { NewItem } from './quotes.repository.js';
import { type CheckedItem, lineAmounts, quantityText } from './quotes.rules.js';

/** What the catalog says of the lines' products: their names, and which are exempt from tax. */
export interface LineProducts {
  names: ReadonlyMap<number, string>;
  taxExempt: ReadonlySet<number>;
}

export function storedLines(
  items: readonly CheckedItem[],
  products: LineProducts,
  policy: TaxPolicy,
  currency: string,
): NewItem[] {
  const decimal = (minor: number) => minorToDecimalString(minor, currency);
  return items.map((item) => {
    const name = item.productId === undefined ? undefined : products.names.get(item.productId);
    const exempt = item.productId !== undefined && products.taxExempt.has(item.productId);
    const amounts = lineAmounts(item, policy, exempt);
    return {
      description: item.description ?? name ?? '',
      quantity: quantityText(item.quantityThousandths),
      unitPrice: decimal(item.unitPriceMinor),
      totalPrice: decimal(amounts.totalMinor),
      net: decimal(amounts.netMinor),
      tax: decimal(amounts.taxMinor),
      gross: decimal(amounts.grossMinor),
      taxRatePercent: exempt ? '0' : policy.ratePercent,
      pricesIncludeTax: policy.pricesIncludeTax,
      taxExempt: exempt,
      productId: item.productId ?? null,
      productName: name ?? null,
    };
  });
}
