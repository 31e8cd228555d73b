// GET and POST /document/quoteResponse, and GET /document/quotePdf: the customer's answer to a sent quote, from the
// e-mail's link. The token is the key (no session): unknown (404), or of a quote expired unanswered or withdrawn (410),
// it gets a page saying so, in the agency's colours, never an error envelope or a 500 (a malformed request gets the
// kernel's error page: htmlPage operations). Before the answer the page offers Accept and Decline (declining asks for confirmation and an
// optional reason); after it, the same link shows the quote, its status and when, and, accepted, the offer to pay its
// invoice. A decision is taken once: under the quote's row lock the token is used (only if unused and unexpired),
// the quote moves SENT → ACCEPTED | REJECTED, an accepted quote is invoiced, and the agency's staff are e-mailed
// (outbox, after commit, once per quote), all in one transaction.
import { sha256 } from '../../platform/crypto.js';
import type { Queryable } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RawAnswer } from '../../platform/http/raw.js';
import type { Branding, Brands } from '../../platform/rendering/branding.js';
import { keyedPage } from '../../platform/rendering/page-answer.js';
import { formatDateTime } from '../../platform/time.js';
import { formatDateText } from '../documents/index.js';
import type { SalesApi } from '../sales/index.js';
import type { QuoteDocuments } from './quote-document.js';
import { acceptQuote, declineQuote, type QuoteAnswerDeps, tenantTime } from './quote-answer.js';
import { declinePage, messagePage, quotePage } from './quote-response-page.js';
import * as repo from './quotes.repository.js';

export interface QuoteResponseDeps extends QuoteAnswerDeps {
  quoteDocuments: QuoteDocuments;
  sales: Pick<SalesApi, 'invoiceForLines' | 'invoicePayState'>;
  /** The agency's colours and contact on the pages. */
  brands: Pick<Brands, 'of'>;
}

/** The customer's answer as the page's form posts it. */
export interface QuoteAnswer {
  token: string;
  decision: 'accept' | 'reject';
  /** Why it declines (optional). */
  reason?: string;
  /** 'yes' once the customer confirmed declining; without it a decline only asks. */
  confirmed?: string;
}

/**
 * The pages of a link that shows no quote: an unknown link, or one whose quote no longer exists, is 404; one whose
 * quote was not answered and can no longer be (expired, withdrawn) is gone (410). An answered quote is always shown.
 */
const pages = {
  notValid: (branding: Branding, status = 404) =>
    keyedPage(
      messagePage(
        branding,
        'Link not valid',
        'This link is not valid. Please use the link of the e-mail you received.',
      ),
      'self',
      status,
    ),
  gone: (branding: Branding, status = 404) =>
    keyedPage(messagePage(branding, 'Link not valid', 'The quote of this link no longer exists.'), 'self', status),
  withdrawn: (branding: Branding, quote: repo.QuoteRow) =>
    keyedPage(
      messagePage(branding, 'Link no longer valid', `Quote ${quote.quote_number} can no longer be answered.`),
      'self',
      410,
    ),
  expired: (ctx: TenantContext, branding: Branding, quote: repo.QuoteRow) => {
    const until = formatDateText(formatDateTime(quote.valid_until, ctx.tenant.timezone).slice(0, 10));
    const text = `Quote ${quote.quote_number} was valid until ${until}. Please contact us.`;
    return keyedPage(messagePage(branding, 'Quote expired', text), 'self', 410);
  },
};

/**
 * What a link leads to now: a page of its own (unknown, gone, expired, withdrawn), or its quote, answered or open.
 * A quote answered is shown whatever the token's age; an open one only until it expires.
 */
async function stateOf(
  ctx: TenantContext,
  db: Queryable,
  token: repo.TokenRow | undefined,
  branding: Branding,
): Promise<{ page: RawAnswer } | { quote: repo.QuoteRow; answered: boolean }> {
  if (!token) return { page: pages.notValid(branding) };
  const quote = await repo.selectQuote(db, token.quote_id);
  if (!quote) return { page: pages.gone(branding) };
  if (quote.status === 'ACCEPTED' || quote.status === 'REJECTED') return { quote, answered: true };
  if (quote.status !== 'SENT' || token.used_at !== null) return { page: pages.withdrawn(branding, quote) };
  if (token.expires_at <= ctx.now) return { page: pages.expired(ctx, branding, quote) };
  return { quote, answered: false };
}

/** Who shows the quote's page, to the holder of which token, with what the last action did. */
interface Showing {
  branding: Branding;
  token: string;
  notice?: string;
}

