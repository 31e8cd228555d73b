// /document/printInvoice: the invoice as a PDF. Guests and customers get their own invoices only (the session or
// user that ordered); staff get any. Someone else's invoice is NOTFOUND, never the document: the operation declares
// `docnum` an invoice record, so the kernel asks sales.records.ts before this runs.
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { DocumentsApi } from '../documents/index.js';
import * as repo from './sales.repository.js';

export function createInvoiceDocuments(deps: { documents: DocumentsApi }) {
  return {
    async print(ctx: TenantContext, invoiceNumber: string): Promise<RawAnswer> {
      const invoice = await repo.findInvoice(ctx.db, invoiceNumber);
      if (!invoice) throw notFound('Invoice');
      const order = await repo.findOrder(ctx.db, invoice.sales_order_id);
      const lines = await repo.selectPrintedLines(ctx.db, invoice.sales_order_id);
      const payments = await repo.selectPayments(ctx.db, invoice.invoice_id);
      const currency = invoice.currency;
      const total = toMinor(invoice.total, currency);
      const paid = toMinor(invoice.paid, currency);
      const taxMinor = toMinor(invoice.tax_total, currency);
      const rate = order ? percentText(order.tax_rate_percent) : '0';
      // An invoice shows tax when it was taxed: a rate in force, or tax on a line (an invoice of a quote's lines).
      const taxed = rate !== '0' || taxMinor !== 0;
      const pdf = await deps.documents.renderInvoicePdf({
        tenantName: ctx.tenant.tenantName,
        ...(order?.tax_registration_number ? { taxRegistrationNumber: order.tax_registration_number } : {}),
        invoiceNumber: invoice.invoice_number,
        issueDate: invoice.issue_date,
        status: invoice.status,
        currency,
        customer: {
          name: order?.customer_name ?? 'Customer',
          email: order?.customer_email ?? undefined,
          phone: order?.customer_phone ?? undefined,
        },
        lines: lines.map((line) => ({
          description: line.description,
          detail: lineDetail(line.detail, line.pickup_location),
          quantity: line.quantity,
          unitPriceMinor: toMinor(line.unit_price, currency),
          totalMinor: toMinor(line.total, currency),
          ...(taxed ? { tax: { netMinor: toMinor(line.net, currency), taxMinor: toMinor(line.tax, currency) } } : {}),
        })),
        taxes: taxed ? [{ name: 'VAT', rateText: `${rate}%`, amountMinor: taxMinor }] : [],
        subtotalMinor: toMinor(invoice.net_total, currency),
        totalMinor: total,
        paidMinor: paid,
        balanceMinor: total - paid,
        orderNum: order?.order_num,
        reference: order?.reference ?? undefined,
        payments: payments.map((payment) => ({
          date: formatDate(payment.payment_date, ctx.tenant.timezone),
          method: payment.payment_method,
          amountMinor: toMinor(payment.amount, currency),
        })),
      });
      return new RawAnswer('application/pdf', pdf, { filename: `${invoice.invoice_number}.pdf` });
    },
  };
}

/** The line's date and time slot, and where the service picks the customer up: "2025-03-14 10:30 - Pickup: …". */
function lineDetail(detail: string | null, pickup: string | null): string | undefined {
  const parts = [detail, pickup ? `Pickup: ${pickup}` : null].filter((part) => part);
  return parts.length ? parts.join(' - ') : undefined;
}

export type InvoiceDocuments = ReturnType<typeof createInvoiceDocuments>;

/** numeric(5,2) text as a percentage's number: '5.00' → '5', '5.50' → '5.5', '0.00' → '0'. */
function percentText(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}
