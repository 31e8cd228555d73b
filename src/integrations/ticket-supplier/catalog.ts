// The ticket supplier's catalog, read: countries, cities, experiences and products (every page), a product's
// variants, its availability by date range and its timeslots, tags and tag types. Our own types, not a supplier's
// wire shapes: the Tiqets adapter maps Tiqets' JSON to these, and the catalog sync (a later item) stores them.
// Prices are exact decimal strings in `currency`; dates are yyyy-MM-dd in the venue's own calendar.

export interface CatalogCountry {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 when the supplier gives it (the sync fills it from the name otherwise). */
  code: string | null;
  /** The official name (e.g. "United Arab Emirates" vs. "UAE"); null when the supplier has only one. */
  fullName: string | null;
}

export interface CatalogCity {
  id: string;
  name: string;
  countryId: string;
  latitude: number | null;
  longitude: number | null;
  /** IANA zone; null when the supplier does not say (Tiqets): the sync looks it up. */
  timezone: string | null;
  /** ISO 4217 of the city's country; null when the supplier does not say. */
  currency: string | null;
}

/** Pictures in the sizes the supplier has; null where it has none. */
export interface CatalogImages {
  small: string | null;
  medium: string | null;
  large: string | null;
  xlarge: string | null;
}

export interface CatalogExperience {
  id: string;
  title: string;
  /** The supplier's type (venue, activity, service, poi…). */
  type: string | null;
  tagline: string | null;
  description: string | null;
  cityId: string | null;
  countryId: string | null;
  productIds: string[];
  tagIds: string[];
  imageUrl: string | null;
  images: CatalogImages;
  imageAltText: string | null;
  fromPrice: string | null;
  /** The currency of `fromPrice`. */
  currency: string;
  ratingAverage: number | null;
  ratingCount: number | null;
  streetAddress: string | null;
  postalCode: string | null;
  latitude: number | null;
  longitude: number | null;
  googlePlaceId: string | null;
  experienceUrl: string | null;
  /** False when the supplier stopped selling it. */
  active: boolean;
}

export interface CatalogProduct {
  id: string;
  title: string;
  tagline: string | null;
  summary: string | null;
  price: string | null;
  currency: string;
  /** available, soldout, …: the supplier's words. */
  saleStatus: string | null;
  cityId: string | null;
  countryId: string | null;
  venueId: string | null;
  venueName: string | null;
  latitude: number | null;
  longitude: number | null;
  tagIds: string[];
  imageUrl: string | null;
  images: CatalogImages;
  productUrl: string | null;
  /** The long text; `summary` is its short form. */
  description: string | null;
  /** Sold by timeslot (false: a whole-day ticket). */
  hasTimeSlot: boolean;
  /** The most tickets one order may take; null when the supplier does not say. */
  maxQuantity: number | null;
  /** The supplier books and tickets it through its API (Tiqets' booking API). */
  hasVendorBooking: boolean;
  inclusions: string[];
  exclusions: string[];
  /** What to know before going (opening hours, meeting point…). */
  info: string | null;
  cancelPolicy: string | null;
}

export interface CatalogVariant {
  id: string;
  label: string;
  description: string | null;
  /** ADULT, CHILD, …: the supplier's words. */
  type: string | null;
  cancellationPolicy: string | null;
  /** The usual retail price of one ticket; a day's own price comes with availability. Null when unknown. */
  price: string | null;
  currency: string | null;
  /** People one ticket admits (a family ticket: more than one). */
  maxOccupancy: number;
}

export interface CatalogVariantOffer {
  variantId: string;
  /** The retail price of one ticket, VAT and fees included. */
  price: string;
  currency: string;
  /** Tiqets gives no stock: the most tickets of this variant one order may take. */
  maxTickets: number;
  /** The price before a dynamic-pricing change, when there is one. */
  originalPrice?: string;
}

export interface CatalogTimeslot {
  /** HH:mm, or null for a product without timeslots (Tiqets' `whole_day`). */
  time: string | null;
  variants: CatalogVariantOffer[];
}

/** A day with something on sale; sold-out days are not listed. */
export interface CatalogAvailabilityDay {
  date: string;
  timeslots: CatalogTimeslot[];
}

export interface CatalogAvailability {
  productId: string;
  variants: CatalogVariant[];
  days: CatalogAvailabilityDay[];
  dynamicPricing: boolean;
  maxTicketsPerOrder: number | null;
}

export interface CatalogTag {
  id: string;
  name: string;
  typeId: string | null;
  iconUrl: string | null;
}

export interface CatalogTagType {
  id: string;
  name: string;
  /** The group a storefront shows the type's tags under (e.g. "category", "audience"). */
  groupName: string | null;
  iconUrl: string | null;
}

export interface ExperienceFilter {
  cityId?: string;
  countryId?: string;
  type?: string;
}

export interface ProductFilter {
  cityId?: string;
  countryId?: string;
  tagId?: string;
}

export type TicketCatalogErrorKind = 'unavailable' | 'timeout' | 'rate-limited' | 'refused' | 'not-found';

/**
 * The supplier failed, refused or did not answer: the contract's API_ERROR (`not-found`, an unknown id: NOTFOUND).
 * `message` holds our words only (an HTTP status, what failed), never the supplier's text nor the token.
 */
export class TicketCatalogError extends Error {
  constructor(
    readonly kind: TicketCatalogErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'TicketCatalogError';
  }

  /** The envelope's error code the areas answer. */
  get code(): 'API_ERROR' | 'NOTFOUND' {
    return this.kind === 'not-found' ? 'NOTFOUND' : 'API_ERROR';
  }
}

/** Every read rejects with TicketCatalogError; `signal` ends a call the caller gave up on. */
export interface TicketCatalog {
  readonly kind: 'tiqets' | 'simulator';
  countries(signal?: AbortSignal): Promise<CatalogCountry[]>;
  cities(filter: { countryId?: string }, signal?: AbortSignal): Promise<CatalogCity[]>;
  /** Every page, to the end. */
  experiences(filter: ExperienceFilter, signal?: AbortSignal): Promise<CatalogExperience[]>;
  experience(id: string, signal?: AbortSignal): Promise<CatalogExperience>;
  /** Every page, to the end. */
  products(filter: ProductFilter, signal?: AbortSignal): Promise<CatalogProduct[]>;
  product(id: string, signal?: AbortSignal): Promise<CatalogProduct>;
  variants(productId: string, signal?: AbortSignal): Promise<CatalogVariant[]>;
  /** From `startDate` to `endDate` inclusive, asked 31 days at a time and merged. */
  availability(
    productId: string,
    startDate: string,
    endDate: string,
    signal?: AbortSignal,
  ): Promise<CatalogAvailability>;
  /** One day's timeslots (from availability); none when the day is sold out. */
  timeslots(productId: string, date: string, signal?: AbortSignal): Promise<CatalogTimeslot[]>;
  tags(filter: { typeName?: string }, signal?: AbortSignal): Promise<CatalogTag[]>;
  tagTypes(signal?: AbortSignal): Promise<CatalogTagType[]>;
}
