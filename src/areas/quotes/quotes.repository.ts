// SQL of quotes, their items, the yearly number counter and the response tokens. Plain rows out; numeric columns
// as PostgreSQL's decimal text. Lock order: the quote row, then its items; the counter row last, just before commit.
import type { Queryable } from '../../platform/database/connections.js';
import type { QuoteStatus } from './quotes.rules.js';

export interface QuoteRow {
  quote_id: number;
  quote_number: string;
  customer_id: number;
  customer_name: string;
  currency: string;
  status: QuoteStatus;
  net_amount: string;
  tax_amount: string;
  total_amount: string;
  valid_until: Date;
  created_by: number | null;
  trip_request_id: number | null;
  invoice_number: string | null;
  created_at: Date;
  /** When the customer accepted or declined it, and why it declined (if it said). */
  responded_at: Date | null;
  decline_reason: string | null;
  /** The terms it was sent with (null: a DRAFT, or none). */
  terms: string | null;
  item_count: number;
}

export interface ItemRow {
  item_id: number;
  quote_id: number;
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string;
  total_price: string;
  net_amount: string;
  tax_amount: string;
  gross_amount: string;
  tax_rate_percent: string;
  product_id: number | null;
  product_name: string | null;
}

export interface QuoteWithItemsRow extends QuoteRow {
  items: ItemRow[];
}

const quoteFields = (db: Queryable) => db`
  q.quote_id, q.quote_number, q.customer_id, q.customer_name, q.currency, q.status,
  q.net_amount::text AS net_amount, q.tax_amount::text AS tax_amount, q.total_amount::text AS total_amount,
  q.valid_until, q.created_by, q.trip_request_id, q.invoice_number, q.created_at, q.responded_at, q.decline_reason,
  q.terms`;

const quoteColumns = (db: Queryable) => db`
  ${quoteFields(db)}, (SELECT count(*)::int FROM quote_items c WHERE c.quote_id = q.quote_id) AS item_count`;

const itemColumns = (db: Queryable) => db`
  item_id, quote_id, line_no, description, quantity::text AS quantity, unit_price::text AS unit_price,
  total_price::text AS total_price, net_amount::text AS net_amount, tax_amount::text AS tax_amount,
  gross_amount::text AS gross_amount, tax_rate_percent::text AS tax_rate_percent, product_id, product_name`;

// The items as one JSON array, kept in the quote's own row (items_json, migration 0029) whenever items are added:
// a quote read is one primary-key read. Numbers as text, so no decimal passes through a binary float.
const itemsJson = (db: Queryable) => db`
  coalesce((SELECT json_agg(json_build_object(
      'item_id', i.item_id, 'quote_id', i.quote_id, 'line_no', i.line_no, 'description', i.description,
      'quantity', i.quantity::text, 'unit_price', i.unit_price::text, 'total_price', i.total_price::text,
      'net_amount', i.net_amount::text, 'tax_amount', i.tax_amount::text, 'gross_amount', i.gross_amount::text,
      'tax_rate_percent', i.tax_rate_percent::text, 'product_id', i.product_id, 'product_name', i.product_name)
    ORDER BY i.line_no)
  FROM quote_items i WHERE i.quote_id = q.quote_id), '[]'::json)`;

export async function selectQuoteWithItems(db: Queryable, quoteId: number): Promise<QuoteWithItemsRow | undefined> {
  // The items are read once: their count is the array's length, not a second scan of them.
  const [row] = await db<Omit<QuoteWithItemsRow, 'item_count'>[]>`
    SELECT ${quoteFields(db)}, q.items_json AS items FROM quotes q WHERE q.quote_id = ${quoteId}`;
  return row && { ...row, item_count: row.items.length };
}

export async function selectQuoteIdByNumber(db: Queryable, quoteNumber: string): Promise<number | undefined> {
  const [row] = await db<{ quote_id: number }[]>`SELECT quote_id FROM quotes WHERE quote_number = ${quoteNumber}`;
  return row?.quote_id;
}

