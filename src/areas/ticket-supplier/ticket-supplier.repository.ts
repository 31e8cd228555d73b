// SQL of the catalog reads over the tenant's copy (the sync writes it: sync/). Plain rows out; numeric columns
// come as decimal text.
import type { Queryable } from '../../platform/database/connections.js';

export interface CountryRow {
  country_id: string;
  code: string | null;
  name: string;
  full_name: string | null;
}

export function selectCountries(db: Queryable): Promise<CountryRow[]> {
  return db<CountryRow[]>`SELECT country_id, code, name, full_name FROM ts_countries ORDER BY name, country_id`;
}

export interface CityRow {
  city_code: string;
  name: string;
  country_code: string | null;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  currency: string | null;
  enabled: boolean;
}

const cityColumns = (db: Queryable) =>
  db`city_code, name, country_code, latitude, longitude, timezone, currency, enabled`;

export function selectCities(
  db: Queryable,
  filter: { countryId: string | null; enabledOnly: boolean },
): Promise<CityRow[]> {
  return db<CityRow[]>`
    SELECT ${cityColumns(db)} FROM ts_cities
    WHERE (${filter.countryId}::text IS NULL OR country_id = ${filter.countryId})
      AND (NOT ${filter.enabledOnly}::boolean OR enabled)
    ORDER BY name, city_code`;
}

export async function selectCity(db: Queryable, cityCode: string): Promise<CityRow | undefined> {
  const [row] = await db<CityRow[]>`SELECT ${cityColumns(db)} FROM ts_cities WHERE city_code = ${cityCode}`;
  return row;
}

/** Sets the flag; undefined when the city is unknown. Locks the row till the transaction ends. */
export async function updateCityEnabled(db: Queryable, cityCode: string, enabled: boolean) {
  const [row] = await db<CityRow[]>`
    UPDATE ts_cities SET enabled = ${enabled} WHERE city_code = ${cityCode} RETURNING ${cityColumns(db)}`;
  return row;
}

export interface ExperienceRow {
  experience_id: string;
  experience_type: string | null;
  title: string;
  tagline: string | null;
  description: string | null;
  city_code: string | null;
  country_id: string | null;
  street_address: string | null;
  postal_code: string | null;
  latitude: number | null;
  longitude: number | null;
  google_place_id: string | null;
  image_small: string | null;
  image_medium: string | null;
  image_large: string | null;
  image_xlarge: string | null;
  image_alt_text: string | null;
  rating_average: string | null;
  rating_count: number | null;
  from_price: string | null;
  currency: string;
  tag_ids: string[];
  product_ids: string[];
  experience_url: string | null;
  active: boolean;
}

const experienceColumns = (db: Queryable) => db`
  experience_id, experience_type, title, tagline, description, city_code, country_id, street_address, postal_code,
  latitude, longitude, google_place_id, image_small, image_medium, image_large, image_xlarge, image_alt_text,
  rating_average, rating_count, from_price, currency, tag_ids, product_ids, experience_url, active`;

export interface ExperienceFilter {
  cityCode: string | null;
  countryId: string | null;
  tagId: string | null;
}

/**
 * One page in experience id order (ts_experiences_city serves a city's pages). Only the filters given are in the
 * statement: a prepared statement's generic plan of "$1 IS NULL OR city_code = $1" could not use the index.
 */
