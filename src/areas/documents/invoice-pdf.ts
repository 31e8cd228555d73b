// Invoices as PDF: a pure renderer from an InvoiceDocument (every amount in integer minor units of `currency`)
// to the bytes of an A4 PDF, laid out by the shared document layout (document-layout.ts). It shows the amounts it
// is given and recomputes nothing: totals, taxes and balances are the ledger's business.
//
// Text is drawn in the PDF module's embedded fonts: Latin, Arabic (shaped, right to left) and the symbols used;
// what none of them holds is one UNSUPPORTED_TEXT_MARK per run (script-text.ts).

import { type DocumentCustomer, type DocumentIssuer, customerParty, issuerLines } from './document-parties.js';
import { formatDateText, formatMinorAmount, formatQuantity } from './document-format.js';
import {
  type DocumentHeader,
  drawClosingNote,
  drawDocumentHeader,
  drawItemsTable,
  drawParty,
  drawTotals,
  type ItemsTable,
  renderPdfDocument,
  type TotalRow,
} from '../../platform/rendering/pdf/index.js';

// The invoice's helpers stay importable from here, where they were before the layout was shared.
export { formatMinorAmount } from './document-format.js';
export { UNSUPPORTED_TEXT_MARK } from '../../platform/rendering/pdf/index.js';

export interface InvoiceLine {
  description: string;
  /** A second, smaller line under the description, e.g. the date and time slot. */
  detail?: string;
  quantity: number;
  unitPriceMinor: number;
  /** The line's amount; its gross when `tax` is given. */
  totalMinor: number;
  /** The line's net and tax, on an invoice that shows tax per line: the table then has NET and tax columns. */
  tax?: { netMinor: number; taxMinor: number };
}

export interface InvoiceTax {
  name: string;
  /** Shown as given, e.g. "5%". */
  rateText: string;
  amountMinor: number;
}

export interface InvoicePayment {
  /** yyyy-MM-dd or yyyy-MM-dd'T'HH:mm:ss */
  date: string;
  method: string;
  amountMinor: number;
}

/** How an unpaid invoice may be paid: printed under its totals with its due date. */
export interface PaymentInstructions {
  /** The agency's bank details for a transfer, as it wrote them (lines). */
  bankDetails?: string;
  /** The invoice's payment page, where it is paid online by card. */
  payUrl?: string;
}

export interface InvoiceDocument {
  /** The agency; with a tax registration number the document is a tax invoice. */
  issuer: DocumentIssuer;
  invoiceNumber: string;
  /** yyyy-MM-dd */
  issueDate: string;
  /** yyyy-MM-dd */
  dueDate?: string;
  status: 'PAID' | 'UNPAID' | 'PARTIALLY_PAID';
  /** ISO 4217 code; every *Minor amount is in its minor unit. */
  currency: string;
  customer: DocumentCustomer;
  lines: InvoiceLine[];
  taxes: InvoiceTax[];
  subtotalMinor: number;
  totalMinor: number;
  paidMinor: number;
  balanceMinor: number;
  orderNum?: string;
  /** The document the invoice comes from, e.g. a quote's number. */
  reference?: string;
  payments?: InvoicePayment[];
  /** Shown while a balance is due. */
  howToPay?: PaymentInstructions;
  footer?: string;
}

const STATUS: Record<InvoiceDocument['status'], { label: string; color: string }> = {
  PAID: { label: 'PAID', color: '#15803d' },
  UNPAID: { label: 'UNPAID', color: '#b91c1c' },
  PARTIALLY_PAID: { label: 'PARTIALLY PAID', color: '#b45309' },
};

// A payment's method is a short name; the cut keeps a runaway one from filling pages.
const MAX_METHOD_CHARACTERS = 400;

