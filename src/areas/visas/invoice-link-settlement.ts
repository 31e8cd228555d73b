// What becomes of a visa invoice's payment link once the gateway knows: paid, the invoice is PAID (once); declined,
// cancelled or expired, the link ends and a new one may be made. Asked when the payer returns (with the link's
// token), and every minute by the reconciliation of links whose payer never came back.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { type PaymentGateway, PaymentStatus } from '../../integrations/payment-gateway/index.js';
import * as links from './invoice-links.repository.js';
import * as invoices from './invoices.repository.js';

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
export async function settleLink(gateway: PaymentGateway, scope: LinkScope, link: links.LinkRow): Promise<LinkOutcome> {
  const reference = link.link_reference;
  let status: { code: number; text: string };
  try {
    status = (await gateway.checkOrder(link.gateway_order_ref)).order.status;
  } catch (error) {
    scope.log.warn({ err: error, link: reference }, 'payment check of a visa invoice link failed');
    return { kind: 'unconfirmed', reference };
  }
  const ended = status.code === PaymentStatus.PAID ? 'PAID' : ENDED.get(status.code);
  if (ended === undefined) return { kind: 'unpaid', reference, statusText: status.text };
  await withTransaction(scope, async (tx) => {
    await invoices.lockInvoice(tx, link.invoice_id, scope.now);
    // a repeated or concurrent settlement finds the link settled and changes nothing more
    if (!(await links.settleLink(tx, link.link_id, ended, scope.now))) return;
    if (ended === 'PAID') await invoices.markPaid(tx, link.invoice_id, scope.now);
  });
  return ended === 'PAID'
    ? {
        kind: 'paid',
        reference,
        amount: minorToDecimalString(toMinor(link.amount, link.currency), link.currency),
        currency: link.currency,
      }
    : { kind: 'unpaid', reference, statusText: status.text };
}

/** Links still ACTIVE are settled from the gateway's answer (a payer who paid and closed the browser). */
export async function reconcileLinks(gateway: PaymentGateway, scope: LinkScope): Promise<number> {
  let settled = 0;
  for (const link of await links.selectOpenLinks(scope.db, scope.now)) {
    const outcome = await settleLink(gateway, scope, link);
    if (outcome.kind === 'paid' || outcome.kind === 'unpaid') settled += 1;
  }
  return settled;
}
