// The page a customer opens from a sent quote's e-mail, before and after answering: the agency, the quote's lines,
// VAT and totals exactly as its PDF shows them (the documents area's quoteFigures, from the same QuoteDocument), its
// validity (a date), the PDF's link and the terms; its status and when it was answered; Accept, and Decline behind a
// confirmation with an optional reason, while it may be answered; once accepted, the offer to pay its invoice. And
// the plain pages for a link unknown or expired. Templates templates/quotes/ (the engine escapes every value);
// nothing loads from elsewhere. In the agency's colours, with its contact when it gave one.
import { agencyPageValues } from '../../platform/rendering/agency-page.js';
import type { Branding } from '../../platform/rendering/branding.js';
import { shippedTemplate } from '../../platform/rendering/html.js';
import { formatDateText, type QuoteDocument, quoteFigures } from '../documents/index.js';
import type { InvoicePayState } from '../sales/index.js';

const QUOTE = shippedTemplate('quotes/quote.html');
const DECLINE = shippedTemplate('quotes/decline.html');
const MESSAGE = shippedTemplate('quotes/message.html');

/** The page's address, and its PDF's (the token is their key). */
export const quotePagePath = (token: string) => `/document/quoteResponse?token=${encodeURIComponent(token)}`;
export const quotePdfPath = (token: string) => `/document/quotePdf?token=${encodeURIComponent(token)}`;

/** What the page says of the quote's state besides the document. */
export interface QuotePageState {
  token: string;
  /** "14 Mar 2026 10:30": when the customer answered (the tenant's time). */
  answeredAt?: string;
  declineReason?: string;
  /** The accepted quote's invoice, as a payer sees it. */
  invoice?: InvoicePayState;
  /** What the customer's last action did, shown on top. */
  notice?: string;
}

function statusOf(document: QuoteDocument, state: QuotePageState, validUntil: string) {
  if (document.status === 'ACCEPTED') return { statusTone: 'accepted', statusText: `Accepted on ${state.answeredAt}` };
  if (document.status === 'REJECTED') return { statusTone: 'declined', statusText: `Declined on ${state.answeredAt}` };
  return { statusTone: 'open', statusText: `Awaiting your answer: you may accept it until ${validUntil}.` };
}

function paymentOf(invoice: InvoicePayState | undefined) {
  if (!invoice) return undefined;
  return {
    invoiceNumber: invoice.invoiceNumber,
    paid: invoice.paid,
    balance: invoice.balance,
    dueDate: formatDateText(invoice.dueDate),
    key: invoice.payKey,
    pagePath: invoice.payPath,
  };
}

/** The quote's page: the same figures as its PDF, its status, and what the customer may do now. */
export function quotePage(branding: Branding, document: QuoteDocument, state: QuotePageState): string {
  const figures = quoteFigures(document);
  const answerable = document.status === 'SENT';
  return QUOTE({
    ...agencyPageValues(branding, 'en', `Quote ${document.quoteNumber}`),
    // the name the quote's PDF gives the agency (its legal name when set)
    agency: document.issuer.name,
    notice: state.notice,
    quoteNumber: document.quoteNumber,
    customerName: document.customer.name,
    issueDate: formatDateText(document.issueDate),
    validUntil: figures.validUntil,
    ...statusOf(document, state, figures.validUntil),
    declineReason: document.status === 'REJECTED' ? state.declineReason : undefined,
    taxHeading: figures.taxHeading,
    lines: figures.lines.map((line) => ({ ...line })),
    totals: figures.totals.map((row) => ({ ...row })),
    labelColumns: figures.taxHeading ? 4 : 3,
    validityNote: figures.validityNote,
    pdfUrl: quotePdfPath(state.token),
    terms: document.terms,
    payment: document.status === 'ACCEPTED' ? paymentOf(state.invoice) : undefined,
    answerable,
    token: answerable ? state.token : undefined,
  });
}

/** Declining asks first: the quote's number and total, a reason (optional), and the way back. */
export function declinePage(branding: Branding, document: QuoteDocument, token: string): string {
  const figures = quoteFigures(document);
  const total = figures.totals.at(-1)?.value ?? '';
  return DECLINE({
    ...agencyPageValues(branding, 'en', `Decline quote ${document.quoteNumber}?`),
    agency: document.issuer.name,
    quoteNumber: document.quoteNumber,
    total,
    token,
    backUrl: quotePagePath(token),
  });
}

export function messagePage(branding: Branding, title: string, message: string): string {
  return MESSAGE({ ...agencyPageValues(branding, 'en', title), message });
}
