// Pure rules of back-office bookings: the statuses and the moves between them, what blocks taking in a cart, the
// payment status of an amount paid, and the reference. No I/O; amounts are integer minor units of the currency.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { formatDate } from '../../platform/time.js';

export const BOOKING_STATUSES = [
  'ENQUIRY',
  'QUOTED',
  'OPTION_HELD',
  'CONFIRMED',
  'TICKETED',
  'COMPLETED',
  'AMENDED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PAYMENT_STATUSES = ['UNPAID', 'DEPOSIT_PAID', 'PARTIALLY_PAID', 'FULLY_PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['CASH', 'CARD', 'BANK', 'CHEQUE', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The spec's terminal statuses (Booking merge eligibility): nothing moves them, nothing is added to them. */
export const TERMINAL_STATUSES: readonly BookingStatus[] = ['COMPLETED', 'CANCELLED', 'EXPIRED'];

export const LIMITS = {
  /** searchEligible answers at most this many (the spec's 15). */
  eligibleRows: 15,
  pageSize: 50,
  maxPageSize: 200,
  notes: 4000,
  /** The default share of the total that makes a payment a deposit (a booking may set its own). */
  depositPercent: 20,
} as const;

/**
 * Where each status may go by /blm/booking/setStatus: ENQUIRY → QUOTED → OPTION_HELD → CONFIRMED → TICKETED →
 * COMPLETED; an option may be held again with a new deadline; AMENDED from CONFIRMED or TICKETED and back to QUOTED
 * or CONFIRMED; CANCELLED from any status that is not terminal. EXPIRED is reached only by an option's deadline.
 */
const MOVES: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  ENQUIRY: ['QUOTED', 'CANCELLED'],
  QUOTED: ['OPTION_HELD', 'CANCELLED'],
  OPTION_HELD: ['OPTION_HELD', 'CONFIRMED', 'CANCELLED'],
  CONFIRMED: ['TICKETED', 'AMENDED', 'CANCELLED'],
  TICKETED: ['COMPLETED', 'AMENDED', 'CANCELLED'],
  AMENDED: ['QUOTED', 'CONFIRMED', 'CANCELLED'],
  COMPLETED: [],
  CANCELLED: [],
  EXPIRED: [],
};

export function isTerminal(status: BookingStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** The refusal of a move, naming both statuses; undefined when it is allowed. */
export function moveRefusal(reference: string, from: BookingStatus, to: BookingStatus): ApiError | undefined {
  if (MOVES[from].includes(to)) return undefined;
  const why = to === 'EXPIRED' ? ' (a booking expires only when its option deadline passes)' : '';
  return new ApiError(ErrorCode.INVALID_STATE, `Booking ${reference} is ${from}, it cannot become ${to}${why}`);
}

/** The deposit of a total: `percent` of it, rounded up to the minor unit (a deposit never falls short). */
export function depositMinor(totalMinor: number, percent: string): number {
  // percent has at most two decimals: hundredths of a percent, so the product is exact
  const hundredths = BigInt(Math.round(Number(percent) * 100));
  const scaled = BigInt(totalMinor) * hundredths;
  const whole = scaled / 10_000n;
  return Number(scaled % 10_000n === 0n ? whole : whole + 1n);
}

/**
 * UNPAID with nothing paid; FULLY_PAID once the total is paid; DEPOSIT_PAID when at least the deposit is; any
 * smaller payment PARTIALLY_PAID.
 */
export function paymentStatusOf(paidMinor: number, totalMinor: number, depositPercent: string): PaymentStatus {
  if (paidMinor <= 0) return 'UNPAID';
  if (paidMinor >= totalMinor) return 'FULLY_PAID';
  if (paidMinor >= depositMinor(totalMinor, depositPercent)) return 'DEPOSIT_PAID';
  return 'PARTIALLY_PAID';
}

/** The platform counter's series of booking references: their prefix. */
export const REFERENCE_SERIES = 'TQ';

/** TQ-2026-00001: the tenant's calendar year and the year's sequence number. */
export function bookingReferenceOf(year: number, sequence: number): string {
  return `${REFERENCE_SERIES}-${year}-${String(sequence).padStart(5, '0')}`;
}

export function tenantYear(now: Date, timezone: string): number {
  return Number(formatDate(now, timezone).slice(0, 4));
}

/** What a booking must be to take a cart in (the spec's merge eligibility), as the refusals name it. */
export interface MergeTarget {
  reference: string;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  paymentLinkActive: boolean;
  cartReference: string | null;
  customerId: number;
  currency: string;
}

export interface MergeSource {
  cartNumber: number;
  status: string;
  itemCount: number;
  /** The customer record of the cart's owner, when it is a customer user. */
  customerId: number | undefined;
  currency: string;
  /** A payment link of the cart can still be paid: merged, its lines could be paid twice. */
  payableLink: boolean;
}

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The first precondition of a merge that fails, in the spec's order; undefined when the cart may go in. */
export function mergeRefusal(cart: MergeSource, booking: MergeTarget): ApiError | undefined {
  const cartName = `Cart ${cart.cartNumber}`;
  const bookingName = `Booking ${booking.reference}`;
  if (cart.status !== 'ACTIVE') return refused(`${cartName} is not ACTIVE (it is ${cart.status})`);
  if (cart.itemCount === 0) return refused(`${cartName} has no items`);
  if (cart.payableLink) return refused(`${cartName} has a payment link that can still be paid`);
  if (isTerminal(booking.status)) return refused(`${bookingName} is in a terminal status (${booking.status})`);
  if (booking.paymentStatus !== 'UNPAID') return refused(`${bookingName} is not UNPAID (${booking.paymentStatus})`);
  if (booking.paymentLinkActive) return refused(`${bookingName} has an active payment link`);
  if (booking.cartReference !== null) {
    return refused(`${bookingName} already has a cart reference (${booking.cartReference})`);
  }
  if (cart.customerId !== undefined && cart.customerId !== booking.customerId) {
    return refused(`${cartName}'s customer ${cart.customerId} is not the booking's customer ${booking.customerId}`);
  }
  if (cart.currency !== booking.currency) {
    return refused(`${cartName}'s currency ${cart.currency} is not the booking's currency ${booking.currency}`);
  }
  return undefined;
}
