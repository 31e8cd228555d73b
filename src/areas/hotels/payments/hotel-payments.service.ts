// Hotel bookings (contracted or online) as an owner of payment links (the payments area): a link takes a CONFIRMED
// or ON_REQUEST booking's price, carrying a new cart reference that becomes the booking's; the payer comes back to
// /payment/hotel/success|cancel|decline, whichever the gateway chose, and the gateway's own state of the order
// decides: paid → the booking's payment PAID by its cart reference; cancelled → CANCELLED_PAYMENT; declined →
// DECLINED (the booking stays: the payer may pay again at /payment/hotel/retry); expired → the link alone ends. A
// payment names the hotel, the dates and the references on the success page and in the payer's confirmation.
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { Queryable } from '../../../platform/database/connections.js';
import { toMinor } from '../../../platform/money.js';
import { displayDate } from '../../../platform/time.js';
import type { OwnerSummary, PaymentOwner, SummaryLine } from '../../payments/index.js';
import { markPaidByCartReference } from '../online/index.js';
import * as repo from './hotel-payments.repository.js';

/** Hotel bookings the supplier (or the contract) holds: the ones a payment may be taken for. */
const PAYABLE_STATUSES = new Set(['CONFIRMED', 'ON_REQUEST']);

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** What a payment for the booking paid for: the hotel, the dates, the rooms, the guest, the references. */
async function summaryOf(db: Queryable, bookingId: number): Promise<OwnerSummary | undefined> {
  const booking = await repo.selectBookingSummary(db, bookingId);
  if (!booking) return undefined;
  const nights = `${booking.nights} night${booking.nights === 1 ? '' : 's'}`;
  const room = [booking.room_name, booking.room_basis].filter(Boolean).join(', ');
  const lines: SummaryLine[] = [
    { label: 'Hotel', value: booking.hotel_name },
    { label: 'Dates', value: `${displayDate(booking.check_in)} to ${displayDate(booking.check_out)} (${nights})` },
    { label: 'Rooms', value: room ? `${booking.rooms} × ${room}` : String(booking.rooms) },
  ];
  if (booking.lead_guest) lines.push({ label: 'Lead guest', value: booking.lead_guest });
  lines.push({ label: 'Booking reference', value: booking.client_reference });
  if (booking.supplier_reference) lines.push({ label: 'Hotel confirmation', value: booking.supplier_reference });
  return {
    title: `Hotel booking ${booking.client_reference}`,
    lines,
    payer: { name: booking.lead_guest, email: booking.contact_email },
  };
}

export const hotelPaymentOwner: PaymentOwner = {
  kind: 'hotel-booking',
  noun: 'Hotel booking',
  lock: repo.lockBooking,
  async amountOf(db, bookingId) {
    const booking = await repo.selectPayableBooking(db, bookingId);
    if (!booking) return undefined;
    const name = `Hotel booking ${bookingId}`;
    if (!PAYABLE_STATUSES.has(booking.status)) throw refused(`${name} is ${booking.status}: no payment is taken`);
    if (booking.payment_status === 'PAID') throw refused(`${name} is paid already`);
    return {
      name,
      amountMinor: toMinor(booking.total_price, booking.currency),
      currency: booking.currency,
      referencePrefix: `HB${bookingId}`,
      description: `hotel booking ${booking.client_reference}: ${booking.hotel_name}`,
      customer: {
        email: booking.contact_email ?? undefined,
        name: booking.lead_guest ?? undefined,
        phone: booking.contact_phone ?? undefined,
      },
    };
  },
  async onLinked(tx, link, scope) {
    await repo.takeLinkReference(tx, link.ownerId, link.reference, scope.now);
  },
  async onPaid(tx, link, scope) {
    // a booking whose current link is another keeps its state; the money stays on the link's record (staff look)
    if (!(await markPaidByCartReference(tx, link.reference, scope.now))) {
      scope.log.warn({ cartReference: link.reference }, 'a paid hotel link whose booking was not awaiting it');
    }
  },
  onCancelled: (tx, link, scope) => repo.markPaymentFailed(tx, link.reference, 'CANCELLED_PAYMENT', scope.now),
  onDeclined: (tx, link, scope) => repo.markPaymentFailed(tx, link.reference, 'DECLINED', scope.now),
  summaryOf,
  returns: {
    style: 'templated',
    templatePrefix: 'hotel',
    paths: { success: '/payment/hotel/success', cancel: '/payment/hotel/cancel', decline: '/payment/hotel/decline' },
    retry: '/payment/hotel/retry',
    paidMeans:
      "the booking's payment is PAID by its cart reference and the payer gets a confirmation e-mail; cancelled: " +
      'CANCELLED_PAYMENT, declined: DECLINED',
    // The lead guest, for the payer's page (shown only with the link's `t`).
    payerName: async (db, bookingId) => (await repo.selectPayableBooking(db, bookingId))?.lead_guest ?? null,
  },
};
