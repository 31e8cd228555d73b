// Quotes as the API shows them: amounts as numbers of the currency's minor unit, datetimes in the tenant's
// timezone, the ISO 4217 numeric code beside the alphabetic one.
import { decimalAmount } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import { currencyNumericOf } from './iso4217.js';
import type { ItemRow, QuoteRow, QuoteWithItemsRow } from './quotes.repository.js';
import type { Quote, QuoteItem, QuoteSummary } from './quotes.schemas.js';

/** A numeric column's decimal text as an answer's number, rounded to the currency's minor unit. */
const amount = (text: string, currency: string) => decimalAmount(text, currency);

export function toQuoteSummary(row: QuoteRow, timezone: string): QuoteSummary {
  const currency = row.currency;
  return {
    quoteId: row.quote_id,
    quoteNumber: row.quote_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    currencyId: currencyNumericOf(currency) ?? null,
    currencyCode: currency,
    netAmount: amount(row.net_amount, currency),
    taxAmount: amount(row.tax_amount, currency),
    totalAmount: amount(row.total_amount, currency),
    status: row.status,
    createDate: formatDateTime(row.created_at, timezone),
    validUntil: formatDateTime(row.valid_until, timezone),
    createdBy: row.created_by,
    itemCount: row.item_count,
    tripRequestId: row.trip_request_id,
    invoiceNumber: row.invoice_number,
    respondedAt: row.responded_at ? formatDateTime(row.responded_at, timezone) : null,
  };
}

export function toQuoteItem(row: ItemRow, currency: string): QuoteItem {
  return {
    itemId: row.item_id,
    quoteId: row.quote_id,
    description: row.description,
    quantity: Number(row.quantity),
    unitPrice: amount(row.unit_price, currency),
    totalPrice: amount(row.total_price, currency),
    productId: row.product_id,
    productName: row.product_name,
    netAmount: amount(row.net_amount, currency),
    taxAmount: amount(row.tax_amount, currency),
    grossAmount: amount(row.gross_amount, currency),
    taxRatePercent: Number(row.tax_rate_percent),
  };
}

export function toQuote(row: QuoteWithItemsRow, timezone: string): Quote {
  return {
    ...toQuoteSummary(row, timezone),
    declineReason: row.decline_reason,
    terms: row.terms,
    items: row.items.map((item) => toQuoteItem(item, row.currency)),
  };
}
