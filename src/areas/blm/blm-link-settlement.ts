// What becomes of a booking's payment link once the gateway knows: paid, its amount is recorded once as the
// booking's payment; declined, cancelled or expired, the link ends (a new one may be made). Asked when the payer
// returns (with the link's token), and every minute by the reconciliation of links whose payer never came back.
// Reading the gateway's answer is shared (payment-gateway/links); what it changes here is the booking's.
import { withTransaction } from '../../platform/database/transaction.js';
import { formatDate } from '../../platform/time.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import {
  gatewayAnswered,
  type LinkEnding,
  type LinkOutcome,
  type LinkScope,
  settleEach,
  settleFromGateway,
} from '../../integrations/payment-gateway/links/index.js';
import { type BookingTickets, sellTicketsWhenPaid } from './blm-tickets.js';
import * as links from './blm-links.repository.js';
import * as repo from './blm.repository.js';

/** What settling a link needs: the gateway's answer, and the tickets a full payment sells. */
export interface SettlementDeps {
  paymentGateway: PaymentGateway;
  offlineTickets: BookingTickets;
}

/** The link takes the gateway's state of its order, once; a pending order changes nothing. */
export function settleLink(deps: SettlementDeps, scope: LinkScope, link: links.LinkRow): Promise<LinkOutcome> {
  const settled = {
    reference: link.link_reference,
    orderRef: link.gateway_order_ref,
    amount: link.amount,
    currency: link.currency,
    linkName: 'booking',
  };
  return settleFromGateway(deps.paymentGateway, scope.log, settled, (ending) =>
    ending === 'PAID' ? recordLinkPayment(deps, scope, link) : endLink(scope, link, ending),
  );
}

async function endLink(scope: LinkScope, link: links.LinkRow, ending: Exclude<LinkEnding, 'PAID'>): Promise<void> {
  await withTransaction(scope, async (tx) => {
    await repo.lockBooking(tx, link.booking_id, scope.now);
    await links.settleLink(tx, link.link_id, ending, scope.now);
  });
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
  const open = await links.selectOpenLinks(scope.db, scope.now);
  return settleEach(open, (link) => settleLink(deps, scope, link), gatewayAnswered);
}
