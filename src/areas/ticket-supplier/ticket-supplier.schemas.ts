// The /ticketsupplier requests and the specification's canonical answer shapes (part 2, "Ticket-supplier catalog").
// Ids are the supplier's (strings), but for the integer ids the shapes name (countryId of a country, tagTypeId).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';

/** The most experiences one page may hold: a bigger pageSize answers INVALID_FORMAT. */
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
/** The longest availability range one request may ask (contract §8.4). */
export const MAX_RANGE_DAYS = 366;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const Money = (description: string) =>
  Nullable(Type.Number({ description: `${description}, rounded to the currency's minor unit` }));
const Text = (description?: string) => Nullable(Type.String(description ? { description } : {}));
const DateText = (description: string) => Type.String({ format: 'date', description: `${description} (yyyy-MM-dd)` });

export const Country = Type.Object({
  countryId: Type.Integer({ description: "The supplier's country id" }),
  countryCode: Text('ISO 3166-1 alpha-2'),
  countryName: Type.String(),
  countryFullName: Text('The official name, when the supplier has one'),
});
export type Country = Static<typeof Country>;

export const City = Type.Object({
  cityCode: Type.String({ description: 'The id a `cityId` parameter takes' }),
  cityName: Type.String(),
  countryCode: Text('ISO 3166-1 alpha-2'),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  timezone: Text('IANA timezone'),
  currency: Text("ISO 4217: the city's country's currency"),
  enabled: Type.Boolean({ description: "Offered by the tenant's storefront (employees switch it)" }),
});
export type City = Static<typeof City>;

