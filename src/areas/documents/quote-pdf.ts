// Quotes as PDF: a pure renderer from a QuoteDocument (every amount in integer minor units of `currency`) to the
// bytes of an A4 PDF, laid out by the shared document layout (document-layout.ts) as the invoice is. It shows the
// amounts it is given and recomputes nothing: the quote's lines and totals are the quotes area's business.
//
// What the quote shows (its lines' texts, its totals, its validity) is written once, by quoteFigures: the PDF draws
// it and the quote's page on the service (quotes area) shows the same figures, so the two never disagree.
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
  type TableColumn,
  type TotalRow,
} from '../../platform/rendering/pdf/index.js';

export interface QuoteLine {
  description: string;
  /** A second, smaller line under the description, e.g. the product's name. */
  detail?: string;
  quantity: number;
  /** As entered (with the tax when the line's prices include it). */
  unitPriceMinor: number;
  /** The line without tax: what the line adds to the quote's net amount. */
  netMinor: number;
  taxMinor: number;
  /** The line's tax as shown in its VAT column, e.g. "5%", "5% incl." (prices with tax), "0%" (exempt). */
  taxText: string;
}

export interface QuoteDocument {
  issuer: DocumentIssuer;
  quoteNumber: string;
  /** yyyy-MM-dd */
  issueDate: string;
  /** yyyy-MM-dd: the last day the quote may be accepted. */
  validUntil: string;
  status: 'DRAFT' | 'SENT' | 'ACCEPTED' | 'REJECTED';
  /** yyyy-MM-dd: when the customer accepted or declined it. */
  answeredOn?: string;
  /** ISO 4217 code; every *Minor amount is in its minor unit. */
  currency: string;
  customer: DocumentCustomer;
  lines: QuoteLine[];
  /** The tax as named in the totals and the VAT column, e.g. "VAT 5%"; absent when the quote carries no tax. */
  taxLabel?: string;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** The agency's terms and conditions, as written (lines). */
  terms?: string;
}

/** One line of the quote as text, as the PDF's table and the quote's page show it. */
export interface QuoteFigureLine {
  description: string;
  detail?: string;
  quantity: string;
  unitPrice: string;
  /** The VAT column's cell ("5%"); absent on a quote without tax. */
  tax?: string;
  /** The line's net amount. */
  amount: string;
}

/** What a quote shows, as text: its lines, its totals (net, the named tax, the total), its validity. */
export interface QuoteFigures {
  /** The VAT column's heading ("VAT"); absent on a quote without tax. */
  taxHeading?: string;
  lines: QuoteFigureLine[];
  totals: Array<{ label: string; value: string; strong?: boolean }>;
  /** "11 Apr 2026": a date, never a time. */
  validUntil: string;
  validityNote: string;
}

/** The quote's figures as text: the one computation the PDF and the quote's page both show. */
export function quoteFigures(quote: QuoteDocument): QuoteFigures {
  checkNumbers(quote);
  const money = (minor: number) => formatMinorAmount(minor, quote.currency);
  const taxed = quote.taxLabel !== undefined;
  const validUntil = formatDateText(quote.validUntil.slice(0, 10));
  const totals: QuoteFigures['totals'] = [{ label: 'Net amount', value: money(quote.netMinor) }];
  if (quote.taxLabel) totals.push({ label: quote.taxLabel, value: money(quote.taxMinor) });
  totals.push({ label: 'Total', value: money(quote.totalMinor), strong: true });
  return {
    ...(taxed ? { taxHeading: 'VAT' } : {}),
    lines: quote.lines.map((line) => ({
      description: line.description,
      ...(line.detail ? { detail: line.detail } : {}),
      quantity: formatQuantity(line.quantity),
      unitPrice: money(line.unitPriceMinor),
      ...(taxed ? { tax: line.taxText } : {}),
      amount: money(line.netMinor),
    })),
    totals,
    validUntil,
    validityNote: `This quote is valid until ${validUntil}. Prices are in ${quote.currency}.`,
  };
}