export function selectExperiences(
  db: Queryable,
  filter: ExperienceFilter,
  page: { limit: number; offset: number },
): Promise<ExperienceRow[]> {
  const conditions = [
    filter.cityCode === null ? undefined : db`city_code = ${filter.cityCode}`,
    filter.countryId === null ? undefined : db`country_id = ${filter.countryId}`,
    filter.tagId === null ? undefined : db`tag_ids @> ARRAY[${filter.tagId}::text]`,
  ].filter((condition) => condition !== undefined);
  const where = conditions.reduce((all, condition) => db`${all} AND ${condition}`, db`TRUE`);
  return db<ExperienceRow[]>`
    SELECT ${experienceColumns(db)} FROM ts_experiences
    WHERE ${where}
    ORDER BY experience_id
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** Grows with every change of the experiences (the sync's writes). */
export async function selectContentVersion(db: Queryable): Promise<string> {
  const [row] = await db<Array<{ content_version: string }>>`
    SELECT content_version::text FROM ts_sync_state WHERE id = 1`;
  return row?.content_version ?? '0';
}

export async function selectExperience(db: Queryable, experienceId: string): Promise<ExperienceRow | undefined> {
  const [row] = await db<ExperienceRow[]>`
    SELECT ${experienceColumns(db)} FROM ts_experiences WHERE experience_id = ${experienceId}`;
  return row;
}

export interface ProductRow {
  product_id: string;
  title: string;
  description: string | null;
  summary: string | null;
  price: string | null;
  currency: string;
  has_time_slot: boolean;
  max_quantity: number | null;
  has_vendor_booking: boolean;
  inclusions: string[];
  exclusions: string[];
  info: string | null;
  cancel_policy: string | null;
  image_small: string | null;
  image_medium: string | null;
  image_large: string | null;
  city_code: string | null;
}

const productColumns = (db: Queryable) => db`
  p.product_id, p.title, p.description, p.summary, p.price, p.currency, p.has_time_slot, p.max_quantity,
  p.has_vendor_booking, p.inclusions, p.exclusions, p.info, p.cancel_policy, p.image_small, p.image_medium,
  p.image_large, p.city_code`;

/** The products of the ids given, in the ids' order (an experience's own order). */
export function selectProductsByIds(
  db: Queryable,
  productIds: readonly string[],
  cityCode: string | null,
): Promise<ProductRow[]> {
  return db<ProductRow[]>`
    SELECT ${productColumns(db)}
    FROM unnest(${productIds}::text[]) WITH ORDINALITY AS wanted (product_id, position)
    JOIN ts_products p USING (product_id)
    WHERE ${cityCode}::text IS NULL OR p.city_code = ${cityCode}
    ORDER BY wanted.position`;
}

export function selectProductsOfCity(db: Queryable, cityCode: string): Promise<ProductRow[]> {
  return db<ProductRow[]>`
    SELECT ${productColumns(db)} FROM ts_products p WHERE p.city_code = ${cityCode} ORDER BY p.product_id`;
}

export async function selectProduct(db: Queryable, productId: string): Promise<ProductRow | undefined> {
  const [row] = await db<
    ProductRow[]
  >`SELECT ${productColumns(db)} FROM ts_products p WHERE p.product_id = ${productId}`;
  return row;
}

export async function productExists(db: Queryable, productId: string): Promise<boolean> {
  const rows = await db`SELECT 1 FROM ts_products WHERE product_id = ${productId}`;
  return rows.length > 0;
}

export interface VariantRow {
  variant_id: string;
  label: string;
  description: string | null;
  variant_type: string | null;
  price: string | null;
  currency: string | null;
  max_occupancy: number;
}

export function selectVariants(db: Queryable, productId: string): Promise<VariantRow[]> {
  return db<VariantRow[]>`
    SELECT variant_id, label, description, variant_type, price, currency, max_occupancy
    FROM ts_variants WHERE product_id = ${productId} ORDER BY position, variant_id`;
}

export interface TagRow {
  tag_id: string;
  name: string;
  tag_type_id: string | null;
  type_name: string | null;
  group_name: string | null;
  icon_url: string | null;
}

export function selectTags(db: Queryable, groupName: string | null): Promise<TagRow[]> {
  return db<TagRow[]>`
    SELECT t.tag_id, t.name, t.tag_type_id, tt.name AS type_name, tt.group_name, t.icon_url
    FROM ts_tags t LEFT JOIN ts_tag_types tt USING (tag_type_id)
    WHERE ${groupName}::text IS NULL OR lower(tt.group_name) = lower(${groupName}::text)
    ORDER BY t.name, t.tag_id`;
}

export interface TagTypeRow {
  tag_type_id: string;
  name: string;
  group_name: string | null;
  icon_url: string | null;
}

export function selectTagTypes(db: Queryable): Promise<TagTypeRow[]> {
  return db<TagTypeRow[]>`SELECT tag_type_id, name, group_name, icon_url FROM ts_tag_types ORDER BY name, tag_type_id`;
}

/** What the cart needs of a product to sell it: the product, its city's timezone, its variants. */
export interface SaleableRow {
  product_id: string;
  title: string;
  currency: string;
  has_time_slot: boolean;
  has_vendor_booking: boolean;
  max_quantity: number | null;
  timezone: string | null;
}

export async function selectSaleable(db: Queryable, productId: string): Promise<SaleableRow | undefined> {
  const [row] = await db<SaleableRow[]>`
    SELECT p.product_id, p.title, p.currency, p.has_time_slot, p.has_vendor_booking, p.max_quantity, c.timezone
    FROM ts_products p LEFT JOIN ts_cities c USING (city_code)
    WHERE p.product_id = ${productId}`;
  return row;
}
