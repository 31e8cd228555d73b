// A payment link for a booking's open amount, through the payment gateway port (the simulator by default), and
// its settlement. The gateway order is opened outside any transaction; the link is recorded under the booking's
// lock, where a concurrent link loses to the one-ACTIVE-link index. The gateway sends the payer back to
// /payment/blm/return?ref=<link reference>&t=<token>, the same address for paid, declined and cancelled: with the
// link's token, the gateway is asked for the order's state and a paid link is recorded once as the booking's payment.
import { randomToken } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import {
  type LinkOrderDeps,
  type LinkOutcome,
  linkWithToken,
  openLinkOrder,
} from '../../integrations/payment-gateway/links/index.js';
import { type SettlementDeps, settleLink } from './blm-link-settlement.js';
import * as links from './blm-links.repository.js';
import * as repo from './blm.repository.js';
import { isTerminal } from './blm.rules.js';
import type { PaymentLinkAnswer } from './blm.schemas.js';
import { lockedBooking } from './blm.service.js';

export interface PaymentLinkDeps extends SettlementDeps, LinkOrderDeps {
  linkMinutes: number;
}

export const RETURN_PATH = '/payment/blm/return';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The booking's open amount in minor units, or the refusal of a link for it. */
function openAmountFor(booking: repo.BookingRow): number {
  const name = `Booking ${booking.reference}`;
  if (isTerminal(booking.current_status)) throw refused(`${name} is ${booking.current_status}: no payment is taken`);
  if (booking.payment_link_active) throw refused(`${name} already has an active payment link`);
  const open = toMinor(booking.total_amount, booking.currency) - toMinor(booking.paid_amount, booking.currency);
  if (open <= 0) throw refused(`${name} has no open amount to pay`);
  return open;
}

/** The gateway order for the booking's open amount, its payer sent back to RETURN_PATH whatever the outcome. */
function openGatewayOrder(
  deps: PaymentLinkDeps,
  ctx: TenantContext,
  booking: repo.BookingRow,
  linkReference: string,
  open: number,
) {
  return openLinkOrder(deps, ctx, {
    reference: linkReference,
    amountMinor: open,
    currency: booking.currency,
    description: `${ctx.tenant.tenantName} booking ${booking.reference}`,
    customer: {
      email: booking.customer_email ?? undefined,
      name: booking.customer_name,
      phone: booking.customer_phone ?? undefined,
    },
    returnPaths: RETURN_PATH,
    logFields: { booking: booking.reference },
  });
}

async function createLink(deps: PaymentLinkDeps, ctx: TenantContext, bookingId: number): Promise<PaymentLinkAnswer> {
  // Checked first without a lock (no gateway order for a booking that cannot take one), then again under it.
  const current = await repo.selectBooking(ctx.db, bookingId, ctx.now);
  if (!current) throw notFound('Booking');
  const open = openAmountFor(current);
  const linkReference = `${current.reference}-${randomToken(6)}`;
  const { created, tokenHash } = await openGatewayOrder(deps, ctx, current, linkReference, open);
  const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
  await withTransaction(ctx, async (tx) => {
    const booking = await lockedBooking(tx, bookingId, ctx.now);
    await links.expireLinks(tx, bookingId, ctx.now);
    // A link made meanwhile, or a payment recorded: this one is refused (its gateway order is left unpaid).
    if (openAmountFor(booking) !== open) {
      throw refused(`Booking ${booking.reference} changed while its link was made; make the link again`);
    }
    await links.insertLink(tx, bookingId, {
      linkReference,
      gatewayOrderRef: created.orderRef,
      paymentUrl: created.paymentUrl,
      amount: minorToDecimalString(open, booking.currency),
      currency: booking.currency,
      callbackTokenHash: tokenHash,
      expiresAt,
      now: ctx.now,
    });
  });
  return {
    bookingId,
    paymentUrl: created.paymentUrl,
    amount: fromMinor(open, current.currency),
    currency: current.currency,
    expiresAt: formatDateTime(expiresAt, ctx.tenant.timezone),
  };
}

/** The return address: with the link's token, the gateway's state of the order settles the link once. */
async function settleReturn(
  deps: PaymentLinkDeps,
  ctx: TenantContext,
  linkReference: string,
  token: string | undefined,
): Promise<LinkOutcome> {
  const link = linkWithToken(await links.selectLinkByReference(ctx.db, linkReference), token);
  if (!link) return { kind: 'unknown' };
  return settleLink(deps, ctx, link);
}

export function createBookingPaymentLinks(deps: PaymentLinkDeps) {
  return {
    create: (ctx: TenantContext, bookingId: number) => createLink(deps, ctx, bookingId),
    settle: (ctx: TenantContext, linkReference: string, token: string | undefined) =>
      settleReturn(deps, ctx, linkReference, token),
  };
}

export type BookingPaymentLinks = ReturnType<typeof createBookingPaymentLinks>;
