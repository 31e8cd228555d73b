// Request and answer schemas of /flight/* (spec "Flight objects"). Amounts are numbers in offers (rounded to the
// currency's minor unit) and decimal strings in the priced offer, as the specification writes them; times of
// segments are local at the airport (yyyy-MM-dd'T'HH:mm:ss, no offset).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';
import { LIMITS, PASSENGER_TYPES } from './flights.rules.js';

const Iata = (description: string) =>
  Type.String({ pattern: '^[A-Za-z]{3}$', description: `${description}: an IATA airport or city code (3 letters)` });
const DateOnly = (description: string) => Type.String({ format: 'date', description: `${description}, yyyy-MM-dd` });
const Count = (description: string) => Type.Integer({ minimum: 0, maximum: LIMITS.passengers, description });

export const LocationsRequest = Type.Object({
  keyword: Type.String({
    maxLength: LIMITS.keyword,
    description: 'A part of an airport or city name or code (case-insensitive)',
  }),
});

export const Location = Type.Object({
  name: Type.String(),
  type: Type.String({ description: 'Always "location"' }),
  subType: Type.String({ description: 'AIRPORT or CITY' }),
  detailedName: Type.String(),
  iataCode: Type.String(),
  cityName: Type.String(),
  cityCode: Type.String(),
  countryName: Type.String(),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  regionCode: Type.String(),
});
export type Location = Static<typeof Location>;

export const AirlinesRequest = Type.Object({
  code: Type.String({
    maxLength: LIMITS.keyword,
    description: 'An IATA or ICAO code, full or partial, or a name part',
  }),
});

export const Airline = Type.Object({
  iataCode: Type.String(),
  icaoCode: Type.String(),
  businessName: Type.String(),
  commonName: Type.String(),
  type: Type.String({ description: 'Always "airline"' }),
});
export type Airline = Static<typeof Airline>;

export const SearchRequest = Type.Object({
  origin: Iata('From'),
  destination: Iata('To'),
  departureDate: DateOnly('Outbound date (not in the past, at most 361 days ahead)'),
  returnDate: Type.Optional(DateOnly('Return date (not before departureDate); absent: one way')),
  numAdults: Type.Integer({ minimum: 1, maximum: LIMITS.passengers, description: 'Adults (12 and over), ≥ 1' }),
  numChildren: Type.Optional(Count('Children (2 to 11), default 0')),
  numInfants: Type.Optional(Count('Infants under 2 on an adult’s lap, default 0; at most numAdults')),
  sortOrder: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 2,
      description: '0 grandTotal then total duration (default), 1 grandTotal, 2 total duration',
    }),
  ),
  grouping: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1, description: '0 individual offers (default), 1 grouped by itinerary' }),
  ),
});
export type SearchRequest = Static<typeof SearchRequest>;

export const FetchResultsRequest = Type.Object({
  searchId: Type.String({ maxLength: 64, description: 'From /flight/search; usable for 30 minutes' }),
  page: Type.Integer({ minimum: 1, maximum: 10_000, description: 'Page number, from 1' }),
  grouping: Type.Optional(
    Type.String({ enum: ['IND', 'GRP'], description: "IND individual, GRP grouped; absent: the search's grouping" }),
  ),
});
export type FetchResultsRequest = Static<typeof FetchResultsRequest>;

export const Passenger = Type.Object({
  passengerId: Type.String({ maxLength: 20, description: 'The caller’s label of the passenger, unique' }),
  type: Type.String({ enum: [...PASSENGER_TYPES], description: PASSENGER_TYPES.join(', ') }),
  dateOfBirth: Type.Optional(DateOnly('Date of birth')),
});
export type Passenger = Static<typeof Passenger>;

export const PriceRequest = Type.Object({
  flightOfferId: Type.String({ maxLength: 80, description: 'An offer id of a search still usable' }),
  passengers: Type.Optional(
    Type.Array(Passenger, {
      maxItems: LIMITS.passengers,
      description: "The search's passengers (as many of each type as it asked for); absent: the search's counts",
    }),
  ),
});
export type PriceRequest = Static<typeof PriceRequest>;

export const Segment = Type.Object({
  segmentId: Type.String(),
  duration: Type.String({ description: 'ISO 8601 duration' }),
  carrierCode: Type.String(),
  carrierName: Type.String(),
  flightNumber: Type.String(),
  numberOfStops: Type.Integer(),
  blacklistedInEU: Type.Boolean(),
  departureAirportCode: Type.String(),
  departureAirportName: Type.String(),
  departureTerminal: Type.String(),
  departureTime: Type.String({ description: "Local at the airport, yyyy-MM-dd'T'HH:mm:ss" }),
  arrivalAirportCode: Type.String(),
  arrivalAirportName: Type.String(),
  arrivalTerminal: Type.String(),
  arrivalTime: Type.String({ description: "Local at the airport, yyyy-MM-dd'T'HH:mm:ss" }),
});
export type Segment = Static<typeof Segment>;

