// A payment link for an UNPAID visa invoice, through the payment gateway port (the simulator by default). The gateway
// order is opened outside any transaction; the link is recorded under the invoice's lock, where a concurrent link
// loses to the one-ACTIVE-link index. The gateway sends the payer back to /payment/visa/return?ref=<link>&t=<token>,
// the same address for paid, declined and cancelled: with the token, the gateway's state of the order settles it.
import { randomToken } from '../../platform/crypto.js';
import { withTransaction } from '../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { decimalAmount, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import {
  type LinkOrderDeps,
  type LinkOutcome,
  linkWithToken,
  openLinkOrder,
} from '../../integrations/payment-gateway/links/index.js';
import { settleLink } from './invoice-link-settlement.js';
import * as links from './invoice-links.repository.js';
import * as invoices from './invoices.repository.js';
import type { PaymentLinkAnswer } from './visa-invoices.schemas.js';

export interface PaymentLinkDeps extends LinkOrderDeps {
  /** How long a payment link stays payable (the gateway's setting). */
  linkMinutes: number;
}

export const RETURN_PATH = '/payment/visa/return';

const refused = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

/** Refuses a link for an invoice that is not UNPAID or has one open. */
function checkPayable(invoice: invoices.InvoiceRow): void {
  if (invoice.status !== 'UNPAID')
    throw refused(`Invoice ${invoice.invoice_number} is ${invoice.status}; no payment is taken`);
  if (invoice.payment_url !== null)
    throw refused(`Invoice ${invoice.invoice_number} already has an active payment link`);
}

/** The gateway order for the invoice's total, its payer sent back to RETURN_PATH whatever the outcome. */
function openGatewayOrder(
  deps: PaymentLinkDeps,
  ctx: TenantContext,
  invoice: invoices.InvoiceRow,
  linkReference: string,
) {
  return openLinkOrder(deps, ctx, {
    reference: linkReference,
    amountMinor: toMinor(invoice.total_amount, invoice.currency),
    currency: invoice.currency,
    description: `${ctx.tenant.tenantName} visa invoice ${invoice.invoice_number}`,
    customer: { name: invoice.customer_name },
    returnPaths: RETURN_PATH,
    logFields: { invoice: invoice.invoice_number },
  });
}

async function createLink(deps: PaymentLinkDeps, ctx: TenantContext, invoiceId: number): Promise<PaymentLinkAnswer> {
  // Checked first without a lock (no gateway order for an invoice that cannot take one), then again under it.
  const current = await invoices.selectInvoice(ctx.db, invoiceId, ctx.now);
  if (!current) throw notFound('Visa invoice');
  checkPayable(current);
  const linkReference = `${current.invoice_number}-${randomToken(6)}`;
  const { created, tokenHash } = await openGatewayOrder(deps, ctx, current, linkReference);
  const expiresAt = new Date(ctx.now.getTime() + deps.linkMinutes * 60_000);
  await withTransaction(ctx, async (tx) => {
    const invoice = await invoices.lockInvoice(tx, invoiceId, ctx.now);
    if (!invoice) throw notFound('Visa invoice');
    await links.expireLinks(tx, invoiceId, ctx.now);
    // a link made meanwhile, a change of the amount or a cancellation: this one is refused (its order stays unpaid)
    checkPayable(invoice);
    if (invoice.total_amount !== current.total_amount) {
      throw refused(`Invoice ${invoice.invoice_number} changed while its link was made; make the link again`);
    }
    await links.insertLink(tx, invoiceId, {
      linkReference,
      gatewayOrderRef: created.orderRef,
      paymentUrl: created.paymentUrl,
      amount: invoice.total_amount,
      currency: invoice.currency,
      callbackTokenHash: tokenHash,
      expiresAt,
      now: ctx.now,
    });
  });
  return {
    invoiceId,
    paymentUrl: created.paymentUrl,
    amount: decimalAmount(current.total_amount, current.currency),
    currency: current.currency,
    expiresAt: formatDateTime(expiresAt, ctx.tenant.timezone),
  };
}

/** The return address: with the link's token, the gateway's state of the order settles the link once. */
async function settleReturn(
  deps: PaymentLinkDeps,
  ctx: TenantContext,
  linkReference: string,
  token: string | undefined,
): Promise<LinkOutcome> {
  const link = linkWithToken(await links.selectLinkByReference(ctx.db, linkReference), token);
  if (!link) return { kind: 'unknown' };
  return settleLink(deps.paymentGateway, ctx, link);
}

export function createInvoicePaymentLinks(deps: PaymentLinkDeps) {
  return {
    create: (ctx: TenantContext, invoiceId: number) => createLink(deps, ctx, invoiceId),
    settle: (ctx: TenantContext, linkReference: string, token: string | undefined) =>
      settleReturn(deps, ctx, linkReference, token),
  };
}

export type InvoicePaymentLinks = ReturnType<typeof createInvoicePaymentLinks>;
