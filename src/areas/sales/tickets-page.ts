// The ticket page linked from an order's confirmation e-mail (its download token): the order's booking's tickets page
// when it has one, else the list of its lines and codes.
import { sha256 } from '../../platform/crypto.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { RawAnswer } from '../../platform/http/raw.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import { escapeHtml } from '../../platform/rendering/html.js';
import type { Brands } from '../../platform/rendering/branding.js';
import { type PageName, renderPage } from './redirect-pages.js';
import * as repo from './sales.repository.js';

// no-referrer: the address holds `t` (and the ticket page's token), which no link on a tenant's page may pass on.
const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, {
    status,
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

interface PagesDeps {
  tickets: OfflineTicketsApi['ticketsForReference'];
  tenantUrl: (tenantCode: string) => string;
  dataDir: string;
  brands: Pick<Brands, 'of'>;
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

export function createOrderTicketsPage(deps: PagesDeps) {
  const page = async (ctx: TenantContext, name: PageName, values: Record<string, string | number>, status = 200) =>
    html(await renderPage(deps.dataDir, ctx.tenant.tenantCode, name, values), status);
  const errorPage = async (ctx: TenantContext, cartReference: string, message: string, status = 200) => {
    const { name, contactEmail, contactPhone } = await deps.brands.of(ctx.tenant, ctx.db);
    const contact = { tenantName: name, contactEmail: contactEmail ?? '', contactPhone: contactPhone ?? '' };
    return page(ctx, 'error', { cartReference, message, ...contact }, status);
  };

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

export type OrderTicketsPage = ReturnType<typeof createOrderTicketsPage>;
