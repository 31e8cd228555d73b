// Schemas of the contracted inventory: hotels, rooms and meal plans (spec part 2, "Hotel"), with the fields the
// contract and docs/decisions.md add (a hotel's margin).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../../platform/http/schema.js';

/** Record ids: the kernel's one id type. */
export const Id = RecordId;
const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const Time = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'HH:mm' });
export const Amount = (description?: string) =>
  Type.Number({ minimum: 0, maximum: 1_000_000_000, ...(description ? { description } : {}) });
const Age = (description: string) => Type.Integer({ minimum: 0, maximum: 17, description });

export const MEAL_PLANS = ['RO', 'BB', 'HB', 'FB', 'AI'] as const;
export const MealPlanCode = Type.Union(
  MEAL_PLANS.map((plan) => Type.Literal(plan)),
  { description: 'RO room only, BB bed and breakfast, HB half board, FB full board, AI all inclusive' },
);
export const MarginType = Type.Union([Type.Literal('PERCENT'), Type.Literal('ABS')], {
  description: 'PERCENT of the contracted cost, or ABS: an amount per room and night',
});

export const Hotel = Type.Object({
  hotelId: Type.Integer(),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  shDes: Nullable(Type.String()),
  hotelDesc: Nullable(Type.String()),
  productId: Nullable(Type.Integer()),
  direct: Type.Boolean(),
  indirect: Type.Boolean(),
  country: Nullable(Type.String()),
  stars: Nullable(Type.Integer()),
  infant: Type.Integer({ description: 'Age limit: a child up to this age is an infant' }),
  child: Type.Integer({ description: 'Age limit: up to this age a child, older an adult' }),
  chkIn: Nullable(Type.String()),
  chkOut: Nullable(Type.String()),
  fees: Type.Number({ description: 'Per room and night, added to the price' }),
  feesDesc: Nullable(Type.String()),
  terms: Nullable(Type.String()),
  area: Nullable(Type.String()),
  city: Nullable(Type.String()),
  release: Type.Integer({ description: 'Days before check-in from which rooms are sold on request only' }),
  reservationContact: Nullable(Type.String()),
  marginType: MarginType,
  marginValue: Type.Number(),
});
export type Hotel = Static<typeof Hotel>;

export const HotelInput = Type.Object({
  hotelId: Type.Optional(Id('Absent or null: a new hotel')),
  name: Text(200),
  shortName: Type.Optional(Text(100)),
  shDes: Type.Optional(Text(100, 'Short description or code')),
  hotelDesc: Type.Optional(Text(10_000)),
  productId: Type.Optional(Id()),
  direct: Type.Optional(Type.Boolean({ description: 'Default true' })),
  indirect: Type.Optional(Type.Boolean({ description: 'Default false' })),
  country: Type.Optional(Text(100)),
  stars: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  infant: Type.Optional(Age('Default 1')),
  child: Type.Optional(Age('Default 11; not below infant')),
  chkIn: Type.Optional(Time),
  chkOut: Type.Optional(Time),
  fees: Type.Optional(Amount('Per room and night; default 0')),
  feesDesc: Type.Optional(Text(1000)),
  terms: Type.Optional(Text(10_000)),
  area: Type.Optional(Text(200)),
  city: Type.Optional(Text(200)),
  release: Type.Optional(Type.Integer({ minimum: 0, maximum: 365, description: 'Days; default 0' })),
  reservationContact: Type.Optional(Text(500)),
  marginType: Type.Optional(MarginType),
  marginValue: Type.Optional(Amount('Default 0')),
});
export type HotelInput = Static<typeof HotelInput>;

export const SaveHotelRequest = Type.Object({ hotel: HotelInput });
export const GetHotelRequest = Type.Object({ id: Id('The hotelId') });
export const HotelIdRequest = Type.Object({ hotelId: Id() });

export const ListHotelsRequest = Type.Object({
  name: Type.Optional(Text(200, 'Part of the name (any case)')),
  area: Type.Optional(Text(200, 'Part of the area (any case)')),
  shDes: Type.Optional(Text(100, 'The short description, exactly (any case)')),
});
export type ListHotelsRequest = Static<typeof ListHotelsRequest>;

export const HotelLookupRequest = Type.Object({ name: Type.Optional(Text(200, 'Part of the name (any case)')) });
export const HotelPair = Type.Tuple([Type.String(), Type.Integer()], { description: '[hotel name, hotelId]' });

export const Room = Type.Object({
  roomId: Type.Integer(),
  hotelId: Type.Integer(),
  name: Type.String(),
  roomDesc: Nullable(Type.String()),
  maxOccupancy: Type.Integer(),
  maxAdults: Type.Integer(),
  extraBed: Type.Boolean(),
  extraBedRequired: Type.Boolean(),
  bedding: Nullable(Type.String()),
  notes: Nullable(Type.String()),
});
export type Room = Static<typeof Room>;

export const RoomInput = Type.Object({
  roomId: Type.Optional(Id('Absent or null: a new room')),
  hotelId: Id(),
  name: Text(200),
  roomDesc: Type.Optional(Text(10_000)),
  maxOccupancy: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 2' })),
  maxAdults: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 2' })),
  extraBed: Type.Optional(Type.Boolean({ description: 'An extra bed can be added (one more guest)' })),
  extraBedRequired: Type.Optional(Type.Boolean({ description: 'The room is sold with its extra bed only' })),
  bedding: Type.Optional(Text(200)),
  notes: Type.Optional(Text(10_000)),
});
export type RoomInput = Static<typeof RoomInput>;
export const SaveRoomRequest = Type.Object({ room: RoomInput });

export const MealPlan = Type.Object({
  planId: Type.Integer(),
  plan: MealPlanCode,
  name: Type.String(),
  planDesc: Type.String(),
  planOrder: Type.Integer(),
  adultCost: Nullable(Type.Number({ description: "Per person and night at the hotel; null: the hotel's is not set" })),
  childCost: Nullable(Type.Number()),
});
export type MealPlan = Static<typeof MealPlan>;

export const ListMealPlansRequest = Type.Object({
  hotelId: Type.Optional(Id('With it: that hotel’s costs; without: the reference plans (costs null)')),
});
export const SaveMealPlanCostRequest = Type.Object({
  hotelId: Id(),
  plan: MealPlanCode,
  adultCost: Amount('Per adult and night'),
  childCost: Type.Optional(Amount('Per child and night; default 0')),
});
export type SaveMealPlanCostRequest = Static<typeof SaveMealPlanCostRequest>;
