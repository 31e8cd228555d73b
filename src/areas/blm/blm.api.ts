// What other areas may do with back-office bookings (contract §7.3): make one with its lines in their own transaction
// (a cruise booking's createBlmPayment), read it, and learn its status. The booking's rules hold as in
// /blm/booking/create: a customer of the tenant, the gapless TQ reference (its counter taken last), a total that is
// the sum of the lines.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { Queryable, TransactionSql } from '../../platform/database/connections.js';
import { nextNumber } from '../../platform/database/counters.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { CustomersApi } from '../customers/index.js';
import { bookingAnswer } from './blm.service.js';
import * as repo from './blm.repository.js';
import { bookingReferenceOf, type BookingStatus, LIMITS, REFERENCE_SERIES, tenantYear } from './blm.rules.js';
import type { Booking } from './blm.schemas.js';

/** A line another area's sale becomes: amounts as decimal text of the booking's currency; total = unitPrice × quantity. */
export interface ExternalLine {
  description: string;
  unitName: string;
  quantity: number;
  unitPrice: string;
  serviceDate: string | null;
}

export interface ExternalBooking {
  customerId: number;
  /** The customer's name, e-mail and phone on the booking; each defaults to the customer record's. */
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  currency: string;
  notes: string | null;
  /** CONFIRMED: the sale is agreed and awaits payment; ENQUIRY as /blm/booking/create makes. */
  status: Extract<BookingStatus, 'ENQUIRY' | 'CONFIRMED'>;
  lines: readonly ExternalLine[];
}

export interface BlmApi {
  /**
   * Makes the booking with its lines in the caller's transaction; answers its id. Unknown customer: NOTFOUND. The
   * reference counter stays locked until the caller commits: call it last.
   */
  createWithLines(tx: TransactionSql, ctx: TenantContext, booking: ExternalBooking): Promise<number>;
  /** The booking as /blm/booking/read answers it. */
  read(ctx: TenantContext, bookingId: number): Promise<Booking>;
  /** Its status now (an option past its deadline reads EXPIRED); undefined when there is no such booking. */
  statusOf(
    db: Queryable,
    bookingId: number,
    now: Date,
  ): Promise<{ status: BookingStatus; reference: string } | undefined>;
}

export function createBlmApi(deps: { customers: Pick<CustomersApi, 'findById'> }): BlmApi {
  return {
    async createWithLines(tx, ctx, booking) {
      const customer = await deps.customers.findById(tx, booking.customerId);
      if (!customer) throw notFound('Customer');
      const { currency } = booking;
      const year = tenantYear(ctx.now, ctx.tenant.timezone);
      // The counter's row lock is held from here to commit: the caller does its own work before this call.
      const sequence = await nextNumber(tx, REFERENCE_SERIES, year);
      const bookingId = await repo.insertBooking(tx, {
        reference: bookingReferenceOf(year, sequence),
        customerId: customer.customerId,
        customerName: booking.customerName ?? customer.custName,
        customerEmail: booking.customerEmail ?? customer.email,
        customerPhone: booking.customerPhone ?? customer.mobilePhone,
        currency,
        depositPercent: LIMITS.depositPercent,
        notes: booking.notes,
        createdBy: loggedInUserId(ctx.session),
        now: ctx.now,
      });
      const lines = booking.lines.map((line) => ({
        productId: null,
        variantId: null,
        description: line.description,
        unitName: line.unitName,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: minorToDecimalString(toMinor(line.unitPrice, currency) * line.quantity, currency),
        serviceDate: line.serviceDate,
        timeSlot: '',
        holdId: null,
        cartNumber: null,
      }));
      await repo.insertLines(tx, bookingId, lines, ctx.now);
      await repo.setTotalAndStatus(tx, bookingId, booking.status, ctx.now);
      return bookingId;
    },
    read: (ctx, bookingId) => bookingAnswer(ctx, bookingId),
    async statusOf(db, bookingId, now) {
      const row = await repo.selectBooking(db, bookingId, now);
      return row ? { status: row.current_status, reference: row.reference } : undefined;
    },
  };
}
