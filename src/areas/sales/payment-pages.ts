// The pages the payer's browser lands on: the gateway's success, cancel and decline redirects, and the ticket
// page linked from the confirmation e-mail. Outcomes are decided by payment-outcome.ts; this file renders them.
// Order numbers are sequential, so a redirect address with only `ref` may be anyone's guess: without the order's
// own `t` a page names the reference it was given and nothing else, and changes nothing.
import { sha256 } from '../../platform/crypto.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import { callbackTokenMatches } from './callback-token.js';
import type { PaymentOutcomes, SettledOutcome } from './payment-outcome.js';
import { escapeHtml } from '../../platform/rendering/html.js';
import { type PageName, renderPage } from './redirect-pages.js';
import * as repo from './sales.repository.js';

// no-referrer: the address holds `t` (and the ticket page's token), which no link on a tenant's page may pass on.
const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, {
    status,
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

const NOT_FINISHED = 'Your payment was received, but we could not complete your order yet.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; we check it again shortly.';
const EXPIRED = 'The payment link expired before a payment was made. You can pay again from your cart.';
const NOT_FULFILLED =
  'Your payment was received, but the places you chose were sold out meanwhile, so we could not issue your tickets. ' +
  'We will refund your payment.';

interface PagesDeps {
  outcomes: PaymentOutcomes;
  tickets: OfflineTicketsApi['ticketsForReference'];
  tenantUrl: (tenantCode: string) => string;
  dataDir: string;
}

/** To the tickets page of the order's booking (302), once bookings recorded it on the order. */
async function toBookingTickets(deps: PagesDeps, ctx: TenantContext, salesOrderId: number) {
  const page = await repo.ticketsPageOf(ctx.db, salesOrderId);
  if (!page) return undefined;
  const url = `${deps.tenantUrl(ctx.tenant.tenantCode)}${page}`;
  return new RawAnswer('text/plain; charset=utf-8', '', {
    status: 302,
    headers: { location: url, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

export function createPaymentPages(deps: PagesDeps) {
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

  /** The page of what the gateway reports for the order; `t` was valid, so the payer's own details may show. */
  const outcomePage = (ctx: TenantContext, ref: string, outcome: SettledOutcome) => {
    switch (outcome.kind) {
      case 'paid':
        return paidPage(ctx, outcome);
      case 'unpaid':
        return page(ctx, outcome.payment === 'DECLINED' ? 'offline-decline' : 'offline-cancel', {
          customerName: outcome.order.customer_name ?? '',
          cartReference: ref,
        });
      case 'not-fulfilled':
        return errorPage(ctx, ref, NOT_FULFILLED);
      case 'refused':
        return errorPage(ctx, ref, outcome.reason);
      case 'failed':
        return errorPage(ctx, ref, NOT_FINISHED);
      case 'unconfirmed':
        return errorPage(ctx, ref, UNCONFIRMED);
      case 'expired':
        return errorPage(ctx, ref, EXPIRED);
      case 'open':
        return errorPage(ctx, ref, `The payment is not completed (${outcome.statusText}).`);
    }
  };

  return {
    /**
     * Success, cancel and decline alike: with the order's `t`, the order takes what the gateway reports (whichever
     * of the three addresses was opened) and the page shows it; without, the page names the reference only.
     */
    async callback(ctx: TenantContext, ref: string, token: string | undefined): Promise<RawAnswer> {
      const order = await repo.findOrderByNumber(ctx.db, ref);
      if (!order || !callbackTokenMatches(order.callback_token_hash, token)) {
        return page(ctx, 'payment-reference', { cartReference: ref });
      }
      return outcomePage(ctx, ref, await deps.outcomes.settle(ctx, ref));
    },

    /**
     * The tickets of a completed order, for the holder of the download token e-mailed before bookings existed: the
     * order's booking's tickets page when it has a booking (302), else the list of its lines and codes.
     */
    async tickets(ctx: TenantContext, ref: string, token: string): Promise<RawAnswer> {
      const order = await repo.findOrderByNumber(ctx.db, ref);
      const stored = order && (await repo.downloadTokenHash(ctx.db, order.sales_order_id));
      if (order?.status !== 'COMPLETED' || !stored || Buffer.compare(stored, sha256(token)) !== 0) {
        return errorPage(ctx, ref, 'This ticket link is not valid.', 404);
      }
      const redirect = await toBookingTickets(deps, ctx, order.sales_order_id);
      if (redirect) return redirect;
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
