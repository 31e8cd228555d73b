// The printable tickets page and the PDF voucher, for holders of a request's id and access code (the link of the
// tickets e-mail and of each ticket's ticketUrl). A wrong pair gets the same 404 page as an unknown id; a request
// whose tickets are not issued yet gets a page that refreshes itself until they are. Both show the ticket sheet
// (ticket-sheet.ts): the order and what was paid, the agency's contact, and per ticket where to be and when.
import { ApiError, ErrorCode } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { escapeHtml } from '../../../platform/rendering/html.js';
import { contactLine, contactLinks } from '../../settings/index.js';
import type { Brands } from '../../../platform/rendering/branding.js';
import { renderTicketPage, type TicketPageName, whatToBring } from './ticket-page-templates.js';
import { renderVoucherPdf, type Voucher } from './ticket-pdf.js';
import type { TicketScope } from './ticket-signing.js';
import { type SheetDeps, type SheetTicket, type TicketSheet, ticketSheet } from './ticket-sheet.js';
import { qrPngOf, type TicketService } from './tickets.service.js';

// no-referrer: the address holds the access code, which no link on the page may pass on.
const NO_LEAK = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
const PENDING_REFRESH_SECONDS = 10;

const html = (body: string, status = 200) =>
  new RawAnswer('text/html; charset=utf-8', body, { status, headers: NO_LEAK });

const timeNote = (timeZone: string) => `Times are local times in ${timeZone}.`;

function ticketMarkup(ticket: SheetTicket, index: number, count: number): string {
  const { confirmation } = ticket.issued;
  const facts = ticket.facts
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
    .join('');
  const advice = ticket.advice ? `<p class="advice">${escapeHtml(ticket.advice)}</p>` : '';
  const used = ticket.usedAt ? `<p class="used">Used on ${escapeHtml(ticket.usedAt)}</p>` : '';
  return (
    `<article class="ticket" id="ticket-${confirmation.id}"><div class="qr-box">` +
    `<img class="qr" src="${confirmation.barcodeImage}" alt="QR code of ticket ${escapeHtml(confirmation.barcode)}">` +
    `<div class="code">${escapeHtml(confirmation.barcode)}</div>` +
    `<div class="count">Ticket ${index + 1} of ${count}</div></div>` +
    `<div class="details"><h2>${escapeHtml(ticket.description)}</h2><dl>${facts}</dl>${advice}${used}</div></article>`
  );
}

/** The voucher of a sheet (the PDF answer and the tickets e-mail's attachment). */
export function voucherOf(sheet: TicketSheet, whatToBringText: string): Voucher {
  return {
    tenantName: sheet.tenantName,
    refnum: sheet.refnum,
    orderNum: sheet.orderNum,
    amountPaid: sheet.amountPaid,
    contact: contactLine(sheet.contact),
    timeNote: timeNote(sheet.timeZone),
    whatToBring: whatToBringText,
    tickets: sheet.tickets.map((ticket) => ({
      qrPng: qrPngOf(ticket.issued),
      barcode: ticket.issued.confirmation.barcode,
      description: ticket.description,
      facts: ticket.facts,
      advice: ticket.advice,
    })),
  };
}

type Opened = { kind: 'page'; answer: RawAnswer } | { kind: 'sheet'; sheet: TicketSheet };

export interface TicketPagesDeps extends SheetDeps {
  tickets: TicketService;
  dataDir: string;
  /** The agency's contact on a tickets page that cannot show tickets. */
  brands: Pick<Brands, 'of'>;
}

export function createTicketPages(deps: TicketPagesDeps) {
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

  /** The request's ticket sheet, or the page to answer instead (404, or "being issued"). */
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
    return { kind: 'sheet', sheet: await ticketSheet(deps, ctx, request, tickets) };
  };

  return {
    async html(ctx: TenantContext, requestId: number, code: string): Promise<RawAnswer> {
      const opened = await open(ctx, requestId, code);
      if (opened.kind === 'page') return opened.answer;
      const { sheet } = opened;
      const count = sheet.tickets.length;
      const tickets = sheet.tickets.map((ticket, index) => ticketMarkup(ticket, index, count)).join('\n');
      const body = await renderTicketPage(
        deps.dataDir,
        ctx.tenant.tenantCode,
        'booking-tickets',
        {
          tenantName: sheet.tenantName,
          refnum: sheet.refnum,
          orderNum: sheet.orderNum ?? '',
          amountPaid: sheet.amountPaid ?? '',
          ticketCount: count,
          timeNote: timeNote(sheet.timeZone),
          pdfUrl: `/booking/tickets/${requestId}/voucher.pdf?code=${encodeURIComponent(code)}`,
          whatToBring: await whatToBring(deps.dataDir, ctx.tenant.tenantCode),
          ...contactLinks(sheet.contact),
        },
        { tickets },
      );
      return html(body);
    },

    async pdf(ctx: TenantContext, requestId: number, code: string): Promise<RawAnswer> {
      const opened = await open(ctx, requestId, code);
      if (opened.kind === 'page') return opened.answer;
      const { sheet } = opened;
      const pdf = await renderVoucherPdf(voucherOf(sheet, await whatToBring(deps.dataDir, ctx.tenant.tenantCode)));
      return new RawAnswer('application/pdf', pdf, {
        filename: `tickets-${sheet.refnum}.pdf`,
        inline: true,
        headers: NO_LEAK,
      });
    },

    /** The sheet and PDF voucher of a request's issued tickets, for the tickets e-mail (none issued: no PDF). */
    async voucher(scope: TicketScope, opened: Parameters<TicketService['issuedTickets']>[1]) {
      const tickets = await deps.tickets.issuedTickets(scope, opened);
      const sheet = await ticketSheet(deps, scope, opened.request, tickets);
      if (tickets.length === 0) return { sheet, pdf: undefined };
      const bring = await whatToBring(deps.dataDir, scope.tenant.tenantCode);
      return { sheet, pdf: await renderVoucherPdf(voucherOf(sheet, bring)) };
    },
  };
}

export type TicketPages = ReturnType<typeof createTicketPages>;
