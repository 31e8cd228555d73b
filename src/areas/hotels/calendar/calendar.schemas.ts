// Schemas of the room calendar (spec part 2, "Calendar entry"; contract §7.5 for createRoomCalendar), with the
// added `allotment` (rooms left to sell that night).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { Amount, Id } from '../inventory/index.js';

const DATE_OR_DATETIME = '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2})?)?$';
/** A datetime field of the specification: yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss (contract §6), tenant time. */
export const DateTimeInput = (description: string) =>
  Type.String({ pattern: DATE_OR_DATETIME, description: `yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss; ${description}` });
const RateType = Type.Union([Type.Literal('ABS'), Type.Literal('PCT')], {
  description: 'ABS: the amount is the rate; PCT: a percentage (docs/api.md, pricing)',
});
const RateBase = Type.Union([Type.Literal('ROOM'), Type.Literal('PAX')], {
  description: 'ROOM: baseRate per room and night; PAX: adultRate and childRate per person and night',
});
const Market = Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$', description: "Default: the tenant's market (UAE)" });
const MealSupplements = Type.String({
  pattern: '^\\s*[A-Za-z]{2}\\s*:\\s*\\d+(\\.\\d+)?\\s*(,\\s*[A-Za-z]{2}\\s*:\\s*\\d+(\\.\\d+)?\\s*)*$',
  description: 'Plan code:amount pairs, comma-separated ("HB:50,FB:90"): per person and night',
});

export const CalendarEntry = Type.Object({
  calendarEntryId: Type.Integer(),
  roomId: Type.Integer(),
  market: Type.String(),
  vendorId: Nullable(Type.Integer()),
  promo: Nullable(Type.String()),
  bookFrom: Nullable(Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" })),
  bookTo: Nullable(Type.String()),
  stayDate: Type.String({ description: "yyyy-MM-dd'T'00:00:00" }),
  baseRate: Type.Number(),
  specDayRate: Type.Number(),
  adultRate: Type.Number(),
  childRate: Type.Number(),
  extraBedRate: Type.Number(),
  adultSdRate: Type.Number(),
  childSdRate: Type.Number(),
  specialDay: Type.Boolean(),
  sdRateType: RateType,
  adultRateType: RateType,
  childRateType: RateType,
  rateBase: RateBase,
  mealBase: Type.Integer({ description: 'The planId of the meal plan the rates include' }),
  mealSupplements: Nullable(Type.String()),
  stopSale: Type.Boolean(),
  available: Type.Boolean(),
  onRequest: Type.Boolean(),
  allotment: Nullable(Type.Integer({ description: 'Rooms left to sell that night; null: not counted' })),
  mlos: Type.Integer(),
  sdmlos: Type.Integer(),
  mlosDesc: Nullable(Type.String()),
  notes: Nullable(Type.String()),
});
export type CalendarEntry = Static<typeof CalendarEntry>;

export const CalendarTemplate = Type.Object({
  roomId: Id(),
  market: Type.Optional(Market),
  vendorId: Type.Optional(Id()),
  promo: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  bookFrom: Type.Optional(DateTimeInput('bookable from (tenant time)')),
  bookTo: Type.Optional(DateTimeInput('bookable until (tenant time; a date: to its end)')),
  stayDate: DateTimeInput('the first stay date'),
  baseRate: Type.Optional(Amount()),
  specDayRate: Type.Optional(Amount()),
  adultRate: Type.Optional(Amount()),
  childRate: Type.Optional(Amount()),
  extraBedRate: Type.Optional(Amount()),
  adultSdRate: Type.Optional(Amount()),
  childSdRate: Type.Optional(Amount()),
  sdRateType: Type.Optional(RateType),
  adultRateType: Type.Optional(RateType),
  childRateType: Type.Optional(RateType),
  rateBase: Type.Optional(RateBase),
  mealBase: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: 'planId; default 1 (RO)' })),
  mealSupplements: Type.Optional(MealSupplements),
  stopSale: Type.Optional(Type.Boolean()),
  available: Type.Optional(Type.Boolean({ description: 'Default true' })),
  onRequest: Type.Optional(Type.Boolean()),
  allotment: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  mlos: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, description: 'Minimum nights; default 1' })),
  sdmlos: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 365, description: 'Minimum nights of a stay with a special day' }),
  ),
  mlosDesc: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  notes: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
});
export type CalendarTemplate = Static<typeof CalendarTemplate>;

export const CreateRoomCalendarRequest = Type.Object({
  template: CalendarTemplate,
  stayTo: DateTimeInput('the last stay date, inclusive'),
  specDays: Type.String({
    minLength: 1,
    maxLength: 100,
    description: 'Weekdays that are special days, comma-separated (Mon…Sun, any case), or NONE',
  }),
});
export type CreateRoomCalendarRequest = Static<typeof CreateRoomCalendarRequest>;

export const ListRoomCalendarRequest = Type.Object({
  roomId: Type.Optional(Id('One of roomId and hotelId is required')),
  hotelId: Type.Optional(Id()),
  fromDate: DateTimeInput('first stay date'),
  toDate: DateTimeInput('last stay date, inclusive; at most 731 days after fromDate'),
  market: Type.Optional(Market),
});
export type ListRoomCalendarRequest = Static<typeof ListRoomCalendarRequest>;

export const CopyRoomCalendarRequest = Type.Object({
  fromRoom: Id(),
  toRoom: Id('Another room; its entries of those dates and market are replaced'),
  market: Market,
  fromDate: DateTimeInput('first stay date'),
  toDate: DateTimeInput('last stay date, inclusive; at most 731 days after fromDate'),
});
export type CopyRoomCalendarRequest = Static<typeof CopyRoomCalendarRequest>;

export const CopyRoomCalendarResult = Type.Object({ recordsCopied: Type.Integer() });
