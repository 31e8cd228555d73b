// Request and answer schemas of quotes (/document/*Quote*). Amounts in answers are numbers rounded to the quote
// currency's minor unit; totalAmount is the gross (net + tax).
import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../platform/http/input.js';
import { Nullable, RecordId } from '../../platform/http/schema.js';
import { LIMITS, QUOTE_STATUSES, type QuoteStatus, SEARCH_TYPES, type SearchType } from './quotes.rules.js';

const DateTime = (description: string) =>
  Type.String({ description: `${description} (yyyy-MM-dd'T'HH:mm:ss, tenant time)` });

// Plain string enums (not unions of literals) so a wrong value is answered "must be one of …".
const Status = Type.Unsafe<QuoteStatus>(
  Type.String({ enum: [...QUOTE_STATUSES], description: QUOTE_STATUSES.join(', ') }),
);
const SearchTypeSchema = Type.Unsafe<SearchType>(
  Type.String({
    enum: [...SEARCH_TYPES],
    description:
      'NUM: quoteNumber contains the text; CUST: quotes of customerId; DATE: created from fromDate to toDate ' +
      'inclusive (tenant dates); USER: created by the caller',
  }),
);

export const QuoteItem = Type.Object({
  itemId: Type.Integer(),
  quoteId: Type.Integer(),
  description: Type.String(),
  quantity: Type.Number({ description: 'At most three decimals' }),
  unitPrice: Type.Number(),
  totalPrice: Type.Number({
    description: "quantity × unitPrice, as entered (net, or gross when the tenant's prices include tax)",
  }),
  productId: Nullable(Type.Integer()),
  productName: Nullable(Type.String({ description: "The product's name when the item was added" })),
  netAmount: Type.Number({ description: 'The line without tax' }),
  taxAmount: Type.Number({ description: "The line's tax, at the rate in force when it was added" }),
  grossAmount: Type.Number({ description: 'netAmount + taxAmount' }),
  taxRatePercent: Type.Number({ description: 'The tax rate applied to the line (0 when exempt or untaxed)' }),
});
export type QuoteItem = Static<typeof QuoteItem>;

const summaryFields = {
  quoteId: Type.Integer(),
  quoteNumber: Type.String({ description: 'QUO-<year>-<nnnnnn>, gapless per tenant and year' }),
  customerId: Type.Integer(),
  customerName: Type.String(),
  currencyId: Nullable(Type.Integer({ description: 'ISO 4217 numeric code (784 = AED)' })),
  currencyCode: Type.String({ description: 'ISO 4217 alphabetic code' }),
  netAmount: Type.Number({ description: 'Sum of the lines without tax' }),
  taxAmount: Type.Number({ description: 'Sum of the lines’ tax' }),
  totalAmount: Type.Number({ description: 'The gross: netAmount + taxAmount' }),
  status: Status,
  createDate: DateTime('When it was created'),
  validUntil: DateTime(
    "The end (23:59:59) of the tenant's day quoteValidityDays after creation: the date documents print",
  ),
  createdBy: Nullable(Type.Integer({ description: 'The user who created it' })),
  itemCount: Type.Integer(),
  tripRequestId: Nullable(Type.Integer({ description: 'The trip request the quote answers, if any' })),
  invoiceNumber: Nullable(
    Type.String({
      description: 'The invoice an ACCEPTED quote became: when the customer accepted it, or by /document/invoiceQuote',
    }),
  ),
  respondedAt: Nullable(DateTime('When the customer accepted or declined it on its page')),
};

export const QuoteSummary = Type.Object(summaryFields);
export type QuoteSummary = Static<typeof QuoteSummary>;

export const Quote = Type.Object({
  ...summaryFields,
  declineReason: Nullable(Type.String({ description: 'Why the customer declined it, if it said (REJECTED)' })),
  terms: Nullable(
    Type.String({ description: "The terms it was sent with (null while a DRAFT: the settings' quoteTerms apply)" }),
  ),
  items: Type.Array(QuoteItem),
});
export type Quote = Static<typeof Quote>;

