// SQL of products with their category name, variant count and transfers: reads for pages, listings and search,
// and the writes of a product save or delete. Plain rows out; numeric columns arrive as decimal text.
import { containsPattern, likeEscaped } from '../../platform/text.js';
import type { Queryable } from '../../platform/database/connections.js';

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
  /** Sold without inventory: no capacity limit, no seats held. */
  free_sale: boolean;
  /** Exempt from the agency's VAT. */
  tax_exempt: boolean;
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
  meeting_point: string | null;
  pickup_window_minutes: number | null;
  variant_count: number;
  transfers: TransferRow[];
}

const productColumns = (db: Queryable) => db`
  p.*, c.category_name,
  (SELECT count(*)::int FROM variants v WHERE v.product_id = p.product_id) AS variant_count,
  COALESCE((SELECT json_agg(json_build_object('transferId', t.transfer_id, 'transferName', t.transfer_name,
                                              'transferType', t.transfer_type, 'price', t.price::text)
                            ORDER BY t.transfer_id)
            FROM product_transfers t WHERE t.product_id = p.product_id), '[]') AS transfers`;

/**
 * The product exists; it is key-share locked so it cannot be deleted before the caller's transaction ends (rows
 * of other areas that name it, such as offline tickets, land first).
 */
export async function lockProductKey(db: Queryable, productId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM products WHERE product_id = ${productId} FOR KEY SHARE`;
  return rows.length === 1;
}

/** Which of these products are exempt from VAT (checkout and quotes tax every other line). */
export async function selectTaxExemptProducts(db: Queryable, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db<{ product_id: number }[]>`
    SELECT product_id FROM products WHERE product_id = ANY(${[...new Set(productIds)]}::int[]) AND tax_exempt`;
  return new Set(rows.map((row) => row.product_id));
}

/** What a ticket of the product tells its holder beyond the ticket: where to be, when, and what cancelling costs. */
export interface ProductTicketFacts {
  meetingPoint: string | null;
  /** A hotel pickup is between the booked time and this many minutes later; null: at the booked time. */
  pickupWindowMinutes: number | null;
  durationMinutes: number;
  cancelPolicy: string | null;
}

/** The ticket facts of these products, by product id, on the handle given (a product deleted since: none). */
export async function selectTicketFacts(
  db: Queryable,
  productIds: readonly number[],
): Promise<Map<number, ProductTicketFacts>> {
  if (productIds.length === 0) return new Map();
  const rows = await db<(ProductTicketFacts & { productId: number })[]>`
    SELECT product_id AS "productId", meeting_point AS "meetingPoint",
           pickup_window_minutes AS "pickupWindowMinutes", duration_minutes AS "durationMinutes",
           cancel_policy AS "cancelPolicy"
    FROM products WHERE product_id = ANY(${[...new Set(productIds)]}::int[])`;
  return new Map(rows.map(({ productId, ...facts }) => [productId, facts]));
}

/** Which of the products are ticketed by their supplier (hasVendorBooking), on the handle given. */
export async function selectVendorBookedProducts(db: Queryable, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db<{ product_id: number }[]>`
    SELECT product_id FROM products WHERE product_id = ANY(${[...new Set(productIds)]}::int[]) AND has_vendor_booking`;
  return new Set(rows.map((row) => row.product_id));
}

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
  | 'infant_price'
  | 'free_sale'
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
           p.child_price, p.infant_price, p.free_sale, p.currency, p.public_category_id, c.category_name, p.prod_img_small, p.prod_img_med,
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
    filter.name === undefined ? null : filter.partial ? containsPattern(filter.name) : likeEscaped(filter.name);
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
  const pattern = namepart ? containsPattern(namepart) : null;
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
