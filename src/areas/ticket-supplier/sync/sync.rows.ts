// The supplier's catalog items as rows of the tenant's ts_* tables, each with the hash of its content: a sync
// writes only the rows whose hash changed. Pure: no I/O. Keys are built in a fixed order, so a row's JSON (and its
// hash) is the same for the same content on every run and every node.
import { createHash } from 'node:crypto';
import type {
  CatalogCity,
  CatalogCountry,
  CatalogExperience,
  CatalogProduct,
  CatalogTag,
  CatalogTagType,
  CatalogVariant,
} from '../../../integrations/ticket-supplier/index.js';
import { currencyOf, timezoneOf } from './places.js';

const hashOf = (content: object) => createHash('sha1').update(JSON.stringify(content)).digest('base64url');

/** The row with its content hash (the content is every column but the key's bookkeeping). */
const hashed = <T extends object>(content: T): T & { content_hash: string } => ({
  ...content,
  content_hash: hashOf(content),
});

/** A decimal amount as numeric(14,4) takes it; a supplier's unreadable price is no price. */
const amount = (value: string | null) => (value !== null && /^-?\d{1,10}(\.\d+)?$/.test(value) ? value : null);
const rating = (value: number | null) => (value !== null && value >= 0 && value < 10 ? value.toFixed(2) : null);
const count = (value: number | null) => (value !== null && Number.isSafeInteger(value) && value >= 0 ? value : null);
const coordinate = (value: number | null) => (value !== null && Number.isFinite(value) ? value : null);

export function countryRow(country: CatalogCountry) {
  return hashed({
    country_id: country.id,
    code: country.code?.toUpperCase() ?? null,
    name: country.name,
    full_name: country.fullName,
  });
}
export type CountryRow = ReturnType<typeof countryRow>;

/** A city with its country's code, and the timezone and currency the supplier left out, looked up. */
export function cityRow(city: CatalogCity, countryCodes: ReadonlyMap<string, string | null>) {
  const countryCode = countryCodes.get(city.countryId) ?? null;
  return hashed({
    city_code: city.id,
    name: city.name,
    country_id: city.countryId,
    country_code: countryCode,
    latitude: coordinate(city.latitude),
    longitude: coordinate(city.longitude),
    timezone: city.timezone ?? timezoneOf(city.name, countryCode),
    currency: city.currency ?? currencyOf(countryCode),
  });
}
export type CityRow = ReturnType<typeof cityRow>;

export function tagTypeRow(type: CatalogTagType) {
  return hashed({ tag_type_id: type.id, name: type.name, group_name: type.groupName, icon_url: type.iconUrl });
}
export type TagTypeRow = ReturnType<typeof tagTypeRow>;

export function tagRow(tag: CatalogTag) {
  return hashed({ tag_id: tag.id, name: tag.name, tag_type_id: tag.typeId, icon_url: tag.iconUrl });
}
export type TagRow = ReturnType<typeof tagRow>;

/** An experience of the city `cityCode` (the one whose list it came in). */
export function experienceRow(item: CatalogExperience, cityCode: string) {
  return hashed({
    experience_id: item.id,
    experience_type: item.type,
    title: item.title,
    tagline: item.tagline,
    description: item.description,
    city_code: cityCode,
    country_id: item.countryId,
    street_address: item.streetAddress,
    postal_code: item.postalCode,
    latitude: coordinate(item.latitude),
    longitude: coordinate(item.longitude),
    google_place_id: item.googlePlaceId,
    image_small: item.images.small,
    image_medium: item.images.medium ?? item.imageUrl,
    image_large: item.images.large,
    image_xlarge: item.images.xlarge,
    image_alt_text: item.imageAltText,
    rating_average: rating(item.ratingAverage),
    rating_count: count(item.ratingCount),
    from_price: amount(item.fromPrice),
    currency: item.currency,
    tag_ids: item.tagIds,
    product_ids: item.productIds,
    experience_url: item.experienceUrl,
    active: item.active,
  });
}
export type ExperienceRow = ReturnType<typeof experienceRow>;

export function productRow(item: CatalogProduct, cityCode: string) {
  return hashed({
    product_id: item.id,
    title: item.title,
    tagline: item.tagline,
    summary: item.summary,
    description: item.description,
    price: amount(item.price),
    currency: item.currency,
    sale_status: item.saleStatus,
    city_code: cityCode,
    country_id: item.countryId,
    venue_id: item.venueId,
    venue_name: item.venueName,
    latitude: coordinate(item.latitude),
    longitude: coordinate(item.longitude),
    tag_ids: item.tagIds,
    image_small: item.images.small,
    image_medium: item.images.medium,
    image_large: item.images.large ?? item.imageUrl,
    image_xlarge: item.images.xlarge,
    product_url: item.productUrl,
    has_time_slot: item.hasTimeSlot,
    max_quantity: count(item.maxQuantity),
    has_vendor_booking: item.hasVendorBooking,
    inclusions: item.inclusions,
    exclusions: item.exclusions,
    info: item.info,
    cancel_policy: item.cancelPolicy,
  });
}
export type ProductRow = ReturnType<typeof productRow>;

/** The product's variants in the supplier's order (`position`). */
export function variantRows(productId: string, variants: readonly CatalogVariant[]) {
  return variants.map((variant, position) =>
    hashed({
      product_id: productId,
      variant_id: variant.id,
      label: variant.label,
      description: variant.description,
      variant_type: variant.type,
      cancel_policy: variant.cancellationPolicy,
      price: amount(variant.price),
      currency: variant.currency,
      max_occupancy: Math.max(1, count(variant.maxOccupancy) ?? 1),
      position,
    }),
  );
}
export type VariantRow = ReturnType<typeof variantRows>[number];

/** A city's content as the supplier lists it now, in rows. */
export interface CityContent {
  cityCode: string;
  experiences: ExperienceRow[];
  products: ProductRow[];
  variants: VariantRow[];
}

/** The rows whose hash differs from the one kept (new rows included), in key order: writers lock in one order. */
export function changedRows<R extends { content_hash: string }>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  kept: ReadonlyMap<string, string>,
): R[] {
  return rows
    .filter((row) => kept.get(keyOf(row)) !== row.content_hash)
    .sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
}

/** Code-point order, as PostgreSQL's COLLATE "C" sorts. */
export const compareKeys = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Keeps the first of items sharing an id (a supplier listing one twice must not fail a multi-row upsert). */
export function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