export const NewQuoteItem = Type.Object({
  description: Type.Optional(
    Type.String({
      maxLength: LIMITS.description,
      description: "Required unless productId names the line (then the product's name)",
    }),
  ),
  quantity: Type.Number({ exclusiveMinimum: 0, maximum: LIMITS.quantity, description: '> 0, at most three decimals' }),
  unitPrice: Type.Number({
    minimum: 0,
    maximum: LIMITS.unitPrice,
    description: "≥ 0, at most the currency's decimals",
  }),
  productId: Type.Optional(RecordId('A catalog product (NOTFOUND when there is none)')),
});

const Items = (minItems: number) => Type.Array(NewQuoteItem, { minItems, maxItems: LIMITS.itemsPerRequest });

export const CreateQuoteRequest = Type.Object({
  customerId: RecordId('The customer the quote is for'),
  currencyId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 999, description: "ISO 4217 numeric code; default the tenant's currency" }),
  ),
  items: Type.Optional(Items(0)),
});
export type CreateQuoteRequest = Static<typeof CreateQuoteRequest>;

export const CreateQuoteFromTripRequest = Type.Object({
  requestId: RecordId('The trip request the quote answers (marked QUOTED)'),
  ...CreateQuoteRequest.properties,
});
export type CreateQuoteFromTripRequest = Static<typeof CreateQuoteFromTripRequest>;

export const AddQuoteItemRequest = Type.Object({ quoteId: RecordId('A DRAFT quote'), items: Items(1) });
export type AddQuoteItemRequest = Static<typeof AddQuoteItemRequest>;

export const GetQuoteRequest = Type.Object({
  quoteId: Type.Optional(RecordId('The quote; or quoteNumber (one of them is required)')),
  quoteNumber: Type.Optional(Type.String({ maxLength: 50, description: 'The quote number; or quoteId' })),
});
export type GetQuoteRequest = Static<typeof GetQuoteRequest>;

export const QuoteIdRequest = Type.Object({ quoteId: RecordId('The quote') });
export const CustomerIdRequest = Type.Object({ customerId: RecordId('The customer') });

export const SearchQuotesRequest = Type.Object({
  searchType: SearchTypeSchema,
  quoteNumber: Type.Optional(Type.String({ maxLength: 50, description: 'NUM: part of the quote number' })),
  customerId: Type.Optional(RecordId('CUST: the customer')),
  fromDate: Type.Optional(Type.String({ format: 'date', description: 'DATE: first day, yyyy-MM-dd (tenant date)' })),
  toDate: Type.Optional(Type.String({ format: 'date', description: 'DATE: last day, yyyy-MM-dd (tenant date)' })),
});
export type SearchQuotesRequest = Static<typeof SearchQuotesRequest>;

export const PrintQuoteRequest = Type.Object({
  docnum: Type.String({ maxLength: 50, description: 'The quote number' }),
});
export const Pdf = Type.String({ description: 'application/pdf' });
export const Html = Type.String({ description: 'text/html' });

export const QuoteResponseQuery = Type.Object({
  token: Type.String({ maxLength: 200, description: "The token of the sent quote's e-mail link", [VERBATIM]: true }),
});
export const QuoteResponseForm = Type.Object({
  token: Type.String({ maxLength: 200, [VERBATIM]: true }),
  decision: Type.Unsafe<'accept' | 'reject'>(Type.String({ enum: ['accept', 'reject'] })),
  reason: Type.Optional(
    Type.String({ maxLength: LIMITS.declineReason, description: 'Why the customer declines (reject; optional)' }),
  ),
  confirmed: Type.Optional(
    Type.String({ maxLength: 10, description: "'yes': the customer confirmed declining; without it reject only asks" }),
  ),
});
