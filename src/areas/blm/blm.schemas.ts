// Request and answer schemas of back-office bookings (/blm/*, contract §7.3). Amounts in answers are numbers rounded
// to the booking currency's minor unit; datetimes are the tenant's (yyyy-MM-dd'T'HH:mm:ss).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import {
  BOOKING_STATUSES,
  type BookingStatus,
  LIMITS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from './blm.rules.js';

const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` });

// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
const enumOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description }));
const Status = enumOf<BookingStatus>(BOOKING_STATUSES, BOOKING_STATUSES.join(', '));
const PaymentStatusSchema = enumOf<PaymentStatus>(
  PAYMENT_STATUSES,
  'UNPAID: nothing paid; FULLY_PAID: the total paid; DEPOSIT_PAID: at least depositPercent of the total; ' +
    'PARTIALLY_PAID: less than that',
);
const Method = enumOf<PaymentMethod>(PAYMENT_METHODS, `${PAYMENT_METHODS.join(', ')} (default BANK)`);

export const BookingLine = Type.Object({
  lineNo: Type.Integer(),
  productId: Nullable(Type.Integer()),
  variantId: Nullable(Type.Integer()),
  description: Type.String(),
  unitName: Nullable(Type.String()),
  quantity: Type.Integer(),
  unitPrice: Type.Number(),
  totalAmount: Type.Number({ description: 'quantity × unitPrice' }),
  serviceDate: Nullable(Type.String({ description: 'yyyy-MM-dd (tenant calendar date)' })),
  timeSlot: Type.String({ description: "HH:mm, or '' for the whole day" }),
  cartNumber: Nullable(Type.Integer({ description: 'The cart the line came from' })),
});
export type BookingLine = Static<typeof BookingLine>;

export const BookingPayment = Type.Object({
  paymentId: Type.Integer(),
  amount: Type.Number(),
  method: Type.String({ description: `${PAYMENT_METHODS.join(', ')}, or LINK for a paid payment link` }),
  paymentDate: Type.String({ description: 'yyyy-MM-dd (tenant calendar date)' }),
  reference: Nullable(Type.String()),
});
export type BookingPayment = Static<typeof BookingPayment>;

const summaryFields = {
  bookingId: Type.Integer(),
  reference: Type.String({ description: 'TQ-<yyyy>-<nnnnn>, gapless per tenant and year' }),
  customerId: Type.Integer(),
  customerName: Type.String({ description: "The customer's name when the booking was made" }),
  status: Status,
  paymentStatus: PaymentStatusSchema,
  cartReference: Nullable(Type.String({ description: "The merged cart's orderNum, or its cart number" })),
  paymentLinkActive: Type.Boolean({ description: 'A payment link is open (not paid, declined, cancelled or expired)' }),
  totalAmount: Type.Number({ description: 'Sum of the lines' }),
  paidAmount: Type.Number(),
  openAmount: Type.Number({ description: 'totalAmount − paidAmount' }),
  depositPercent: Type.Number({ description: 'The share of the total a deposit is (default 20)' }),
  currency: Type.String(),
  notes: Nullable(Type.String()),
  optionExpiresAt: Nullable(DateTime('The option deadline while OPTION_HELD (or when it EXPIRED)')),
  createdAt: DateTime('When it was created'),
  updatedAt: DateTime('When it last changed'),
};

export const BookingSummary = Type.Object(summaryFields);
export type BookingSummary = Static<typeof BookingSummary>;

export const Booking = Type.Object({
  ...summaryFields,
  lines: Type.Array(BookingLine),
  payments: Type.Array(BookingPayment),
});
export type Booking = Static<typeof Booking>;

export const CreateBookingRequest = Type.Object({
  customerId: RecordId('The customer the booking is for'),
  currency: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{3}$', description: "ISO 4217 code; default the tenant's currency" }),
  ),
  notes: Type.Optional(Type.String({ maxLength: LIMITS.notes })),
  depositPercent: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100, description: 'Percent of the total that makes a deposit (default 20)' }),
  ),
});
export type CreateBookingRequest = Static<typeof CreateBookingRequest>;

export const BookingIdRequest = Type.Object({ bookingId: RecordId('The booking') });

export const SearchBookingsRequest = Type.Object({
  status: Type.Optional(Status),
  customerId: Type.Optional(RecordId('Bookings of this customer')),
  keyword: Type.Optional(
    Type.String({
      maxLength: 200,
      description: "Part of the reference or the customer's name, the customer's e-mail, or its phone number",
    }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'From 1 (default 1)' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LIMITS.maxPageSize, description: `Default ${LIMITS.pageSize}` }),
  ),
});
export type SearchBookingsRequest = Static<typeof SearchBookingsRequest>;

export const SearchEligibleRequest = Type.Object({
  keyword: SearchBookingsRequest.properties.keyword,
  customerId: Type.Optional(RecordId('Bookings of this customer')),
});
export type SearchEligibleRequest = Static<typeof SearchEligibleRequest>;

export const SetStatusRequest = Type.Object({
  bookingId: RecordId('The booking'),
  status: Status,
  optionExpiresAt: Type.Optional(
    Type.String({
      maxLength: 30,
      description:
        "Required for OPTION_HELD: the deadline, yyyy-MM-dd'T'HH:mm:ss or yyyy-MM-dd (tenant time), in the future",
    }),
  ),
});
export type SetStatusRequest = Static<typeof SetStatusRequest>;

export const RecordPaymentRequest = Type.Object({
  bookingId: RecordId('The booking'),
  amount: Type.Number({
    exclusiveMinimum: 0,
    maximum: 1_000_000_000,
    description: "> 0, at most the currency's decimals, at most the open amount",
  }),
  method: Type.Optional(Method),
  date: Type.Optional(Type.String({ format: 'date', description: "yyyy-MM-dd (default the tenant's today)" })),
  reference: Type.Optional(Type.String({ maxLength: 200, description: 'A bank or receipt reference' })),
});
export type RecordPaymentRequest = Static<typeof RecordPaymentRequest>;

export const PaymentLinkAnswer = Type.Object({
  bookingId: Type.Integer(),
  paymentUrl: Type.String({ description: "The gateway's payment page" }),
  amount: Type.Number({ description: 'The open amount when the link was made' }),
  currency: Type.String(),
  expiresAt: DateTime('Until when the link may be paid'),
});
export type PaymentLinkAnswer = Static<typeof PaymentLinkAnswer>;

export const AddToBookingRequest = Type.Object({
  cartId: RecordId("The cart's cartNumber"),
  bookingId: RecordId('The booking'),
});
