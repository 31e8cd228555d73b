// Back-office bookings as an owner of payment links (the payments area): a link takes the booking's open amount;
// once paid, the amount is recorded once as the booking's payment (method LINK) and a full payment sells the
// offline tickets reserved for it. The payer comes back to /payment/blm/return, one page for every outcome.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { PaymentOwner } from '../payments/index.js';
import { type BookingTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as repo from './blm.repository.js';
import { isTerminal } from './blm.rules.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

export const blmPaymentOwner = (deps: { offlineTickets: BookingTickets }): PaymentOwner => ({
  kind: 'blm-booking',
  noun: 'Booking',
  lock: repo.lockBookingRow,
  async amountOf(db, bookingId, now) {
    const booking = await repo.selectBooking(db, bookingId, now);
    if (!booking) return undefined;
    const name = `Booking ${booking.reference}`;
    if (isTerminal(booking.current_status)) throw refused(`${name} is ${booking.current_status}: no payment is taken`);
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
    };
  },
  async onPaid(tx, link, { tenant, now }) {
    const booking = await repo.lockBooking(tx, link.ownerId, now);
    if (!booking) return;
    const paymentDate = formatDate(now, tenant.timezone);
    const payment = { amount: link.amount, method: 'LINK', paymentDate, reference: link.reference, now };
    await repo.insertPayment(tx, link.ownerId, { ...payment, linkId: link.linkId, recordedBy: null });
    await sellTicketsWhenPaid(deps.offlineTickets, tx, booking, link.amount, now);
  },
  returns: {
    style: 'simple',
    path: '/payment/blm/return',
    paidMeans: "the link's amount is recorded as the booking's payment",
  },
});
