// /cruise/booking/*: cruise bookings for agents and admins (contract §3, §8.3; the specification shows
// createBlmPayment and calculateTotal, the contract names the rest), and /cruise/cruise/manifest for employees (a
// name of ours, docs/decisions.md).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { BlmBooking } from '../../blm/index.js';
import type { CruiseBookingService } from './bookings.service.js';
import {
  BookingIdRequest,
  BookingTotal,
  CreateBlmPayment,
  CreateCruiseBooking,
  CruiseBooking,
  ListCruiseBookings,
  ManifestRequest,
} from './bookings.schemas.js';
import { sailingManifest } from './manifest.js';

const agents = {
  allow: Allow.agentOrAdmin,
  sessionParameter: 'required',
  tags: ['cruise'],
  methods: ['POST'],
} as const;
const booking = { bookingId: 'cruiseBooking' } as const;
const TOTAL_RULE =
  "The total is in the tenant's currency: the cabin's charge on the sailing, each mandatory charge per passenger " +
  '(perPerson) or once, each add-on × its quantity, at the prices the sailing has now. A charge in another ' +
  "currency is converted at the tenant's rate from that currency to its own in force today (the newest validFrom " +
  'not after the date): each unit price rounded once, half-up, to the minor unit, then × quantity. No such rate: ' +
  'INVALID_STATE naming both currencies.';

function bookingOperations(bookings: CruiseBookingService): OperationDeclaration[] {
  return [
    operation({
      ...agents,
      path: '/cruise/booking/create',
      summary: 'Book a cabin of a sailing for a customer with its passengers and add-ons → the booking (HELD)',
      description:
        'Unknown cruise, cabin, customer or charge type: NOTFOUND. INVALID_STATE: the sailing is not Active or ' +
        "departed (startDate before today); the cabin is not on the sailing's ship, has no charge on it or one " +
        'that is not available, is booked already (a booking not cancelled holds it), or takes fewer passengers ' +
        'than given; an add-on the sailing does not offer or that is mandatory (part of every booking). ' +
        'INVALID_FORMAT: a birth date after today (naming it), a charge type twice in addOns. Of concurrent creates ' +
        'for one cabin exactly one succeeds.',
      input: CreateCruiseBooking,
      response: CruiseBooking,
      records: { customerId: 'customer' },
      handler: (ctx, input) => bookings.create(ctx, input),
    }),
    operation({
      ...agents,
      path: '/cruise/booking/read',
      summary: 'A cruise booking with its passengers and add-ons',
      input: BookingIdRequest,
      response: CruiseBooking,
      records: booking,
      handler: (ctx, input) => bookings.read(ctx, input.bookingId),
    }),
    operation({
      ...agents,
      path: '/cruise/booking/list',
      summary: 'Cruise bookings by sailing, customer and status, newest first, a page at a time',
      description: 'page from 1, pageSize default 100, at most 500.',
      input: ListCruiseBookings,
      response: Type.Array(CruiseBooking),
      records: { customerId: 'customer' },
      handler: (ctx, input) => bookings.list(ctx, input),
    }),
    operation({
      ...agents,
      path: '/cruise/booking/cancel',
      summary: 'Cancel a cruise booking: the cabin is free on the sailing again → the booking (CANCELLED)',
      description:
        'A cancelled booking: INVALID_STATE. One whose back-office booking (createBlmPayment) is not CANCELLED or ' +
        'EXPIRED: INVALID_STATE naming its reference (cancel that first: /blm/booking/setStatus).',
      input: BookingIdRequest,
      response: CruiseBooking,
      records: booking,
      handler: (ctx, input) => bookings.cancel(ctx, input.bookingId),
    }),
  ];
}

function totalOperations(bookings: CruiseBookingService): OperationDeclaration[] {
  return [
    operation({
      ...agents,
      path: '/cruise/booking/calculateTotal',
      summary: "The booking's total in the tenant's currency → { totalAmount } with its lines",
      description: TOTAL_RULE,
      input: BookingIdRequest,
      response: BookingTotal,
      records: booking,
      handler: (ctx, input) => bookings.calculateTotal(ctx, input.bookingId),
    }),
    operation({
      ...agents,
      path: '/cruise/booking/createBlmPayment',
      summary: 'Make the back-office booking of a cruise booking (CONFIRMED, UNPAID, a line per charge) → it',
      description:
        `${TOTAL_RULE} The back-office booking (contract §7.3) is in the tenant's currency, its lines the ` +
        "calculation's (service date: the sailing's start), its total the same total; the cruise booking becomes " +
        'CONFIRMED. customerId defaults to the booking’s customer; customerName, customerEmail, customerPhone to ' +
        "that customer's. Asked again (or by two agents at once): the same back-office booking, made once. A " +
        'cancelled cruise booking: INVALID_STATE. Payments and payment links are then the back-office booking’s ' +
        '(/blm/booking/*).',
      input: CreateBlmPayment,
      response: BlmBooking,
      records: { ...booking, customerId: 'customer' },
      handler: (ctx, input) => bookings.createBlmPayment(ctx, input),
    }),
  ];
}

const manifest = operation({
  allow: Allow.employees,
  tags: ['cruise'],
  methods: ['POST', 'GET'],
  path: '/cruise/cruise/manifest',
  summary: "A sailing's passengers per cabin (.xlsx attachment), bookings not cancelled",
  description:
    'Two title rows (itinerary, ship, start date; the passenger count), then a header: Cabin, Cabin Name, Cabin ' +
    'Type, Booking, Status, Customer, First Name, Last Name, Date of Birth, Nationality, Passport Number; one row a ' +
    'passenger by cabin code. A text that a spreadsheet could take for a formula is written as text. Unknown ' +
    'cruise: NOTFOUND (a JSON envelope).',
  input: ManifestRequest,
  response: Type.String({ description: 'The .xlsx file as an attachment' }),
  handler: (ctx, input) => sailingManifest(ctx, input.cruiseId),
});

export function cruiseBookingOperations(bookings: CruiseBookingService): OperationDeclaration[] {
  return [...bookingOperations(bookings), ...totalOperations(bookings), manifest];
}
