// What becomes of a booking's payment link once the gateway knows: paid, its amount is recorded once as the
// booking's payment; declined, cancelled or expired, the link ends (a new one may be made). Asked when the payer
// returns (with the link's token), and every minute by the reconciliation of links whose payer never came back.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { formatDate } from '../../platform/time.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { type PaymentGateway, PaymentStatus } from '../../integrations/payment-gateway/index.js';
import { type BookingTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as links from './blm-links.repository.js';
import * as repo from './blm.repository.js';

/** A request's context, or a sweep's: the tenant's database, the time, where to log. */
export interface LinkScope {
  tenant: TenantRecord;
  db: Sql;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** What a return address did: the link's outcome, or nothing (unknown link, or no valid token). */
export type LinkOutcome =
  | { kind: 'unknown' }
  | { kind: 'paid'; reference: string; amount: string; currency: string }
  | { kind: 'unpaid'; reference: string; statusText: string }
  | { kind: 'unconfirmed'; reference: string };

const ENDED = new Map<number, links.LinkStatus>([
  [PaymentStatus.DECLINED, 'DECLINED'],
  [PaymentStatus.CANCELED, 'CANCELLED'],
  [PaymentStatus.EXPIRED, 'EXPIRED'],
]);

/** The link takes the gateway's state of its order, once; a pending order changes nothing. */
/** What settling a link needs: the gateway's answer, and the tickets a full payment sells. */
export interface SettlementDeps {
  paymentGateway: PaymentGateway;
  offlineTickets: BookingTickets;
}

export async function settleLink(deps: SettlementDeps, scope: LinkScope, link: links.LinkRow): Promise<LinkOutcome> {
  const reference = link.link_reference;
  let status: { code: number; text: string };
  try {
    status = (await deps.paymentGateway.checkOrder(link.gateway_order_ref)).order.status;
  } catch (error) {
    scope.log.warn({ err: error, link: reference }, 'payment check of a booking link failed');
    return { kind: 'unconfirmed', reference };
  }
  if (status.code === PaymentStatus.PAID) {
    await recordLinkPayment(deps, scope, link);
    return { kind: 'paid', reference, amount: link.amount, currency: link.currency };
  }
  const ended = ENDED.get(status.code);
  if (ended) {
    await withTransaction(scope, async (tx) => {
      await repo.lockBooking(tx, link.booking_id, scope.now);
      await links.settleLink(tx, link.link_id, ended, scope.now);
    });
  }
  return { kind: 'unpaid', reference, statusText: status.text };
}

/** A paid link becomes the booking's payment, once: a repeated or concurrent settlement finds it settled. */
async function recordLinkPayment(deps: SettlementDeps, scope: LinkScope, link: links.LinkRow): Promise<void> {
  await withTransaction(scope, async (tx) => {
    const booking = await repo.lockBooking(tx, link.booking_id, scope.now);
    if (!booking || !(await links.settleLink(tx, link.link_id, 'PAID', scope.now))) return;
    await repo.insertPayment(tx, link.booking_id, {
      amount: link.amount,
      method: 'LINK',
      paymentDate: formatDate(scope.now, scope.tenant.timezone),
      reference: link.link_reference,
      linkId: link.link_id,
      recordedBy: null,
      now: scope.now,
    });
    await sellTicketsWhenPaid(deps.offlineTickets, tx, booking, link.amount, scope.now);
  });
}

/** Links still ACTIVE are settled from the gateway's answer (a payer who paid and closed the browser). */
export async function reconcileLinks(deps: SettlementDeps, scope: LinkScope): Promise<number> {
  let settled = 0;
  for (const link of await links.selectOpenLinks(scope.db, scope.now)) {
    const outcome = await settleLink(deps, scope, link);
    if (outcome.kind === 'paid' || outcome.kind === 'unpaid') settled += 1;
  }
  return settled;
}
