// Payment of a hotel booking (contracted or online) through a payment link, in the manner of the back-office
// bookings' links (blm-payment-link.ts): the gateway order is opened outside any transaction, for the booking's
// price, carrying a new cart reference; the link is recorded under the booking's row lock, where a concurrent link
// loses to the one-ACTIVE-link index. The gateway sends the payer to /payment/hotel/success|cancel|decline with
// that reference and a token; with the token, the gateway's own state of the order decides, whichever page was
// opened, and it is applied once (hotel-payments.settlement.ts).
import { type PaymentGateway, PaymentGatewayError } from '../../integrations/payment-gateway/index.js';
import { loggedInUserId } from '../../platform/auth/session.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import * as repo from './hotel-payments.repository.js';
import type { HotelPaymentLink } from './hotel-payments.schemas.js';
import { settleReturn } from './hotel-payments.settlement.js';

export interface HotelPaymentsDeps {
  paymentGateway: PaymentGateway;
  testPayments: boolean;
  /** The tenant's public base URL: the host of the return addresses. */
  tenantUrl: (tenantCode: string) => string;
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

async function openGatewayOrder(
  deps: HotelPaymentsDeps,
  ctx: TenantContext,
  booking: repo.PayableBookingRow,
  cartReference: string,
  amountMinor: number,
) {
  const token = randomToken(24);
  const back = (path: string) =>
    `${deps.tenantUrl(ctx.tenant.tenantCode)}${path}?ref=${encodeURIComponent(cartReference)}&t=${token}`;
  try {
    const created = await deps.paymentGateway.createOrder({
      cartRef: cartReference,
      amountMinor,
      currency: booking.currency,
      description: `${ctx.tenant.tenantName} hotel booking ${booking.client_reference}: ${booking.hotel_name}`,
      customer: {
        email: booking.contact_email ?? undefined,
        name: booking.lead_guest ?? undefined,
        phone: booking.contact_phone ?? undefined,
      },
      returnUrls: {
        authorised: back(RETURN_PATHS.success),
        declined: back(RETURN_PATHS.decline),
        cancelled: back(RETURN_PATHS.cancel),
      },
      test: deps.testPayments,
    });
    return { created, tokenHash: sha256(token) };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    ctx.log.warn({ err: error, hotelBooking: booking.hotel_booking_id }, 'payment gateway refused or unreachable');
    throw new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
  }
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
    const booking = await repo.lockPayableBooking(tx, bookingId, ctx.now);
    await repo.expireLinks(tx, bookingId, ctx.now);
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
