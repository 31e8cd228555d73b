// Quote operations beyond the specification (docs/decisions.md, quotes): send a DRAFT to its customer, the page the
// customer accepts or declines it on, a quote made from a trip request, and an accepted quote's invoice.
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import type { QuoteFollowUps } from './quote-followups.js';
import type { QuoteResponses } from './quote-response.js';
import type { QuoteSending } from './quote-sending.js';
import {
  CreateQuoteFromTripRequest,
  Html,
  Pdf,
  Quote,
  QuoteIdRequest,
  QuoteResponseForm,
  QuoteResponseQuery,
} from './quotes.schemas.js';

export interface QuoteExtraServices {
  sending: QuoteSending;
  responses: QuoteResponses;
  followUps: QuoteFollowUps;
}

const sendQuote = ({ sending }: QuoteExtraServices) =>
  operation({
    path: '/document/sendQuote',
    methods: ['POST'],
    summary: 'Send a DRAFT quote to its customer (beyond the specification) → the quote, now SENT',
    description:
      "DRAFT → SENT; e-mails the customer's address the quote's PDF and a link (query token=<value>) to " +
      '/document/quoteResponse, where the customer accepts or declines it until validUntil (the end of that day) ' +
      "and sees it, and its answer, afterwards. The quote keeps the settings' quoteTerms as its terms. " +
      'INVALID_STATE: not a DRAFT, no items, past its validity, or a customer without an e-mail address.',
    allow: Allow.employees,
    tags: ['quotes'],
    input: QuoteIdRequest,
    response: Quote,
    records: { quoteId: 'quote' },
    handler: (ctx, input) => sending.send(ctx, input.quoteId),
  });

const responseBase = {
  path: '/document/quoteResponse',
  allow: Allow.anyone,
  tags: ['quotes'],
  response: Html,
  htmlPage: true,
} as const;

const showQuoteResponse = ({ responses }: QuoteExtraServices) =>
  operation({
    ...responseBase,
    methods: ['GET'],
    summary: "The page of a sent quote's e-mail link (HTML): the quote as its PDF shows it, and the answer",
    description:
      'The token is the key (no session). The lines (quantity, unit price, VAT rate, net amount), net, VAT named ' +
      'with its rate and total, exactly as the PDF; the validity date, the PDF (/document/quotePdf) and the terms. ' +
      'While SENT and valid: Accept, and Decline (asks for confirmation and an optional reason). Once answered, ' +
      'whatever its age: the status and when; accepted, the invoice it became and a button to pay it ' +
      '(/document/invoicePayment). A token unknown gets a page saying so (404), one of a quote expired unanswered too (410).',
    input: QuoteResponseQuery,
    handler: (ctx, input) => responses.show(ctx, input.token),
  });

const decideQuoteResponse = ({ responses }: QuoteExtraServices) =>
  operation({
    ...responseBase,
    methods: ['POST'],
    formBody: true,
    summary: "The customer's answer from the quote page (HTML form: token, decision, reason, confirmed) → the page",
    description:
      'accept: SENT → ACCEPTED, and the quote is invoiced at once (an UNPAID invoice of its lines, due after the ' +
      "settings' invoiceDueDays; the page then offers to pay it). reject with confirmed=yes: SENT → REJECTED, " +
      'keeping the optional reason (at most 1000 characters; getQuote shows it as declineReason); reject without ' +
      "it only answers the confirmation page. Either answer e-mails the settings' notificationEmail once. The token " +
      'is used by the first answer; a second gets the page saying the quote was already answered (200); a token ' +
      'unknown (404) or of a quote expired unanswered (410), a page saying so. Nothing else changes.',
    input: QuoteResponseForm,
    handler: (ctx, input) => responses.decide(ctx, input),
  });

const quotePdfByToken = ({ responses }: QuoteExtraServices) =>
  operation({
    path: '/document/quotePdf',
    methods: ['GET'],
    allow: Allow.anyone,
    tags: ['quotes'],
    summary: "The quote's PDF from its page's link (the token is the key) → application/pdf",
    description:
      "As /document/printQuote, for the customer who holds the sent quote's link, before and after answering. " +
      'A token unknown gets a page saying so (200).',
    input: QuoteResponseQuery,
    response: Pdf,
    handler: (ctx, input) => responses.pdf(ctx, input.token),
  });

const createQuoteFromTripRequest = ({ followUps }: QuoteExtraServices) =>
  operation({
    path: '/document/createQuoteFromTripRequest',
    methods: ['POST'],
    summary: 'A DRAFT quote answering a trip request, which becomes QUOTED (beyond the specification) → the quote',
    description:
      'As /document/createQuote, plus requestId: the quote names the trip request (tripRequestId) and the request ' +
      'moves from NEW or IN_PROGRESS to QUOTED in the same transaction (one already QUOTED stays so: a second quote). ' +
      'A CLOSED request: INVALID_STATE, and no quote is made.',
    allow: Allow.employees,
    tags: ['quotes'],
    input: CreateQuoteFromTripRequest,
    response: Quote,
    records: { requestId: 'tripRequest', customerId: 'customer' },
    handler: (ctx, input) => followUps.fromTripRequest(ctx, input),
  });

const invoiceQuote = ({ followUps }: QuoteExtraServices) =>
  operation({
    path: '/document/invoiceQuote',
    methods: ['POST'],
    summary: 'Invoice an ACCEPTED quote (beyond the specification) → the quote with its invoiceNumber',
    description:
      "An UNPAID sales order of the quote's lines, with each line's tax as the quote fixed it, and its invoice " +
      '(printInvoice, registerPayment); the order and invoice name the quote number as their reference. A quote ' +
      'accepted on its page is invoiced then: this is for one accepted without an invoice (before that, or whose ' +
      'customer record was archived). A quote not ACCEPTED, or invoiced already: INVALID_STATE.',
    allow: Allow.employees,
    tags: ['quotes'],
    input: QuoteIdRequest,
    response: Quote,
    records: { quoteId: 'quote' },
    handler: (ctx, input) => followUps.invoice(ctx, input.quoteId),
  });

/** The operations beyond the specification, bound to their services. */
export function quoteExtraOperations(services: QuoteExtraServices): OperationDeclaration[] {
  return [
    sendQuote,
    showQuoteResponse,
    decideQuoteResponse,
    quotePdfByToken,
    createQuoteFromTripRequest,
    invoiceQuote,
  ].map((declare) => declare(services));
}
