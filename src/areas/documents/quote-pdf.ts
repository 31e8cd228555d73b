// Quotes as PDF: a pure renderer from a QuoteDocument (every amount in integer minor units of `currency`) to the
// bytes of an A4 PDF, laid out by the shared document layout (document-layout.ts) as the invoice is. It shows the
// amounts it is given and recomputes nothing: the quote's lines and totals are the quotes area's business.
import { formatDateText, formatMinorAmount, formatQuantity } from './document-format.js';
import {
  type DocumentHeader,
  type DocumentParty,
  drawClosingNote,
  drawDocumentHeader,
  drawItemsTable,
  drawParty,
  drawTotals,
  type ItemsTable,
  renderPdfDocument,
  type TableColumn,
  type TotalRow,
} from '../../platform/rendering/pdf/index.js';

export interface QuoteLine {
  description: string;
  /** A second, smaller line under the description, e.g. the product's name. */
  detail?: string;
  quantity: number;
  unitPriceMinor: number;
  /** quantity × unit price as entered. */
  totalMinor: number;
  /** The line's tax and its rate as shown, e.g. "5%" ("0%" for an exempt line). */
  taxMinor: number;
  taxRateText: string;
}

export interface QuoteDocument {
  tenantName: string;
  tenantAddress?: string;
  /** The agency's tax registration number, printed when it has one. */
  taxRegistrationNumber?: string;
  quoteNumber: string;
  /** yyyy-MM-dd */
  issueDate: string;
  /** yyyy-MM-dd, or with a time */
  validUntil: string;
  status: 'DRAFT' | 'SENT' | 'ACCEPTED' | 'REJECTED';
  /** ISO 4217 code; every *Minor amount is in its minor unit. */
  currency: string;
  customer: { name: string; email?: string; phone?: string; address?: string };
  lines: QuoteLine[];
  /** The tax's name and the tenant's rate (e.g. "VAT", "5%"); absent when the tenant charges none. */
  tax?: { name: string; rateText: string };
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  footer?: string;
}

const STATUS: Record<QuoteDocument['status'], string> = {
  DRAFT: '#6b7280',
  SENT: '#1d4ed8',
  ACCEPTED: '#15803d',
  REJECTED: '#b91c1c',
};

/** The quote as the bytes of an A4 PDF. Pure: no I/O besides building the buffer. */
export async function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  checkNumbers(quote);
  const setup = {
    title: `Quote ${quote.quoteNumber}`,
    author: quote.tenantName,
    runningTitle: `${quote.tenantName} - Quote ${quote.quoteNumber}`,
    pageLabel: `Quote ${quote.quoteNumber}`,
  };
  return renderPdfDocument(setup, (layout) => {
    drawDocumentHeader(layout, quoteHeader(quote));
    drawParty(layout, quoteFor(quote));
    drawItemsTable(layout, lineTable(quote));
    drawTotals(layout, totalRows(quote));
    drawClosingNote(layout, closingNote(quote));
  });
}

function quoteHeader(quote: QuoteDocument): DocumentHeader {
  const issuer = [
    quote.tenantAddress,
    quote.taxRegistrationNumber && `Tax registration no. ${quote.taxRegistrationNumber}`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    issuerName: quote.tenantName,
    ...(issuer ? { issuerAddress: issuer } : {}),
    title: 'QUOTE',
    facts: [
      { label: 'Quote no.', value: quote.quoteNumber, strong: true },
      { label: 'Date', value: formatDateText(quote.issueDate) },
      { label: 'Valid until', value: formatDateText(quote.validUntil) },
      { label: 'Status', value: quote.status, strong: true, color: STATUS[quote.status] },
    ],
  };
}

function quoteFor(quote: QuoteDocument): DocumentParty {
  const { customer } = quote;
  return { heading: 'QUOTE FOR', name: customer.name, details: [customer.email, customer.phone, customer.address] };
}

/** Per-line tax columns only when the tenant charges tax: a quote without tax stays as simple as it is. */
function lineTable(quote: QuoteDocument): ItemsTable {
  const money = (minor: number) => formatMinorAmount(minor, quote.currency);
  const taxed = quote.tax !== undefined;
  const columns: TableColumn[] = [
    { heading: 'DESCRIPTION', align: 'left', wraps: true },
    { heading: 'QTY', width: 38, align: 'right' },
    { heading: 'UNIT PRICE', width: 85, align: 'right' },
  ];
  if (taxed)
    columns.push({ heading: 'TAX %', width: 38, align: 'right' }, { heading: 'TAX', width: 75, align: 'right' });
  columns.push({ heading: 'AMOUNT', width: 90, align: 'right' });
  return {
    columns,
    rows: quote.lines.map((line) => [
      { text: line.description, ...(line.detail ? { detail: line.detail } : {}) },
      formatQuantity(line.quantity),
      money(line.unitPriceMinor),
      ...(taxed ? [line.taxRateText, money(line.taxMinor)] : []),
      money(line.totalMinor),
    ]),
    emptyText: 'No items yet',
  };
}

function totalRows(quote: QuoteDocument): TotalRow[] {
  const money = (minor: number) => formatMinorAmount(minor, quote.currency);
  const rows: TotalRow[] = [{ label: 'Net amount', value: money(quote.netMinor) }];
  if (quote.tax) rows.push({ label: `${quote.tax.name} (${quote.tax.rateText})`, value: money(quote.taxMinor) });
  rows.push({ label: 'Total', value: money(quote.totalMinor), strong: true, ruleAbove: true });
  return rows;
}

function closingNote(quote: QuoteDocument): string {
  const validity = `This quote is valid until ${formatDateText(quote.validUntil)}. Prices are in ${quote.currency}.`;
  return quote.footer ? `${validity}\n${quote.footer}` : validity;
}

/** Refuses amounts that are not whole minor units before anything is drawn: a quote never shows a guess. */
function checkNumbers(quote: QuoteDocument): void {
  const amounts: Array<[string, number]> = [
    ['netMinor', quote.netMinor],
    ['taxMinor', quote.taxMinor],
    ['totalMinor', quote.totalMinor],
  ];
  quote.lines.forEach((line, index) => {
    amounts.push(
      [`lines[${index}].unitPriceMinor`, line.unitPriceMinor],
      [`lines[${index}].totalMinor`, line.totalMinor],
      [`lines[${index}].taxMinor`, line.taxMinor],
    );
    if (!Number.isFinite(line.quantity)) throw new Error(`quote lines[${index}].quantity is not a number`);
  });
  for (const [name, value] of amounts) {
    if (!Number.isSafeInteger(value))
      throw new Error(`quote ${name} is not an integer amount of minor units: ${value}`);
  }
}
