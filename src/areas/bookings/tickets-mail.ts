// The tickets e-mail of an order paid online: sent by bookings once the order's booking exists, because it links to
// the booking's tickets page (the access code is its key, sent as `code`, the page's parameter, and as `token`, as
// every e-mailed link that carries a secret does: contract §6). Its words are those sales sent before bookings
// took it over.
import { escapeHtml } from '../../platform/rendering/html.js';
import type { OutgoingMail } from '../../platform/outbox/index.js';

export function ticketsMail(
  to: { email: string; name: string | null },
  agency: string,
  orderNum: string,
  ticketsPage: { url: string; accessCode: string },
  ticketCount: number,
): OutgoingMail {
  const downloadUrl = `${ticketsPage.url}&token=${encodeURIComponent(ticketsPage.accessCode)}`;
  const greeting = `Hello ${to.name ?? to.email},`;
  const lines = [
    greeting,
    '',
    `Thank you for your payment. Your order ${orderNum} with ${agency} is confirmed (${ticketCount} ticket${ticketCount === 1 ? '' : 's'}).`,
    '',
    `Your tickets: ${downloadUrl}`,
    '',
  ];
  return {
    to: to.email,
    subject: `Your tickets for order ${orderNum}`,
    text: lines.join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>Thank you for your payment. Your order ${escapeHtml(orderNum)} with ${escapeHtml(agency)} is confirmed.</p><p><a href="${escapeHtml(downloadUrl)}">Your tickets</a></p>`,
    // The key sales used: an order paid before the move is not mailed twice.
    dedupeKey: `paid:${orderNum}`,
  };
}
