// Rows of the tenant's copy in the specification's canonical shapes. Pure.
import { decimalAmount } from '../../platform/money.js';
import type * as repo from './ticket-supplier.repository.js';
import type { City, Country, Experience, Product, Tag, TagType, Variant } from './ticket-supplier.schemas.js';

const money = (amount: string | null, currency: string | null) =>
  amount === null ? null : decimalAmount(amount, currency ?? 'EUR');

/** The integer the shapes give ids that are integers at the supplier (Tiqets' countries, tag types). */
export function integerId(id: string | null): number | null {
  if (id === null || !/^\d{1,15}$/.test(id)) return null;
  return Number(id);
}

/** The specification's words for what a supplier calls a venue or an activity; other words as they are. */
const EXPERIENCE_TYPES: Readonly<Record<string, string>> = { venue: 'attraction', poi: 'attraction', activity: 'tour' };
const experienceType = (type: string | null) => (type === null ? null : (EXPERIENCE_TYPES[type] ?? type));

/** A country whose supplier id is not an integer has no countryId of the shape: it is left out. */
export function toCountry(row: repo.CountryRow): Country | undefined {
  const countryId = integerId(row.country_id);
  if (countryId === null) return undefined;
  return { countryId, countryCode: row.code, countryName: row.name, countryFullName: row.full_name };
}

export function toCity(row: repo.CityRow): City {
  return {
    cityCode: row.city_code,
    cityName: row.name,
    countryCode: row.country_code,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    currency: row.currency,
    enabled: row.enabled,
  };
}

export function toExperience(row: repo.ExperienceRow): Experience {
  return {
    experienceId: row.experience_id,
    experienceType: experienceType(row.experience_type),
    title: row.title,
    tagline: row.tagline,
    description: row.description,
    cityId: row.city_code,
    countryId: row.country_id,
    streetAddress: row.street_address,
    postalCode: row.postal_code,
    latitude: row.latitude,
    longitude: row.longitude,
    googlePlaceId: row.google_place_id,
    imageSmall: row.image_small,
    imageMedium: row.image_medium,
    imageLarge: row.image_large,
    imageXlarge: row.image_xlarge,
    imageAltText: row.image_alt_text,
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    ratingCount: row.rating_count,
    fromPrice: money(row.from_price, row.currency),
    currency: row.currency,
    tagIds: row.tag_ids.join(','),
    productIds: row.product_ids.join(','),
    experienceUrl: row.experience_url,
    active: row.active,
  };
}

export function toProduct(row: repo.ProductRow): Product {
  return {
    productId: row.product_id,
    prodCode: row.product_id,
    prodName: row.title,
    productDescription: row.description ?? row.summary,
    productPrice: money(row.price, row.currency),
    currency: row.currency,
    hasTimeSlot: row.has_time_slot,
    maxQuantity: row.max_quantity,
    hasVendorBooking: row.has_vendor_booking,
    productInclusions: row.inclusions.join('|'),
    productExclusions: row.exclusions.join('|'),
    productInfo: row.info,
    cancelPolicy: row.cancel_policy,
    prodImgSmall: row.image_small,
    prodImgMed: row.image_medium,
    prodImgLarge: row.image_large,
    cityId: row.city_code,
  };
}

export function toVariant(row: repo.VariantRow, productCurrency: string): Variant {
  const currency = row.currency ?? productCurrency;
  return {
    servcode: row.variant_id,
    servname: row.label,
    servdesc: row.description,
    cprice: money(row.price, currency),
    currency,
    maxOccupancy: row.max_occupancy,
    available: true,
  };
}

export function toTag(row: repo.TagRow): Tag {
  return {
    tagId: row.tag_id,
    name: row.name,
    tagTypeId: integerId(row.tag_type_id),
    typeName: row.type_name,
    typeGroupName: row.group_name,
    iconUrl: row.icon_url,
  };
}

/** A tag type whose supplier id is not an integer is left out (the shape's tagTypeId is one). */
export function toTagType(row: repo.TagTypeRow): TagType | undefined {
  const tagTypeId = integerId(row.tag_type_id);
  if (tagTypeId === null) return undefined;
  return { tagTypeId, name: row.name, groupName: row.group_name, iconUrl: row.icon_url };
}
