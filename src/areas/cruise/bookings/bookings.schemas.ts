// Request and answer schemas of cruise bookings (/cruise/booking/*, contract §8.3) and the sailing's manifest.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../../platform/http/schema.js';

export const CRUISE_BOOKING_STATUSES = ['HELD', 'CONFIRMED', 'CANCELLED'] as const;
export type CruiseBookingStatus = (typeof CRUISE_BOOKING_STATUSES)[number];

const Status = Type.Unsafe<CruiseBookingStatus>(
  Type.String({
    enum: [...CRUISE_BOOKING_STATUSES],
    description:
      'HELD: the cabin is held for the customer; CONFIRMED: its back-office booking is made (createBlmPayment); ' +
      'CANCELLED: the cabin is free again',
  }),
);
const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` });

export const Passenger = Type.Object({
  passengerId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  dateOfBirth: Nullable(Type.String({ description: 'yyyy-MM-dd' })),
  nationality: Nullable(Type.String()),
  passportNumber: Nullable(Type.String()),
});

export const AddOn = Type.Object({
  chargeTypeId: Type.Integer(),
  chargeTypeCode: Type.String(),
  chargeTypeName: Type.String(),
  quantity: Type.Integer(),
});

export const CruiseBooking = Type.Object({
  bookingId: Type.Integer(),
  cruiseId: Type.Integer(),
  itineraryId: Type.Integer(),
  itineraryName: Type.String(),
  startDate: Type.String({ description: 'The sailing’s first day (yyyy-MM-dd)' }),
  shipCabinId: Type.Integer(),
  cabinCode: Type.String(),
  cabinName: Nullable(Type.String()),
  customerId: Type.Integer(),
  customerName: Type.String({ description: "The customer's name when the booking was made" }),
  status: Status,
  blmBookingId: Nullable(Type.Integer({ description: 'The back-office booking createBlmPayment made' })),
  passengers: Type.Array(Passenger),
  addOns: Type.Array(AddOn),
  createdAt: DateTime('When it was made'),
  updatedAt: DateTime('When it last changed'),
  cancelledAt: Nullable(DateTime('When it was cancelled')),
});
export type CruiseBooking = Static<typeof CruiseBooking>;

const Text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, description });

export const NewPassenger = Type.Object({
  firstName: Text(100, 'First name'),
  lastName: Text(100, 'Last name'),
  dateOfBirth: Type.Optional(Type.String({ format: 'date', description: 'yyyy-MM-dd, not after today' })),
  nationality: Type.Optional(Type.String({ maxLength: 60, description: 'Country code or name' })),
  passportNumber: Type.Optional(Type.String({ maxLength: 40 })),
});

export const CreateCruiseBooking = Type.Object({
  cruiseId: RecordId('An Active sailing that has not departed'),
  shipCabinId: RecordId("A cabin of the sailing's ship, available on it and free"),
  customerId: RecordId('The customer the booking is for'),
  passengers: Type.Array(NewPassenger, {
    minItems: 1,
    maxItems: 50,
    description: "At least one, at most the cabin's capacity",
  }),
  addOns: Type.Optional(
    Type.Array(
      Type.Object({
        chargeTypeId: RecordId('A charge of the sailing that is not mandatory'),
        quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
      }),
      { maxItems: 50, description: 'Optional charges chosen, each charge type once' },
    ),
  ),
});
export type CreateCruiseBooking = Static<typeof CreateCruiseBooking>;

export const BookingIdRequest = Type.Object({ bookingId: RecordId('The cruise booking') });

export const ListCruiseBookings = Type.Object({
  cruiseId: Type.Optional(RecordId('Bookings of this sailing')),
  customerId: Type.Optional(RecordId('Bookings of this customer')),
  status: Type.Optional(Status),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1 (default 1)' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'Default 100' })),
});
export type ListCruiseBookings = Static<typeof ListCruiseBookings>;

export const TotalLine = Type.Object({
  kind: Type.String({ description: 'cabin, charge (mandatory) or addOn' }),
  chargeTypeId: Nullable(Type.Integer()),
  description: Type.String(),
  quantity: Type.Integer(),
  unitPrice: Type.Number({ description: "In the tenant's currency: the original converted, rounded half-up once" }),
  totalAmount: Type.Number({ description: 'unitPrice × quantity' }),
  originalCurrency: Type.String(),
  originalUnitPrice: Type.Number(),
  rate: Nullable(Type.Number({ description: 'The rate in force used; null in the tenant currency' })),
});
export type TotalLine = Static<typeof TotalLine>;

export const BookingTotal = Type.Object({
  bookingId: Type.Integer(),
  totalAmount: Type.Number({ description: "The sum of the lines, in the tenant's currency" }),
  currency: Type.String({ description: "The tenant's currency" }),
  rateDate: Type.String({ description: 'The date whose rates in force were used (the tenant’s today)' }),
  lines: Type.Array(TotalLine),
});
export type BookingTotal = Static<typeof BookingTotal>;

export const CreateBlmPayment = Type.Object({
  bookingId: RecordId('The cruise booking'),
  customerId: Type.Optional(RecordId("The back-office booking's customer (default the cruise booking's)")),
  customerName: Type.Optional(Type.String({ maxLength: 200, description: "Default the customer's name" })),
  customerEmail: Type.Optional(Type.String({ maxLength: 200, description: "Default the customer's e-mail" })),
  customerPhone: Type.Optional(Type.String({ maxLength: 60, description: "Default the customer's phone" })),
});
export type CreateBlmPayment = Static<typeof CreateBlmPayment>;

export const ManifestRequest = Type.Object({ cruiseId: RecordId('The sailing') });
