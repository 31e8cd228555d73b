// The area's answers (spec part 2 "Trip planning" resources, contract §8.5): a project, an itinerary with its totals,
// and its components. Shared by every part: an itinerary's answer holds its components, a project's its itineraries,
// and the proposal renders them.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/schema.js';
import { enumOf } from './trip.shared.js';

export const PROJECT_STATUSES = ['DRAFT', 'QUOTED', 'CONFIRMED', 'COMPLETED', 'CANCELLED'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const COMPONENT_TYPES = ['FLIGHT', 'HOTEL', 'ACTIVITY', 'SERVICE', 'EXCLUSION'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export const PRICED_COMPONENT_TYPES = ['FLIGHT', 'HOTEL', 'ACTIVITY', 'SERVICE'] as const;
export type PricedComponentType = (typeof PRICED_COMPONENT_TYPES)[number];

export const MARGIN_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export type MarginType = (typeof MARGIN_TYPES)[number];

/** The spec's board words (contract §8.5), from the online-hotel port's meal codes. */
export const BOARD_TYPES = ['ROOM_ONLY', 'BED_AND_BREAKFAST', 'HALF_BOARD', 'FULL_BOARD', 'ALL_INCLUSIVE'] as const;
export type BoardType = (typeof BOARD_TYPES)[number];

export const SERVICE_TYPES = ['TRANSFER', 'GUIDE', 'INSURANCE', 'VISA', 'CAR_RENTAL', 'OTHER'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

const Text = (description: string) => Type.String({ description });
const NullableText = (description: string) => Nullable(Type.String({ description }));
const Money = (description: string) => Type.Number({ description });

/** What every component has: where it sits in the itinerary. */
const ComponentBase = {
  componentId: Type.Integer(),
  itineraryId: Type.Integer(),
  dayNumber: Nullable(Type.Integer({ description: 'Day of the trip, from 1; null: not tied to a day' })),
};

/** What a priced component has (contract §8.5): its cost, margin and selling price in its own currency. */
const PricedFields = {
  costPrice: Money('The cost in force: the supplier price, or the override'),
  currency: Text('Currency of costPrice and sellingPrice (ISO 4217)'),
  marginType: enumOf(MARGIN_TYPES, 'PERCENTAGE or FIXED'),
  marginValue: Money('Percent of the cost (PERCENTAGE) or an amount in the currency (FIXED)'),
  sellingPrice: Money('costPrice × (1 + marginValue / 100), or costPrice + marginValue'),
  supplierCost: Money("The supplier's or the catalog's price when the component was added (the given cost otherwise)"),
  overrideReason: NullableText("Why an employee replaced the supplier's cost (null: not overridden)"),
  description: NullableText('Free text'),
};
const PricedBase = { ...ComponentBase, ...PricedFields };

export const FlightSegment = Type.Object({
  carrierCode: Text('Marketing airline (IATA)'),
  flightNumber: Text('Flight number'),
  origin: Text('IATA code'),
  destination: Text('IATA code'),
  departureAt: Text('Local time at the origin, yyyy-MM-ddTHH:mm:ss'),
  arrivalAt: Text('Local time at the destination, yyyy-MM-ddTHH:mm:ss'),
  duration: Text('ISO 8601 duration'),
  cabin: NullableText('ECONOMY, PREMIUM_ECONOMY, BUSINESS, FIRST'),
});
export type FlightSegment = Static<typeof FlightSegment>;

const FlightFields = {
  airline: Text("The first segment's marketing airline (IATA)"),
  flightNumber: Text("The first segment's flight number, with the airline: EK 2"),
  origin: Text('IATA code of the first departure'),
  originName: Text('Its city or airport name'),
  destination: Text('IATA code of the last arrival of the outbound journey'),
  destinationName: Text('Its city or airport name'),
  departureDate: Text('yyyy-MM-dd, local at the origin'),
  departureTime: Text('HH:mm, local at the origin'),
  arrivalTime: Text('HH:mm, local at the destination'),
  arrivalDate: Text('yyyy-MM-dd, local at the destination'),
  cabinClass: Text('Cabin of the first segment'),
  returnDate: NullableText('yyyy-MM-dd of the return journey; null one way'),
  segments: Type.Array(FlightSegment, { description: 'Every segment of every journey, in order' }),
};
export const FlightComponent = Type.Object({ ...PricedBase, componentType: Type.Literal('FLIGHT'), ...FlightFields });
export type FlightComponent = Static<typeof FlightComponent>;

const HotelFields = {
  offerId: Text('The accommodation offer it was valued from'),
  hotelId: Text("The supplier's hotel code"),
  hotelName: Text('Hotel name'),
  roomType: Text('Room description'),
  boardType: enumOf(BOARD_TYPES, 'Meals included'),
  nights: Type.Integer(),
  checkIn: Text('yyyy-MM-dd'),
  checkOut: Text('yyyy-MM-dd'),
};
export const HotelComponent = Type.Object({ ...PricedBase, componentType: Type.Literal('HOTEL'), ...HotelFields });
export type HotelComponent = Static<typeof HotelComponent>;

const ActivityFields = {
  productId: NullableText("The ticket supplier's product; null for a free-text activity"),
  variantId: NullableText("The product's variant priced"),
  title: Text('What the client does'),
  quantity: Type.Integer({ description: 'Tickets (the cost is for all of them)' }),
};
export const ActivityComponent = Type.Object({
  ...PricedBase,
  componentType: Type.Literal('ACTIVITY'),
  ...ActivityFields,
});
export type ActivityComponent = Static<typeof ActivityComponent>;

const ServiceFields = { serviceType: enumOf(SERVICE_TYPES, 'Kind of service') };
export const ServiceComponent = Type.Object({
  ...PricedBase,
  componentType: Type.Literal('SERVICE'),
  ...ServiceFields,
});
export type ServiceComponent = Static<typeof ServiceComponent>;

export const ExclusionComponent = Type.Object({
  ...ComponentBase,
  componentType: Type.Literal('EXCLUSION'),
  description: Text('What the price does not include'),
});
export type ExclusionComponent = Static<typeof ExclusionComponent>;

export type Component = FlightComponent | HotelComponent | ActivityComponent | ServiceComponent | ExclusionComponent;
export type PricedComponent = Exclude<Component, ExclusionComponent>;

/**
 * Any component, as an itinerary lists them: the fields of its type (componentType tells which). One object schema
 * with the type-specific fields optional, rather than a union, so the answer serialises fast and reads plainly.
 */
export const AnyComponent = Type.Object({
  ...ComponentBase,
  componentType: enumOf(COMPONENT_TYPES, 'FLIGHT, HOTEL, ACTIVITY, SERVICE or EXCLUSION'),
  ...Type.Partial(
    Type.Object({ ...PricedFields, ...FlightFields, ...HotelFields, ...ActivityFields, ...ServiceFields }),
  ).properties,
});

export const ItineraryTotals = {
  currency: Text("The project's currency: the totals are in it"),
  totalCost: Money('Sum of the priced components’ costs, converted'),
  totalSelling: Money('Sum of their selling prices, converted'),
  totalMargin: Money('totalSelling − totalCost'),
  marginPercentage: Type.Number({ description: 'totalMargin / totalCost × 100, two decimals (0 when no cost)' }),
};

export const ItinerarySummary = Type.Object({
  itineraryId: Type.Integer(),
  projectId: Type.Integer(),
  itineraryName: Text('Name of the option'),
  description: NullableText('Description'),
  ...ItineraryTotals,
  createdAt: Text('ISO 8601'),
  updatedAt: Text('ISO 8601'),
});
export type ItinerarySummary = Static<typeof ItinerarySummary>;

export const Itinerary = Type.Object({
  ...ItinerarySummary.properties,
  components: Type.Array(AnyComponent, { description: 'By day (undated last), then type, then when added' }),
});
export type Itinerary = Omit<Static<typeof Itinerary>, 'components'> & { components: Component[] };

export const ProjectFields = {
  projectId: Type.Integer(),
  projectName: Text('Name'),
  customerId: Nullable(Type.Integer()),
  customerName: NullableText("The customer's name"),
  customerEmail: NullableText("The customer's e-mail"),
  startDate: NullableText('yyyy-MM-dd'),
  endDate: NullableText('yyyy-MM-dd'),
  adults: Type.Integer(),
  children: Type.Integer(),
  infants: Type.Integer(),
  currency: Text("The itineraries' totals are in it (ISO 4217)"),
  status: enumOf(PROJECT_STATUSES, 'DRAFT, QUOTED, CONFIRMED, COMPLETED or CANCELLED'),
  createdBy: Nullable(Type.Integer({ description: 'The user who created it' })),
  createdByName: NullableText("That user's name"),
  bookingId: Nullable(Type.Integer({ description: 'The back-office booking toBooking made' })),
  bookingReference: NullableText('Its reference'),
  bookedItineraryId: Nullable(Type.Integer({ description: 'The itinerary that became the booking' })),
  createdAt: Text('ISO 8601'),
  updatedAt: Text('ISO 8601'),
};

export const ProjectSummary = Type.Object(ProjectFields);
export type ProjectSummary = Static<typeof ProjectSummary>;

export const Project = Type.Object({
  ...ProjectFields,
  itineraries: Type.Array(ItinerarySummary, { description: 'Its itineraries with their totals, oldest first' }),
});
export type Project = Static<typeof Project>;
