// Quote writes: create a DRAFT (numbered, valid for the tenant's quoteValidityDays, each line taxed at the rate in
// force) and add items while it is a DRAFT. Each runs in one transaction, under the quote's row lock when it changes
// one; the catalog is read first, on the request's own connection, which the transaction then holds.
import { loggedInUserId } from '../../platform/auth/session.js';
import type { TransactionSql } from '../../platform/database/connections.js';
import { nextNumber } from '../../platform/database/counters.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { invalidFormat, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CustomersApi } from '../customers/index.js';
import type { SettingsApi } from '../settings/index.js';
import { currencyAlphaOf } from './iso4217.js';
import { type LineProducts, storedLines } from './quote-lines.js';
import { productNames, type QuotesCatalog } from './quoted-products.js';
import * as repo from './quotes.repository.js';
import {
  checkEditable,
  checkItems,
  type ItemInput,
  LIMITS,
  QUOTE_SERIES,
  quoteNumberOf,
  tenantYear,
  validUntilOf,
} from './quotes.rules.js';
import type { CreateQuoteRequest, Quote } from './quotes.schemas.js';
import { toQuote } from './quotes.view.js';

export interface QuoteWriteDeps {
  customers: Pick<CustomersApi, 'findById'>;
  settings: SettingsApi;
  catalog: QuotesCatalog;
}

/** Something else the creating transaction must do (mark the trip request the quote answers QUOTED). */
export interface DraftOrigin {
  tripRequestId: number;
  inTransaction: (tx: TransactionSql) => Promise<void>;
}

/** The quote as answered after a change: read after commit, on the request's connection. */
export async function quoteAnswer(ctx: TenantContext, quoteId: number): Promise<Quote> {
  const row = await repo.selectQuoteWithItems(ctx.db, quoteId);
  if (!row) throw notFound('Quote');
  return toQuote(row, ctx.tenant.timezone);
}

/** The quote's currency: the ISO 4217 numeric code's, else the tenant's (contract §6, §7.4). */
function currencyOf(ctx: TenantContext, currencyId: number | undefined): string {
  if (currencyId === undefined) return ctx.tenant.currency.toUpperCase();
  const alpha = currencyAlphaOf(currencyId);
  if (!alpha) throw invalidFormat('currencyId', `${currencyId} is not an ISO 4217 numeric currency code`);
  return alpha;
}

export function createQuoteWrites(deps: QuoteWriteDeps) {
  /** Checked items and their products' names (NOTFOUND naming a missing product). */
  async function prepareLines(ctx: TenantContext, items: readonly ItemInput[], currency: string) {
    const checked = checkItems(items, currency);
    const names = await productNames(
      ctx,
      deps.catalog,
      checked.map((item) => item.productId),
    );
    return { checked, names };
  }

  /**
   * In the transaction: the products stay until it ends (a line names them; NOTFOUND when one went meanwhile), and
   * which of them are exempt from tax now.
   */
  async function lineProducts(tx: TransactionSql, names: ReadonlyMap<number, string>): Promise<LineProducts> {
    const productIds = [...names.keys()].sort((a, b) => a - b);
    for (const productId of productIds) {
      if (!(await deps.catalog.lockProductKey(tx, productId))) throw notFound(`Product ${productId}`);
    }
    return { names, taxExempt: await deps.catalog.taxExemptProducts(tx, productIds) };
  }

  async function createDraft(ctx: TenantContext, input: CreateQuoteRequest, origin?: DraftOrigin): Promise<Quote> {
    const currency = currencyOf(ctx, input.currencyId);
    const { checked, names } = await prepareLines(ctx, input.items ?? [], currency);
    const year = tenantYear(ctx.now, ctx.tenant.timezone);
    const quoteId = await withTransaction(ctx, async (tx) => {
      const customer = await deps.customers.findById(tx, input.customerId);
      if (!customer) throw notFound('Customer');
      const settings = await deps.settings.read({ tenant: ctx.tenant, db: tx });
      const products = await lineProducts(tx, names);
      await origin?.inTransaction(tx);
      // The counter last: its row lock is held only for the few statements before commit.
      const sequence = await nextNumber(tx, QUOTE_SERIES, year);
      const id = await repo.insertQuote(tx, {
        quoteNumber: quoteNumberOf(year, sequence),
        customerId: customer.customerId,
        customerName: customer.custName,
        currency,
        validUntil: validUntilOf(ctx.now, settings.quoteValidityDays, ctx.tenant.timezone),
        createdBy: loggedInUserId(ctx.session),
        tripRequestId: origin?.tripRequestId ?? null,
        now: ctx.now,
      });
      await repo.insertItems(tx, id, storedLines(checked, products, settings.tax, currency), ctx.now);
      await repo.updateTotals(tx, id, ctx.now);
      return id;
    });
    return quoteAnswer(ctx, quoteId);
  }

  /** Adds the items to a DRAFT under its row lock: concurrent additions all land, the totals are their sum. */
  async function addItems(ctx: TenantContext, quoteId: number, items: readonly ItemInput[]): Promise<Quote> {
    // Checked before the catalog is read, and again under the lock.
    const current = await repo.selectQuote(ctx.db, quoteId);
    if (!current) throw notFound('Quote');
    checkEditable(current.quote_number, current.status);
    const { checked, names } = await prepareLines(ctx, items, current.currency);
    await withTransaction(ctx, async (tx) => {
      const quote = await repo.lockQuote(tx, quoteId);
      if (!quote) throw notFound('Quote');
      checkEditable(quote.quote_number, quote.status);
      if (quote.item_count + checked.length > LIMITS.itemsPerQuote) {
        throw invalidFormat('items', `would make more than ${LIMITS.itemsPerQuote} items on the quote`);
      }
      const settings = await deps.settings.read({ tenant: ctx.tenant, db: tx });
      const products = await lineProducts(tx, names);
      await repo.insertItems(tx, quoteId, storedLines(checked, products, settings.tax, quote.currency), ctx.now);
      await repo.updateTotals(tx, quoteId, ctx.now);
    });
    return quoteAnswer(ctx, quoteId);
  }

  return { createDraft, addItems };
}

export type QuoteWrites = ReturnType<typeof createQuoteWrites>;
