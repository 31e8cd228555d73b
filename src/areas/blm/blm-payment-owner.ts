// Back-office bookings as an owner of payment links (the payments area): a link takes the booking's open amount;
// once paid, the amount is recorded once as the booking's payment (method LINK) and a full payment sells the
// offline tickets reserved for it. The payer comes back to /payment/blm/return, one page for every outcome.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, toMinor } from '../../platform/money.js';
import { formatDate, formatDateTime } from '../../platform/time.js';
import type { OwnerPayments, PaymentOwner } from '../payments/index.js';
import { type BookingTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as repo from './blm.repository.js';
import { isTerminal } from './blm.rules.js';
import type { PaymentLinkAnswer } from './blm.schemas.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

export function blmPaymentOwner(deps: { offlineTickets: BookingTickets }): PaymentOwner {
  return {
    kind: 'blm-booking',
    noun: 'Booking',
    linkName: 'booking',
    lock: repo.lockBookingRow,
    async amountOf(db, bookingId, now) {
      const booking = await repo.selectBooking(db, bookingId, now);
      if (!booking) return undefined;
      const name = `Booking ${booking.reference}`;
      if (isTerminal(booking.current_status))
        throw refused(`${name} is ${booking.current_status}: no payment is taken`);
      if (booking.payment_link_active) throw refused(`${name} already has an active payment link`);
      const open = toMinor(booking.total_amount, booking.currency) - toMinor(booking.paid_amount, booking.currency);
      if (open <= 0) throw refused(`${name} has no open amount to pay`);
      return {
        name,
        amountMinor: open,
        currency: booking.currency,
        referencePrefix: booking.reference,
        description: `booking ${booking.reference}`,
        customer: {
          email: booking.customer_email ?? undefined,
          name: booking.customer_name,
          phone: booking.customer_phone ?? undefined,
        },
        logFields: { booking: booking.reference },
      };
    },
    async onPaid(tx, link, scope) {
      const booking = await repo.lockBooking(tx, link.ownerId, scope.now);
      if (!booking) return;
      await repo.insertPayment(tx, link.ownerId, {
        amount: link.amount,
        method: 'LINK',
        paymentDate: formatDate(scope.now, scope.tenant.timezone),
        reference: link.reference,
        linkId: link.linkId,
        recordedBy: null,
        now: scope.now,
      });
      await sellTicketsWhenPaid(deps.offlineTickets, tx, booking, link.amount, scope.now);
    },
    returns: {
      style: 'simple',
      page: {
        path: '/payment/blm/return',
        summary: "The gateway sends the payer of a booking's payment link here (paid, declined or cancelled alike)",
        description:
          "With the link's `t`: the gateway is asked for the order's state; paid, the link's amount is recorded once " +
          "as the booking's payment. Without a valid `t`: a page naming the reference only, nothing changes.",
      },
    },
  };
}

/** /blm/booking/createPaymentLink's answer. */
export async function bookingPaymentLink(
  links: OwnerPayments,
  ctx: TenantContext,
  bookingId: number,
): Promise<PaymentLinkAnswer> {
  const link = await links.createLink(ctx, bookingId);
  return {
    bookingId,
    paymentUrl: link.paymentUrl,
    amount: fromMinor(link.amountMinor, link.currency),
    currency: link.currency,
    expiresAt: formatDateTime(link.expiresAt, ctx.tenant.timezone),
  };
}