/** The quote's customer: what the record readers compare with the caller's own customer record. */
export async function selectQuoteCustomer(
  db: Queryable,
  key: { quoteId: number } | { quoteNumber: string },
): Promise<number | undefined> {
  // One statement per key, each on its own unique index (an "x IS NULL OR" filter may plan as a scan).
  const [row] =
    'quoteId' in key
      ? await db<{ customer_id: number }[]>`SELECT customer_id FROM quotes WHERE quote_id = ${key.quoteId}`
      : await db<{ customer_id: number }[]>`SELECT customer_id FROM quotes WHERE quote_number = ${key.quoteNumber}`;
  return row?.customer_id;
}

export function selectItems(db: Queryable, quoteId: number): Promise<ItemRow[]> {
  return db<ItemRow[]>`SELECT ${itemColumns(db)} FROM quote_items WHERE quote_id = ${quoteId} ORDER BY line_no`;
}

export async function selectQuote(db: Queryable, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await db<QuoteRow[]>`SELECT ${quoteColumns(db)} FROM quotes q WHERE q.quote_id = ${quoteId}`;
  return row;
}

/** The quote row, locked until the transaction ends: items, totals and status change under this lock only. */
export async function lockQuote(db: Queryable, quoteId: number): Promise<QuoteRow | undefined> {
  const [row] = await db<QuoteRow[]>`SELECT ${quoteColumns(db)} FROM quotes q WHERE q.quote_id = ${quoteId} FOR UPDATE`;
  return row;
}

/** Which quotes a list shows: by customer, by creator, by number part, by creation time. */
export interface QuoteFilter {
  customerId?: number;
  createdBy?: number;
  numberPattern?: string;
  createdFrom?: Date;
  createdUntil?: Date;
}

/** Summaries newest first. */
export function listQuotes(db: Queryable, filter: QuoteFilter, limit: number): Promise<QuoteRow[]> {
  return db<QuoteRow[]>`
    SELECT ${quoteColumns(db)} FROM quotes q
    WHERE (${filter.customerId ?? null}::int IS NULL OR q.customer_id = ${filter.customerId ?? null})
      AND (${filter.createdBy ?? null}::int IS NULL OR q.created_by = ${filter.createdBy ?? null})
      AND (${filter.numberPattern ?? null}::text IS NULL OR q.quote_number ILIKE ${filter.numberPattern ?? null})
      AND (${filter.createdFrom ?? null}::timestamptz IS NULL OR q.created_at >= ${filter.createdFrom ?? null})
      AND (${filter.createdUntil ?? null}::timestamptz IS NULL OR q.created_at < ${filter.createdUntil ?? null})
    ORDER BY q.created_at DESC, q.quote_id DESC
    LIMIT ${limit}`;
}

export interface NewQuote {
  quoteNumber: string;
  customerId: number;
  customerName: string;
  currency: string;
  validUntil: Date;
  createdBy: number | null;
  tripRequestId: number | null;
  now: Date;
}

export async function insertQuote(db: Queryable, quote: NewQuote): Promise<number> {
  const [row] = await db<{ quote_id: number }[]>`
    INSERT INTO quotes (quote_number, customer_id, customer_name, currency, valid_until, created_by,
                        trip_request_id, created_at, updated_at)
    VALUES (${quote.quoteNumber}, ${quote.customerId}, ${quote.customerName}, ${quote.currency}, ${quote.validUntil},
            ${quote.createdBy}, ${quote.tripRequestId}, ${quote.now}, ${quote.now})
    RETURNING quote_id`;
  if (!row) throw new Error('quote insert returned no row');
  return row.quote_id;
}

/** A line as stored: decimal texts of the currency, the tax in force, the product's name then. */
export interface NewItem {
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  net: string;
  tax: string;
  gross: string;
  taxRatePercent: string;
  pricesIncludeTax: boolean;
  taxExempt: boolean;
  productId: number | null;
  productName: string | null;
}

