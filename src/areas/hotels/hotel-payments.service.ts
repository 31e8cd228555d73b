// Hotel bookings (contracted or online) as an owner of payment links (the payments area): a link takes a CONFIRMED
// or ON_REQUEST booking's price, carrying a new cart reference that becomes the booking's; the payer comes back to
// /payment/hotel/success|cancel|decline, whichever the gateway chose, and the gateway's own state of the order
// decides: paid → the booking's payment PAID by its cart reference; cancelled → CANCELLED_PAYMENT; declined →
// DECLINED (the booking stays); expired → the link alone ends.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import type { OwnerPayments, PaymentOwner } from '../payments/index.js';
import { markPaidByCartReference } from './hotel-bookings.repository.js';
import * as repo from './hotel-payments.repository.js';
import { HotelRedirectQuery, type HotelPaymentLink } from './hotel-payments.schemas.js';

/** Hotel bookings the supplier (or the contract) holds: the ones a payment may be taken for. */
const PAYABLE_STATUSES = new Set(['CONFIRMED', 'ON_REQUEST']);

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

const PAGE_TEXT =
  "With the link's `t`: the gateway is asked for the order's status, and the link takes it once, whichever of " +
  "the three addresses was opened: paid confirms the booking's payment (PAID) by its cart reference; cancelled " +
  'makes it CANCELLED_PAYMENT, declined DECLINED (the booking stays). Pages: templates hotel-success ' +
  '(customerName, cartReference), hotel-cancel and hotel-decline (cartReference). Without a valid `t`: a page ' +
  'naming the reference only, nothing changes.';

const page = (path: string, after: string) => ({
  path,
  summary: `The gateway sends the payer of a hotel booking's link here ${after}`,
  description: PAGE_TEXT,
  query: HotelRedirectQuery,
});

export const hotelPaymentOwner: PaymentOwner = {
  kind: 'hotel-booking',
  noun: 'Hotel booking',
  linkName: 'hotel payment',
  lock: repo.lockBooking,
  async amountOf(db, bookingId, now) {
    const booking = await repo.selectPayableBooking(db, bookingId, now);
    if (!booking) return undefined;
    const name = `Hotel booking ${bookingId}`;
    if (!PAYABLE_STATUSES.has(booking.status)) throw refused(`${name} is ${booking.status}: no payment is taken`);
    if (booking.payment_status === 'PAID') throw refused(`${name} is paid already`);
    if (booking.active_links > 0) throw refused(`${name} already has an active payment link`);
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
      logFields: { hotelBooking: bookingId },
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
  async onCancelled(tx, link, scope) {
    await repo.markPaymentFailed(tx, link.reference, 'CANCELLED_PAYMENT', scope.now);
  },
  async onDeclined(tx, link, scope) {
    await repo.markPaymentFailed(tx, link.reference, 'DECLINED', scope.now);
  },
  returns: {
    style: 'templated',
    templatePrefix: 'hotel',
    success: page('/payment/hotel/success', 'after paying'),
    cancel: page('/payment/hotel/cancel', 'after cancelling'),
    decline: page('/payment/hotel/decline', 'after a decline'),
    payerName: repo.selectLeadGuest,
  },
};

/** /hotel/booking/createPaymentLink's answer: the link's reference is the booking's cart reference. */
export async function hotelPaymentLink(
  links: OwnerPayments,
  ctx: TenantContext,
  bookingId: number,
): Promise<HotelPaymentLink> {
  const link = await links.createLink(ctx, bookingId);
  return {
    bookingId,
    cartReference: link.reference,
    paymentUrl: link.paymentUrl,
    amount: fromMinor(link.amountMinor, link.currency),
    currency: link.currency,
    expiresAt: formatDateTime(link.expiresAt, ctx.tenant.timezone),
  };
}
