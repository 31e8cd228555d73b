// /document/sendQuote: a DRAFT goes to its customer. In one transaction under the quote's lock: the status becomes
// SENT, a response token (random, SHA-256 kept, answering once, valid until the quote is) is stored, the settings'
// terms are kept with the quote, and the e-mail with the quote's PDF and the token's link is queued in the outbox,
// so it leaves only if the quote was sent.
import { randomToken, sha256 } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import { formatDate } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import type { SettingsApi } from '../settings/index.js';
import { formatDateText, formatMinorAmount } from '../documents/index.js';
import type { QuoteDocuments } from './quote-document.js';
import { quoteAnswer } from './quote-writes.js';
import * as repo from './quotes.repository.js';
import { transitionRefusal } from './quotes.rules.js';
import { sentQuoteMail } from './quotes.mail.js';
import { toMinor } from '../../platform/money.js';
import type { Quote } from './quotes.schemas.js';

export interface QuoteSendingDeps {
  customers: Pick<CustomersApi, 'findById'>;
  /** The terms the quote is sent with. */
  settings: Pick<SettingsApi, 'read'>;
  quoteDocuments: QuoteDocuments;
  mail: MailQueue;
  /** The tenant's public base URL (https://<code>.<base domain>): the link's host. */
  tenantUrl: (tenantCode: string) => string;
}

const refuse = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** The address of the page the customer answers on; its query has token=<value> (contract §6). */
export function responseUrl(base: string, token: string): string {
  return `${base}/document/quoteResponse?token=${encodeURIComponent(token)}`;
}

export function createQuoteSending(deps: QuoteSendingDeps) {
  return {
    async send(ctx: TenantContext, quoteId: number): Promise<Quote> {
      const token = randomToken(32);
      await withTransaction(ctx, async (tx, afterCommit) => {
        if (!(await repo.lockQuote(tx, quoteId))) throw notFound('Quote');
        const quote = await repo.selectQuoteWithItems(tx, quoteId);
        if (!quote) throw notFound('Quote');
        const refusal = transitionRefusal(quote.quote_number, quote.status, 'SENT');
        if (refusal) throw refusal;
        if (quote.items.length === 0) throw refuse(`Quote ${quote.quote_number} has no items to send`);
        if (quote.valid_until <= ctx.now) throw refuse(`Quote ${quote.quote_number} is no longer valid`);
        const customer = await deps.customers.findById(tx, quote.customer_id);
        if (!customer?.email) throw refuse(`Customer ${quote.customer_id} has no e-mail address to send the quote to`);

        await repo.updateStatus(tx, quoteId, 'DRAFT', 'SENT', ctx.now);
        await repo.insertResponseToken(tx, sha256(token), quoteId, quote.valid_until, ctx.now);
        // The quote keeps the terms it is sent with: a later change of the settings leaves them as the customer saw them.
        const { quoteTerms } = await deps.settings.read({ tenant: ctx.tenant, db: tx });
        await repo.setTerms(tx, quoteId, quoteTerms);
        // The PDF as the customer receives it: SENT.
        const pdf = await deps.quoteDocuments.pdfOf(ctx, tx, { ...quote, status: 'SENT', terms: quoteTerms });
        const mail = sentQuoteMail({
          to: customer.email,
          customerName: quote.customer_name,
          agency: ctx.tenant.tenantName,
          quoteNumber: quote.quote_number,
          total: formatMinorAmount(toMinor(quote.total_amount, quote.currency), quote.currency),
          // a date: the quote is valid through the whole of that day
          validUntil: formatDateText(formatDate(quote.valid_until, ctx.tenant.timezone)),
          responseUrl: responseUrl(deps.tenantUrl(ctx.tenant.tenantCode), token),
          pdf,
        });
        await deps.mail.queue(tx, afterCommit, ctx.tenant.tenantId, mail);
      });
      return quoteAnswer(ctx, quoteId);
    },
  };
}

export type QuoteSending = ReturnType<typeof createQuoteSending>;
