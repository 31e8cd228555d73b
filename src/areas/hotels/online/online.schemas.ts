// Requests and answers of the online hotel operations (/hotel/online/*): search, valuation, booking, status,
// cancellation and voucher, each taking searchMode (online, the default: the configured supplier; contracted: the
// agency's own rooms).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { SearchAccommodationRequest, SearchMode } from '../search/index.js';
import { Id, MealPlanCode } from '../inventory/index.js';

const SearchDate = (description: string) =>
  Type.String({ pattern: '^\\d{2}/\\d{2}/\\d{4}$', description: `dd/MM/yyyy; ${description}` });
const Name = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });
const BookingId = Id('The hotel booking (hotelBookingId)');
const OnlineOrContracted = Type.Optional(
  Type.Union([Type.Literal('online'), Type.Literal('contracted')], {
    description: "online (default): the configured supplier; contracted: the agency's own rooms",
  }),
);

export const SearchedRoom = Type.Object({
  adults: Type.Integer({ minimum: 1, maximum: 8 }),
  childAges: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), { maxItems: 6 })),
});

export const OnlineSearchRequest = Type.Object({
  ...SearchAccommodationRequest.properties,
  searchMode: Type.Optional(SearchMode),
  rooms: Type.Optional(
    Type.Array(SearchedRoom, {
      minItems: 1,
      maxItems: 9,
      description:
        "Online: several rooms, each with its adults and children's ages (offers then price them all, in this " +
        'order, as book takes them); absent: one room for adults and children',
    }),
  ),
});
export type OnlineSearchRequest = Static<typeof OnlineSearchRequest>;

export const ValuateRequest = Type.Object({
  searchMode: OnlineOrContracted,
  offerId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 500, description: 'online: the offerId of a search result room' }),
  ),
  roomId: Type.Optional(Id('contracted: the room')),
  checkin: SearchDate('the first night'),
  checkout: Type.Optional(SearchDate('contracted: the day of departure')),
  adults: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'contracted: default 1' })),
  children: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  childAges: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 17 }), { maxItems: 10 })),
  meals: Type.Optional(MealPlanCode),
  market: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$', description: "Default: the tenant's market" })),
});
export type ValuateRequest = Static<typeof ValuateRequest>;

export const NightPrice = Type.Object({ date: Type.String({ description: 'yyyy-MM-dd' }), price: Type.Number() });

export const Valuation = Type.Object({
  searchMode: Type.Union([Type.Literal('online'), Type.Literal('contracted')]),
  offerId: Nullable(Type.String()),
  roomId: Nullable(Type.Integer()),
  checkin: Type.String({ description: 'yyyy-MM-dd' }),
  totalPrice: Type.Number({ description: 'The stay now, all rooms and nights' }),
  currency: Type.String(),
  available: Type.Boolean(),
  onRequest: Type.Boolean(),
  cancellationDeadline: Nullable(Type.String({ description: 'yyyy-MM-dd; null: non-refundable or not given' })),
  remarks: Type.String(),
  rooms: Type.Array(Type.Object({ roomType: Type.String(), nights: Type.Array(NightPrice), total: Type.Number() }), {
    description: "online: the price night by night and room by room (the supplier's breakdown)",
  }),
});
export type Valuation = Static<typeof Valuation>;

const Adult = Type.Object({
  title: Type.Union([Type.Literal('MR'), Type.Literal('MRS'), Type.Literal('MS')]),
  firstName: Name('As in the passport'),
  lastName: Name('As in the passport'),
});
const Child = Type.Object({
  firstName: Name('As in the passport'),
  lastName: Name('As in the passport'),
  age: Type.Integer({ minimum: 0, maximum: 17 }),
});
export const BookedRoom = Type.Object({
  adults: Type.Array(Adult, { minItems: 1, maxItems: 8 }),
  children: Type.Optional(Type.Array(Child, { maxItems: 6 })),
});
export type BookedRoom = Static<typeof BookedRoom>;

