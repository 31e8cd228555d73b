// /tripmaker/accommodation/search's request and its answer, the spec's "Accommodation search offer" (spec part 2
// "Trip planning"), with the stay it was priced for so add-accommodation can take the offer back.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { BOARD_TYPES } from '../trip.schemas.js';
import { DateOnly, enumOf, Optional } from '../trip.shared.js';

/** The port's stays are 1 to 30 nights. */
export const MAX_NIGHTS = 30;
/** Amadeus Hotel Search's bounds (adults 1-9 a room, roomQuantity 1-9), the tightest of the hotel suppliers. */
export const MAX_ADULTS = 9;
export const MAX_ROOMS = 9;

export const AccommodationSearchRequest = Type.Object({
  cityCode: Type.String({
    pattern: '^\\s*[A-Za-z0-9]{2,10}\\s*$',
    description: "The supplier's city code, any case: an IATA city code (DXB, PAR, LON; Amadeus), GoGlobal's CityId",
  }),
  checkInDate: DateOnly("The first night, not before the tenant's today"),
  checkOutDate: DateOnly('The departure day: after checkInDate, at most 30 nights later'),
  adults: Type.Integer({ minimum: 1, maximum: MAX_ADULTS, description: 'Adults in all, spread over the rooms (1-9)' }),
  roomQuantity: Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ROOMS, description: 'Rooms (1-9, default 1), at most one per adult' }),
  ),
});
export type AccommodationSearchRequest = Static<typeof AccommodationSearchRequest>;

export const AccommodationPrice = Type.Object({
  total: Type.Number({ description: 'The whole stay, every room, in currency' }),
  currency: Type.String({ description: "The tenant's currency (ISO 4217)" }),
  perNight: Type.Number({ description: 'total / nights, rounded to the minor unit' }),
});

export const AccommodationOffer = Type.Object({
  offerId: Type.String({ description: "The supplier's offer code: what add-accommodation values again" }),
  hotelId: Type.String({ description: "The supplier's hotel code" }),
  hotelName: Type.String(),
  chainCode: Nullable(Type.String({ description: 'Chain or brand code, when the supplier gives one' })),
  starRating: Nullable(Type.Number({ description: 'Stars (4, 4.5); null when the supplier shows none' })),
  address: Nullable(Type.String({ description: 'Street address, else the area; null when unknown' })),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  roomType: Type.String({ description: "The rooms' names, joined by ' + ' when several" }),
  boardType: enumOf(BOARD_TYPES, 'Meals included'),
  price: AccommodationPrice,
  amenities: Type.Array(Type.String(), { description: "The hotel's amenities in the supplier's words" }),
  checkInDate: Type.String({ description: 'yyyy-MM-dd: the first night' }),
  checkOutDate: Type.String({ description: 'yyyy-MM-dd: the departure day' }),
  nights: Type.Integer(),
});
export type AccommodationOffer = Static<typeof AccommodationOffer>;
