// Back-office bookings for agents and admins: create one for a customer, read it, list and search them, move it
// along its lifecycle and record payments against it. Each change runs in one transaction under the booking's row
// lock and answers the booking as read after commit.
import { containsPattern } from '../../platform/text.js';
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable } from '../../platform/database/connections.js';
import { nextNumber } from '../../platform/database/counters.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDate, localToInstant } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import { type BookingTickets, releaseTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as repo from './blm.repository.js';
import { bookingReferenceOf, isTerminal, LIMITS, moveRefusal, REFERENCE_SERIES, tenantYear } from './blm.rules.js';
import type {
  Booking,
  BookingSummary,
  CreateBookingRequest,
  RecordPaymentRequest,
  SearchBookingsRequest,
  SearchEligibleRequest,
  SetStatusRequest,
} from './blm.schemas.js';
import { toBooking, toBookingSummary } from './blm.view.js';

export interface BookingServiceDeps {
  customers: Pick<CustomersApi, 'findById'>;
  offlineTickets: BookingTickets;
}

/** The booking as answered after a change: read on the request's connection. */
export async function bookingAnswer(ctx: TenantContext, bookingId: number): Promise<Booking> {
  const row = await repo.selectBooking(ctx.db, bookingId, ctx.now);
  if (!row) throw notFound('Booking');
  return toBooking(row, ctx.tenant.timezone);
}

/** The booking row under its lock; NOTFOUND when there is none. */
export async function lockedBooking(tx: Queryable, bookingId: number, now: Date) {
  const booking = await repo.lockBooking(tx, bookingId, now);
  if (!booking) throw notFound('Booking');
  return booking;
}

const summaries = (ctx: TenantContext, rows: repo.BookingRow[]): BookingSummary[] =>
  rows.map((row) => toBookingSummary(row, ctx.tenant.timezone));

/** The keyword as the filters match it: part of reference or name, the e-mail, the phone's digits. */
function keywordFilter(keyword: string | undefined): repo.BookingFilter['keyword'] {
  const text = keyword?.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  const looksLikePhone = /^[+\d\s().-]+$/.test(text) && digits.length >= 6;
  return {
    pattern: containsPattern(text),
    email: text,
    phoneDigits: looksLikePhone ? digits : null,
  };
}

function currencyOf(ctx: TenantContext, currency: string | undefined): string {
  return (currency ?? ctx.tenant.currency).toUpperCase();
}

/** The option deadline of an OPTION_HELD move: required, a tenant time, in the future. */
function optionDeadline(ctx: TenantContext, text: string | undefined): Date {
  if (text === undefined || text.trim() === '') throw missingParameter('optionExpiresAt');
  const deadline = localToInstant(text, ctx.tenant.timezone);
  if (!deadline) throw invalidFormat('optionExpiresAt', "must be yyyy-MM-dd'T'HH:mm:ss or yyyy-MM-dd");
  if (deadline.getTime() <= ctx.now.getTime()) throw invalidFormat('optionExpiresAt', 'must be in the future');
  return deadline;
}