export function createQuoteResponses(deps: QuoteResponseDeps) {
  const brandingOf = (ctx: TenantContext) => deps.brands.of(ctx.tenant, ctx.db);

  /** The quote's page as it is now (read after any change committed), with what the last action did. */
  async function quoteAnswerPage(ctx: TenantContext, quoteId: number, { branding, token, notice }: Showing) {
    const quote = await repo.selectQuoteWithItems(ctx.db, quoteId);
    if (!quote) return pages.gone(branding);
    const document = await deps.quoteDocuments.documentOf(ctx, ctx.db, quote);
    const invoice = quote.invoice_number ? await deps.sales.invoicePayState(ctx.db, quote.invoice_number) : undefined;
    const body = quotePage(branding, document, {
      token,
      ...(quote.responded_at ? { answeredAt: tenantTime(ctx, quote.responded_at) } : {}),
      ...(quote.decline_reason ? { declineReason: quote.decline_reason } : {}),
      ...(invoice ? { invoice } : {}),
      ...(notice ? { notice } : {}),
    });
    // the pay button posts to the invoice's payment page, which sends the payer on to the gateway
    return keyedPage(body, 'self-and-payment-gateway');
  }

  /** Declining asks first: the confirmation page, or what the link shows when the quote cannot be answered. */
  async function askToDecline(ctx: TenantContext, branding: Branding, token: string): Promise<RawAnswer> {
    const state = await stateOf(ctx, ctx.db, await repo.selectResponseToken(ctx.db, sha256(token)), branding);
    if ('page' in state) return state.page;
    if (state.answered) return quoteAnswerPage(ctx, state.quote.quote_id, { branding, token });
    const quote = await repo.selectQuoteWithItems(ctx.db, state.quote.quote_id);
    if (!quote) return pages.gone(branding);
    return keyedPage(declinePage(branding, await deps.quoteDocuments.documentOf(ctx, ctx.db, quote), token));
  }

  return {
    async show(ctx: TenantContext, token: string): Promise<RawAnswer> {
      const branding = await brandingOf(ctx);
      const state = await stateOf(ctx, ctx.db, await repo.selectResponseToken(ctx.db, sha256(token)), branding);
      return 'page' in state ? state.page : quoteAnswerPage(ctx, state.quote.quote_id, { branding, token });
    },

    async pdf(ctx: TenantContext, token: string): Promise<RawAnswer> {
      const row = await repo.selectResponseToken(ctx.db, sha256(token));
      const quote = row && (await repo.selectQuoteWithItems(ctx.db, row.quote_id));
      // Not a page operation (it answers a PDF, and the API's envelope for a malformed request): a link that leads
      // to no quote gets the page with 200, as before.
      if (!quote) return row ? pages.gone(await brandingOf(ctx), 200) : pages.notValid(await brandingOf(ctx), 200);
      return deps.quoteDocuments.pdfAnswer(ctx, quote);
    },

    async decide(ctx: TenantContext, answer: QuoteAnswer): Promise<RawAnswer> {
      const { token, decision } = answer;
      const branding = await brandingOf(ctx);
      if (decision === 'reject' && answer.confirmed !== 'yes') return askToDecline(ctx, branding, token);
      const hash = sha256(token);
      const outcome = await withTransaction(ctx, async (tx, afterCommit) => {
        const row = await repo.selectResponseToken(tx, hash);
        if (row) await repo.lockQuote(tx, row.quote_id);
        // Read again under the lock: a racing answer that committed first has used the token.
        const state = await stateOf(ctx, tx, row && (await repo.selectResponseToken(tx, hash)), branding);
        if ('page' in state) return state;
        const { quote } = state;
        if (state.answered) {
          const answered = quote.status === 'ACCEPTED' ? 'accepted' : 'declined';
          return {
            quoteId: quote.quote_id,
            notice: `Quote ${quote.quote_number} was already ${answered}. Nothing was changed.`,
          };
        }
        await repo.useResponseToken(tx, hash, ctx.now);
        const reason = answer.reason?.trim() || undefined;
        const notice =
          decision === 'accept'
            ? await acceptQuote(deps, ctx, tx, afterCommit, quote)
            : await declineQuote(deps, ctx, tx, afterCommit, quote, reason);
        return { quoteId: quote.quote_id, notice };
      });
      if ('page' in outcome) return outcome.page;
      return quoteAnswerPage(ctx, outcome.quoteId, { branding, token, notice: outcome.notice });
    },
  };
}

export type QuoteResponses = ReturnType<typeof createQuoteResponses>;