export const Itinerary = Type.Object({
  duration: Type.String({ description: 'ISO 8601 duration, connections included' }),
  segments: Type.Array(Segment),
});
export type Itinerary = Static<typeof Itinerary>;

export const PaxPricing = Type.Object({
  passengerId: Type.String(),
  fareOption: Type.String(),
  passengerType: Type.String({ description: 'ADULT, CHILD, INFANT' }),
  currency: Type.String(),
  totalAmount: Type.Number(),
  baseAmount: Type.Number(),
  grandTotal: Type.Number(),
  segmentFares: Nullable(
    Type.Array(
      Type.Object({
        segmentId: Type.String(),
        cabin: Type.String(),
        fareBasis: Type.String(),
        class: Type.String(),
      }),
    ),
  ),
});

export const Offer = Type.Object({
  id: Type.String({ description: '<searchId>-<n>: names its search' }),
  source: Type.String(),
  instantTicketingRequired: Type.Boolean(),
  nonHomogenous: Type.Boolean(),
  oneWay: Type.Boolean(),
  lastTicketingDate: Type.String({ description: 'yyyy-MM-dd' }),
  currency: Type.String(),
  totalAmount: Type.Number(),
  baseAmount: Type.Number(),
  grandTotal: Type.Number(),
  itineraries: Type.Array(Itinerary),
  paxPricing: Type.Array(PaxPricing),
});
export type Offer = Static<typeof Offer>;

export const OfferGroup = Type.Object({
  groupId: Type.String({ description: 'The flights of the group: carrier, number and date of each segment' }),
  currency: Type.String(),
  lowestGrandTotal: Type.Number({ description: 'The cheapest offer of the group' }),
  duration: Type.String({ description: 'Total duration of its itineraries, ISO 8601' }),
  offerCount: Type.Integer({ description: 'Offers of the group in the whole search' }),
  offerIds: Type.Array(Type.String(), { description: 'Its offers on this page, in page order' }),
});
export type OfferGroup = Static<typeof OfferGroup>;

export const OfferSet = Type.Object({
  searchId: Type.String(),
  pageId: Type.Integer(),
  groupType: Type.Integer({ description: '0 individual, 1 grouped' }),
  totalRes: Type.Integer({ description: 'Offers of the whole search' }),
  offers: Type.Array(Offer),
  offerGroups: Nullable(Type.Array(OfferGroup)),
});
export type OfferSet = Static<typeof OfferSet>;

const Amount = Type.String({ description: 'Decimal amount' });

export const PricedOffer = Type.Object({
  id: Type.String({ description: 'The offer id priced' }),
  type: Type.String(),
  source: Type.String(),
  instantTicketingRequired: Type.Boolean(),
  nonHomogenous: Type.Boolean(),
  oneWay: Type.Boolean(),
  disablePricing: Type.Boolean(),
  paymentCardRequired: Type.Boolean(),
  lastTicketingDate: Type.String(),
  lastTicketingDateTime: Nullable(Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss" })),
  noOfBookableSeats: Type.Integer(),
  itineraries: Type.Array(Itinerary),
  price: Type.Object({
    currency: Type.String(),
    base: Amount,
    total: Amount,
    grandTotal: Amount,
    refundableTaxes: Amount,
    margin: Nullable(Type.String()),
    billingCurrency: Type.String(),
    fees: Type.Array(Type.Object({ amount: Amount, type: Type.String({ description: 'SUPPLIER, TICKETING' }) })),
    taxes: Type.Array(Type.Object({ amount: Amount, code: Type.String() })),
    additionalServices: Nullable(Type.Array(Type.Object({ amount: Amount, type: Type.String() }))),
  }),
  pricingOptions: Type.Object({ fareType: Type.Array(Type.String()), includedCheckedBagsOnly: Type.Boolean() }),
  validatingAirlines: Type.Array(Type.String()),
  travelerPricings: Type.Array(
    Type.Object({
      travelerId: Type.String(),
      travelerType: Type.String({ description: 'ADULT, CHILD, HELD_INFANT, SEATED_INFANT' }),
      fareOption: Type.String(),
      associatedAdultId: Nullable(Type.String()),
      price: Type.Object({ currency: Type.String(), base: Amount, total: Amount }),
      fareDetailsBySegment: Type.Array(
        Type.Object({
          segmentId: Type.String(),
          cabin: Type.String(),
          fareBasis: Type.String(),
          class: Type.String(),
          includedCheckedBags: Type.Object({
            weight: Type.Integer({ description: '0 when the allowance is counted in pieces' }),
            weightUnit: Type.String(),
            quantity: Type.Integer({ description: 'Pieces (0 when the allowance is by weight)' }),
          }),
          brandedFare: Type.String(),
          brandedFareLabel: Type.String(),
        }),
      ),
    }),
  ),
});
export type PricedOffer = Static<typeof PricedOffer>;