export function createBookingService(deps: BookingServiceDeps) {
  return {
    async create(ctx: TenantContext, input: CreateBookingRequest): Promise<Booking> {
      const year = tenantYear(ctx.now, ctx.tenant.timezone);
      const bookingId = await withTransaction(ctx, async (tx) => {
        const customer = await deps.customers.findById(tx, input.customerId);
        if (!customer) throw notFound('Customer');
        // The counter last: its row lock is held only for the statements before commit.
        const sequence = await nextNumber(tx, REFERENCE_SERIES, year);
        return repo.insertBooking(tx, {
          reference: bookingReferenceOf(year, sequence),
          customerId: customer.customerId,
          customerName: customer.custName,
          customerEmail: customer.email,
          customerPhone: customer.mobilePhone,
          currency: currencyOf(ctx, input.currency),
          depositPercent: input.depositPercent ?? LIMITS.depositPercent,
          notes: input.notes?.trim() || null,
          createdBy: loggedInUserId(ctx.session),
          now: ctx.now,
        });
      });
      return bookingAnswer(ctx, bookingId);
    },

    read: (ctx: TenantContext, bookingId: number) => bookingAnswer(ctx, bookingId),

    async search(ctx: TenantContext, input: SearchBookingsRequest): Promise<BookingSummary[]> {
      const pageSize = input.pageSize ?? LIMITS.pageSize;
      const filter = { status: input.status, customerId: input.customerId, keyword: keywordFilter(input.keyword) };
      const page = { limit: pageSize, offset: ((input.page ?? 1) - 1) * pageSize };
      return summaries(ctx, await repo.listBookings(ctx.db, filter, page, ctx.now));
    },

    async searchEligible(ctx: TenantContext, input: SearchEligibleRequest): Promise<BookingSummary[]> {
      const filter = { customerId: input.customerId, keyword: keywordFilter(input.keyword), eligible: true };
      const page = { limit: LIMITS.eligibleRows, offset: 0 };
      return summaries(ctx, await repo.listBookings(ctx.db, filter, page, ctx.now));
    },

    async setStatus(ctx: TenantContext, input: SetStatusRequest): Promise<Booking> {
      const deadline = input.status === 'OPTION_HELD' ? optionDeadline(ctx, input.optionExpiresAt) : null;
      await withTransaction(ctx, async (tx) => {
        const booking = await lockedBooking(tx, input.bookingId, ctx.now);
        const refusal = moveRefusal(booking.reference, booking.current_status, input.status);
        if (refusal) throw refusal;
        await repo.updateStatus(tx, booking.booking_id, input.status, deadline, ctx.now);
        if (input.status === 'CANCELLED') {
          await releaseTickets(deps.offlineTickets, tx, booking.cart_reference, ctx.now);
        }
      });
      return bookingAnswer(ctx, input.bookingId);
    },

    async recordPayment(ctx: TenantContext, input: RecordPaymentRequest): Promise<Booking> {
      await withTransaction(ctx, async (tx) => {
        const booking = await lockedBooking(tx, input.bookingId, ctx.now);
        const { currency } = booking;
        const amountMinor = toMinor(input.amount, currency);
        if (fromMinor(amountMinor, currency) !== input.amount || amountMinor <= 0) {
          throw invalidFormat('amount', `must be greater than 0 with at most the decimals of ${currency}`);
        }
        checkPayable(booking, amountMinor);
        const amount = minorToDecimalString(amountMinor, currency);
        await repo.insertPayment(tx, booking.booking_id, {
          amount,
          method: input.method ?? 'BANK',
          paymentDate: input.date ?? formatDate(ctx.now, ctx.tenant.timezone),
          reference: input.reference?.trim() || null,
          linkId: null,
          recordedBy: loggedInUserId(ctx.session),
          now: ctx.now,
        });
        await sellTicketsWhenPaid(deps.offlineTickets, tx, booking, amount, ctx.now);
      });
      return bookingAnswer(ctx, input.bookingId);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** A payment by hand: not on a terminal booking, not while a payment link is open, never beyond the total. */
function checkPayable(booking: repo.BookingRow, amountMinor: number): void {
  const name = `Booking ${booking.reference}`;
  if (isTerminal(booking.current_status)) throw refused(`${name} is ${booking.current_status}: no payment is taken`);
  if (booking.payment_link_active) throw refused(`${name} has an active payment link: its payment is awaited`);
  const totalMinor = toMinor(booking.total_amount, booking.currency);
  const openMinor = totalMinor - toMinor(booking.paid_amount, booking.currency);
  if (amountMinor > openMinor) {
    const open = fromMinor(Math.max(0, openMinor), booking.currency);
    throw refused(`${name}: the payment is more than the open amount ${open} ${booking.currency} (overpayment)`);
  }
}
