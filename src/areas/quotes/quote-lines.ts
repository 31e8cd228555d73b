// A quote's new lines as they are stored: the amounts of each line in the quote's currency (exact decimal text),
// its tax under the tenant's policy at this moment, and the product's name then.
import { minorToDecimalString } from '../../platform/money.js';
import type { TaxPolicy } from '../settings/index.js';
import type { QuotedProduct } from './quoted-products.js';
import type { NewItem } from './quotes.repository.js';
import { type CheckedItem, lineAmounts, quantityText } from './quotes.rules.js';

export function storedLines(
  items: readonly CheckedItem[],
  products: ReadonlyMap<number, QuotedProduct>,
  policy: TaxPolicy,
  currency: string,
): NewItem[] {
  const decimal = (minor: number) => minorToDecimalString(minor, currency);
  return items.map((item) => {
    const product = item.productId === undefined ? undefined : products.get(item.productId);
    const exempt = product?.taxExempt ?? false;
    const amounts = lineAmounts(item, policy, exempt);
    return {
      description: item.description ?? product?.name ?? '',
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
      productName: product?.name ?? null,
    };
  });
}