/** The invoice as the bytes of an A4 PDF. Pure: no I/O besides building the buffer. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  checkNumbers(invoice);
  // A registered issuer's invoice is a tax invoice, and says so (UAE VAT: "Tax Invoice" clearly displayed).
  const kind = invoice.issuer.taxRegistrationNumber ? 'Tax invoice' : 'Invoice';
  const setup = {
    title: `${kind} ${invoice.invoiceNumber}`,
    author: invoice.issuer.name,
    runningTitle: `${invoice.issuer.name} - ${kind} ${invoice.invoiceNumber}`,
    pageLabel: `${kind} ${invoice.invoiceNumber}`,
  };
  return renderPdfDocument(setup, (layout) => {
    drawDocumentHeader(layout, invoiceHeader(invoice));
    drawParty(layout, customerParty('BILL TO', invoice.customer));
    drawItemsTable(layout, lineTable(invoice));
    drawTotals(layout, totalRows(invoice));
    const payments = invoice.payments ?? [];
    if (payments.length > 0) drawItemsTable(layout, paymentTable(payments, invoice.currency));
    const note = [paymentNote(invoice), invoice.footer].filter(Boolean).join('\n\n');
    if (note) drawClosingNote(layout, note);
  });
}

/** While a balance is due: until when, and how to pay it (a transfer to the agency's bank, or online). */
function paymentNote(invoice: InvoiceDocument): string | undefined {
  if (invoice.balanceMinor <= 0) return undefined;
  const due = formatMinorAmount(invoice.balanceMinor, invoice.currency);
  const when = invoice.dueDate ? ` by ${formatDateText(invoice.dueDate)}` : '';
  const lines = [`How to pay: ${due} is due${when}.`];
  const { bankDetails, payUrl } = invoice.howToPay ?? {};
  if (payUrl) lines.push(`Pay online by card: ${payUrl}`);
  if (bankDetails) {
    lines.push(`By bank transfer, quoting ${invoice.invoiceNumber} as the reference:`, bankDetails);
  }
  if (!payUrl && !bankDetails) lines.push('Please contact us to pay.');
  return lines.join('\n');
}

function invoiceHeader(invoice: InvoiceDocument): DocumentHeader {
  const facts: DocumentHeader['facts'] = [{ label: 'Invoice no.', value: invoice.invoiceNumber, strong: true }];
  facts.push({ label: 'Issue date', value: formatDateText(invoice.issueDate) });
  // a date, never a time; shown while something is due
  if (invoice.dueDate && invoice.balanceMinor > 0)
    facts.push({ label: 'Due date', value: formatDateText(invoice.dueDate.slice(0, 10)) });
  if (invoice.orderNum) facts.push({ label: 'Order no.', value: invoice.orderNum });
  if (invoice.reference) facts.push({ label: 'Reference', value: invoice.reference });
  const status = STATUS[invoice.status];
  facts.push({ label: 'Status', value: status.label, strong: true, color: status.color });
  const issuer = issuerLines(invoice.issuer);
  return {
    issuerName: invoice.issuer.name,
    ...(issuer ? { issuerAddress: issuer } : {}),
    title: invoice.issuer.taxRegistrationNumber ? 'TAX INVOICE' : 'INVOICE',
    facts,
  };
}

function lineTable(invoice: InvoiceDocument): ItemsTable {
  if (invoice.lines.some((line) => line.tax)) return taxedLineTable(invoice);
  const money = (minor: number) => formatMinorAmount(minor, invoice.currency);
  return {
    columns: [
      { heading: 'DESCRIPTION', align: 'left', wraps: true },
      { heading: 'QTY', width: 40, align: 'right' },
      { heading: 'UNIT PRICE', width: 95, align: 'right' },
      { heading: 'AMOUNT', width: 100, align: 'right' },
    ],
    rows: invoice.lines.map((line) => [
      { text: line.description, ...(line.detail ? { detail: line.detail } : {}) },
      formatQuantity(line.quantity),
      money(line.unitPriceMinor),
      money(line.totalMinor),
    ]),
    emptyText: 'No items',
  };
}

