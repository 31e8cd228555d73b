// The customer's answer to a sent quote, inside the answering transaction under the quote's lock (quote-response.ts
// takes the token first): accepted, the quote is invoiced at once (unless its customer record was archived meanwhile);
// declined, it keeps the customer's reason. Either way the agency's staff are e-mailed at its notification address,
// through the outbox after commit, once per quote (a dedupe key). Each answers the notice the page shows.
import type { TransactionSql } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { toMinor } from '../../platform/money.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import { formatDateTime } from '../../platform/time.js';
import type { CustomersApi } from '../customers/index.js';
import { formatDateText, formatMinorAmount } from '../documents/index.js';
import type { SalesApi } from '../sales/index.js';
import type { SettingsApi } from '../settings/index.js';
import { invoiceAcceptedQuote } from './quote-followups.js';
import * as repo from './quotes.repository.js';
import { quoteAnsweredMail } from './quotes.mail.js';

export interface QuoteAnswerDeps {
  sales: Pick<SalesApi, 'invoiceForLines'>;
  customers: Pick<CustomersApi, 'findById'>;
  settings: SettingsApi;
  mail: MailQueue;
}

/** "14 Mar 2026 10:30": an instant as the tenant's pages and mails write it. */
export const tenantTime = (ctx: TenantContext, instant: Date) =>
  formatDateText(formatDateTime(instant, ctx.tenant.timezone));

/** The staff's e-mail of the answer, queued in the answering transaction (sent after commit, once). */
async function tellStaff(
  deps: QuoteAnswerDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  afterCommit: AfterCommit,
  mail: Omit<Parameters<typeof quoteAnsweredMail>[0], 'to' | 'agency' | 'when' | 'total'> & {
    quote: repo.QuoteRow;
  },
) {
  const { quote, ...answer } = mail;
  const settings = await deps.settings.read({ tenant: ctx.tenant, db: tx });
  const message = quoteAnsweredMail({
    ...answer,
    to: settings.notificationEmail,
    agency: settings.agency.legalName,
    when: tenantTime(ctx, ctx.now),
    total: formatMinorAmount(toMinor(quote.total_amount, quote.currency), quote.currency),
  });
  await deps.mail.queue(tx, afterCommit, ctx.tenant.tenantId, message);
}

/** SENT → ACCEPTED, invoiced (unless its customer was archived meanwhile); answers the notice the page shows. */
export async function acceptQuote(
  deps: QuoteAnswerDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  afterCommit: AfterCommit,
  quote: repo.QuoteRow,
) {
  await repo.updateStatus(tx, quote.quote_id, 'SENT', 'ACCEPTED', ctx.now);
  const customer = await deps.customers.findById(tx, quote.customer_id);
  const invoiced =
    customer && quote.invoice_number === null ? await invoiceAcceptedQuote(deps.sales, ctx, tx, quote) : undefined;
  await tellStaff(deps, ctx, tx, afterCommit, {
    quote,
    quoteNumber: quote.quote_number,
    customerName: quote.customer_name,
    decision: 'accepted',
    ...(invoiced
      ? { invoice: { number: invoiced.invoiceNumber, dueDate: formatDateText(invoiced.dueDate) } }
      : { notInvoiced: 'the customer record is archived.' }),
  });
  const next = invoiced ? `Invoice ${invoiced.invoiceNumber} is issued: you can pay it below.` : 'We will be in touch.';
  return `Thank you: you accepted quote ${quote.quote_number}. ${next}`;
}

export async function declineQuote(
  deps: QuoteAnswerDeps,
  ctx: TenantContext,
  tx: TransactionSql,
  afterCommit: AfterCommit,
  quote: repo.QuoteRow,
  reason?: string,
) {
  await repo.updateStatus(tx, quote.quote_id, 'SENT', 'REJECTED', ctx.now);
  if (reason) await repo.setDeclineReason(tx, quote.quote_id, reason);
  await tellStaff(deps, ctx, tx, afterCommit, {
    quote,
    quoteNumber: quote.quote_number,
    customerName: quote.customer_name,
    decision: 'declined',
    ...(reason ? { reason } : {}),
  });
  return `You declined quote ${quote.quote_number}. Thank you for letting us know.`;
}
