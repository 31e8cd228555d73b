// The e-mail that confirms a payment to its payer (hotel bookings, visa invoices, back-office bookings: the owner
// kinds that tell what was paid for, `summaryOf`), as the tickets e-mail confirms an order's: what was paid for in
// the owner's own lines, the amount, when, the link's reference, and whom to call. Queued in the settling transaction
// right after the owner's onPaid, sent after commit by the outbox, once per link (its dedupe key).
import type { FastifyBaseLogger } from 'fastify';
import type { TransactionSql } from '../../platform/database/connections.js';
import { displayAmount } from '../../platform/money.js';
import type { MailQueue, OutgoingMail } from '../../platform/outbox/index.js';
import { shippedTemplate } from '../../platform/rendering/html.js';
import { displayDateTime } from '../../platform/time.js';
import { contactLine, type SettingsApi } from '../settings/index.js';
import type { OwnerLink, OwnerScope, OwnerSummary, PaymentOwner } from './owners.js';

const CONFIRMATION_HTML = shippedTemplate('mail/payment-confirmation.html');

export interface ConfirmationDeps {
  mail: MailQueue;
  settings: Pick<SettingsApi, 'read'>;
}

export function paymentConfirmationMail(
  summary: OwnerSummary & { payer: { email: string } },
  link: Pick<OwnerLink, 'reference' | 'amount' | 'currency'>,
  paid: { agency: string; at: string; contact: string | null },
  kind: string,
): OutgoingMail {
  const greeting = `Hello ${summary.payer.name ?? summary.payer.email},`;
  const amountPaid = displayAmount(link.amount, link.currency);
  const text = [
    greeting,
    '',
    `Thank you: we received your payment of ${amountPaid} for ${summary.title} on ${paid.at}.`,
    '',
    ...summary.lines.map((line) => `${line.label}: ${line.value}`),
    `Amount paid: ${amountPaid}`,
    `Payment reference: ${link.reference}`,
    '',
    'Please keep this e-mail as your receipt.',
    ...(paid.contact ? ['', `Questions? ${paid.contact}`] : []),
    '',
    paid.agency,
    '',
  ].join('\n');
  const html = CONFIRMATION_HTML({
    greeting,
    amountPaid,
    title: summary.title,
    paidAt: paid.at,
    lines: summary.lines.map((line) => ({ ...line })),
    reference: link.reference,
    contact: paid.contact,
    agency: paid.agency,
  });
  return {
    to: summary.payer.email,
    subject: `Payment received: ${summary.title}`,
    text,
    html,
    dedupeKey: `payment-confirmed:${kind}:${link.reference}`,
  };
}

/**
 * In the settling transaction, after onPaid: the payer's confirmation, when the owner tells what and whom. In a
 * savepoint of its own: a confirmation that cannot be queued is logged, and the payment stands.
 */
export async function queuePaymentConfirmation(
  deps: ConfirmationDeps & { log: Pick<FastifyBaseLogger, 'error'> },
  tx: TransactionSql,
  owner: PaymentOwner,
  link: OwnerLink,
  scope: OwnerScope,
): Promise<void> {
  if (!owner.summaryOf) return;
  try {
    await tx.savepoint((sp) => queueConfirmation(deps, sp, owner, link, scope));
  } catch (error) {
    deps.log.error({ err: error, link: link.reference }, 'the confirmation e-mail of a payment could not be queued');
  }
}

async function queueConfirmation(
  deps: ConfirmationDeps,
  tx: TransactionSql,
  owner: PaymentOwner,
  link: OwnerLink,
  scope: OwnerScope,
): Promise<void> {
  const summary = await owner.summaryOf?.(tx, link.ownerId, scope.now);
  const email = summary?.payer.email;
  if (!summary || !email) return;
  const { tenant } = scope;
  const contact = contactLine((await deps.settings.read({ tenant, db: tx })).contact);
  const paid = { agency: tenant.tenantName, at: displayDateTime(scope.now, tenant.timezone), contact };
  const mail = paymentConfirmationMail({ ...summary, payer: { ...summary.payer, email } }, link, paid, owner.kind);
  await deps.mail.queue(tx, scope.afterCommit, tenant.tenantId, mail);
}