/** Lines with their tax: net, tax and gross each, the tax column headed by the (first) tax's name and rate. */
function taxedLineTable(invoice: InvoiceDocument): ItemsTable {
  const money = (minor: number) => formatMinorAmount(minor, invoice.currency);
  const [tax] = invoice.taxes;
  const taxHeading = tax ? `${tax.name} ${tax.rateText}`.trim().toUpperCase() : 'TAX';
  return {
    columns: [
      { heading: 'DESCRIPTION', align: 'left', wraps: true },
      { heading: 'QTY', width: 34, align: 'right' },
      { heading: 'UNIT PRICE', width: 78, align: 'right' },
      { heading: 'NET', width: 82, align: 'right' },
      { heading: taxHeading, width: 72, align: 'right' },
      { heading: 'AMOUNT', width: 86, align: 'right' },
    ],
    rows: invoice.lines.map((line) => [
      { text: line.description, ...(line.detail ? { detail: line.detail } : {}) },
      formatQuantity(line.quantity),
      money(line.unitPriceMinor),
      line.tax ? money(line.tax.netMinor) : '',
      line.tax ? money(line.tax.taxMinor) : '',
      money(line.totalMinor),
    ]),
    emptyText: 'No items',
  };
}

function totalRows(invoice: InvoiceDocument): TotalRow[] {
  const money = (minor: number) => formatMinorAmount(minor, invoice.currency);
  const subtotal = invoice.taxes.length > 0 ? 'Subtotal (net)' : 'Subtotal';
  const rows: TotalRow[] = [{ label: subtotal, value: money(invoice.subtotalMinor) }];
  for (const tax of invoice.taxes) {
    rows.push({ label: `${tax.name} ${tax.rateText}`.trim(), value: money(tax.amountMinor) });
  }
  rows.push({ label: 'Total', value: money(invoice.totalMinor), strong: true, ruleAbove: true });
  rows.push({ label: 'Paid', value: money(invoice.paidMinor) });
  rows.push({ label: 'Balance due', value: money(invoice.balanceMinor), strong: true, ruleAbove: true });
  return rows;
}

function paymentTable(payments: InvoicePayment[], currency: string): ItemsTable {
  return {
    caption: 'Payments',
    columns: [
      { heading: 'DATE', width: 110, align: 'left' },
      { heading: 'METHOD', align: 'left', wraps: true, maxCharacters: MAX_METHOD_CHARACTERS },
      { heading: 'AMOUNT', width: 110, align: 'right' },
    ],
    rows: payments.map((payment) => [
      formatDateText(payment.date),
      payment.method,
      formatMinorAmount(payment.amountMinor, currency),
    ]),
    spaceAfter: 16,
  };
}

/** Refuses amounts that are not whole minor units before anything is drawn: an invoice never shows a guess. */
function checkNumbers(invoice: InvoiceDocument): void {
  const amounts: Array<[string, number]> = [
    ['subtotalMinor', invoice.subtotalMinor],
    ['totalMinor', invoice.totalMinor],
    ['paidMinor', invoice.paidMinor],
    ['balanceMinor', invoice.balanceMinor],
  ];
  invoice.lines.forEach((line, index) => {
    amounts.push(
      [`lines[${index}].unitPriceMinor`, line.unitPriceMinor],
      [`lines[${index}].totalMinor`, line.totalMinor],
    );
    if (line.tax) {
      amounts.push(
        [`lines[${index}].tax.netMinor`, line.tax.netMinor],
        [`lines[${index}].tax.taxMinor`, line.tax.taxMinor],
      );
    }
    if (!Number.isFinite(line.quantity)) throw new Error(`invoice lines[${index}].quantity is not a number`);
  });
  invoice.taxes.forEach((tax, index) => {
    amounts.push([`taxes[${index}].amountMinor`, tax.amountMinor]);
  });
  (invoice.payments ?? []).forEach((payment, index) => {
    amounts.push([`payments[${index}].amountMinor`, payment.amountMinor]);
  });
  for (const [name, value] of amounts) {
    if (!Number.isSafeInteger(value))
      throw new Error(`invoice ${name} is not an integer amount of minor units: ${value}`);
  }
}
