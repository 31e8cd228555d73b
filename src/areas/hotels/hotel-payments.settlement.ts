// What becomes of a hotel booking's payment link once the gateway knows, applied once: Paid → the link PAID and
// the booking's payment PAID by its cart reference; Canceled → CANCELLED_PAYMENT, Declined → DECLINED on both
// (the booking stays); Expired → the link EXPIRED. Asked when the payer returns to /payment/hotel/* with the
// link's token, and every minute by the reconciliation of links whose payer paid and never came back.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type PaymentGateway, PaymentStatus } from '../../integrations/payment-gateway/index.js';
import { sha256 } from '../../platform/crypto.js';
import type { Sql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { createMinuteSweep, type TenantSweep } from '../../platform/tenancy/tenant-sweep.js';
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

function tokenMatches(stored: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const hash = sha256(given);
  return hash.length === stored.length && timingSafeEqual(hash, stored);
}

const UNPAID_ENDS = new Map<number, 'CANCELLED_PAYMENT' | 'DECLINED' | 'EXPIRED'>([
  [PaymentStatus.CANCELED, 'CANCELLED_PAYMENT'],
  [PaymentStatus.DECLINED, 'DECLINED'],
  [PaymentStatus.EXPIRED, 'EXPIRED'],
]);

/** The return address: with the link's token, the gateway's state of the order is applied; else nothing. */
export async function settleReturn(
  deps: { paymentGateway: PaymentGateway },
  scope: SettlementScope,
  cartReference: string,
  token: string | undefined,
): Promise<HotelPaymentOutcome> {
  const link = await repo.selectLinkByReference(scope.db, cartReference);
  if (!link || !tokenMatches(link.callback_token_hash, token)) return { kind: 'unknown' };
  return settleLink(deps, scope, link);
}

async function settleLink(
  deps: { paymentGateway: PaymentGateway },
  scope: SettlementScope,
  link: repo.LinkRow,
): Promise<HotelPaymentOutcome> {
  let status: { code: number; text: string };
  try {
    status = (await deps.paymentGateway.checkOrder(link.gateway_order_ref)).order.status;
  } catch (error) {
    scope.log.warn({ err: error, cartReference: link.cart_reference }, 'payment check of a hotel payment link failed');
    return { kind: 'unconfirmed' };
  }
  if (status.code === PaymentStatus.PAID) return recordPayment(scope, link);
  const ended = UNPAID_ENDS.get(status.code);
  if (!ended) return { kind: 'open', statusText: status.text };
  await withTransaction(scope, async (tx) => {
    await repo.lockPayableBooking(tx, link.hotel_booking_id, scope.now);
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
      await repo.lockPayableBooking(tx, link.hotel_booking_id, scope.now);
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
  let settled = 0;
  for (const link of await repo.selectOpenLinks(scope.db, scope.now)) {
    const outcome = await settleLink(deps, scope, link);
    if (outcome.kind !== 'open' && outcome.kind !== 'unconfirmed') settled += 1;
  }
  return settled;
}

/** Every minute, every tenant's open hotel payment links (see reconcileLinks). */
export function createHotelLinkReconciler(deps: {
  registry: Pick<TenantRegistry, 'all'>;
  pools: TenantPools;
  paymentGateway: PaymentGateway;
  logger: FastifyBaseLogger;
  clock: () => Date;
}): TenantSweep {
  return createMinuteSweep('hotel payment links', { ...deps, log: deps.logger }, async (tenant, db) => {
    const settled = await reconcileLinks(deps, { db, now: deps.clock(), log: deps.logger });
    if (settled > 0) deps.logger.debug({ tenant: tenant.tenantCode, settled }, 'hotel payment links settled');
  });
}
