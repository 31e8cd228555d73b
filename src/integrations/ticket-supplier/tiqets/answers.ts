// Tiqets' JSON read into the catalog's own types. Tiqets' ids are numbers on most resources and strings on tags:
// ours are strings. A price is exact decimal text in its currency (a JSON number or a numeric string, rounded to
// the currency's minor unit). An item lacking its id is an answer we do not understand: API_ERROR.
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import {
  type CatalogCity,
  type CatalogImages,
  type CatalogCountry,
  type CatalogExperience,
  type CatalogProduct,
  type CatalogTag,
  type CatalogTagType,
  type CatalogTimeslot,
  type CatalogVariant,
  type CatalogVariantOffer,
  TicketCatalogError,
} from '../catalog.js';
import type { Json } from './client.js';

export const record = (value: unknown): Json | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The objects of a list (anything else in it skipped). */
export const records = (value: unknown): Json[] =>
  list(value).flatMap((item) => {
    const found = record(item);
    return found ? [found] : [];
  });

export const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

const numberOf = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

const ids = (value: unknown): string[] => list(value).flatMap((id) => text(id) ?? []);

/** The item's id, or the answer is not one we understand. */
export function idOf(item: Json | undefined, what: string): string {
  const id = text(item?.id);
  if (id === null) throw new TicketCatalogError('unavailable', `Tiqets answered a ${what} without an id`);
  return id;
}

export function priceOf(value: unknown, currency: string): string | null {
  const amount = numberOf(value);
  return amount === null ? null : minorToDecimalString(toMinor(amount, currency), currency);
}

function imagesOf(item: Json): CatalogImages {
  const first = record(list(item.images)[0]);
  return {
    small: text(first?.small),
    medium: text(first?.medium),
    large: text(first?.large),
    xlarge: text(first?.extra_large),
  };
}

const imageOf = (images: CatalogImages) => images.large ?? images.medium ?? images.small ?? images.xlarge;

/** Lines of a list of texts, or of one text with a line each ("whats_included"). */
const lines = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((line) => text(line) ?? [])
    : (text(value)
        ?.split(/\r?\n/)
        .map((line) => line.replace(/^[-*•]\s*/, '').trim())
        .filter((line) => line !== '') ?? []);

export const countryOf = (item: Json): CatalogCountry => ({
  id: idOf(item, 'country'),
  name: text(item.name) ?? '',
  code: text(item.country_code ?? item.code)?.toUpperCase() ?? null,
  fullName: null,
});

export function cityOf(item: Json): CatalogCity {
  const geo = record(item.geolocation);
  return {
    id: idOf(item, 'city'),
    name: text(item.name) ?? '',
    countryId: text(item.country_id) ?? '',
    latitude: numberOf(geo?.lat),
    longitude: numberOf(geo?.lng),
    timezone: text(item.timezone),
    currency: null,
  };
}

export function experienceOf(item: Json, currency: string): CatalogExperience {
  const ratings = record(item.ratings);
  const images = imagesOf(item);
  const address = record(item.address);
  const geo = record(item.geolocation);
  const priceCurrency = text(item.currency) ?? currency;
  return {
    id: idOf(item, 'experience'),
    title: text(item.title) ?? '',
    type: text(item.type),
    tagline: text(item.tagline),
    description: text(item.description),
    cityId: text(item.city_id),
    countryId: text(item.country_id),
    productIds: ids(item.product_ids),
    tagIds: ids(item.tag_ids),
    imageUrl: imageOf(images),
    images,
    imageAltText: text(record(list(item.images)[0])?.alt_text),
    fromPrice: priceOf(item.from_price, priceCurrency),
    currency: priceCurrency,
    ratingAverage: numberOf(ratings?.average),
    ratingCount: numberOf(ratings?.total),
    streetAddress: text(address?.street ?? address?.street_address),
    postalCode: text(address?.postal_code ?? address?.zip_code),
    latitude: numberOf(geo?.lat),
    longitude: numberOf(geo?.lng),
    googlePlaceId: text(item.google_place_id),
    experienceUrl: text(item.experience_url),
    active: item.active !== false && item.sale_status !== 'inactive',
  };
}

