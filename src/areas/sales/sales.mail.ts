// The e-mails of a sale: the confirmation with the ticket download link, and the payment-failure notice.
import type { OutgoingMail } from '../../platform/outbox/index.js';
import { escapeHtml } from '../../platform/html.js';

interface Recipient {
  email: string;
  name: string | null;
}

export function ticketsMail(
  to: Recipient,
  agency: string,
  orderNum: string,
  downloadUrl: string,
  ticketCount: number,
): OutgoingMail {
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
  };
}

export function paymentFailedMail(to: Recipient, agency: string, orderNum: string): OutgoingMail {
  const greeting = `Hello ${to.name ?? to.email},`;
  const text = `${greeting}\n\nThe payment for your order ${orderNum} with ${agency} did not go through. Your reservation is kept for a while: you can try again from your cart.\n`;
  return {
    to: to.email,
    subject: `Payment not completed for order ${orderNum}`,
    text,
    html: `<p>${escapeHtml(greeting)}</p><p>The payment for your order ${escapeHtml(orderNum)} with ${escapeHtml(agency)} did not go through. Your reservation is kept for a while: you can try again from your cart.</p>`,
  };
}
