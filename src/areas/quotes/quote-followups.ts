// What follows a quote (beyond the specification): a DRAFT made for a trip request, which marks the request QUOTED
// in the same transaction (customers api), and the invoice of an ACCEPTED quote, made by the sales area's
// invoiceForLines in the quote's transaction with the lines' tax as the quote fixed it: when the customer accepts it
// on its page, or by staff (/document/invoiceQuote) for a quote accepted without one.
import { withTransaction } from '../../platform/database/transaction.js';
import type { TransactionSql } from '../../platform/database/connections.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { toMinor } from '../../platform/money.js';
import type { CustomersApi } from '../customers/index.js';
import type { InvoicedLines, InvoiceLineInput, SalesApi } from '../sales/index.js';
import { quoteAnswer, type QuoteWrites } from './quote-writes.js';
import * as repo from './quotes.repository.js';
import type { CreateQuoteFromTripRequest, Quote } from './quotes.schemas.js';

export interface QuoteFollowUpDeps {
  writes: Pick<QuoteWrites, 'createDraft'>;
  customers: Pick<CustomersApi, 'markTripRequestQuoted'>;
  sales: Pick<SalesApi, 'invoiceForLines'>;
}

/**
 * The rate an invoice names: the quote's one rate when its taxed lines share it, the highest of them when they do
 * not (each line still carries its own tax), '0' when no line is taxed.
 */
export function invoiceRate(items: ReadonlyArray<{ tax_rate_percent: string; tax_amount: string }>): string {
  const rates = items.filter((item) => Number(item.tax_amount) !== 0).map((item) => Number(item.tax_rate_percent));
  return String(rates.length === 0 ? 0 : Math.max(...rates));
}

function invoiceLine(item: repo.ItemRow, currency: string): InvoiceLineInput {
  const minor = (text: string) => toMinor(text, currency);
  return {
    description: item.description,
    quantity: Number(item.quantity),
    unitPriceMinor: minor(item.unit_price),
    netMinor: minor(item.net_amount),
    taxMinor: minor(item.tax_amount),
    grossMinor: minor(item.gross_amount),
    productId: item.product_id,
  };
}

/**
 * The accepted quote's invoice, in the caller's transaction under the quote's lock: an UNPAID order of its lines with
 * their tax as the quote fixed it, referencing the quote; the quote keeps the invoice's number.
 */
export async function invoiceAcceptedQuote(
  sales: Pick<SalesApi, 'invoiceForLines'>,
  ctx: TenantContext,
  tx: TransactionSql,
  quote: repo.QuoteRow,
): Promise<InvoicedLines> {
  const items = await repo.selectItems(tx, quote.quote_id);
  const invoiced = await sales.invoiceForLines(ctx, tx, {
    customerId: quote.customer_id,
    currency: quote.currency,
    taxRatePercent: invoiceRate(items),
    lines: items.map((item) => invoiceLine(item, quote.currency)),
    reference: quote.quote_number,
  });
  await repo.setInvoiceNumber(tx, quote.quote_id, invoiced.invoiceNumber, ctx.now);
  return invoiced;
}

export function createQuoteFollowUps(deps: QuoteFollowUpDeps) {
  return {
    fromTripRequest(ctx: TenantContext, input: CreateQuoteFromTripRequest): Promise<Quote> {
      const { requestId, ...quote } = input;
      return deps.writes.createDraft(ctx, quote, {
        tripRequestId: requestId,
        inTransaction: async (tx) => {
          await deps.customers.markTripRequestQuoted(tx, requestId);
        },
      });
    },

    async invoice(ctx: TenantContext, quoteId: number): Promise<Quote> {
      await withTransaction(ctx, async (tx) => {
        const quote = await repo.lockQuote(tx, quoteId);
        if (!quote) throw notFound('Quote');
        if (quote.invoice_number !== null) {
          throw new ApiError(
            ErrorCode.INVALID_STATE,
            `Quote ${quote.quote_number} was invoiced already: ${quote.invoice_number}`,
          );
        }
        if (quote.status !== 'ACCEPTED') {
          throw new ApiError(
            ErrorCode.INVALID_STATE,
            `Quote ${quote.quote_number} is ${quote.status}: only an ACCEPTED quote is invoiced`,
          );
        }
        await invoiceAcceptedQuote(deps.sales, ctx, tx, quote);
      });
      return quoteAnswer(ctx, quoteId);
    },
  };
}

export type QuoteFollowUps = ReturnType<typeof createQuoteFollowUps>;
