// The pages the payer's browser lands on: the gateway's success, cancel and decline redirects, and the ticket
// page linked from the confirmation e-mail. Outcomes are decided by payment-outcome.ts; this file renders them.
import { sha256 } from '../../platform/crypto.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { PaymentOutcomes } from './payment-outcome.js';
import { escapeHtml, type PageName, renderPage } from './redirect-pages.js';
import * as repo from './sales.repository.js';

export type FailedPayment = 'CANCELLED_PAYMENT' | 'DECLINED';

const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, { status, headers: { 'cache-control': 'no-store' } });

export function createPaymentPages(deps: {
  outcomes: PaymentOutcomes;
  tickets: OfflineTicketsApi['ticketsForReference'];
  dataDir: string;
}) {
  const page = async (ctx: TenantContext, name: PageName, values: Record<string, string | number>, status = 200) =>
    html(await renderPage(deps.dataDir, ctx.tenant.tenantCode, name, values), status);
  const errorPage = (ctx: TenantContext, cartReference: string, message: string, status = 200) =>
    page(ctx, 'error', { cartReference, message }, status);
  const paidPage = (ctx: TenantContext, paid: { order: repo.SalesOrderRow; ticketCount: number }) =>
    page(ctx, 'offline-success', {
      customerName: paid.order.customer_name ?? '',
      customerEmail: paid.order.customer_email ?? '',
      cartReference: paid.order.order_num,
      ticketCount: paid.ticketCount,
    });

  return {
    /** The gateway sends the payer here after paying: checked with the gateway, then the sale completes once. */
    async success(ctx: TenantContext, ref: string): Promise<RawAnswer> {
      const outcome = await deps.outcomes.success(ctx, ref);
      if (outcome.kind === 'paid') return paidPage(ctx, outcome);
      const message =
        outcome.kind === 'refused'
          ? outcome.reason
          : 'Your payment was received, but we could not complete your order yet.';
      return errorPage(ctx, ref, message);
    },

    /** The gateway sends the payer here after cancelling or being declined. */
    async failure(ctx: TenantContext, ref: string, status: FailedPayment): Promise<RawAnswer> {
      const outcome = await deps.outcomes.failure(ctx, ref, status);
      if (outcome.kind === 'refused') return errorPage(ctx, ref, outcome.reason);
      if (outcome.kind === 'paid') return paidPage(ctx, outcome);
      return page(ctx, status === 'DECLINED' ? 'offline-decline' : 'offline-cancel', {
        customerName: outcome.kind === 'recorded' ? (outcome.order.customer_name ?? '') : '',
        cartReference: ref,
      });
    },

    /** The tickets of a completed order, for the holder of the e-mailed download token. */
    async tickets(ctx: TenantContext, ref: string, token: string): Promise<RawAnswer> {
      const order = await repo.findOrderByNumber(ctx.db, ref);
      const stored = order && (await repo.downloadTokenHash(ctx.db, order.sales_order_id));
      if (order?.status !== 'COMPLETED' || !stored || Buffer.compare(stored, sha256(token)) !== 0) {
        return errorPage(ctx, ref, 'This ticket link is not valid.', 404);
      }
      const lines = await repo.selectLines(ctx.db, order.sales_order_id);
      const codes = await deps.tickets(ctx.db, order.order_num);
      const ticketList = [
        ...lines.map(
          (line) =>
            `<li>${escapeHtml(line.description)}${line.detail ? ` — ${escapeHtml(line.detail)}` : ''} × ${line.quantity}</li>`,
        ),
        ...codes.map((ticket) => `<li>Ticket code <strong>${escapeHtml(ticket.code)}</strong></li>`),
      ].join('');
      const body = await renderPage(
        deps.dataDir,
        ctx.tenant.tenantCode,
        'tickets',
        { cartReference: order.order_num },
        { markup: { ticketList } },
      );
      return html(body);
    },
  };
}

export type PaymentPages = ReturnType<typeof createPaymentPages>;
