// A quote as a document (/document/printQuote, the attachment of the sent quote's e-mail, and the figures of its page
// on the service), built from what the quote stores: its lines with the tax each was given, the terms it was sent
// with; and from the settings: the agency's identity and tax registration number. Someone else's quote is NOTFOUND
// before this runs (the `quoteNumber` record reader).
import type { Queryable } from '../../platform/database/connections.js';
import { notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import { toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import { type DocumentsApi, issuerOf, type QuoteDocument } from '../documents/index.js';
import type { SettingsApi, TenantSettings } from '../settings/index.js';
import * as repo from './quotes.repository.js';

export interface QuoteDocumentDeps {
  documents: Pick<DocumentsApi, 'renderQuotePdf'>;
  settings: SettingsApi;
  customers: Pick<CustomersApi, 'findById' | 'addressOf'>;
}

/** '5.00' → '5%', '5.25' → '5.25%'. */
const rateText = (rate: string) => `${Number(rate)}%`;

/**
 * The tax as the totals name it: the lines' one rate ("VAT 5%"), "VAT" when they differ (each line shows its own),
 * none when no line is taxed; a DRAFT without taxed lines names the rate its next lines will get, if any.
 */
function taxLabelOf(quote: repo.QuoteWithItemsRow, settings: TenantSettings): string | undefined {
  const rates = new Set(quote.items.filter((item) => Number(item.tax_rate_percent) > 0).map((i) => i.tax_rate_percent));
  const [rate] = rates;
  if (rates.size > 1) return 'VAT';
  if (rate !== undefined) return `VAT ${rateText(rate)}`;
  if (quote.status === 'DRAFT' && Number(settings.tax.ratePercent) > 0)
    return `VAT ${rateText(settings.tax.ratePercent)}`;
  return undefined;
}

/** A line's VAT cell: its rate, marked "incl." when its price was entered with the tax in it. */
function lineTaxText(item: repo.ItemRow, currency: string): string {
  const minor = (text: string) => toMinor(text, currency);
  const inclusive = minor(item.tax_amount) !== 0 && minor(item.total_price) === minor(item.gross_amount);
  return `${rateText(item.tax_rate_percent)}${inclusive ? ' incl.' : ''}`;
}

export function createQuoteDocuments(deps: QuoteDocumentDeps) {
  /** The quote as its documents show it; `db` reads the settings and the customer (a transaction's, or the pool's). */
  async function documentOf(ctx: TenantContext, db: Queryable, quote: repo.QuoteWithItemsRow): Promise<QuoteDocument> {
    const settings = await deps.settings.read({ tenant: ctx.tenant, db });
    const customer = await deps.customers.findById(db, quote.customer_id);
    const address = await deps.customers.addressOf(db, quote.customer_id);
    const { timezone } = ctx.tenant;
    const currency = quote.currency;
    const minor = (text: string) => toMinor(text, currency);
    const taxLabel = taxLabelOf(quote, settings);
    // A DRAFT shows the terms it would be sent with now; a sent quote those it was sent with.
    const terms = quote.status === 'DRAFT' ? settings.quoteTerms : quote.terms;
    return {
      issuer: issuerOf(settings.agency, settings.tax.registrationNumber),
      quoteNumber: quote.quote_number,
      issueDate: formatDate(quote.created_at, timezone),
      validUntil: formatDate(quote.valid_until, timezone),
      status: quote.status,
      ...(quote.responded_at ? { answeredOn: formatDate(quote.responded_at, timezone) } : {}),
      currency,
      customer: {
        name: quote.customer_name,
        ...(address?.address ? { address: address.address } : {}),
        ...(address?.taxNumber ? { taxNumber: address.taxNumber } : {}),
        ...(customer?.email ? { email: customer.email } : {}),
        ...(customer?.mobilePhone ? { phone: customer.mobilePhone } : {}),
      },
      lines: quote.items.map((item) => ({
        description: item.description,
        ...(item.product_name && item.product_name !== item.description ? { detail: item.product_name } : {}),
        quantity: Number(item.quantity),
        unitPriceMinor: minor(item.unit_price),
        netMinor: minor(item.net_amount),
        taxMinor: minor(item.tax_amount),
        taxText: lineTaxText(item, currency),
      })),
      ...(taxLabel ? { taxLabel } : {}),
      netMinor: minor(quote.net_amount),
      taxMinor: minor(quote.tax_amount),
      totalMinor: minor(quote.total_amount),
      ...(terms ? { terms } : {}),
    };
  }

  /** The quote's PDF as the row shows it. */
  async function pdfOf(ctx: TenantContext, db: Queryable, quote: repo.QuoteWithItemsRow): Promise<Buffer> {
    return deps.documents.renderQuotePdf(await documentOf(ctx, db, quote));
  }

  /** The PDF as a download named by the quote's number. */
  async function pdfAnswer(ctx: TenantContext, quote: repo.QuoteWithItemsRow): Promise<RawAnswer> {
    return new RawAnswer('application/pdf', await pdfOf(ctx, ctx.db, quote), { filename: `${quote.quote_number}.pdf` });
  }

  return {
    documentOf,
    pdfOf,
    pdfAnswer,
    async print(ctx: TenantContext, quoteNumber: string): Promise<RawAnswer> {
      const quoteId = await repo.selectQuoteIdByNumber(ctx.db, quoteNumber);
      const quote = quoteId === undefined ? undefined : await repo.selectQuoteWithItems(ctx.db, quoteId);
      if (!quote) throw notFound('Quote');
      return pdfAnswer(ctx, quote);
    },
  };
}

export type QuoteDocuments = ReturnType<typeof createQuoteDocuments>;
