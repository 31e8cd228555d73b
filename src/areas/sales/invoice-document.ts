// /document/printInvoice: the invoice as a PDF. Guests and customers get their own invoices only (the session or
// user that ordered); staff get any. Someone else's invoice is NOTFOUND, never the document: the operation declares
// `docnum` an invoice record, so the kernel asks sales.records.ts before this runs.
//
// A tax invoice names both sides: the agency by its settings (legal name, address, contact) with the tax registration
// number its order kept, the customer by its record (address and tax number, when known). An unpaid one says by when
// and how to pay: the invoice's payment page, and the agency's bank details when it has them.
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import { type DocumentCustomer, type DocumentsApi, issuerOf } from '../documents/index.js';
import type { SettingsApi } from '../settings/index.js';
import { invoicePayPath } from './invoice-pay-page.js';
import * as repo from './sales.repository.js';

export interface InvoiceDocumentDeps {
  documents: Pick<DocumentsApi, 'renderInvoicePdf'>;
  settings: Pick<SettingsApi, 'read'>;
  customers: Pick<CustomersApi, 'addressOf'>;
  /** The tenant's public base URL: the host of the payment page's address. */
  tenantUrl: (tenantCode: string) => string;
}

async function customerOf(
  deps: InvoiceDocumentDeps,
  ctx: TenantContext,
  order: repo.SalesOrderRow | undefined,
): Promise<DocumentCustomer> {
  const known = order?.customer_id ? await deps.customers.addressOf(ctx.db, order.customer_id) : undefined;
  return {
    name: order?.customer_name ?? 'Customer',
    ...(known?.address ? { address: known.address } : {}),
    ...(known?.taxNumber ? { taxNumber: known.taxNumber } : {}),
    ...(order?.customer_email ? { email: order.customer_email } : {}),
    ...(order?.customer_phone ? { phone: order.customer_phone } : {}),
  };
}

export function createInvoiceDocuments(deps: InvoiceDocumentDeps) {
  return {
    async print(ctx: TenantContext, invoiceNumber: string): Promise<RawAnswer> {
      const invoice = await repo.findInvoice(ctx.db, invoiceNumber);
      if (!invoice) throw notFound('Invoice');
      const order = await repo.findOrder(ctx.db, invoice.sales_order_id);
      const lines = await repo.selectPrintedLines(ctx.db, invoice.sales_order_id);
      const payments = await repo.selectPayments(ctx.db, invoice.invoice_id);
      const settings = await deps.settings.read(ctx);
      const currency = invoice.currency;
      const total = toMinor(invoice.total, currency);
      const paid = toMinor(invoice.paid, currency);
      const taxMinor = toMinor(invoice.tax_total, currency);
      const rate = order ? percentText(order.tax_rate_percent) : '0';
      // An invoice shows tax when it was taxed: a rate in force, or tax on a line (an invoice of a quote's lines).
      const taxed = rate !== '0' || taxMinor !== 0;
      // Only an open order's invoice is paid online (a cancelled one is not payable).
      const payOnline = order?.status === 'OPEN' && invoice.status !== 'PAID';
      const payUrl = `${deps.tenantUrl(ctx.tenant.tenantCode)}${invoicePayPath(invoice.invoice_number, invoice.pay_key)}`;
      const pdf = await deps.documents.renderInvoicePdf({
        issuer: issuerOf(settings.agency, order?.tax_registration_number),
        invoiceNumber: invoice.invoice_number,
        issueDate: invoice.issue_date,
        dueDate: invoice.due_date,
        status: invoice.status,
        currency,
        customer: await customerOf(deps, ctx, order),
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
        howToPay: {
          ...(payOnline ? { payUrl } : {}),
          ...(settings.agency.bankDetails ? { bankDetails: settings.agency.bankDetails } : {}),
        },
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
