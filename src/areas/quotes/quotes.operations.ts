// The specification's quote operations (base /document). Employees make and read quotes (contract §3: "quotes" are
// staff operations); a logged-in customer reads its own through getMyQuotes and prints them with printQuote.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import type { QuoteDocuments } from './quote-document.js';
import type { QuoteService } from './quotes.service.js';
import {
  AddQuoteItemRequest,
  CreateQuoteRequest,
  CustomerIdRequest,
  GetQuoteRequest,
  Pdf,
  PrintQuoteRequest,
  Quote,
  QuoteIdRequest,
  QuoteItem,
  QuoteSummary,
  SearchQuotesRequest,
} from './quotes.schemas.js';

export interface QuoteServices {
  quotes: QuoteService;
  documents: QuoteDocuments;
}

const staff = { allow: Allow.employees, tags: ['quotes'] } as const;
const TAX =
  "Each line is taxed by the tenant's tax policy in force when it is added (a product exempt from tax: none); " +
  'netAmount + taxAmount = totalAmount, per line (grossAmount) and for the quote.';
const ITEMS =
  "items: quantity > 0 with at most three decimals, unitPrice ≥ 0 with at most the currency's decimals " +
  '(INVALID_FORMAT naming the item), description required unless productId names a product (NOTFOUND naming it).';

const createQuote = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    path: '/document/createQuote',
    methods: ['POST'],
    summary: 'Create a DRAFT quote for a customer, with items → the quote',
    description:
      "currencyId is the ISO 4217 numeric code (784 = AED; one this service does not know: INVALID_FORMAT); without it the tenant's " +
      "currency. quoteNumber QUO-<year>-<nnnnnn> is gapless per tenant and year (the tenant's calendar); validUntil = " +
      `creation + the tenant's quoteValidityDays. ${ITEMS} ${TAX}`,
    input: CreateQuoteRequest,
    response: Quote,
    records: { customerId: 'customer' },
    handler: (ctx, input) => quotes.create(ctx, input),
  });

const addQuoteItem = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    path: '/document/addQuoteItem',
    methods: ['POST'],
    summary: 'Add items to a DRAFT quote → the quote with all items and the new totals',
    description: `A quote that is no longer DRAFT: INVALID_STATE. Concurrent additions all land. ${ITEMS} ${TAX}`,
    input: AddQuoteItemRequest,
    response: Quote,
    records: { quoteId: 'quote' },
    handler: (ctx, input) => quotes.addItems(ctx, input.quoteId, input.items),
  });

const getQuote = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    path: '/document/getQuote',
    methods: ['POST'],
    summary: 'A quote with its items, by quoteId or quoteNumber (one is required; both must name the same quote)',
    input: GetQuoteRequest,
    response: Quote,
    records: { quoteId: 'quote', quoteNumber: 'quoteNumber' },
    handler: (ctx, input) => quotes.get(ctx, input),
  });

const getQuoteItems = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    path: '/document/getQuoteItems',
    methods: ['POST'],
    summary: "A quote's items in line order, with productName and each line's tax",
    input: QuoteIdRequest,
    response: Type.Array(QuoteItem),
    records: { quoteId: 'quote' },
    handler: (ctx, input) => quotes.items(ctx, input.quoteId),
  });

const getCustomerQuotes = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    path: '/document/getCustomerQuotes',
    methods: ['POST'],
    summary: "A customer's quotes, newest first (at most 500) → quote summaries",
    input: CustomerIdRequest,
    response: Type.Array(QuoteSummary),
    records: { customerId: 'customer' },
    handler: (ctx, input) => quotes.customerQuotes(ctx, input.customerId),
  });

const getMyQuotes = ({ quotes }: QuoteServices) =>
  operation({
    path: '/document/getMyQuotes',
    methods: ['POST'],
    summary: "The caller's quotes, newest first (at most 500) → quote summaries",
    description:
      "A customer user's: those of its customer record. An employee's (who has none): those it created. A guest " +
      'or the website key: NOT_LOGGED_IN.',
    allow: Allow.loggedIn,
    sessionParameter: 'required',
    tags: ['quotes'],
    response: Type.Array(QuoteSummary),
    handler: (ctx) => quotes.myQuotes(ctx),
  });

const searchQuotes = ({ quotes }: QuoteServices) =>
  operation({
    ...staff,
    sessionParameter: 'required',
    path: '/document/searchQuotes',
    methods: ['POST'],
    summary: 'Quotes by number part, customer, creation dates or creator, newest first (at most 500) → summaries',
    description:
      'NUM needs quoteNumber (a case-insensitive part of it), CUST customerId, DATE fromDate and toDate (created on ' +
      "those tenant dates, both included; toDate before fromDate: INVALID_FORMAT), USER none (the caller's own). " +
      'The parameter the type needs, absent: MISSING_PARAMETER.',
    input: SearchQuotesRequest,
    response: Type.Array(QuoteSummary),
    records: { customerId: 'customer' },
    handler: (ctx, input) => quotes.search(ctx, input),
  });

const print = {
  path: '/document/printQuote',
  allow: Allow.anySession,
  tags: ['quotes'],
  input: PrintQuoteRequest,
  response: Pdf,
  records: { docnum: 'quoteNumber' },
} as const;

const printQuote = ({ documents }: QuoteServices) =>
  operation({
    ...print,
    methods: ['POST'],
    summary: 'The quote as a PDF (attachment): own quotes for customers, any for staff; docnum is the quote number',
    handler: (ctx, input) => documents.print(ctx, input.docnum),
  });

const printQuoteGet = ({ documents }: QuoteServices) =>
  operation({
    ...print,
    methods: ['GET'],
    summary: 'The quote as a PDF; a browser download carries the session as query `token` (spec part 1) or `session`',
    sessionQueryParameter: 'token',
    handler: (ctx, input) => documents.print(ctx, input.docnum),
  });

/** The specification's quote operations, bound to the area's services. */
export function quoteOperations(services: QuoteServices): OperationDeclaration[] {
  return [
    createQuote,
    addQuoteItem,
    getQuote,
    getQuoteItems,
    getCustomerQuotes,
    getMyQuotes,
    searchQuotes,
    printQuote,
    printQuoteGet,
  ].map((declare) => declare(services));
}
