// Request and answer schemas of booking requests (/booking/*), in the specification's field names: Booking request,
// Booking result (confirm), Booking search row, Booking access.
import { type Static, Type } from '@sinclair/typebox';
import { E164_PATTERN } from '../../integrations/messaging/index.js';
import { Nullable, RecordId } from '../../platform/http/schema.js';

export const REQUEST_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const LINE_STATUSES = ['PENDING', 'IN_PROGRESS', 'CONFIRMED', 'FAILED'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const COMPLETE_RESULTS = ['OK', 'PARTIAL', 'FAILED'] as const;
export type CompleteResult = (typeof COMPLETE_RESULTS)[number];

const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` });
// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
const Status = Type.Unsafe<RequestStatus>(
  Type.String({ enum: [...REQUEST_STATUSES], description: REQUEST_STATUSES.join(', ') }),
);

export const CreateBookingRequest = Type.Object({
  orderNum: Type.String({ minLength: 1, maxLength: 64, description: 'A paid sales order of the caller' }),
});

export const ConfirmBookingRequest = Type.Object({
  requestId: RecordId('The booking request'),
  mobilePhone: Type.Optional(
    Type.String({
      pattern: E164_PATTERN,
      description: 'E.164 (+971501234567): the booking-confirmation WhatsApp message goes there once',
    }),
  ),
});

export const SecretPairRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, description: "The buyer's e-mail on the order" }),
  refnum: Type.String({ minLength: 1, maxLength: 64, description: "The booking's reference (BK-<yyyy>-<nnnnnn>)" }),
});

export const ReadAllRequest = Type.Object({ status: Type.Optional(Status) });

export const CancelBookingRequest = Type.Object({ requestId: RecordId('The booking request') });

export const BookingRequest = Type.Object({
  bookingrequestid: Type.Integer(),
  refnum: Type.String({ description: 'BK-<yyyy>-<nnnnnn>, per tenant' }),
  rqdate: DateTime('Created'),
  rqmoddate: DateTime('Last changed'),
  reqstatus: Status,
  orderNum: Type.String(),
  customerid: Nullable(Type.Integer({ description: "The order's customer record" })),
  accessCode: Type.String({
    description: 'With bookingrequestid, the key of the tickets (10+ unambiguous characters)',
  }),
  accessMaxDate: DateTime('The last service date of the lines + 30 days'),
  orderDate: DateTime('When the order was placed'),
  invoiceNum: Nullable(Type.String()),
  amount: Type.Number({ description: "The order's total" }),
});
export type BookingRequest = Static<typeof BookingRequest>;

const TicketingResult = Type.Object({
  result: Type.Unsafe<'OK' | 'FAILED'>(Type.String({ enum: ['OK', 'FAILED'] })),
  statusCode: Type.String({ description: "CONFIRMED, or the line's error code (FAILED, IN_PROGRESS, PENDING)" }),
  statusMessage: Type.String(),
});

export const BookingResult = Type.Object({
  requestId: Type.Integer(),
  referenceNumber: Type.String(),
  completeResult: Type.Unsafe<CompleteResult>(
    Type.String({
      enum: [...COMPLETE_RESULTS],
      description: 'OK every line ticketed; PARTIAL some; FAILED none (the request stays PENDING)',
    }),
  ),
  completeMessage: Type.String(),
  accessCode: Type.String(),
  ticketingResults: Type.Array(TicketingResult, { description: 'One per order line, in line order' }),
});
export type BookingResult = Static<typeof BookingResult>;

export const BookingSearchRow = Type.Object({
  bookingReference: Type.String(),
  bookingRequestId: Type.Integer(),
  bookingRequestDate: DateTime('Created'),
  bookingRequestStatus: Status,
  ticketingRequestStatus: Type.String({ description: LINE_STATUSES.join(', ') }),
  ticketingRequestId: Type.Integer({ description: "The line's number in its order" }),
  ticketingRequestResult: Nullable(Type.String({ description: 'OK or FAILED once tried; null before' })),
  ticketingRequestErrorCode: Nullable(Type.String()),
  ticketingRequestErrorMessage: Nullable(Type.String()),
  ticketItemId: Type.Integer({ description: 'The product' }),
  paxCount: Type.String({ description: 'Units of the line' }),
  unitId: Type.Integer({ description: 'The variant sold (its servid); 0 when the line names none' }),
  unitName: Type.String(),
  itemDescription: Type.String(),
  supplierBookingId: Nullable(Type.Integer()),
  isConfirmed: Type.Boolean(),
});
export type BookingSearchRow = Static<typeof BookingSearchRow>;

export const BookingAccess = Type.Object({
  bookingRequestId: Type.Integer(),
  accessCode: Type.String(),
  maxAccess: DateTime('Until when the access code opens the tickets'),
});
export type BookingAccess = Static<typeof BookingAccess>;
