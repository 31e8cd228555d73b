// Invoices as an owner kind of payment links (`sales-invoice`): the one way an invoice issued unpaid (an accepted
// quote's, a staff checkout's) is paid online. A sales order's own link (`sales-order`) cannot do it: that order is
// born with its link from a cart (its lock and amount need the cart), its link's expiry ends the order, and its
// payment sells the cart's seats, makes a booking and e-mails tickets. An invoice's link takes the open balance; paid,
// the invoice is PAID and its order completes, once; a link that lapses changes nothing, and the invoice may get
// another. The payer comes back to /payment/invoice/return, one page for every outcome: paid, it shows what was
// paid for (summaryOf: the invoice, its customer and total), which the payer's confirmation e-mail repeats.
import type { Queryable } from '../../platform/database/connections.js';
import type { DomainEvents } from '../../platform/events/index.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { displayAmount, toMinor } from '../../platform/money.js';
import type { OwnerSummary, PaymentOwner } from '../payments/index.js';
import { ORDER_PAID } from './paid-order.js';
import * as repo from './sales.repository.js';

export const SALES_INVOICE = 'sales-invoice';
export const INVOICE_RETURN_PATH = '/payment/invoice/return';

/** What an invoice's payment paid for: its number, its customer and the total of its lines; the order's payer. */
async function summaryOf(db: Queryable, invoiceId: number): Promise<OwnerSummary | undefined> {
  const invoice = await repo.selectInvoiceById(db, invoiceId);
  if (!invoice) return undefined;
  const order = await repo.findOrder(db, invoice.sales_order_id);
  const customer = order?.customer_name ?? null;
  return {
    title: `Invoice ${invoice.invoice_number}`,
    lines: [
      { label: 'Invoice', value: invoice.invoice_number },
      ...(customer ? [{ label: 'Customer', value: customer }] : []),
      { label: 'Invoice total', value: displayAmount(invoice.total, invoice.currency) },
    ],
    payer: { name: customer, email: order?.customer_email ?? null },
  };
}

export function salesInvoiceOwner(deps: { events: Pick<DomainEvents, 'publish'> }): PaymentOwner {
  return {
    kind: SALES_INVOICE,
    noun: 'Invoice',
    lock: repo.lockInvoiceById,
    async amountOf(db, invoiceId) {
      const invoice = await repo.selectInvoiceById(db, invoiceId);
      if (!invoice) return undefined;
      const name = `Invoice ${invoice.invoice_number}`;
      if (invoice.status === 'PAID') throw new ApiError(ErrorCode.INVALID_STATE, `${name} is paid already`);
      const order = await repo.findOrder(db, invoice.sales_order_id);
      if (order?.status !== 'OPEN') throw new ApiError(ErrorCode.INVALID_STATE, `${name} can no longer be paid`);
      const { currency } = invoice;
      return {
        name,
        amountMinor: toMinor(invoice.total, currency) - toMinor(invoice.paid, currency),
        currency,
        referencePrefix: invoice.invoice_number,
        description: `invoice ${invoice.invoice_number}`,
        customer: {
          name: order.customer_name ?? undefined,
          email: order.customer_email ?? undefined,
          phone: order.customer_phone ?? undefined,
        },
      };
    },
    async onPaid(tx, link, scope) {
      const invoice = await repo.selectInvoiceById(tx, link.ownerId);
      if (!invoice) return;
      if (invoice.status === 'PAID') {
        // registered at the desk while the payer was on the gateway's page: the money came twice
        scope.log.warn({ invoice: invoice.invoice_number, link: link.reference }, 'an invoice paid twice: refund due');
        return;
      }
      await repo.payInvoice(tx, invoice, {
        online: true,
        method: 'CARD',
        gatewayRef: link.orderRef,
        recordedBy: null,
        now: scope.now,
      });
      const order = await repo.findOrder(tx, invoice.sales_order_id);
      if (order?.status !== 'OPEN') return;
      await repo.completeOrder(tx, order.sales_order_id, scope.now);
      // channel 'invoice': an order paid through its invoice, which bookings leaves alone (it books 'online' orders)
      await deps.events.publish(
        { tx, afterCommit: scope.afterCommit, tenantId: scope.tenant.tenantId },
        ORDER_PAID,
        { orderNum: order.order_num, salesOrderId: order.sales_order_id, channel: 'invoice' },
        { aggregate: order.order_num },
      );
    },
    summaryOf,
    returns: {
      style: 'simple',
      path: INVOICE_RETURN_PATH,
      paidMeans: 'the invoice becomes PAID, its order completes and the payer gets a confirmation e-mail',
    },
  };
}
