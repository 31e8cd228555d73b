// The pages the payer's browser lands on: sales' own page of each outcome of an order's payment link (the payments
// area serves the return addresses, settles the link and asks orderPageOf which page to show), and the ticket page
// linked from the confirmation e-mail.
import { sha256 } from '../../platform/crypto.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { PageOutcome, TemplatePage } from '../payments/index.js';
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

/** The title of sales' error pages (templates/payment/error.html). */
const ERROR_TITLE = 'We could not finish your order';
const errorTemplate = (message: string): TemplatePage => ({ name: 'error', title: ERROR_TITLE, values: { message } });

/**
 * The page of a return address of an order's link, once settled (payments' pageOf): the order's state first (a
 * completed order shows its payer and tickets, whatever the gateway says now), then the outcome. Undefined for a
 * return without the link's `t` (payments' page naming the reference only).
 */
export async function orderPageOf(
  deps: Pick<PagesDeps, 'tickets'>,
  db: Queryable,
  outcome: PageOutcome,
  salesOrderId: number | undefined,
): Promise<TemplatePage | undefined> {
  const order = salesOrderId === undefined ? undefined : await repo.findOrder(db, salesOrderId);
  if (!order) return undefined;
  const payer = { customerName: order.customer_name ?? '' };
  if (order.status === 'COMPLETED') {
    const lines = await repo.selectLines(db, order.sales_order_id);
    const offline = await deps.tickets(db, order.order_num);
    const ticketCount = lines.reduce((sum, line) => sum + line.quantity, 0) + offline.length;
    return {
      name: 'offline-success',
      title: 'Payment received',
      values: { ...payer, customerEmail: order.customer_email ?? '', ticketCount },
    };
  }
  if (order.status === 'PAID_NOT_FULFILLED') return errorTemplate(NOT_FULFILLED);
  switch (outcome.kind) {
    case 'unpaid':
      if (outcome.ending === 'DECLINED') return { name: 'offline-decline', title: 'Payment declined', values: payer };
      if (outcome.ending === 'CANCELLED') return { name: 'offline-cancel', title: 'Payment cancelled', values: payer };
      if (outcome.ending === 'EXPIRED') return errorTemplate(EXPIRED);
      return errorTemplate(`The payment is not completed (${outcome.statusText}).`);
    case 'refused':
      return errorTemplate(outcome.reason);
    case 'unconfirmed':
      return errorTemplate(UNCONFIRMED);
    default:
      // paid but not recorded (failedAfterPayment), or recorded by another call still committing
      return errorTemplate(NOT_FINISHED);
  }
}

export function createPaymentPages(deps: PagesDeps) {
  const page = async (ctx: TenantContext, name: PageName, values: Record<string, string | number>, status = 200) =>
    html(await renderPage(deps.dataDir, ctx.tenant.tenantCode, name, values), status);
  const errorPage = (ctx: TenantContext, cartReference: string, message: string, status = 200) =>
    page(ctx, 'error', { cartReference, message }, status);

  return {
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
