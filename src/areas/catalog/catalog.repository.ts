// SQL of the catalog: categories, products, transfers, attributes, variants and inventory. Plain rows out;
// numeric columns arrive as decimal text and dates as yyyy-MM-dd text.
import type { Queryable } from '../../platform/database/connections.js';

export interface CategoryRow {
  category_id: number;
  category_name: string;
  parent_category_id: number | null;
  category_seq: number;
}

export interface TransferRow {
  transferId: number;
  transferName: string;
  transferType: 'SIC' | 'PVT';
  price: string;
}

export interface ProductRow {
  product_id: number;
  prod_code: string;
  prod_name: string;
  prod_display_name: string | null;
  product_description: string | null;
  product_price: string;
  child_price: string | null;
  infant_price: string;
  currency: string;
  public_category_id: number;
  category_name: string;
  prod_img_small: string | null;
  prod_img_med: string | null;
  prod_img_large: string | null;
  web_description: string | null;
  available_on_web: boolean;
  available_from: Date | null;
  available_to: Date | null;
  booking_type: string;
  pricing_type: string;
  has_date_range: boolean;
  has_time: boolean;
  has_time_slot: boolean;
  has_pax_info: boolean;
  has_vendor_booking: boolean;
  has_online_payment: boolean;
  split_ages: boolean;
  min_quantity: number;
  max_quantity: number;
  qty_type: string;
  unit_id: number;
  child_unit_id: number;
  infant_unit_id: number;
  unit_name: string;
  child_unit_name: string;
  infant_unit_name: string;
  max_adults: number | null;
  max_children: number | null;
  max_child_age: number;
  max_infant_age: number;
  duration_minutes: number;
  product_info: string | null;
  product_terms: string | null;
  product_inclusions: string | null;
  product_exclusions: string | null;
  cancel_policy: string | null;
  child_policy: string | null;
  variant_count: number;
  transfers: TransferRow[];
}

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

export interface SlotRow {
  slot_id: number;
  servid: number;
  slot_date: string;
  start_time: string;
  capacity: number;
  sold: number;
  held: number;
  /** Seats of holds still alive at the time asked (expired holds not yet swept do not count). */
  live_held: number;
}

// ---------- categories ----------

export function selectCategories(db: Queryable): Promise<CategoryRow[]> {
  return db<CategoryRow[]>`
    SELECT category_id, category_name, parent_category_id, category_seq
    FROM categories ORDER BY category_seq, category_name, category_id`;
}

export async function insertCategory(
  db: Queryable,
  category: { name: string; parentId: number | null; seq: number },
): Promise<number> {
  const [row] = await db<{ category_id: number }[]>`
    INSERT INTO categories (category_name, parent_category_id, category_seq)
    VALUES (${category.name}, ${category.parentId}, ${category.seq})
    RETURNING category_id`;
  if (!row) throw new Error('category insert returned no row');
  return row.category_id;
}

export async function updateCategory(
  db: Queryable,
  categoryId: number,
  category: { name: string; parentId: number | null | undefined; seq: number | undefined },
): Promise<boolean> {
  const keepParent = category.parentId === undefined;
  const rows = await db`
    UPDATE categories SET
      category_name = ${category.name},
      parent_category_id = CASE WHEN ${keepParent} THEN parent_category_id ELSE ${category.parentId ?? null}::int END,
      category_seq = COALESCE(${category.seq ?? null}::int, category_seq),
      updated_at = now()
    WHERE category_id = ${categoryId}
    RETURNING 1`;
  return rows.length > 0;
}

export async function categoryUsage(
  db: Queryable,
  categoryId: number,
): Promise<{ children: number; products: number }> {
  const [row] = await db<{ children: number; products: number }[]>`
    SELECT (SELECT count(*)::int FROM categories WHERE parent_category_id = ${categoryId}) AS children,
           (SELECT count(*)::int FROM products WHERE public_category_id = ${categoryId}) AS products`;
  return row ?? { children: 0, products: 0 };
}

export async function deleteCategory(db: Queryable, categoryId: number): Promise<boolean> {
  return (await db`DELETE FROM categories WHERE category_id = ${categoryId} RETURNING 1`).length > 0;
}

// ---------- products ----------

const productColumns = (db: Queryable) => db`
  p.*, c.category_name,
  (SELECT count(*)::int FROM variants v WHERE v.product_id = p.product_id) AS variant_count,
  COALESCE((SELECT json_agg(json_build_object('transferId', t.transfer_id, 'transferName', t.transfer_name,
                                              'transferType', t.transfer_type, 'price', t.price::text)
                            ORDER BY t.transfer_id)
            FROM product_transfers t WHERE t.product_id = p.product_id), '[]') AS transfers`;