export function productOf(item: Json, fallbackCurrency: string): CatalogProduct {
  const currency = text(item.currency) ?? fallbackCurrency;
  const venue = record(item.venue);
  const geo = record(item.geolocation);
  const images = imagesOf(item);
  return {
    id: idOf(item, 'product'),
    title: text(item.title) ?? '',
    tagline: text(item.tagline),
    summary: text(item.summary),
    price: priceOf(item.price, currency),
    currency,
    saleStatus: text(item.sale_status),
    cityId: text(item.city_id),
    countryId: text(item.country_id),
    venueId: text(venue?.id),
    venueName: text(venue?.name),
    latitude: numberOf(geo?.lat),
    longitude: numberOf(geo?.lng),
    tagIds: ids(item.tag_ids),
    imageUrl: imageOf(images),
    images,
    productUrl: text(item.product_url),
    description: text(item.description) ?? text(item.summary),
    hasTimeSlot: item.has_timeslots === true,
    maxQuantity: numberOf(item.max_tickets_per_order),
    // Tiqets sells every product it lists through its booking API (the partner's booking approval is the token's).
    hasVendorBooking: item.sale_status !== 'soldout' && item.is_bookable !== false,
    inclusions: lines(item.whats_included),
    exclusions: lines(item.whats_excluded),
    info: text(item.important_information ?? item.good_to_know),
    cancelPolicy: text(record(item.cancellation)?.policy ?? item.cancellation_policy),
  };
}

export function variantOf(item: Json, fallbackCurrency: string): CatalogVariant {
  const currency = text(item.currency) ?? fallbackCurrency;
  const price = priceOf(item.total_retail_price_incl_vat ?? item.price, currency);
  return {
    id: idOf(item, 'variant'),
    label: text(item.label) ?? '',
    description: text(item.description),
    type: text(item.variant_type),
    cancellationPolicy: text(record(item.cancellation)?.policy),
    price,
    currency: price === null ? null : currency,
    maxOccupancy: numberOf(item.max_occupancy ?? item.persons) ?? 1,
  };
}

export const tagOf = (item: Json): CatalogTag => ({
  id: idOf(item, 'tag'),
  name: text(item.name) ?? '',
  typeId: text(item.type_id) ?? text(item.tag_type_id),
  iconUrl: text(item.icon_url),
});

export const tagTypeOf = (item: Json): CatalogTagType => ({
  id: idOf(item, 'tag type'),
  name: text(item.name) ?? '',
  groupName: text(item.group_name ?? item.group),
  iconUrl: text(item.icon_url),
});

function offerOf(item: Json, fallbackCurrency: string): CatalogVariantOffer | null {
  const currency = text(item.currency) ?? fallbackCurrency;
  const price = priceOf(item.total_retail_price_incl_vat ?? item.price, currency);
  const maxTickets = numberOf(item.max_tickets) ?? 0;
  if (price === null || maxTickets <= 0) return null;
  const original = priceOf(item.original_price ?? item.price_before_discount, currency);
  return {
    variantId: idOf(item, 'variant offer'),
    price,
    currency,
    maxTickets,
    ...(original !== null && original !== price ? { originalPrice: original } : {}),
  };
}

/** A day's timeslots with something on sale; `whole_day` is a timeslot without a time. */
export function timeslotsOf(day: Json, currency: string): CatalogTimeslot[] {
  return list(day.timeslots).flatMap((raw) => {
    const slot = record(raw);
    if (!slot || slot.availability === 0 || slot.availability === false) return [];
    const time = text(slot.time ?? slot.timeslot);
    const variants = list(slot.variants).flatMap((variant) => offerOf(record(variant) ?? {}, currency) ?? []);
    if (variants.length === 0) return [];
    return [{ time: time === null || time === 'whole_day' ? null : time, variants }];
  });
}
