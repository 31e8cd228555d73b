// Visa invoices as an owner of payment links (the payments area): a link takes an UNPAID invoice's total; once
// paid, the invoice is PAID (once). The payer comes back to /payment/visa/return, one page for every outcome.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { fromMinor, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import type { OwnerPayments, PaymentOwner } from '../payments/index.js';
import * as invoices from './invoices.repository.js';
import type { PaymentLinkAnswer } from './visa-invoices.schemas.js';

export const RETURN_PATH = '/payment/visa/return';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

export const invoicePaymentOwner: PaymentOwner = {
  kind: 'visa-invoice',
  noun: 'Visa invoice',
  linkName: 'visa invoice',
  lock: invoices.lockInvoiceRow,
  async amountOf(db, invoiceId, now) {
    const invoice = await invoices.selectInvoice(db, invoiceId, now);
    if (!invoice) return undefined;
    const name = `Invoice ${invoice.invoice_number}`;
    if (invoice.status !== 'UNPAID') throw refused(`${name} is ${invoice.status}; no payment is taken`);
    return {
      name,
      amountMinor: toMinor(invoice.total_amount, invoice.currency),
      currency: invoice.currency,
      referencePrefix: invoice.invoice_number,
      description: `visa invoice ${invoice.invoice_number}`,
      customer: { name: invoice.customer_name },
      logFields: { invoice: invoice.invoice_number },
    };
  },
  async onPaid(tx, link, scope) {
    await invoices.markPaid(tx, link.ownerId, scope.now);
  },
  returns: {
    style: 'simple',
    page: {
      path: RETURN_PATH,
      summary: "The gateway sends the payer of a visa invoice's payment link here (paid, declined or cancelled alike)",
      description:
        "With the link's `t`: the gateway is asked for the order's state; paid, the invoice becomes PAID once. " +
        'Without a valid `t`: a page naming the reference only, nothing changes.',
    },
  },
};

/** /visa/createinvoicepaymentlink, answered from the payments area's link. */
export function invoicePaymentLinks(links: OwnerPayments) {
  return {
    async create(ctx: TenantContext, invoiceId: number): Promise<PaymentLinkAnswer> {
      const link = await links.createLink(ctx, invoiceId);
      return {
        invoiceId,
        paymentUrl: link.paymentUrl,
        amount: fromMinor(link.amountMinor, link.currency),
        currency: link.currency,
        expiresAt: formatDateTime(link.expiresAt, ctx.tenant.timezone),
      };
    },
  };
}

export type InvoicePaymentLinks = ReturnType<typeof invoicePaymentLinks>;
