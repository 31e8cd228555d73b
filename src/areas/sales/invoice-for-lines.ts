// Invoicing lines another area priced and taxed (an accepted quote): an UNPAID sales order of those lines and its
// invoice, written in the caller's transaction. The lines' tax is taken as given, since the quote fixed it; the
// agency's tax registration number is the one in force when the invoice is issued. Staff then record the payment
// with /document/registerPayment.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { TransactionSql } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { minorToDecimalString } from '../../platform/money.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import type { SettingsApi } from '../settings/index.js';
import { documentYear, newOrderNumber } from './checkout-order.js';
import { nextDocumentNumber } from './document-numbers.js';
import * as repo from './sales.repository.js';

export interface InvoiceLineInput {
  description: string;
  /** Positive; may be fractional (at most three decimals). */
  quantity: number;
  /** Every amount in integer minor units of the invoice's currency; grossMinor = netMinor + taxMinor. */
  unitPriceMinor: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  /** The catalog product the line sells, if any. */
  productId: number | null;
}

export interface InvoiceForLinesInput {
  customerId: number;
  /** ISO 4217 code, e.g. 'AED'. */
  currency: string;
  /** The VAT rate the lines were taxed at, as decimal text ('5', '5.25'; '0' when untaxed); printed on the invoice. */
  taxRatePercent: string;
  lines: InvoiceLineInput[];
  /** The document the invoice comes from, e.g. the quote's number; printed on the invoice. */
  reference: string;
}

export interface InvoicedLines {
  invoiceNumber: string;
  /** yyyy-MM-dd: the issue date + the agency's payment terms (invoiceDueDays). */
  dueDate: string;
  salesOrderId: number;
  orderNum: string;
}

export interface InvoiceForLinesDeps {
  customers: Pick<CustomersApi, 'findById'>;
  settings: SettingsApi;
}

const RATE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * Amounts that do not add up are a bug of the caller, not a user's mistake: refused before anything is written, so
 * an invoice never shows totals its lines contradict.
 */
function checkLines(input: InvoiceForLinesInput): void {
  if (!RATE.test(input.taxRatePercent) || Number(input.taxRatePercent) > 100)
    throw new Error(`invoiceForLines: not a tax rate: ${input.taxRatePercent}`);
  input.lines.forEach((line, index) => {
    const amounts = [line.unitPriceMinor, line.netMinor, line.taxMinor, line.grossMinor];
    if (!amounts.every(Number.isSafeInteger))
      throw new Error(`invoiceForLines: line ${index + 1} has amounts that are not integer minor units`);
    if (line.netMinor + line.taxMinor !== line.grossMinor)
      throw new Error(`invoiceForLines: line ${index + 1}: net + tax is not the gross`);
    if (!(Number.isFinite(line.quantity) && line.quantity > 0))
      throw new Error(`invoiceForLines: line ${index + 1} has no positive quantity`);
  });
}

export async function invoiceForLines(
  deps: InvoiceForLinesDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  input: InvoiceForLinesInput,
): Promise<InvoicedLines> {
  if (input.lines.length === 0) throw new ApiError(ErrorCode.INVALID_STATE, 'There is nothing to invoice: no lines');
  checkLines(input);
  const customer = await deps.customers.findById(tx, input.customerId);
  if (!customer) throw notFound('Customer');
  const { tax, invoiceDueDays } = await deps.settings.read({ tenant: ctx.tenant, db: tx });
  const money = (minor: number) => minorToDecimalString(minor, input.currency);
  const order = await repo.insertSalesOrder(tx, {
    orderNum: await newOrderNumber(ctx, tx),
    cartId: null,
    // Not a session's order: the customer's record, and staff, read it (sales.records.ts).
    sessionId: null,
    userId: loggedInUserId(ctx.session),
    customer: { id: customer.customerId, name: customer.custName, email: customer.email, phone: customer.mobilePhone },
    currency: input.currency,
    total: money(input.lines.reduce((sum, line) => sum + line.grossMinor, 0)),
    tax: { ratePercent: input.taxRatePercent, registrationNumber: tax.registrationNumber },
    reference: input.reference,
    paymentStatus: 'UNPAID',
    now: ctx.now,
  });
  await repo.insertLines(
    tx,
    order.sales_order_id,
    input.lines.map((line) => ({
      product_id: line.productId,
      variant_id: null,
      description: line.description,
      detail: null,
      quantity: line.quantity,
      unit_price: money(line.unitPriceMinor),
      total: money(line.grossMinor),
      net: money(line.netMinor),
      tax: money(line.taxMinor),
      hold_id: null,
    })),
  );
  const issueDate = formatDate(ctx.now, ctx.tenant.timezone);
  const invoice = await repo.insertInvoiceOfOrder(tx, {
    number: await nextDocumentNumber(tx, 'INV', documentYear(ctx)),
    salesOrderId: order.sales_order_id,
    issueDate,
    dueDate: addDays(issueDate, invoiceDueDays),
  });
  return {
    invoiceNumber: invoice.invoice_number,
    dueDate: invoice.due_date,
    salesOrderId: order.sales_order_id,
    orderNum: order.order_num,
  };
}
