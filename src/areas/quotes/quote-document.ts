// A quote as its PDF (/document/printQuote, and the attachment of the sent quote's e-mail), rendered by the
// documents area from what the quote stores: its lines with the tax each was given, and the tenant's tax
// registration number. Someone else's quote is NOTFOUND before this runs (the `quoteNumber` record reader).
import type { Queryable } from '../../platform/database/connections.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { formatDate, formatDateTime } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import type { DocumentsApi, QuoteDocument } from '../documents/index.js';
import type { SettingsApi } from '../settings/index.js';
import * as repo from './quotes.repository.js';

export interface QuoteDocumentDeps {
  documents: Pick<DocumentsApi, 'renderQuotePdf'>;
  settings: SettingsApi;
  customers: Pick<CustomersApi, 'findById'>;
}

/** '5.00' → '5%', '5.25' → '5.25%'. */
const rateText = (rate: string) => `${Number(rate)}%`;

export function createQuoteDocuments(deps: QuoteDocumentDeps) {
  async function documentOf(ctx: TenantContext, db: Queryable, quote: repo.QuoteWithItemsRow): Promise<QuoteDocument> {
    const settings = await deps.settings.read({ tenant: ctx.tenant, db });
    const customer = await deps.customers.findById(db, quote.customer_id);
    const currency = quote.currency;
    const minor = (text: string) => toMinor(text, currency);
    // Tax columns when the tenant charges tax now or any line was taxed; the rate shown is the lines' when they agree.
    const rates = new Set(
      quote.items.filter((item) => minor(item.tax_amount) !== 0).map((item) => item.tax_rate_percent),
    );
    const [lineRate] = rates;
    const taxed = rates.size > 0 || Number(settings.tax.ratePercent) > 0;
    const taxRate =
      rates.size === 1 && lineRate !== undefined ? rateText(lineRate) : rateText(settings.tax.ratePercent);
    return {
      tenantName: ctx.tenant.tenantName,
      ...(settings.tax.registrationNumber ? { taxRegistrationNumber: settings.tax.registrationNumber } : {}),
      quoteNumber: quote.quote_number,
      issueDate: formatDate(quote.created_at, ctx.tenant.timezone),
      validUntil: formatDateTime(quote.valid_until, ctx.tenant.timezone),
      status: quote.status,
      currency,
      customer: {
        name: quote.customer_name,
        ...(customer?.email ? { email: customer.email } : {}),
        ...(customer?.mobilePhone ? { phone: customer.mobilePhone } : {}),
      },
      lines: quote.items.map((item) => ({
        description: item.description,
        ...(item.product_name && item.product_name !== item.description ? { detail: item.product_name } : {}),
        quantity: Number(item.quantity),
        unitPriceMinor: minor(item.unit_price),
        totalMinor: minor(item.total_price),
        taxMinor: minor(item.tax_amount),
        taxRateText: rateText(item.tax_rate_percent),
      })),
      ...(taxed ? { tax: { name: 'VAT', rateText: rates.size > 1 ? 'several rates' : taxRate } } : {}),
      netMinor: minor(quote.net_amount),
      taxMinor: minor(quote.tax_amount),
      totalMinor: minor(quote.total_amount),
    };
  }

  /** The quote's PDF as the row shows it; `db` reads the settings and the customer (a transaction's, or the pool's). */
  async function pdfOf(ctx: TenantContext, db: Queryable, quote: repo.QuoteWithItemsRow): Promise<Buffer> {
    return deps.documents.renderQuotePdf(await documentOf(ctx, db, quote));
  }

  return {
    pdfOf,
    async print(ctx: TenantContext, quoteNumber: string): Promise<RawAnswer> {
      const quoteId = await repo.selectQuoteIdByNumber(ctx.db, quoteNumber);
      const quote = quoteId === undefined ? undefined : await repo.selectQuoteWithItems(ctx.db, quoteId);
      if (!quote) throw notFound('Quote');
      return new RawAnswer('application/pdf', await pdfOf(ctx, ctx.db, quote), {
        filename: `${quote.quote_number}.pdf`,
      });
    },
  };
}

export type QuoteDocuments = ReturnType<typeof createQuoteDocuments>;
