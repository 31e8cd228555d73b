// What becomes of a hotel booking's payment link once the gateway knows, applied once: Paid → the link PAID and
// the booking's payment PAID by its cart reference; Canceled → CANCELLED_PAYMENT, Declined → DECLINED on both
// (the booking stays); Expired → the link EXPIRED. Asked when the payer returns to /payment/hotel/* with the
// link's token, and every minute by the reconciliation of links whose payer paid and never came back.
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import {
  createLinkSweep,
  linkEndingOf,
  linkWithToken,
  orderStatusOf,
  settleEach,
} from '../../integrations/payment-gateway/links/index.js';
import type { Sql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { PeriodicJob } from '../../platform/periodic/periodic-work.js';
import { markPaidByCartReference } from './hotel-bookings.repository.js';
import * as repo from './hotel-payments.repository.js';

/** A request's context, or a sweep's: the tenant's database, the time, where to log. */
export interface SettlementScope {
  db: Sql;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** What a return address found: the page to show follows from it. */
export type HotelPaymentOutcome =
  | { kind: 'unknown' }
  | { kind: 'paid'; customerName: string }
  | { kind: 'failedAfterPayment' }
  | { kind: 'cancelled' }
  | { kind: 'declined' }
  | { kind: 'open'; statusText: string }
  | { kind: 'unconfirmed' };

/** A hotel link's own names for the unpaid endings (the booking's payment_status takes the same). */
const UNPAID_ENDS = { CANCELLED: 'CANCELLED_PAYMENT', DECLINED: 'DECLINED', EXPIRED: 'EXPIRED' } as const;

/** The return address: with the link's token, the gateway's state of the order is applied; else nothing. */
export async function settleReturn(
  deps: { paymentGateway: PaymentGateway },
  scope: SettlementScope,
  cartReference: string,
  token: string | undefined,
): Promise<HotelPaymentOutcome> {
  const link = linkWithToken(await repo.selectLinkByReference(scope.db, cartReference), token);
  if (!link) return { kind: 'unknown' };
  return settleLink(deps, scope, link);
}

async function settleLink(
  deps: { paymentGateway: PaymentGateway },
  scope: SettlementScope,
  link: repo.LinkRow,
): Promise<HotelPaymentOutcome> {
  const status = await orderStatusOf(deps.paymentGateway, scope.log, link.gateway_order_ref, {
    logFields: { cartReference: link.cart_reference },
    linkName: 'hotel payment',
  });
  if (!status) return { kind: 'unconfirmed' };
  const ending = linkEndingOf(status.code);
  if (ending === 'PAID') return recordPayment(scope, link);
  if (!ending) return { kind: 'open', statusText: status.text };
  const ended = UNPAID_ENDS[ending];
  await withTransaction(scope, async (tx) => {
    await repo.lockBooking(tx, link.hotel_booking_id);
    if (!(await repo.settleLink(tx, link.link_id, ended, scope.now)) || ended === 'EXPIRED') return;
    await repo.markPaymentFailed(tx, link.cart_reference, ended, scope.now);
  });
  if (ended === 'EXPIRED') return { kind: 'open', statusText: status.text };
  return { kind: ended === 'DECLINED' ? 'declined' : 'cancelled' };
}

/** A paid link confirms its booking's payment, once; a failure here is logged and the payment stands. */
async function recordPayment(scope: SettlementScope, link: repo.LinkRow): Promise<HotelPaymentOutcome> {
  try {
    await withTransaction(scope, async (tx) => {
      await repo.lockBooking(tx, link.hotel_booking_id);
      if (!(await repo.settleLink(tx, link.link_id, 'PAID', scope.now))) return;
      const paid = await markPaidByCartReference(tx, link.cart_reference, scope.now);
      if (!paid) {
        scope.log.warn({ cartReference: link.cart_reference }, 'a paid hotel link whose booking was not awaiting it');
      }
    });
    return { kind: 'paid', customerName: (await repo.selectLeadGuest(scope.db, link.hotel_booking_id)) ?? '' };
  } catch (error) {
    scope.log.error({ err: error, cartReference: link.cart_reference }, 'a paid hotel payment could not be recorded');
    return { kind: 'failedAfterPayment' };
  }
}

/** ACTIVE links are settled from the gateway's answer (a payer who paid and closed the browser); how many ended. */
export async function reconcileLinks(
  deps: { paymentGateway: PaymentGateway },
  scope: SettlementScope,
): Promise<number> {
  const open = await repo.selectOpenLinks(scope.db, scope.now);
  return settleEach(
    open,
    (link) => settleLink(deps, scope, link),
    (outcome) => outcome.kind !== 'open' && outcome.kind !== 'unconfirmed',
  );
}

/** Every minute, every tenant's open hotel payment links (see reconcileLinks). */
export function createHotelLinkReconciler(deps: {
  paymentGateway: PaymentGateway;
  logger: FastifyBaseLogger;
  clock: () => Date;
}): PeriodicJob {
  return createLinkSweep('hotel payment links', { ...deps, log: deps.logger }, (scope) => reconcileLinks(deps, scope));
}
