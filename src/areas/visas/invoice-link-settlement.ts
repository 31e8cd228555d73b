// What becomes of a visa invoice's payment link once the gateway knows: paid, the invoice is PAID (once); declined,
// cancelled or expired, the link ends and a new one may be made. Asked when the payer returns (with the link's
// token), and every minute by the reconciliation of links whose payer never came back. Reading the gateway's
// answer is shared (payment-gateway/links); what it changes here is the invoice's.
import { withTransaction } from '../../platform/database/transaction.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import {
  gatewayAnswered,
  type LinkEnding,
  type LinkOutcome,
  type LinkScope,
  settleEach,
  settleFromGateway,
} from '../../integrations/payment-gateway/links/index.js';
import * as links from './invoice-links.repository.js';
import * as invoices from './invoices.repository.js';

/** The link takes the gateway's state of its order, once; a pending order changes nothing. */
export function settleLink(gateway: PaymentGateway, scope: LinkScope, link: links.LinkRow): Promise<LinkOutcome> {
  const settled = {
    reference: link.link_reference,
    orderRef: link.gateway_order_ref,
    // the payer is told the amount in the currency's own decimals (the column keeps three)
    amount: minorToDecimalString(toMinor(link.amount, link.currency), link.currency),
    currency: link.currency,
    linkName: 'visa invoice',
  };
  return settleFromGateway(gateway, scope.log, settled, (ending) => endLink(scope, link, ending));
}

async function endLink(scope: LinkScope, link: links.LinkRow, ending: LinkEnding): Promise<void> {
  await withTransaction(scope, async (tx) => {
    await invoices.lockInvoice(tx, link.invoice_id, scope.now);
    // a repeated or concurrent settlement finds the link settled and changes nothing more
    if (!(await links.settleLink(tx, link.link_id, ending, scope.now))) return;
    if (ending === 'PAID') await invoices.markPaid(tx, link.invoice_id, scope.now);
  });
}

/** Links still ACTIVE are settled from the gateway's answer (a payer who paid and closed the browser). */
export async function reconcileLinks(gateway: PaymentGateway, scope: LinkScope): Promise<number> {
  const open = await links.selectOpenLinks(scope.db, scope.now);
  return settleEach(open, (link) => settleLink(gateway, scope, link), gatewayAnswered);
}