/** Appends the lines after the quote's last line number (the caller holds the quote's lock). */
export async function insertItems(db: Queryable, quoteId: number, items: readonly NewItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const [last] = await db<{ last: number }[]>`
    SELECT coalesce(max(line_no), 0)::int AS last FROM quote_items WHERE quote_id = ${quoteId}`;
  const first = (last?.last ?? 0) + 1;
  const rows = items.map((item, index) => ({
    quote_id: quoteId,
    line_no: first + index,
    description: item.description,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    total_price: item.totalPrice,
    net_amount: item.net,
    tax_amount: item.tax,
    gross_amount: item.gross,
    tax_rate_percent: item.taxRatePercent,
    prices_include_tax: item.pricesIncludeTax,
    tax_exempt: item.taxExempt,
    product_id: item.productId,
    product_name: item.productName,
    created_at: now,
  }));
  await db`INSERT INTO quote_items ${db(rows)}`;
}

/** The quote's totals become the sums of its lines, and its items' JSON the lines (under the quote's lock). */
export async function updateTotals(db: Queryable, quoteId: number, now: Date): Promise<void> {
  await db`
    UPDATE quotes q SET
      net_amount = s.net, tax_amount = s.tax, total_amount = s.gross, items_json = ${itemsJson(db)},
      updated_at = ${now}
    FROM (SELECT coalesce(sum(net_amount), 0) AS net, coalesce(sum(tax_amount), 0) AS tax,
                 coalesce(sum(gross_amount), 0) AS gross
          FROM quote_items WHERE quote_id = ${quoteId}) s
    WHERE q.quote_id = ${quoteId}`;
}

/** The terms a quote is sent with, kept with it (the caller holds its lock). */
export async function setTerms(db: Queryable, quoteId: number, terms: string | null): Promise<void> {
  await db`UPDATE quotes SET terms = ${terms} WHERE quote_id = ${quoteId}`;
}

/** Why the customer declined the quote, as it wrote it (the caller holds its lock). */
export async function setDeclineReason(db: Queryable, quoteId: number, reason: string): Promise<void> {
  await db`UPDATE quotes SET decline_reason = ${reason} WHERE quote_id = ${quoteId}`;
}

/** Moves the quote from one status to another; false when it was not in `from` (the caller holds its lock). */
export async function updateStatus(
  db: Queryable,
  quoteId: number,
  from: QuoteStatus,
  to: QuoteStatus,
  now: Date,
): Promise<boolean> {
  const rows = await db`
    UPDATE quotes SET status = ${to}, updated_at = ${now},
      sent_at = CASE WHEN ${to} = 'SENT' THEN ${now}::timestamptz ELSE sent_at END,
      responded_at = CASE WHEN ${to} IN ('ACCEPTED', 'REJECTED') THEN ${now}::timestamptz ELSE responded_at END
    WHERE quote_id = ${quoteId} AND status = ${from}
    RETURNING quote_id`;
  return rows.length === 1;
}

export async function setInvoiceNumber(db: Queryable, quoteId: number, invoiceNumber: string, now: Date) {
  await db`UPDATE quotes SET invoice_number = ${invoiceNumber}, updated_at = ${now} WHERE quote_id = ${quoteId}`;
}

// ---- response tokens ----

export async function insertResponseToken(db: Queryable, hash: Buffer, quoteId: number, expiresAt: Date, now: Date) {
  await db`
    INSERT INTO quote_response_tokens (token_hash, quote_id, expires_at, created_at)
    VALUES (${hash}, ${quoteId}, ${expiresAt}, ${now})`;
}

export interface TokenRow {
  quote_id: number;
  expires_at: Date;
  used_at: Date | null;
}

export async function selectResponseToken(db: Queryable, hash: Buffer): Promise<TokenRow | undefined> {
  const [row] = await db<TokenRow[]>`
    SELECT quote_id, expires_at, used_at FROM quote_response_tokens WHERE token_hash = ${hash}`;
  return row;
}

/** Uses the token once: only an unused, unexpired one is taken (the row's lock decides between racing answers). */
export async function useResponseToken(db: Queryable, hash: Buffer, now: Date): Promise<number | undefined> {
  const [row] = await db<{ quote_id: number }[]>`
    UPDATE quote_response_tokens SET used_at = ${now}
    WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > ${now}
    RETURNING quote_id`;
  return row?.quote_id;
}
