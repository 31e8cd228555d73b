// Visa invoices as an owner of payment links (the payments area): a link takes an UNPAID invoice's total; once
// paid, the invoice is PAID (once). The payer comes back to /payment/visa/return, one page for every outcome.
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import { toMinor } from '../../../platform/money.js';
import type { PaymentOwner } from '../../payments/index.js';
import { invoicesRepository as invoices } from '../model/index.js';

export const RETURN_PATH = '/payment/visa/return';

export const invoicePaymentOwner: PaymentOwner = {
  kind: 'visa-invoice',
  noun: 'Visa invoice',
  lock: invoices.lockInvoiceRow,
  async amountOf(db, invoiceId, now) {
    const invoice = await invoices.selectInvoice(db, invoiceId, now);
    if (!invoice) return undefined;
    const name = `Invoice ${invoice.invoice_number}`;
    if (invoice.status !== 'UNPAID') {
      throw new ApiError(ErrorCode.INVALID_STATE, `${name} is ${invoice.status}; no payment is taken`);
    }
    return {
      name,
      amountMinor: toMinor(invoice.total_amount, invoice.currency),
      currency: invoice.currency,
      referencePrefix: invoice.invoice_number,
      description: `visa invoice ${invoice.invoice_number}`,
      customer: { name: invoice.customer_name },
    };
  },
  async onPaid(tx, link, scope) {
    await invoices.markPaid(tx, link.ownerId, scope.now);
  },
  returns: { style: 'simple', path: RETURN_PATH, paidMeans: 'the invoice becomes PAID' },
};
