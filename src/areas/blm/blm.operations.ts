// /blm/*: back-office bookings, for agents and admins only (contract §3, §7.3). create and read are the contract's;
// search, setStatus, recordPayment and createPaymentLink are added (docs/api.md); searchEligible and addToBooking are
// the specification's. The payer of a booking's payment link returns to /payment/blm/return, a page of the payments
// area (blm-payment-owner.ts).
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation, type TenantContext } from '../../platform/http/operation.js';
import type { BookingMerge } from './blm-merge.js';
import type { BookingService } from './blm.service.js';
import {
  AddToBookingRequest,
  Booking,
  BookingIdRequest,
  BookingSummary,
  CreateBookingRequest,
  PaymentLinkAnswer,
  RecordPaymentRequest,
  SearchBookingsRequest,
  SearchEligibleRequest,
  SetStatusRequest,
} from './blm.schemas.js';

export interface BlmServices {
  bookings: BookingService;
  merge: BookingMerge;
  links: { create(ctx: TenantContext, bookingId: number): Promise<PaymentLinkAnswer> };
}

const staff = {
  allow: Allow.agentOrAdmin,
  sessionParameter: 'required',
  tags: ['back-office bookings'],
  methods: ['POST'],
} as const;
const booking = { bookingId: 'blmBooking' } as const;
const STATUS_RULE =
  'An OPTION_HELD booking whose optionExpiresAt has passed reads EXPIRED at once (the option sweep writes it within ' +
  'a minute).';

const create = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/create',
    summary: 'Create a back-office booking for a customer → the booking (ENQUIRY, UNPAID, no lines)',
    description:
      "reference TQ-<yyyy>-<nnnnn> is gapless per tenant and year (the tenant's calendar); currency defaults to the " +
      "tenant's; depositPercent (default 20) is the share of the total from which a payment is a deposit. The " +
      "customer's name, e-mail and phone are kept as they are now (searchEligible matches them). Unknown customer: " +
      'NOTFOUND.',
    input: CreateBookingRequest,
    response: Booking,
    records: { customerId: 'customer' },
    handler: (ctx, input) => bookings.create(ctx, input),
  });

const read = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/read',
    summary: 'A back-office booking with its lines and payments',
    description: STATUS_RULE,
    input: BookingIdRequest,
    response: Booking,
    records: booking,
    handler: (ctx, input) => bookings.read(ctx, input.bookingId),
  });

const search = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/search',
    summary: 'Back-office bookings by status, customer and keyword, newest first, a page at a time → summaries',
    description:
      "keyword: a case-insensitive part of the reference or the customer's name, the customer's e-mail (exactly, " +
      `case-insensitively) or its phone number (the digits, exactly). page from 1, pageSize default 50, at most 200. ${STATUS_RULE}`,
    input: SearchBookingsRequest,
    response: Type.Array(BookingSummary),
    records: { customerId: 'customer' },
    handler: (ctx, input) => bookings.search(ctx, input),
  });

const searchEligible = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/searchEligible',
    summary: 'Bookings that may take a cart in: at most 15, newest first → summaries',
    description:
      'Only UNPAID bookings without a cart reference or an active payment link, not COMPLETED, CANCELLED or EXPIRED. ' +
      'keyword as in /blm/booking/search.',
    input: SearchEligibleRequest,
    response: Type.Array(BookingSummary),
    records: { customerId: 'customer' },
    handler: (ctx, input) => bookings.searchEligible(ctx, input),
  });

const setStatus = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/setStatus',
    summary: 'Move a booking along its lifecycle → the booking',
    description:
      'ENQUIRY → QUOTED → OPTION_HELD → CONFIRMED → TICKETED → COMPLETED. OPTION_HELD needs optionExpiresAt in the ' +
      'future (absent: MISSING_PARAMETER; past: INVALID_FORMAT) and may be set again to move the deadline. AMENDED ' +
      'from CONFIRMED or TICKETED, and from AMENDED back to QUOTED or CONFIRMED. CANCELLED from any status but ' +
      'COMPLETED, CANCELLED and EXPIRED. EXPIRED only by the option deadline passing. Any other move: INVALID_STATE ' +
      'naming both statuses. CANCELLED (and an expired option) gives the offline tickets reserved for the ' +
      `booking's cartReference back. ${STATUS_RULE}`,
    input: SetStatusRequest,
    response: Booking,
    records: booking,
    handler: (ctx, input) => bookings.setStatus(ctx, input),
  });

const recordPayment = ({ bookings }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/recordPayment',
    summary: 'Record a payment against a booking → the booking with its new payment status',
    description:
      "amount > 0 with at most the currency's decimals (else INVALID_FORMAT), exact. paymentStatus: UNPAID with " +
      'nothing paid, FULLY_PAID once the total is, DEPOSIT_PAID from depositPercent of the total (rounded up to the ' +
      'minor unit), PARTIALLY_PAID below that. More than the open amount (overpayment), a COMPLETED, CANCELLED or ' +
      'EXPIRED booking, or an active payment link: INVALID_STATE. The payment that makes the booking fully paid ' +
      'sells the offline tickets reserved for its cartReference.',
    input: RecordPaymentRequest,
    response: Booking,
    records: booking,
    handler: (ctx, input) => bookings.recordPayment(ctx, input),
  });

const createPaymentLink = ({ links }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/booking/createPaymentLink',
    summary: "A payment link for the booking's open amount → { paymentUrl, expiresAt, amount, currency }",
    description:
      'Through the payment gateway (the simulator by default). While the link is open the booking shows ' +
      'paymentLinkActive true and takes no other payment or cart; once paid, the amount is recorded as a payment ' +
      '(method LINK) when the payer returns to /payment/blm/return. No open amount, a link already active, or a ' +
      'COMPLETED, CANCELLED or EXPIRED booking: INVALID_STATE; the gateway unreachable: GENERAL.',
    input: BookingIdRequest,
    response: PaymentLinkAnswer,
    records: booking,
    handler: (ctx, input) => links.create(ctx, input.bookingId),
  });

const addToBooking = ({ merge }: BlmServices) =>
  operation({
    ...staff,
    path: '/blm/cart/addToBooking',
    summary: "Merge a cart (cartId: its cartNumber) into a booking → the booking with the cart's lines",
    description:
      "In one transaction: the cart's lines become booking lines (description, quantity, unit price, total, " +
      "product, variant, date), the seats they hold are sold, cartReference becomes the cart's orderNum (its cart " +
      'number when it has none), the cart is closed and the total recomputed. Refused with INVALID_STATE naming the ' +
      'condition: cart not ACTIVE, cart without items, a payment link of the cart that can still be paid, booking COMPLETED, CANCELLED or EXPIRED, booking not UNPAID, ' +
      "an active payment link, a cart reference already, the cart's customer (its owner's customer record) not the " +
      "booking's, another currency. Unknown cart or booking: NOTFOUND.",
    input: AddToBookingRequest,
    response: Booking,
    records: { cartId: 'cartNumber', ...booking },
    handler: (ctx, input) => merge.addToBooking(ctx, input.cartId, input.bookingId),
  });

export function blmOperations(services: BlmServices): OperationDeclaration[] {
  return [create, read, search, searchEligible, setStatus, recordPayment, createPaymentLink, addToBooking].map(
    (declare) => declare(services),
  );
}
