// Back-office bookings as an owner of payment links (the payments area): a link takes the booking's open amount;
// once paid, the amount is recorded once as the booking's payment (method LINK) and a full payment sells the
// offline tickets reserved for it, and the payer is sent a confirmation naming the booking, its services and what is
// still to pay. The payer comes back to /payment/blm/return, one page for every outcome, and pays again after a
// decline or a cancel at /payment/blm/retry.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { Queryable } from '../../platform/database/connections.js';
import { displayAmount, fromMinor, toMinor } from '../../platform/money.js';
import { displayDate, formatDate } from '../../platform/time.js';
import type { OwnerSummary, PaymentOwner } from '../payments/index.js';
import { type BookingTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as repo from './blm.repository.js';
import { isTerminal } from './blm.rules.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** "Desert safari × 2, Thu 10 Dec 2026 15:00". */
function serviceText(line: repo.LineRow): string {
  const when = line.service_date
    ? `, ${displayDate(line.service_date)}${line.time_slot ? ` ${line.time_slot}` : ''}`
    : '';
  return `${line.description} × ${line.quantity}${when}`;
}

/** What a booking's payment paid for: the booking, its services, its total and what is still to pay. */
async function summaryOf(db: Queryable, bookingId: number, now: Date): Promise<OwnerSummary | undefined> {
  const booking = await repo.selectBooking(db, bookingId, now);
  if (!booking) return undefined;
  const { currency } = booking;
  const open = toMinor(booking.total_amount, currency) - toMinor(booking.paid_amount, currency);
  return {
    title: `Booking ${booking.reference}`,
    lines: [
      { label: 'Booking reference', value: booking.reference },
      { label: 'For', value: booking.customer_name },
      ...booking.lines.map((line) => ({ label: 'Service', value: serviceText(line) })),
      { label: 'Booking total', value: displayAmount(booking.total_amount, currency) },
      ...(open > 0 ? [{ label: 'Still to pay', value: displayAmount(fromMinor(open, currency), currency) }] : []),
    ],
    payer: { name: booking.customer_name, email: booking.customer_email },
  };
}

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
  summaryOf,
  returns: {
    style: 'simple',
    path: '/payment/blm/return',
    retry: '/payment/blm/retry',
    paidMeans: "the link's amount is recorded as the booking's payment; the payer gets a confirmation e-mail",
  },
});