export const Experience = Type.Object({
  experienceId: Type.String(),
  experienceType: Text('attraction, tour, or the supplier’s own word'),
  title: Type.String(),
  tagline: Text(),
  description: Text(),
  cityId: Text('The cityCode of its city'),
  countryId: Text(),
  streetAddress: Text(),
  postalCode: Text(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  googlePlaceId: Text(),
  imageSmall: Text(),
  imageMedium: Text(),
  imageLarge: Text(),
  imageXlarge: Text(),
  imageAltText: Text(),
  ratingAverage: Nullable(Type.Number()),
  ratingCount: Nullable(Type.Integer()),
  fromPrice: Money('The lowest price of its products'),
  currency: Type.String(),
  tagIds: Type.String({ description: 'Comma-separated tag ids' }),
  productIds: Type.String({ description: 'Comma-separated: the ids the product operations take' }),
  experienceUrl: Text(),
  active: Type.Boolean(),
});
export type Experience = Static<typeof Experience>;

export const Product = Type.Object({
  productId: Type.String({ description: 'The id the product, variants, availability and timeslots operations take' }),
  prodCode: Type.String({ description: 'The same id' }),
  prodName: Type.String(),
  productDescription: Text(),
  productPrice: Money('The usual price of one adult ticket'),
  currency: Type.String(),
  hasTimeSlot: Type.Boolean(),
  maxQuantity: Nullable(Type.Integer({ description: 'The most tickets one order may take' })),
  hasVendorBooking: Type.Boolean({ description: 'Booked and ticketed through the supplier' }),
  productInclusions: Type.String({ description: 'Items separated by |' }),
  productExclusions: Type.String({ description: 'Items separated by |' }),
  productInfo: Text(),
  cancelPolicy: Text(),
  prodImgSmall: Text(),
  prodImgMed: Text(),
  prodImgLarge: Text(),
  cityId: Text('The cityCode of its city'),
});
export type Product = Static<typeof Product>;

export const Variant = Type.Object({
  servcode: Type.String({ description: "The variant's id" }),
  servname: Type.String(),
  servdesc: Text(),
  cprice: Money('The usual price of one ticket (a day’s own price comes with availability)'),
  currency: Text(),
  maxOccupancy: Type.Integer({ description: 'People one ticket admits' }),
  available: Type.Boolean({ description: 'On sale (the supplier lists it)' }),
});
export type Variant = Static<typeof Variant>;

export const AvailabilityDay = Type.Object({
  date: Type.String({ description: 'yyyy-MM-dd' }),
  available: Type.Boolean(),
  timeslots: Type.Array(
    Type.Object({
      timeslotId: Type.String({ description: 'yyyy-MM-dd HH:mm, or the date alone for a whole-day ticket' }),
      time: Text('HH:mm; null for a whole-day ticket'),
      available: Type.Boolean(),
      vacancies: Type.Integer({ description: 'The most tickets one order may take in it' }),
    }),
  ),
  variantPrices: Type.Array(
    Type.Object({
      variantId: Type.String(),
      price: Type.Number({ description: "The day's lowest price of one ticket" }),
      currency: Type.String(),
      originalPrice: Type.Number({ description: 'Before a dynamic-pricing change (the price when none)' }),
      availableQuantity: Type.Integer(),
    }),
  ),
});

export const Availability = Type.Object({
  productId: Type.String(),
  availableDates: Type.Array(AvailabilityDay, { description: 'Every date of the range, in order' }),
});
export type Availability = Static<typeof Availability>;

export const Timeslot = Type.Object({
  timeSlotId: Type.String(),
  startTimestamp: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss in the venue's time" }),
  status: Type.String({ description: 'available (soldout when no ticket is left)' }),
  available: Type.Integer({ description: 'The most tickets one order may take in it' }),
  adultPrice: Money('An adult ticket (or the first variant when none is typed adult)'),
  childPrice: Money('A child ticket, when the product has one'),
  dynamicPrice: Type.Boolean(),
});
export type Timeslot = Static<typeof Timeslot>;

export const Tag = Type.Object({
  tagId: Type.String(),
  name: Type.String(),
  tagTypeId: Nullable(Type.Integer()),
  typeName: Text(),
  typeGroupName: Text(),
  iconUrl: Text(),
});
export type Tag = Static<typeof Tag>;

export const TagType = Type.Object({
  tagTypeId: Type.Integer(),
  name: Type.String(),
  groupName: Text(),
  iconUrl: Text(),
});
export type TagType = Static<typeof TagType>;

export const NoParameters = Type.Object({});

export const CitiesRequest = Type.Object({
  countryId: Type.Optional(Id("The supplier's country id")),
  enabledOnly: Type.Optional(Type.Boolean({ description: 'Only the cities the tenant enabled (default false)' })),
});
export type CitiesRequest = Static<typeof CitiesRequest>;

export const CityRequest = Type.Object({ cityId: Id("The city's cityCode") });

export const ExperiencesRequest = Type.Object({
  cityId: Type.Optional(Id('A cityCode')),
  countryId: Type.Optional(Id("The supplier's country id")),
  categoryId: Type.Optional(Id('A tag id')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: '1-based, default 1' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: `Default ${DEFAULT_PAGE_SIZE}` }),
  ),
});
export type ExperiencesRequest = Static<typeof ExperiencesRequest>;

export const ExperienceRequest = Type.Object({ experienceId: Id("The experience's id") });

export const ProductsRequest = Type.Object({
  experienceId: Type.Optional(Id('The products of this experience, in its order')),
  cityId: Type.Optional(Id('The products of this city (a cityCode)')),
});
export type ProductsRequest = Static<typeof ProductsRequest>;

export const ProductRequest = Type.Object({ productId: Id('An id of an experience’s productIds') });

export const RangeRequest = Type.Object({
  productId: Id('An id of an experience’s productIds'),
  dateFrom: DateText('The first day'),
  dateTo: DateText(`The last day, at most ${MAX_RANGE_DAYS} days after the first`),
});
export type RangeRequest = Static<typeof RangeRequest>;

export const TagsRequest = Type.Object({
  typeGroupName: Type.Optional(Id("The tag type's group (e.g. Category), any case")),
});