export async function selectProduct(
  db: Queryable,
  key: { productId: number } | { productCode: string },
  onlyWeb: boolean,
): Promise<ProductRow | undefined> {
  const productId = 'productId' in key ? key.productId : null;
  const productCode = 'productCode' in key ? key.productCode : null;
  const [row] = await db<ProductRow[]>`
    SELECT ${productColumns(db)}
    FROM products p JOIN categories c ON c.category_id = p.public_category_id
    WHERE (${productId}::int IS NULL OR p.product_id = ${productId})
      AND (${productCode}::text IS NULL OR lower(p.prod_code) = lower(${productCode}))
      AND (p.available_on_web OR NOT ${onlyWeb})`;
  return row;
}

/** The columns a listing shows: no long texts, no transfers (a listing of 20 products stays small). */
export type ListingRow = Pick<
  ProductRow,
  | 'product_id'
  | 'prod_code'
  | 'prod_name'
  | 'prod_display_name'
  | 'product_description'
  | 'product_price'
  | 'child_price'
  | 'currency'
  | 'public_category_id'
  | 'category_name'
  | 'prod_img_small'
  | 'prod_img_med'
  | 'prod_img_large'
  | 'available_on_web'
  | 'available_from'
  | 'available_to'
  | 'booking_type'
  | 'pricing_type'
  | 'has_time_slot'
  | 'min_quantity'
  | 'max_quantity'
  | 'variant_count'
>;

export function selectCategoryProducts(db: Queryable, categoryId: number, onlyWeb: boolean): Promise<ListingRow[]> {
  return db<ListingRow[]>`
    SELECT p.product_id, p.prod_code, p.prod_name, p.prod_display_name, p.product_description, p.product_price,
           p.child_price, p.currency, p.public_category_id, c.category_name, p.prod_img_small, p.prod_img_med,
           p.prod_img_large, p.available_on_web, p.available_from, p.available_to, p.booking_type, p.pricing_type,
           p.has_time_slot, p.min_quantity, p.max_quantity,
           (SELECT count(*)::int FROM variants v WHERE v.product_id = p.product_id) AS variant_count
    FROM products p
    JOIN categories c ON c.category_id = p.public_category_id
    WHERE p.public_category_id = ${categoryId} AND (p.available_on_web OR NOT ${onlyWeb})
    ORDER BY p.prod_name, p.product_id`;
}

export interface ProductFilter {
  name?: string;
  partial: boolean;
  categoryId?: number;
  availableOnWeb?: boolean;
  onlyWeb: boolean;
}

export function searchProducts(db: Queryable, filter: ProductFilter) {
  const pattern =
    filter.name === undefined ? null : filter.partial ? `%${escapeLike(filter.name)}%` : escapeLike(filter.name);
  return db<
    Array<
      Pick<
        ProductRow,
        | 'product_id'
        | 'prod_code'
        | 'prod_name'
        | 'product_price'
        | 'currency'
        | 'public_category_id'
        | 'available_on_web'
      >
    >
  >`
    SELECT product_id, prod_code, prod_name, product_price, currency, public_category_id, available_on_web
    FROM products
    WHERE (${pattern}::text IS NULL OR prod_name ILIKE ${pattern})
      AND (${filter.categoryId ?? null}::int IS NULL OR public_category_id = ${filter.categoryId ?? null})
      AND (${filter.availableOnWeb ?? null}::boolean IS NULL OR available_on_web = ${filter.availableOnWeb ?? null})
      AND (available_on_web OR NOT ${filter.onlyWeb})
    ORDER BY prod_name, product_id
    LIMIT 200`;
}

export function lookupProducts(db: Queryable, namepart: string | undefined, onlyWeb: boolean) {
  const pattern = namepart ? `%${escapeLike(namepart)}%` : null;
  return db<Array<{ prod_name: string; product_id: number }>>`
    SELECT prod_name, product_id FROM products
    WHERE (${pattern}::text IS NULL OR prod_name ILIKE ${pattern}) AND (available_on_web OR NOT ${onlyWeb})
    ORDER BY prod_name, product_id
    LIMIT 50`;
}

/** The product's columns a save writes, named as in the table; absent keys keep their value. */
export type ProductColumns = Record<string, string | number | boolean | Date | null>;

