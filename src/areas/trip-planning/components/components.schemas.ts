// Requests of /tripmaker/itinerary/add-*|get-*|remove-* (spec part 2, contract §8.5). Every priced component takes
// the same margin and override parameters; what it costs is the supplier's (flights, hotels), the catalog's
// (activities of the ticket supplier) or the one given (free-text activities, services), unless overridden.
import { type Static, Type } from '@sinclair/typebox';
import { MARGIN_TYPES, SERVICE_TYPES } from '../trip.schemas.js';
import { Amount, CurrencyCode, DateOnly, enumOf, Id, OptionalText } from '../trip.shared.js';

const DayNumber = Type.Optional(
  Type.Integer({ minimum: 1, maximum: 366, description: 'Day of the trip, from 1 (not past the trip’s last day)' }),
);

/** Margin and cost override: what every add of a priced component takes. */
const Pricing = {
  marginType: Type.Optional(enumOf(MARGIN_TYPES, 'PERCENTAGE (default) or FIXED')),
  marginValue: Type.Optional(
    Amount('Percent of the cost (not under −100) or an amount in the component’s currency (default 0)'),
  ),
  costOverride: Type.Optional(
    Amount('The cost the employee sets instead of the supplier’s or catalog’s (not negative); needs overrideReason'),
  ),
  overrideReason: OptionalText(1000, 'Why the cost is overridden (kept with the component)'),
  description: OptionalText(2000, 'Free text shown with the component'),
};

const ItineraryId = Id('The itinerary');

export const AddFlightRequest = Type.Object({
  itineraryId: ItineraryId,
  flightOffer: Type.Object(
    { id: Type.String({ minLength: 1, maxLength: 100, description: '<searchId>-<n>, as /flight/search answers it' }) },
    { description: 'An offer as /flight/search answers it: priced again by the server, which decides its cost' },
  ),
  dayNumber: DayNumber,
  ...Pricing,
});
export type AddFlightRequest = Static<typeof AddFlightRequest>;

export const AddAccommodationRequest = Type.Object({
  itineraryId: ItineraryId,
  hotelOffer: Type.Object(
    {
      offerId: Type.String({ minLength: 1, maxLength: 500, description: "The offer's id: valued again by the server" }),
      hotelId: Type.Optional(Type.String({ maxLength: 100 })),
      hotelName: Type.String({ minLength: 1, maxLength: 300 }),
      roomType: Type.Optional(Type.String({ maxLength: 300 })),
      boardType: Type.Optional(
        Type.String({ maxLength: 40, description: 'ALL_INCLUSIVE, HALF_BOARD, … or RO, BB, …' }),
      ),
      checkInDate: Type.Optional(DateOnly('Arrival, when the offer carries it')),
      checkOutDate: Type.Optional(DateOnly('Departure, when the offer carries it')),
    },
    { description: 'An accommodation offer as /tripmaker/accommodation/search answers it' },
  ),
  dayNumber: DayNumber,
  nights: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, description: 'Nights (default from the dates)' })),
  checkInDate: Type.Optional(
    DateOnly("Arrival (default the offer's, else the trip's start plus dayNumber − 1): the offer is valued for it"),
  ),
  checkOutDate: Type.Optional(DateOnly('Departure, after checkInDate (default checkInDate + nights)')),
  ...Pricing,
});
export type AddAccommodationRequest = Static<typeof AddAccommodationRequest>;

export const AddActivityRequest = Type.Object({
  itineraryId: ItineraryId,
  productId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: "A product of the ticket supplier's catalog" }),
  ),
  variantId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Its variant (default the first)' }),
  ),
  quantity: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 500, description: "Tickets (default the project's adults + children)" }),
  ),
  title: OptionalText(300, 'What the client does (required without productId; default the product’s title)'),
  costPrice: Type.Optional(
    Amount('The cost of a free-text activity, for all its tickets (required without productId)'),
  ),
  currency: Type.Optional(CurrencyCode("Of costPrice (default the project's)")),
  dayNumber: DayNumber,
  ...Pricing,
});
export type AddActivityRequest = Static<typeof AddActivityRequest>;

export const AddServiceRequest = Type.Object({
  itineraryId: ItineraryId,
  serviceType: enumOf(SERVICE_TYPES, 'TRANSFER, GUIDE, INSURANCE, VISA, CAR_RENTAL or OTHER'),
  description: Type.String({ minLength: 1, maxLength: 2000, description: 'What the service is' }),
  cost: Amount('What it costs'),
  currency: Type.Optional(CurrencyCode("Of cost (default the project's)")),
  dayNumber: DayNumber,
  marginType: Pricing.marginType,
  marginValue: Pricing.marginValue,
  costOverride: Pricing.costOverride,
  overrideReason: Pricing.overrideReason,
});
export type AddServiceRequest = Static<typeof AddServiceRequest>;

export const AddExclusionRequest = Type.Object({
  itineraryId: ItineraryId,
  description: Type.String({ minLength: 1, maxLength: 2000, description: 'What the price does not include' }),
  dayNumber: DayNumber,
});
export type AddExclusionRequest = Static<typeof AddExclusionRequest>;

export const ItineraryIdRequest = Type.Object({ itineraryId: ItineraryId });

/** A remove's request: the component's id under the name the operation gives it, and optionally its itinerary. */
export const removeRequest = <K extends string>(key: K, noun: string) =>
  Type.Object({
    ...({ [key]: Id(`The ${noun} component (its componentId)`) } as Record<K, ReturnType<typeof Id>>),
    itineraryId: Type.Optional(Id('Its itinerary: a component of another itinerary is NOTFOUND')),
  });

/** What every add of a priced component shares. */
export interface PricingInput {
  itineraryId: number;
  dayNumber?: number | undefined;
  marginType?: 'PERCENTAGE' | 'FIXED' | undefined;
  marginValue?: number | undefined;
  costOverride?: number | undefined;
  overrideReason?: string | undefined;
  description?: string | undefined;
}
