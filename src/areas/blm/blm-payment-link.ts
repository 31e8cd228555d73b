// A payment link for a booking's open amount, through the payment gateway port (the simulator by default), and
// its settlement. The gateway order is opened outside any transaction; the link is recorded under the booking's
// lock, where a concurrent link loses to the one-ACTIVE-link index. The gateway sends the payer back to
// /payment/blm/return?ref=<link reference>&t=<token>, the same address for paid, declined and cancelled: with the
// link's token, the gateway is asked for the order's state and a paid link is recorded once as the booking's payment.
import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import { type PaymentGateway, PaymentGatewayError } from '../../integrations/payment-gateway/index.js';
import { type LinkOutcome, type SettlementDeps, settleLink } from './blm-link-settlement.js';
import * as links from './blm-links.repository.js';
import * as repo from './blm.repository.js';
import { isTerminal } from './blm.rules.js';
import type { PaymentLinkAnswer } from './blm.schemas.js';
import { lockedBooking } from './blm.service.js';

export interface PaymentLinkDeps extends SettlementDeps {
  paymentGateway: PaymentGateway;
  testPayments: boolean;
  /** The tenant's public base URL: the host of the return address. */
  tenantUrl: (tenantCode: string) => string;
  linkMinutes: number;
}

export const RETURN_PATH = '/payment/blm/return';
export type { LinkOutcome } from './blm-link-settlement.js';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

function tokenMatches(stored: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const hash = sha256(given);
  return hash.length === stored.length && timingSafeEqual(hash, stored);
}

/** The booking's open amount in minor units, or the refusal of a link for it. */
function openAmountFor(booking: repo.BookingRow): number {
  const name = `Booking ${booking.reference}`;
  if (isTerminal(booking.current_status)) throw refused(`${name} is ${booking.current_status}: no payment is taken`);
  if (booking.payment_link_active) throw refused(`${name} already has an active payment link`);
  const open = toMinor(booking.total_amount, booking.currency) - toMinor(booking.paid_amount, booking.currency);
  if (open <= 0) throw refused(`${name} has no open amount to pay`);
  return open;
}

async function openGatewayOrder(
  deps: PaymentLinkDeps,
  ctx: TenantContext,
  booking: repo.BookingRow,
  linkReference: string,
  open: number,
) {
  const token = randomToken(24);
  const back = `${deps.tenantUrl(ctx.tenant.tenantCode)}${RETURN_PATH}?ref=${encodeURIComponent(linkReference)}&t=${token}`;
  try {
    const created = await deps.paymentGateway.createOrder({
      cartRef: linkReference,
      amountMinor: open,
      currency: booking.currency,
      description: `${ctx.tenant.tenantName} booking ${booking.reference}`,
      customer: {
        email: booking.customer_email ?? undefined,
        name: booking.customer_name,
        phone: booking.customer_phone ?? undefined,
      },
      returnUrls: { authorised: back, declined: back, cancelled: back },
      test: deps.testPayments,
    });
    return { created, tokenHash: sha256(token) };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    ctx.log.warn({ err: error, booking: booking.reference }, 'payment gateway refused or unreachable');
    throw new ApiError(ErrorCode.GENERAL, 'The payment gateway is not available; try again shortly');
  }
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
  const link = await links.selectLinkByReference(ctx.db, linkReference);
  if (!link || !tokenMatches(link.callback_token_hash, token)) return { kind: 'unknown' };
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