export async function insertProduct(db: Queryable, columns: ProductColumns): Promise<number> {
  const [row] = await db<{ product_id: number }[]>`INSERT INTO products ${db(columns)} RETURNING product_id`;
  if (!row) throw new Error('product insert returned no row');
  return row.product_id;
}

export async function updateProduct(db: Queryable, productId: number, columns: ProductColumns): Promise<boolean> {
  const rows = await db`
    UPDATE products SET ${db({ ...columns, updated_at: new Date() })} WHERE product_id = ${productId} RETURNING 1`;
  return rows.length > 0;
}

export async function replaceTransfers(
  db: Queryable,
  productId: number,
  transfers: Array<{ transferName: string; transferType: 'SIC' | 'PVT'; price: string }>,
): Promise<void> {
  await db`DELETE FROM product_transfers WHERE product_id = ${productId}`;
  for (const transfer of transfers) {
    await db`
      INSERT INTO product_transfers (product_id, transfer_name, transfer_type, price)
      VALUES (${productId}, ${transfer.transferName}, ${transfer.transferType}, ${transfer.price})`;
  }
}

export async function productSales(db: Queryable, productId: number): Promise<number> {
  const [row] = await db<{ sales: number }[]>`
    SELECT COALESCE(sum(s.sold + s.held), 0)::int AS sales
    FROM inventory_slots s JOIN variants v ON v.servid = s.servid
    WHERE v.product_id = ${productId}`;
  return row?.sales ?? 0;
}

/** Deletes a product with its variants and inventory (callers check first that nothing was sold). */
export async function deleteProduct(db: Queryable, productId: number): Promise<boolean> {
  await db`DELETE FROM capacity_holds WHERE slot_id IN (
             SELECT s.slot_id FROM inventory_slots s JOIN variants v ON v.servid = s.servid WHERE v.product_id = ${productId})`;
  await db`DELETE FROM inventory_slots WHERE servid IN (SELECT servid FROM variants WHERE product_id = ${productId})`;
  await db`DELETE FROM variants WHERE product_id = ${productId}`;
  return (await db`DELETE FROM products WHERE product_id = ${productId} RETURNING 1`).length > 0;
}

// ---------- attributes ----------

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

// ---------- variants ----------

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

// ---------- inventory ----------

/** Writes capacity for every date × start time; existing slots keep what was sold and held. */
export async function upsertSlots(
  db: Queryable,
  servid: number,
  dates: string[],
  startTimes: string[],
  capacity: number,
): Promise<number> {
  const rows = await db`
    INSERT INTO inventory_slots (servid, slot_date, start_time, capacity)
    SELECT ${servid}, d, t, ${capacity}
    FROM unnest(${dates}::date[]) AS d CROSS JOIN unnest(${startTimes}::text[]) AS t
    ON CONFLICT (servid, slot_date, start_time) DO UPDATE SET capacity = EXCLUDED.capacity
    RETURNING 1`;
  return rows.length;
}

const slotColumns = (db: Queryable, now: Date) => db`
  s.slot_id, s.servid, s.slot_date::text AS slot_date, s.start_time, s.capacity, s.sold, s.held,
  COALESCE((SELECT sum(h.quantity)::int FROM capacity_holds h
            WHERE h.slot_id = s.slot_id AND h.status = 'HELD' AND h.expires_at > ${now}), 0) AS live_held`;

export function selectSlots(
  db: Queryable,
  servid: number,
  dateFrom: string,
  dateTo: string,
  now: Date,
): Promise<SlotRow[]> {
  return db<SlotRow[]>`
    SELECT ${slotColumns(db, now)} FROM inventory_slots s
    WHERE s.servid = ${servid} AND s.slot_date BETWEEN ${dateFrom}::date AND ${dateTo}::date
    ORDER BY s.slot_date, s.start_time`;
}

export async function selectSlot(db: Queryable, slotId: number, now: Date): Promise<SlotRow | undefined> {
  const [row] = await db<SlotRow[]>`SELECT ${slotColumns(db, now)} FROM inventory_slots s WHERE s.slot_id = ${slotId}`;
  return row;
}

export async function selectSlotAt(
  db: Queryable,
  servid: number,
  date: string,
  startTime: string,
  now: Date,
): Promise<SlotRow | undefined> {
  const [row] = await db<SlotRow[]>`
    SELECT ${slotColumns(db, now)} FROM inventory_slots s
    WHERE s.servid = ${servid} AND s.slot_date = ${date}::date AND s.start_time = ${startTime}`;
  return row;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
