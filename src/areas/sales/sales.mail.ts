// The e-mails of a sale: the payment-failure notice, and staff's refund alert for a paid order that lost its seats.
// (The tickets e-mail is the bookings area's: it links to the booking.)
import type { OutgoingMail } from '../../platform/outbox/index.js';
import { escapeHtml } from '../../platform/rendering/html.js';

interface Recipient {
  email: string;
  name: string | null;
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

/** To the agency's staff (settings' notification address): the customer paid for seats another order took. */
export function refundNeededMail(
  staff: string,
  order: { orderNum: string; total: string; currency: string; lineNo: number },
): OutgoingMail {
  const text = [
    `Order ${order.orderNum} was paid (${order.total} ${order.currency}) but cannot be fulfilled: the seats of its line ${order.lineNo} were sold to another order meanwhile.`,
    '',
    'No booking or tickets were issued. Please refund the payment and let the customer know.',
    '',
  ].join('\n');
  return {
    to: staff,
    subject: `Refund needed: order ${order.orderNum} paid but not fulfilled`,
    text,
    html: `<p>Order ${escapeHtml(order.orderNum)} was paid (${escapeHtml(order.total)} ${escapeHtml(order.currency)}) but cannot be fulfilled: the seats of its line ${order.lineNo} were sold to another order meanwhile.</p><p>No booking or tickets were issued. Please refund the payment and let the customer know.</p>`,
  };
}
