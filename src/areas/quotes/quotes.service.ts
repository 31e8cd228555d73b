// Quotes for employees: the writes (quote-writes.ts), a quote by id or number, its items, and the lists of a
// customer's quotes, the caller's own, and those a search finds.
import { loggedInUserId } from '../../platform/auth/session.js';
import { isEmployee } from '../../platform/auth/roles.js';
import { missingParameter, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CustomerRecordOf } from '../customers/index.js';
import { createQuoteWrites, type QuoteWriteDeps } from './quote-writes.js';
import * as repo from './quotes.repository.js';
import { containsPattern, dateRange, LIMITS } from './quotes.rules.js';
import type {
  CreateQuoteRequest,
  GetQuoteRequest,
  Quote,
  QuoteItem,
  QuoteSummary,
  SearchQuotesRequest,
} from './quotes.schemas.js';
import { toQuote, toQuoteItem, toQuoteSummary } from './quotes.view.js';

export interface QuoteServiceDeps extends QuoteWriteDeps {
  customerRecordOf: CustomerRecordOf;
}

const list = async (ctx: TenantContext, filter: repo.QuoteFilter): Promise<QuoteSummary[]> =>
  (await repo.listQuotes(ctx.db, filter, LIMITS.listRows)).map((row) => toQuoteSummary(row, ctx.tenant.timezone));

export function createQuoteService(deps: QuoteServiceDeps) {
  const writes = createQuoteWrites(deps);
  return {
    ...writes,
    create: (ctx: TenantContext, input: CreateQuoteRequest) => writes.createDraft(ctx, input),

    async get(ctx: TenantContext, input: GetQuoteRequest): Promise<Quote> {
      const quoteId = await quoteIdOf(ctx, input);
      const row = await repo.selectQuoteWithItems(ctx.db, quoteId);
      // Both given: they must name the same quote.
      if (!row || (input.quoteNumber !== undefined && row.quote_number !== input.quoteNumber)) throw notFound('Quote');
      return toQuote(row, ctx.tenant.timezone);
    },

    async items(ctx: TenantContext, quoteId: number): Promise<QuoteItem[]> {
      const row = await repo.selectQuoteWithItems(ctx.db, quoteId);
      if (!row) throw notFound('Quote');
      return row.items.map((item) => toQuoteItem(item, row.currency));
    },

    customerQuotes: (ctx: TenantContext, customerId: number) => list(ctx, { customerId }),

    /** A customer user's: those of its customer record; an employee's (who has none): those it created. */
    async myQuotes(ctx: TenantContext): Promise<QuoteSummary[]> {
      if (isEmployee(ctx.roles)) return list(ctx, { createdBy: loggedInUserId(ctx.session) ?? 0 });
      const customerId = await deps.customerRecordOf(ctx);
      return customerId === undefined ? [] : list(ctx, { customerId });
    },

    search: (ctx: TenantContext, input: SearchQuotesRequest) => list(ctx, searchFilter(ctx, input)),
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;

async function quoteIdOf(ctx: TenantContext, input: GetQuoteRequest): Promise<number> {
  if (input.quoteId !== undefined) return input.quoteId;
  if (input.quoteNumber === undefined) throw missingParameter('quoteId or quoteNumber');
  const quoteId = await repo.selectQuoteIdByNumber(ctx.db, input.quoteNumber);
  if (quoteId === undefined) throw notFound('Quote');
  return quoteId;
}

function searchFilter(ctx: TenantContext, input: SearchQuotesRequest): repo.QuoteFilter {
  switch (input.searchType) {
    case 'NUM':
      if (input.quoteNumber === undefined) throw missingParameter('quoteNumber');
      return { numberPattern: containsPattern(input.quoteNumber) };
    case 'CUST':
      if (input.customerId === undefined) throw missingParameter('customerId');
      return { customerId: input.customerId };
    case 'DATE': {
      if (input.fromDate === undefined) throw missingParameter('fromDate');
      if (input.toDate === undefined) throw missingParameter('toDate');
      const range = dateRange(input.fromDate, input.toDate, ctx.tenant.timezone);
      return { createdFrom: range.from, createdUntil: range.until };
    }
    case 'USER':
      return { createdBy: loggedInUserId(ctx.session) ?? 0 };
  }
}