const STATUS: Record<QuoteDocument['status'], string> = {
  DRAFT: '#6b7280',
  SENT: '#1d4ed8',
  ACCEPTED: '#15803d',
  REJECTED: '#b91c1c',
};

/** The quote as the bytes of an A4 PDF. Pure: no I/O besides building the buffer. */
export async function renderQuotePdf(quote: QuoteDocument): Promise<Buffer> {
  const figures = quoteFigures(quote);
  const setup = {
    title: `Quote ${quote.quoteNumber}`,
    author: quote.issuer.name,
    runningTitle: `${quote.issuer.name} - Quote ${quote.quoteNumber}`,
    pageLabel: `Quote ${quote.quoteNumber}`,
  };
  return renderPdfDocument(setup, (layout) => {
    drawDocumentHeader(layout, quoteHeader(quote, figures));
    drawParty(layout, customerParty('QUOTE FOR', quote.customer));
    drawItemsTable(layout, lineTable(figures));
    drawTotals(layout, totalRows(figures));
    drawClosingNote(
      layout,
      quote.terms ? `${figures.validityNote}\n\nTerms and conditions\n${quote.terms}` : figures.validityNote,
    );
  });
}

function quoteHeader(quote: QuoteDocument, figures: QuoteFigures): DocumentHeader {
  const issuer = issuerLines(quote.issuer);
  const facts: DocumentHeader['facts'] = [
    { label: 'Quote no.', value: quote.quoteNumber, strong: true },
    { label: 'Date', value: formatDateText(quote.issueDate) },
    { label: 'Valid until', value: figures.validUntil },
    { label: 'Status', value: quote.status, strong: true, color: STATUS[quote.status] },
  ];
  if (quote.answeredOn) facts.push({ label: 'Answered', value: formatDateText(quote.answeredOn) });
  return { issuerName: quote.issuer.name, ...(issuer ? { issuerAddress: issuer } : {}), title: 'QUOTE', facts };
}

/** The VAT column only when the quote carries tax: a quote without tax stays as simple as it is. */
function lineTable(figures: QuoteFigures): ItemsTable {
  const columns: TableColumn[] = [
    { heading: 'DESCRIPTION', align: 'left', wraps: true },
    { heading: 'QTY', width: 38, align: 'right' },
    { heading: 'UNIT PRICE', width: 90, align: 'right' },
  ];
  if (figures.taxHeading) columns.push({ heading: figures.taxHeading, width: 62, align: 'right' });
  columns.push({ heading: 'AMOUNT', width: 95, align: 'right' });
  return {
    columns,
    rows: figures.lines.map((line) => [
      { text: line.description, ...(line.detail ? { detail: line.detail } : {}) },
      line.quantity,
      line.unitPrice,
      ...(line.tax === undefined ? [] : [line.tax]),
      line.amount,
    ]),
    emptyText: 'No items yet',
  };
}

function totalRows(figures: QuoteFigures): TotalRow[] {
  return figures.totals.map((row) => (row.strong ? { ...row, ruleAbove: true } : row));
}

/** Refuses amounts that are not whole minor units before anything is shown: a quote never shows a guess. */
function checkNumbers(quote: QuoteDocument): void {
  const amounts: Array<[string, number]> = [
    ['netMinor', quote.netMinor],
    ['taxMinor', quote.taxMinor],
    ['totalMinor', quote.totalMinor],
  ];
  quote.lines.forEach((line, index) => {
    amounts.push(
      [`lines[${index}].unitPriceMinor`, line.unitPriceMinor],
      [`lines[${index}].netMinor`, line.netMinor],
      [`lines[${index}].taxMinor`, line.taxMinor],
    );
    if (!Number.isFinite(line.quantity)) throw new Error(`quote lines[${index}].quantity is not a number`);
  });
  for (const [name, value] of amounts) {
    if (!Number.isSafeInteger(value))
      throw new Error(`quote ${name} is not an integer amount of minor units: ${value}`);
  }
}
