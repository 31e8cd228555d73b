// Schemas of /hotel/searchAccommodation (spec part 2; contract §7.5): contracted results (resultSource DIRECT) and
// the online supplier's (ONLINE) in one answer.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { Amount, Id, MealPlanCode } from '../inventory/index.js';

const SearchDate = (description: string) =>
  Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$', description: `dd/MM/yyyy; ${description}` });

export const SearchMode = Type.Union([Type.Literal('online'), Type.Literal('contracted')], {
  description: 'Absent: contracted and online results together; online or contracted: only those',
});
export type SearchMode = Static<typeof SearchMode>;

export const SearchAccommodationRequest = Type.Object({
  checkin: SearchDate('not before today (tenant date)'),
  checkout: SearchDate('after checkin, at most 30 nights'),
  adults: Type.Integer({ minimum: 1, maximum: 20 }),
  children: Type.Integer({ minimum: 0, maximum: 10 }),
  childAges: Type.Optional(
    Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), {
      maxItems: 10,
      description: "One age per child: sorted by each hotel's infant and child age limits (default: all children)",
    }),
  ),
  meals: Type.Optional(MealPlanCode),
  area: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Part of the hotel area (any case)' })),
  market: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$', description: "Default: the tenant's market" })),
  maxBudget: Type.Optional(Amount('The highest totalPrice of a room for the stay')),
  extraBed: Type.Optional(Type.Boolean({ description: 'Only rooms that take an extra bed, charged each night' })),
  hotelId: Type.Optional(Id('A contracted hotel')),
  roomId: Type.Optional(Id('A contracted room')),
  cityCode: Type.Optional(
    Type.String({
      pattern: '^[A-Za-z0-9]{2,10}$',
      description: "The online supplier's city code (DXB; GoGlobal's CityId): without it, no online results",
    }),
  ),
  context: Type.Optional(Type.Literal('config', { description: 'Employees only: adds cost and margin per room' })),
  searchMode: Type.Optional(SearchMode),
});
export type SearchAccommodationRequest = Static<typeof SearchAccommodationRequest>;

export const ResultSource = Type.Union([Type.Literal('DIRECT'), Type.Literal('ONLINE')]);

export const ResultHotel = Type.Object({
  hotelId: Nullable(Type.Integer({ description: 'A contracted hotel; null for online results' })),
  hotelCode: Nullable(Type.String({ description: "The online supplier's hotel code; null for contracted results" })),
  name: Type.String(),
  stars: Nullable(Type.Number()),
  area: Nullable(Type.String()),
  city: Nullable(Type.String()),
  country: Nullable(Type.String()),
  address: Nullable(Type.String()),
  chkIn: Nullable(Type.String()),
  chkOut: Nullable(Type.String()),
});
export type ResultHotel = Static<typeof ResultHotel>;

export const ResultRoom = Type.Object({
  roomId: Nullable(Type.Integer({ description: 'A contracted room; null for online results' })),
  offerId: Nullable(Type.String({ description: "The online supplier's offer (valuate and book it); null for DIRECT" })),
  roomName: Type.String(),
  roomDesc: Nullable(Type.String()),
  maxOccupancy: Nullable(Type.Integer()),
  mealPlan: Type.String(),
  totalPrice: Type.Number({ description: 'The stay, all nights, the whole party' }),
  pricePerNight: Type.Number({ description: 'totalPrice over the nights, rounded to the minor unit' }),
  currency: Type.String(),
  available: Type.Boolean(),
  onRequest: Type.Boolean(),
  extraBed: Type.Optional(Type.Boolean({ description: 'An extra bed is in the price' })),
  costPrice: Type.Optional(Type.Number({ description: 'context config: what the hotel charges' })),
  margin: Type.Optional(Type.Number({ description: 'context config: totalPrice minus costPrice' })),
  marginType: Type.Optional(Type.String({ description: "context config: the hotel's margin type" })),
  marginValue: Type.Optional(Type.Number({ description: "context config: the hotel's margin value" })),
});
export type ResultRoom = Static<typeof ResultRoom>;

export const AccommodationResult = Type.Object({
  hotel: ResultHotel,
  resultSource: ResultSource,
  rooms: Type.Array(ResultRoom),
});
export type AccommodationResult = Static<typeof AccommodationResult>;

export const SearchAccommodationResult = Type.Object({
  input: Type.Object({
    checkin: Type.String(),
    checkout: Type.String(),
    adults: Type.Integer(),
    children: Type.Integer(),
    market: Type.String(),
    area: Nullable(Type.String()),
    meals: Nullable(Type.String()),
    nights: Type.Integer(),
  }),
  results: Type.Array(AccommodationResult),
});
export type SearchAccommodationResult = Static<typeof SearchAccommodationResult>;
