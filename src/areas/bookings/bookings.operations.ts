// The booking requests of /booking/* (contract §3: any session, readall logged-in users only; §6: read and
// verifyAccess are keyed by e-mail + refnum, rate-limited; §7.3). The tickets' operations live in tickets/.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import type { Confirmer } from './booking-confirm.js';
import {
  BookingAccess,
  BookingRequest,
  BookingResult,
  BookingSearchRow,
  CancelBookingRequest,
  ConfirmBookingRequest,
  CreateBookingRequest,
  ReadAllRequest,
  SecretPairRequest,
} from './bookings.schemas.js';
import type { BookingService } from './bookings.service.js';

export interface BookingServices {
  bookings: BookingService;
  confirmer: Confirmer;
}

const anySession = { allow: Allow.anySession, sessionParameter: 'required', tags: ['booking'] } as const;
const PAIR =
  'Keyed by the e-mail on the order (any case) and the refnum: any session holding the pair gets the answer, a wrong ' +
  'pair answers NOTFOUND as a missing booking. 60 wrong pairs a minute per client address (with getTickets and ' +
  'the voucher; a look-up holds one of them while it runs, a right pair gives it back), then 429 RATE_LIMITED with ' +
  'Retry-After.';

const create = ({ bookings }: BookingServices) =>
  operation({
    ...anySession,
    path: '/booking/create',
    methods: ['POST'],
    summary: 'The booking request of a paid sales order of the caller → booking request (PENDING)',
    description:
      "A guest's or the website's own orders, a customer's orders (of its record, or placed by it), any order for " +
      "employees; another's or an unknown order: NOTFOUND; unpaid: INVALID_STATE. Once per order: a second create " +
      '(or a concurrent one) answers the same request. refnum BK-<yyyy>-<nnnnnn>; accessCode 12 characters without ' +
      '0/O/1/I/L; accessMaxDate the end of the last service date + 30 days (of the order date when no line is dated). ' +
      'An order paid online has its request already (made with the payment, ticketed after it).',
    input: CreateBookingRequest,
    response: BookingRequest,
    records: { orderNum: 'order' },
    handler: (ctx, input) => bookings.create(ctx, input.orderNum),
  });

const confirm = ({ confirmer }: BookingServices) =>
  operation({
    ...anySession,
    path: '/booking/confirm',
    methods: ['POST'],
    summary: 'Ticket every line not ticketed yet → booking result',
    description:
      'Each line once, however many confirms run: own products → our numbered tickets (one per unit), offline ' +
      "inventory codes sold for the order → one ticket per code, hasVendorBooking products → the ticket supplier's " +
      'vouchers. completeResult OK (all lines) or PARTIAL (some) → reqstatus CONFIRMED; FAILED (none) → stays ' +
      'PENDING; a later confirm retries the failed lines only. A confirm finding lines another one is ticketing ' +
      'waits for them (at most the supplier timeout) and answers their state. With mobilePhone (E.164, else ' +
      'INVALID_FORMAT) a CONFIRMED request sends one WhatsApp message (template booking_confirmation: refnum, ' +
      "tickets link), once per request. A cancelled request: INVALID_STATE; another's: NOTFOUND.",
    input: ConfirmBookingRequest,
    response: BookingResult,
    records: { requestId: 'bookingRequest' },
    handler: (ctx, input) =>
      confirmer.confirm(
        { tenant: ctx.tenant, withDb: (work) => work(ctx.db), log: ctx.log },
        input.requestId,
        input.mobilePhone,
      ),
  });

const read = ({ bookings }: BookingServices) =>
  operation({
    ...anySession,
    path: '/booking/read',
    methods: ['POST'],
    summary: "A booking's lines and their ticketing, by e-mail + refnum → booking search rows",
    description: `One row per order line (ticketingRequestId is the line's number). ${PAIR}`,
    input: SecretPairRequest,
    response: Type.Array(BookingSearchRow),
    handler: (ctx, input) => bookings.read(ctx, input.email, input.refnum),
  });

const verifyAccess = ({ bookings }: BookingServices) =>
  operation({
    ...anySession,
    path: '/booking/verifyAccess',
    methods: ['POST'],
    summary: "A booking's id and access code, by e-mail + refnum → booking access",
    description: PAIR,
    input: SecretPairRequest,
    response: BookingAccess,
    handler: (ctx, input) => bookings.verifyAccess(ctx, input.email, input.refnum),
  });

const readAll = ({ bookings }: BookingServices) =>
  operation({
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    tags: ['booking'],
    path: '/booking/readall',
    methods: ['POST'],
    summary: "The logged-in user's booking requests, newest first (at most 500) → booking requests",
    description:
      "A customer's: those of its customer record and of the orders it placed; an employee's: those of the orders " +
      'it placed. status filters (PENDING, CONFIRMED, CANCELLED).',
    input: ReadAllRequest,
    response: Type.Array(BookingRequest),
    handler: (ctx, input) => bookings.readAll(ctx, input.status),
  });

const cancel = ({ bookings }: BookingServices) =>
  operation({
    ...anySession,
    path: '/booking/cancel',
    methods: ['POST'],
    summary: 'Not implemented, as specified: answers NOT_IMPLEMENTED with apiData null',
    description: "The request is looked up first: another's or a missing one answers NOTFOUND.",
    input: CancelBookingRequest,
    response: Type.Null(),
    records: { requestId: 'bookingRequest' },
    handler: () => bookings.cancel(),
  });

/** Every booking-request operation of the area, bound to its services. */
export function bookingOperations(services: BookingServices): OperationDeclaration[] {
  return [create, confirm, read, verifyAccess, readAll, cancel].map((declare) => declare(services));
}
