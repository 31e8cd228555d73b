// GET and POST /document/quoteResponse: the customer's answer to a sent quote, from the e-mail's link. The token is
// the key (no session): unknown (404), used or expired (410), it gets a page saying so, never an error envelope or a
// 500 (a malformed request gets the kernel's error page: an htmlPage operation). A
// decision is taken once: under the quote's row lock the token is used (only if unused and unexpired) and the quote
// moves SENT → ACCEPTED | REJECTED in the same transaction.
import { sha256 } from '../../platform/crypto.js';
import type { Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { Branding, Brands } from '../../platform/rendering/branding.js';
import { toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import { formatDateText, formatMinorAmount } from '../documents/index.js';
import { messagePage, quotePage } from './quote-response-page.js';
import * as repo from './quotes.repository.js';

// Never cached, never framed (the buttons decide), no referrer (the address holds the token), nothing external.
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, { status, headers: PAGE_HEADERS });

type Decision = 'accept' | 'reject';

/** Why a token cannot be used now, as a page; undefined when it can. */
async function unusable(ctx: TenantContext, db: Queryable, token: repo.TokenRow | undefined, branding: Branding) {
  // An unknown link is 404; one used or past its quote's validity is gone (410): the page says which.
  const page = (status: 404 | 410, title: string, message: string) =>
    html(messagePage(branding, title, message), status);
  if (!token) {
    return page(404, 'Link not valid', 'This link is not valid. Please use the link of the e-mail you received.');
  }
  const quote = await repo.selectQuote(db, token.quote_id);
  if (!quote) return page(404, 'Link not valid', 'The quote of this link no longer exists.');
  if (token.used_at !== null || quote.status !== 'SENT') {
    const answered = quote.status === 'ACCEPTED' ? 'accepted' : quote.status === 'REJECTED' ? 'declined' : 'withdrawn';
    return page(410, 'Link already used', `Quote ${quote.quote_number} was already ${answered}. Nothing was changed.`);
  }
  if (token.expires_at <= ctx.now) {
    const until = formatDateText(formatDateTime(token.expires_at, ctx.tenant.timezone));
    return page(410, 'Quote expired', `Quote ${quote.quote_number} was valid until ${until}. Please contact us.`);
  }
  return undefined;
}

function quoteView(ctx: TenantContext, quote: repo.QuoteWithItemsRow, token: string) {
  const money = (text: string) => formatMinorAmount(toMinor(text, quote.currency), quote.currency);
  return {
    agency: ctx.tenant.tenantName,
    quoteNumber: quote.quote_number,
    customerName: quote.customer_name,
    validUntil: formatDateText(formatDateTime(quote.valid_until, ctx.tenant.timezone)),
    lines: quote.items.map((item) => ({
      description: item.description,
      quantity: String(Number(item.quantity)),
      amount: money(item.gross_amount),
    })),
    net: money(quote.net_amount),
    tax: money(quote.tax_amount),
    total: money(quote.total_amount),
    token,
  };
}

export function createQuoteResponses(deps: { brands: Pick<Brands, 'of'> }) {
  return {
    async show(ctx: TenantContext, token: string): Promise<RawAnswer> {
      const branding = await deps.brands.of(ctx.tenant, ctx.db);
      const row = await repo.selectResponseToken(ctx.db, sha256(token));
      const refusal = await unusable(ctx, ctx.db, row, branding);
      if (refusal || !row) return refusal ?? html('');
      const quote = await repo.selectQuoteWithItems(ctx.db, row.quote_id);
      if (!quote) return html(messagePage(branding, 'Link not valid', 'The quote no longer exists.'), 404);
      return html(quotePage(branding, quoteView(ctx, quote, token)));
    },

    async decide(ctx: TenantContext, token: string, decision: Decision): Promise<RawAnswer> {
      const hash = sha256(token);
      const branding = await deps.brands.of(ctx.tenant, ctx.db);
      return withTransaction(ctx, async (tx) => {
        const row = await repo.selectResponseToken(tx, hash);
        if (row) await repo.lockQuote(tx, row.quote_id);
        // Read again under the lock: a racing answer that committed first has used the token.
        const current = row && (await repo.selectResponseToken(tx, hash));
        const refusal = await unusable(ctx, tx, current, branding);
        if (refusal || !current) return refusal ?? html('');
        const to = decision === 'accept' ? 'ACCEPTED' : 'REJECTED';
        await repo.useResponseToken(tx, hash, ctx.now);
        const quote = await repo.selectQuote(tx, current.quote_id);
        await repo.updateStatus(tx, current.quote_id, 'SENT', to, ctx.now);
        const title = decision === 'accept' ? 'Quote accepted' : 'Quote declined';
        const message =
          decision === 'accept'
            ? `Thank you: you accepted quote ${quote?.quote_number ?? ''}. We will be in touch shortly.`
            : `You declined quote ${quote?.quote_number ?? ''}. Thank you for letting us know.`;
        return html(messagePage(branding, title, message));
      });
    },
  };
}

export type QuoteResponses = ReturnType<typeof createQuoteResponses>;
