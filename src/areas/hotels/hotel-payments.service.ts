// Payment of a hotel booking (contracted or online) through a payment link, as the back-office bookings' links
// (the shared payment-gateway/links): the gateway order is opened outside any transaction, for the booking's
// price, carrying a new cart reference; the link is recorded under the booking's row lock, where a concurrent link
// loses to the one-ACTIVE-link index. The gateway sends the payer to /payment/hotel/success|cancel|decline with
// that reference and a token; with the token, the gateway's own state of the order decides, whichever page was
// opened, and it is applied once (hotel-payments.settlement.ts).
import { type LinkOrderDeps, openLinkOrder } from '../../integrations/payment-gateway/links/index.js';
import { loggedInUserId } from '../../platform/auth/session.js';
import { randomToken } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import * as repo from './hotel-payments.repository.js';
import type { HotelPaymentLink } from './hotel-payments.schemas.js';
import { settleReturn } from './hotel-payments.settlement.js';

export interface HotelPaymentsDeps extends LinkOrderDeps {
  linkMinutes: number;
}

export const RETURN_PATHS = {
  success: '/payment/hotel/success',
  cancel: '/payment/hotel/cancel',
  decline: '/payment/hotel/decline',
} as const;

/** Hotel bookings the supplier (or the contract) holds: the ones a payment may be taken for. */
const PAYABLE_STATUSES = new Set(['CONFIRMED', 'ON_REQUEST']);

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The booking's price in minor units, or the refusal of a link for it. */
function amountToPay(booking: repo.PayableBookingRow): number {
  const name = `Hotel booking ${booking.hotel_booking_id}`;
  if (!PAYABLE_STATUSES.has(booking.status)) throw refused(`${name} is ${booking.status}: no payment is taken`);
  if (booking.payment_status === 'PAID') throw refused(`${name} is paid already`);
  if (booking.active_links > 0) throw refused(`${name} already has an active payment link`);
  const amount = toMinor(booking.total_price, booking.currency);
  if (amount <= 0) throw refused(`${name} has nothing to pay`);
  return amount;
}

/** The gateway order for the booking's price; the payer comes back to the page of the outcome. */
function openGatewayOrder(
  deps: HotelPaymentsDeps,
  ctx: TenantContext,
  booking: repo.PayableBookingRow,
  cartReference: string,
  amountMinor: number,
) {
  return openLinkOrder(deps, ctx, {
    reference: cartReference,
    amountMinor,
    currency: booking.currency,
    description: `${ctx.tenant.tenantName} hotel booking ${booking.client_reference}: ${booking.hotel_name}`,
    customer: {
      email: booking.contact_email ?? undefined,
      name: booking.lead_guest ?? undefined,
      phone: booking.contact_phone ?? undefined,
    },
    returnPaths: { authorised: RETURN_PATHS.success, declined: RETURN_PATHS.decline, cancelled: RETURN_PATHS.cancel },
    logFields: { hotelBooking: booking.hotel_booking_id },
  });
}

async function createLink(deps: HotelPaymentsDeps, ctx: TenantContext, bookingId: number): Promise<HotelPaymentLink> {
  // Checked first without a lock (no gateway order for a booking that cannot take one), then again under it.
  const current = await repo.selectPayableBooking(ctx.db, bookingId, ctx.now);
  if (!current) throw notFound('Hotel booking');
  const amount = amountToPay(current);
  const cartReference = `HB${bookingId}-${randomToken(6)}`;
  const { created, tokenHash } = await openGatewayOrder(deps, ctx, current, cartReference, amount);
  const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
  await withTransaction(ctx, async (tx) => {
    await repo.lockBooking(tx, bookingId);
    await repo.expireLinks(tx, bookingId, ctx.now);
    const booking = await repo.selectPayableBooking(tx, bookingId, ctx.now);
    // paid, or linked, or repriced meanwhile: this link is refused (its gateway order is left unpaid)
    if (!booking || amountToPay(booking) !== amount) {
      throw refused(`Hotel booking ${bookingId} changed while its link was made; make the link again`);
    }
    await repo.insertLink(tx, {
      bookingId,
      cartReference,
      gatewayOrderRef: created.orderRef,
      paymentUrl: created.paymentUrl,
      amount: minorToDecimalString(amount, current.currency),
      currency: current.currency,
      callbackTokenHash: tokenHash,
      expiresAt,
      createdBy: loggedInUserId(ctx.session),
      now: ctx.now,
    });
  });
  return {
    bookingId,
    cartReference,
    paymentUrl: created.paymentUrl,
    amount: fromMinor(amount, current.currency),
    currency: current.currency,
    expiresAt: formatDateTime(expiresAt, ctx.tenant.timezone),
  };
}

export function createHotelPayments(deps: HotelPaymentsDeps) {
  return {
    createLink: (ctx: TenantContext, bookingId: number) => createLink(deps, ctx, bookingId),
    settle: (ctx: TenantContext, cartReference: string, token: string | undefined) =>
      settleReturn(deps, ctx, cartReference, token),
  };
}

export type HotelPayments = ReturnType<typeof createHotelPayments>;
