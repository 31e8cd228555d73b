// SQL of a product's variants (the sellable versions, each with its prices and the attribute values that pick it).
// Plain rows out; prices arrive as decimal text.
import type { Queryable } from '../../platform/database/connections.js';

export interface VariantRow {
  servid: number;
  product_id: number;
  servcode: string;
  servname: string;
  servfullname: string | null;
  servdesc: string | null;
  cprice: string;
  bprice: string | null;
  child_price: string | null;
  max_occupancy: number | null;
  max_adults: number | null;
  max_children: number | null;
  time_slots: string;
  needs_location: boolean;
  is_default: boolean;
  attribute_ids: number[];
  attribute_vals: number[];
}

const variantColumns = (db: Queryable) => db`
  v.*,
  COALESCE((SELECT array_agg(DISTINCT av.attribute_id ORDER BY av.attribute_id)
            FROM variant_attribute_values vav JOIN attribute_values av USING (attribute_value_id)
            WHERE vav.servid = v.servid), '{}') AS attribute_ids,
  COALESCE((SELECT array_agg(vav.attribute_value_id ORDER BY vav.attribute_value_id)
            FROM variant_attribute_values vav WHERE vav.servid = v.servid), '{}') AS attribute_vals`;

export function selectVariants(db: Queryable, productId: number): Promise<VariantRow[]> {
  return db<VariantRow[]>`
    SELECT ${variantColumns(db)} FROM variants v WHERE v.product_id = ${productId}
    ORDER BY v.is_default DESC, v.servid`;
}

export async function selectVariant(db: Queryable, servid: number): Promise<VariantRow | undefined> {
  const [row] = await db<VariantRow[]>`SELECT ${variantColumns(db)} FROM variants v WHERE v.servid = ${servid}`;
  return row;
}

export type VariantColumns = Record<string, string | number | boolean | null>;

export async function insertVariant(db: Queryable, columns: VariantColumns): Promise<number> {
  const [row] = await db<{ servid: number }[]>`INSERT INTO variants ${db(columns)} RETURNING servid`;
  if (!row) throw new Error('variant insert returned no row');
  return row.servid;
}

export async function updateVariant(
  db: Queryable,
  servid: number,
  productId: number,
  columns: VariantColumns,
): Promise<boolean> {
  const rows =
    await db`UPDATE variants SET ${db(columns)} WHERE servid = ${servid} AND product_id = ${productId} RETURNING 1`;
  return rows.length > 0;
}

export async function setVariantAttributeValues(db: Queryable, servid: number, valueIds: number[]): Promise<void> {
  await db`DELETE FROM variant_attribute_values WHERE servid = ${servid}`;
  if (valueIds.length === 0) return;
  await db`
    INSERT INTO variant_attribute_values (servid, attribute_value_id)
    SELECT ${servid}, unnest(${valueIds}::int[])`;
}

export async function variantSales(db: Queryable, servid: number): Promise<number> {
  const [row] = await db<{ sales: number }[]>`
    SELECT COALESCE(sum(sold + held), 0)::int AS sales FROM inventory_slots WHERE servid = ${servid}`;
  return row?.sales ?? 0;
}

export async function deleteVariant(db: Queryable, servid: number): Promise<boolean> {
  await db`DELETE FROM capacity_holds WHERE slot_id IN (SELECT slot_id FROM inventory_slots WHERE servid = ${servid})`;
  await db`DELETE FROM inventory_slots WHERE servid = ${servid}`;
  return (await db`DELETE FROM variants WHERE servid = ${servid} RETURNING 1`).length > 0;
}
