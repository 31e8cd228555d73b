// The per-person price adjustments of requested attribute values, shared by availability and quotes.
import type { Queryable } from '../../platform/database/connections.js';
import { toMinor } from '../../platform/money.js';
import { selectAttributes } from './attributes.repository.js';
import type { ProductRow } from './products.repository.js';
import type { VariantRow } from './variants.repository.js';

/**
 * Minor-unit adjustments of the requested values (attribute id or name → value id or text) that the variant's own
 * combination does not include; answers the first key naming no value of the product as `unknown`.
 */
export async function attributeAdjustments(
  db: Queryable,
  product: Pick<ProductRow, 'product_id' | 'currency'>,
  variant: Pick<VariantRow, 'attribute_vals'>,
  requested: Record<string, string> | undefined,
): Promise<{ adjustments: number[]; unknown?: string }> {
  if (!requested || Object.keys(requested).length === 0) return { adjustments: [] };
  const attributes = await selectAttributes(db, product.product_id);
  const adjustments: number[] = [];
  for (const [key, wanted] of Object.entries(requested)) {
    const attribute = attributes.find(
      (a) => String(a.attribute_id) === key || a.name.toLowerCase() === key.toLowerCase(),
    );
    const value = attribute?.values.find(
      (v) => String(v.attributeValueId) === wanted || v.attributeValue.toLowerCase() === wanted.toLowerCase(),
    );
    if (!value) return { adjustments, unknown: key };
    if (!variant.attribute_vals.includes(value.attributeValueId))
      adjustments.push(toMinor(value.priceAdjustment, product.currency));
  }
  return { adjustments };
}
