// The tickets e-mail of an order paid online, sent once its booking is ticketed (the booking-confirm task: the PDF
// voucher is attached, so it waits for the tickets; a booking whose ticketing the outbox gives up on is mailed with
// what was issued and its page's link). It names each tour with its date and time, its hotel pickup and window or its
// meeting point and what to do there, counts the tickets (not the order's lines), the amount paid and whom to call.
// The tickets page's link carries the access code as `code`, the page's parameter, and as `token`, as every e-mailed
// link that carries a secret does (contract §6).
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction } from '../../platform/database/transaction.js';
import type { MailQueue, OutgoingMail } from '../../platform/outbox/index.js';
import { shippedTemplate } from '../../platform/rendering/html.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import type { SalesApi } from '../sales/index.js';
import type { WithDb } from './ticketing/index.js';
import { contactLine } from '../settings/index.js';
import { type TicketPages, type TicketService, type TicketSheet, ticketPageUrl } from './tickets/index.js';

const TICKETS_HTML = shippedTemplate('mail/tickets.html');

const tickets = (count: number) => `${count} ticket${count === 1 ? '' : 's'}`;

interface Tour {
  description: string;
  when: string | null;
  pickup: string | null;
  meetingPoint: string | null;
  advice: string | null;
  tickets: string;
}

/** The sheet's tickets by the order line they were sold on: one tour, its date, its pickup, how many tickets. */
function toursOf(sheet: TicketSheet): Tour[] {
  const byLine = new Map<number, { first: TicketSheet['tickets'][number]; count: number }>();
  for (const ticket of sheet.tickets) {
    const seen = byLine.get(ticket.lineNo);
    if (seen) seen.count += 1;
    else byLine.set(ticket.lineNo, { first: ticket, count: 1 });
  }
  return [...byLine.values()].map(({ first, count }) => ({
    description: first.description,
    when: first.when,
    pickup: first.pickup,
    meetingPoint: first.facts.find(([label]) => label === 'Meeting point')?.[1] ?? null,
    advice: first.advice,
    tickets: tickets(count),
  }));
}

function tourText(tour: Tour): string[] {
  return [
    tour.description,
    ...(tour.when ? [`  Date and time: ${tour.when}`] : []),
    ...(tour.pickup ? [`  Hotel pickup: ${tour.pickup}`] : []),
    ...(tour.meetingPoint ? [`  Meeting point: ${tour.meetingPoint}`] : []),
    `  Tickets: ${tour.tickets}`,
    ...(tour.advice ? [`  ${tour.advice}`] : []),
    '',
  ];
}

export function ticketsMail(
  to: { email: string; name: string | null },
  sheet: TicketSheet & { orderNum: string },
  ticketsPage: { url: string; accessCode: string },
  pdf: Buffer | undefined,
): OutgoingMail {
  const ticketsUrl = `${ticketsPage.url}&token=${encodeURIComponent(ticketsPage.accessCode)}`;
  const greeting = `Hello ${to.name ?? to.email},`;
  const count = tickets(sheet.tickets.length);
  const tours = toursOf(sheet);
  const contact = contactLine(sheet.contact);
  const text = [
    greeting,
    '',
    `Thank you for your payment. Your order ${sheet.orderNum} with ${sheet.tenantName} is confirmed: ${count}.`,
    ...(sheet.amountPaid ? [`Amount paid: ${sheet.amountPaid}`] : []),
    `Booking reference: ${sheet.refnum}`,
    '',
    ...tours.flatMap(tourText),
    pdf
      ? 'Your tickets are attached as a PDF. You can also show them on your phone:'
      : 'Your tickets are being issued; they will be on your tickets page:',
    ticketsUrl,
    '',
    ...(contact ? [`Questions? ${contact}`, ''] : []),
  ];
  const html = TICKETS_HTML({
    greeting,
    orderNum: sheet.orderNum,
    agency: sheet.tenantName,
    ticketCount: count,
    amountPaid: sheet.amountPaid,
    refnum: sheet.refnum,
    tours: tours.map((tour) => ({ ...tour })),
    attached: pdf !== undefined,
    ticketsUrl,
    contact,
  });
  return {
    to: to.email,
    subject: `Your tickets for order ${sheet.orderNum}`,
    text: text.join('\n'),
    html,
    attachments: pdf ? [{ filename: `tickets-${sheet.refnum}.pdf`, contentType: 'application/pdf', content: pdf }] : [],
    // The key sales used: an order paid before the move is not mailed twice.
    dedupeKey: `paid:${sheet.orderNum}`,
  };
}

export interface TicketsMailDeps {
  sales: Pick<SalesApi, 'orderForBooking'>;
  tickets: Pick<TicketService, 'requestById'>;
  pages: Pick<TicketPages, 'voucher'>;
  mail: MailQueue;
  tenantUrl: (tenantCode: string) => string;
}

/** Queues the tickets e-mail of a booking request, once (its dedupe key); none when its order has no e-mail. */
export async function mailTickets(
  deps: TicketsMailDeps,
  scope: { tenant: TenantRecord; withDb: WithDb; log: FastifyBaseLogger },
  requestId: number,
): Promise<void> {
  const { tenant } = scope;
  const mail = await scope.withDb(async (db) => {
    const opened = await deps.tickets.requestById({ tenant, db }, requestId);
    const orderNum = opened?.request.order_num;
    if (!opened || !orderNum) return undefined;
    const order = await deps.sales.orderForBooking(db, orderNum);
    if (!order?.customerEmail) return undefined;
    const { sheet, pdf } = await deps.pages.voucher({ tenant, db }, opened);
    const page = ticketPageUrl(deps.tenantUrl(tenant.tenantCode), requestId, opened.request.access_code);
    const to = { email: order.customerEmail, name: order.customerName };
    return ticketsMail(to, { ...sheet, orderNum }, { url: page, accessCode: opened.request.access_code }, pdf);
  });
  if (!mail) return;
  await scope.withDb((db) =>
    withTransaction({ db, log: scope.log }, (tx, afterCommit) =>
      deps.mail.queue(tx, afterCommit, tenant.tenantId, mail),
    ),
  );
}