export const BookRequest = Type.Object({
  searchMode: OnlineOrContracted,
  offerId: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'online: the offer to book' })),
  roomId: Type.Optional(Id('contracted: the room to book')),
  checkin: SearchDate('the first night'),
  checkout: SearchDate('the day of departure; at most 30 nights'),
  rooms: Type.Array(BookedRoom, {
    minItems: 1,
    maxItems: 9,
    description: "One entry per room, in the search's order; the first adult of the first room leads (contracted: one)",
  }),
  hotelName: Type.Optional(Type.String({ maxLength: 200, description: 'online: the name shown in the search' })),
  cityCode: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{2,10}$' })),
  meals: Type.Optional(MealPlanCode),
  market: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$', description: "Default: the tenant's market" })),
  customerId: Type.Optional(Id('The customer the stay is for')),
  contactEmail: Type.Optional(Type.String({ format: 'email', maxLength: 200 })),
  contactPhone: Type.Optional(Type.String({ minLength: 3, maxLength: 40 })),
  remarks: Type.Optional(Type.String({ maxLength: 1000, description: 'Sent to the hotel (online)' })),
});
export type BookRequest = Static<typeof BookRequest>;

export const BookingIdRequest = Type.Object({ bookingId: BookingId });

export const BookedGuest = Type.Object({
  room: Type.Integer(),
  title: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  age: Type.Optional(Type.Integer()),
});

export const HotelBooking = Type.Object({
  bookingId: Type.Integer({ description: 'hotelBookingId' }),
  reference: Type.String({ description: 'Ours, sent to the supplier as its agent reference' }),
  searchMode: Type.Union([Type.Literal('online'), Type.Literal('contracted')]),
  status: Type.Union(
    ['PENDING', 'CONFIRMED', 'ON_REQUEST', 'CANCELLED', 'FAILED'].map((status) => Type.Literal(status)),
    { description: "PENDING: the supplier's answer is not known yet (ask status); FAILED: nothing was booked" },
  ),
  paymentStatus: Type.Union(
    ['UNPAID', 'PAID', 'CANCELLED_PAYMENT', 'DECLINED'].map((status) => Type.Literal(status)),
    { description: "The payment link's outcome: CANCELLED_PAYMENT or DECLINED when its page was left so" },
  ),
  cartReference: Nullable(Type.String({ description: "The payment link's cart reference" })),
  supplier: Nullable(Type.String()),
  supplierBookingCode: Nullable(Type.String()),
  supplierReference: Nullable(Type.String()),
  offerId: Nullable(Type.String()),
  hotelId: Nullable(Type.Integer()),
  roomId: Nullable(Type.Integer()),
  market: Nullable(Type.String()),
  hotelCode: Nullable(Type.String()),
  hotelName: Type.String(),
  roomName: Nullable(Type.String()),
  cityCode: Nullable(Type.String()),
  mealPlan: Nullable(Type.String()),
  checkin: Type.String({ description: 'yyyy-MM-dd' }),
  checkout: Type.String({ description: 'yyyy-MM-dd' }),
  nights: Type.Integer(),
  rooms: Type.Integer(),
  adults: Type.Integer(),
  children: Type.Integer(),
  guests: Type.Array(BookedGuest),
  customerId: Nullable(Type.Integer()),
  contactEmail: Nullable(Type.String()),
  contactPhone: Nullable(Type.String()),
  totalPrice: Type.Number(),
  costPrice: Type.Number({ description: 'What the supplier or the contract charges' }),
  currency: Type.String(),
  cancellationDeadline: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  remarks: Nullable(Type.String()),
  createdAt: Type.String({ description: "yyyy-MM-ddTHH:mm:ss, the tenant's time" }),
});
export type HotelBooking = Static<typeof HotelBooking>;

export const HotelVoucher = Type.Object({
  bookingId: Type.Integer(),
  reference: Type.String(),
  supplierBookingCode: Nullable(Type.String()),
  supplierReference: Nullable(Type.String()),
  hotelName: Type.String(),
  address: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  checkin: Type.String(),
  checkout: Type.String(),
  mealPlan: Nullable(Type.String()),
  roomTypes: Type.Array(Type.String()),
  leadGuest: Type.String(),
  guests: Type.Array(BookedGuest),
  bookedAndPayableBy: Nullable(Type.String()),
  emergencyPhone: Nullable(Type.String()),
  remarks: Nullable(Type.String()),
});
export type HotelVoucher = Static<typeof HotelVoucher>;
