// The printable tickets page and the PDF voucher, for holders of a request's id and access code (the link of the
// tickets e-mail and of each ticket's ticketUrl). A wrong pair gets the same 404 page as an unknown id; a request
// whose tickets are not issued yet gets a page that refreshes itself until they are.
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { formatDate, formatDateTime } from '../../../platform/time.js';
import { escapeHtml } from '../../../platform/rendering/html.js';
import type { Brands } from '../../../platform/rendering/branding.js';
import { renderTicketPage, type TicketPageName, whatToBring } from './ticket-page-templates.js';
import { renderVoucherPdf, type VoucherTicket } from './ticket-pdf.js';
import { type IssuedTicket, qrPngOf, type TicketService } from './tickets.service.js';

// no-referrer: the address holds the access code, which no link on the page may pass on.
const NO_LEAK = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
const PENDING_REFRESH_SECONDS = 10;

const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, { status, headers: NO_LEAK });

/** When the ticket is for, in the tenant's timezone: its start (or its day and time slot), else an open date. */
function whenText(ticket: IssuedTicket, timeZone: string): string | null {
  const { start_date: start, timeslot } = ticket.row;
  if (!start) return timeslot;
  const local = formatDateTime(start, timeZone);
  const time = local.slice(11, 16);
  if (timeslot) return `${formatDate(start, timeZone)} ${timeslot}`;
  return time === '00:00' ? local.slice(0, 10) : `${local.slice(0, 10)} ${time}`;
}

function factsOf(ticket: IssuedTicket, timeZone: string): Array<[string, string | null]> {
  const { confirmation } = ticket;
  const when = whenText(ticket, timeZone);
  return [
    ['Date and time', when ? `${when} (${timeZone})` : null],
    ['Reserved for', confirmation.ticketResvName],
    ['Pickup', confirmation.pickupLocation],
    ['Validity', confirmation.ticketValidity],
    ['Supplier reference', confirmation.supplierReference],
    ['Terms', confirmation.terms],
  ];
}

function ticketMarkup(ticket: IssuedTicket, timeZone: string): string {
  const { confirmation, row } = ticket;
  const facts = factsOf(ticket, timeZone)
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('');
  const used = row.redeemed_at
    ? `<p class="used">Used at ${escapeHtml(formatDateTime(row.redeemed_at, timeZone).replace('T', ' '))}</p>`
    : '';
  return (
    `<article class="ticket" id="ticket-${confirmation.id}"><div>` +
    `<img class="qr" src="${confirmation.barcodeImage}" alt="QR code of ticket ${escapeHtml(confirmation.barcode)}">` +
    `<div class="code">${escapeHtml(confirmation.barcode)}</div></div>` +
    `<div><h2>${escapeHtml(confirmation.ticketDescription)}</h2><dl>${facts}</dl>${used}</div></article>`
  );
}

type Opened = { kind: 'page'; answer: RawAnswer } | { kind: 'tickets'; refnum: string; tickets: IssuedTicket[] };

export function createTicketPages(deps: { tickets: TicketService; dataDir: string; brands: Pick<Brands, 'of'> }) {
  const page = async (
    ctx: TenantContext,
    name: TicketPageName,
    values: Record<string, string | number>,
    status = 200,
  ) => {
    // The agency's contact, for a page that cannot show the tickets (its templates name them when given).
    const { contactEmail, contactPhone } = await deps.brands.of(ctx.tenant, ctx.db);
    const contact = { contactEmail: contactEmail ?? '', contactPhone: contactPhone ?? '' };
    const filled = { tenantName: ctx.tenant.tenantName, ...contact, ...values };
    return html(await renderTicketPage(deps.dataDir, ctx.tenant.tenantCode, name, filled), status);
  };

  /** The request and its tickets, or the page to answer instead (404, or "being issued"). */
  const open = async (ctx: TenantContext, requestId: number, code: string): Promise<Opened> => {
    const opened = await deps.tickets.openRequest(ctx, requestId, code).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) return undefined;
      throw error;
    });
    if (!opened) return { kind: 'page', answer: await page(ctx, 'booking-tickets-missing', {}, 404) };
    const { request } = opened;
    const tickets = await deps.tickets.issuedTickets(ctx, opened);
    if (tickets.length === 0) {
      const values = { refnum: request.refnum, refreshSeconds: PENDING_REFRESH_SECONDS };
      return { kind: 'page', answer: await page(ctx, 'booking-tickets-pending', values) };
    }
    return { kind: 'tickets', refnum: request.refnum, tickets };
  };

  return {
    async html(ctx: TenantContext, requestId: number, code: string): Promise<RawAnswer> {
      const opened = await open(ctx, requestId, code);
      if (opened.kind === 'page') return opened.answer;
      const timeZone = ctx.tenant.timezone;
      const tickets = opened.tickets.map((ticket) => ticketMarkup(ticket, timeZone)).join('\n');
      const body = await renderTicketPage(
        deps.dataDir,
        ctx.tenant.tenantCode,
        'booking-tickets',
        {
          tenantName: ctx.tenant.tenantName,
          refnum: opened.refnum,
          pdfUrl: `/booking/tickets/${requestId}/voucher.pdf?code=${encodeURIComponent(code)}`,
          whatToBring: await whatToBring(deps.dataDir, ctx.tenant.tenantCode),
        },
        { tickets },
      );
      return html(body);
    },

    async pdf(ctx: TenantContext, requestId: number, code: string): Promise<RawAnswer> {
      const opened = await open(ctx, requestId, code);
      if (opened.kind === 'page') return opened.answer;
      const timeZone = ctx.tenant.timezone;
      const tickets: VoucherTicket[] = opened.tickets.map((ticket) => ({
        qrPng: qrPngOf(ticket),
        barcode: ticket.confirmation.barcode,
        description: ticket.confirmation.ticketDescription,
        facts: factsOf(ticket, timeZone),
      }));
      const pdf = await renderVoucherPdf({
        tenantName: ctx.tenant.tenantName,
        refnum: opened.refnum,
        whatToBring: await whatToBring(deps.dataDir, ctx.tenant.tenantCode),
        tickets,
      });
      return new RawAnswer('application/pdf', pdf, {
        filename: `tickets-${opened.refnum}.pdf`,
        inline: true,
        headers: NO_LEAK,
      });
    },
  };
}

export type TicketPages = ReturnType<typeof createTicketPages>;
