// SQL of a product's attributes and their values (each value may adjust the price). Plain rows out; price
// adjustments arrive as decimal text.
import type { Queryable } from '../../platform/database/connections.js';

export interface AttributeRow {
  attribute_id: number;
  name: string;
  sequence: number;
  values: Array<{
    attributeValueId: number;
    attributeValue: string;
    attributeDescription: string | null;
    sequence: number;
    priceAdjustment: string;
  }>;
}

export function selectAttributes(db: Queryable, productId: number): Promise<AttributeRow[]> {
  return db<AttributeRow[]>`
    SELECT a.attribute_id, a.name, a.sequence,
           COALESCE((SELECT json_agg(json_build_object(
                       'attributeValueId', v.attribute_value_id, 'attributeValue', v.attribute_value,
                       'attributeDescription', v.attribute_description, 'sequence', v.sequence,
                       'priceAdjustment', v.price_adjustment::text) ORDER BY v.sequence, v.attribute_value_id)
                     FROM attribute_values v WHERE v.attribute_id = a.attribute_id), '[]') AS values
    FROM attributes a WHERE a.product_id = ${productId}
    ORDER BY a.sequence, a.attribute_id`;
}

export async function saveAttribute(
  db: Queryable,
  productId: number,
  attribute: { attributeId?: number; name: string; sequence: number },
): Promise<number | undefined> {
  if (attribute.attributeId === undefined) {
    const [row] = await db<{ attribute_id: number }[]>`
      INSERT INTO attributes (product_id, name, sequence) VALUES (${productId}, ${attribute.name}, ${attribute.sequence})
      RETURNING attribute_id`;
    return row?.attribute_id;
  }
  const [row] = await db<{ attribute_id: number }[]>`
    UPDATE attributes SET name = ${attribute.name}, sequence = ${attribute.sequence}
    WHERE attribute_id = ${attribute.attributeId} AND product_id = ${productId}
    RETURNING attribute_id`;
  return row?.attribute_id;
}

export async function saveAttributeValue(
  db: Queryable,
  attributeId: number,
  value: {
    attributeValueId?: number;
    attributeValue: string;
    attributeDescription: string | null;
    sequence: number;
    priceAdjustment: string;
  },
): Promise<number | undefined> {
  if (value.attributeValueId === undefined) {
    const [row] = await db<{ attribute_value_id: number }[]>`
      INSERT INTO attribute_values (attribute_id, attribute_value, attribute_description, sequence, price_adjustment)
      VALUES (${attributeId}, ${value.attributeValue}, ${value.attributeDescription}, ${value.sequence}, ${value.priceAdjustment})
      RETURNING attribute_value_id`;
    return row?.attribute_value_id;
  }
  const [row] = await db<{ attribute_value_id: number }[]>`
    UPDATE attribute_values SET attribute_value = ${value.attributeValue},
      attribute_description = ${value.attributeDescription}, sequence = ${value.sequence},
      price_adjustment = ${value.priceAdjustment}
    WHERE attribute_value_id = ${value.attributeValueId} AND attribute_id = ${attributeId}
    RETURNING attribute_value_id`;
  return row?.attribute_value_id;
}

/** Values of the attribute not in `keep` are removed (a save answers the attribute as sent). */
export async function deleteOtherAttributeValues(db: Queryable, attributeId: number, keep: number[]): Promise<void> {
  await db`DELETE FROM attribute_values WHERE attribute_id = ${attributeId} AND NOT (attribute_value_id = ANY (${keep}::int[]))`;
}

export async function deleteAttribute(db: Queryable, attributeId: number): Promise<boolean> {
  return (await db`DELETE FROM attributes WHERE attribute_id = ${attributeId} RETURNING 1`).length > 0;
}

/** How many of these attribute value ids belong to the product. */
export async function countProductAttributeValues(
  db: Queryable,
  productId: number,
  valueIds: number[],
): Promise<number> {
  const [row] = await db<{ count: number }[]>`
    SELECT count(*)::int AS count FROM attribute_values v JOIN attributes a USING (attribute_id)
    WHERE a.product_id = ${productId} AND v.attribute_value_id = ANY (${valueIds}::int[])`;
  return row?.count ?? 0;
}
