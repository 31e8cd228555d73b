// The pages the payer's browser lands on: sales' own page of each outcome of an order's payment link (the payments
// area serves the return addresses, settles the link and asks orderPageOf which page to show).
import type { Queryable } from '../../platform/database/connections.js';
import { displayAmount } from '../../platform/money.js';
import { displayDatesIn, displayDateTime } from '../../platform/time.js';
import type { PageOutcome, TemplatePage } from '../payments/index.js';
import * as repo from './sales.repository.js';

// Paid, and the order is being completed (another call still committing, or a retry due): calm words, no error.
const NOT_FINISHED = 'We are finishing your order now: your tickets follow by e-mail in a few minutes.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; we check it again shortly.';
const EXPIRED = 'The payment link expired before a payment was made. You can pay again from your cart.';
const NOT_FULFILLED =
  'Your payment was received, but the places you chose were sold out meanwhile, so we could not issue your tickets. ' +
  'We will refund your payment.';

/** The title of sales' error pages (templates/payment/error.html). */
const ERROR_TITLE = 'We could not finish your order';
const errorTemplate = (message: string): TemplatePage => ({ name: 'error', title: ERROR_TITLE, values: { message } });

/** The success page's values: what was bought, what was paid, and the tickets (their page, or on their way). */
async function completedValues(db: Queryable, order: repo.SalesOrderRow) {
  const [lines, ticketsPage] = await Promise.all([
    repo.selectLines(db, order.sales_order_id),
    repo.ticketsPageOf(db, order.sales_order_id),
  ]);
  return {
    customerName: order.customer_name ?? '',
    customerEmail: order.customer_email ?? '',
    lines: lines.map((line) => ({
      description: line.description,
      detail: line.detail ? displayDatesIn(line.detail) : '',
      quantity: line.quantity,
      total: displayAmount(line.total, order.currency),
    })),
    amountPaid: displayAmount(order.total, order.currency),
    ticketsUrl: ticketsPage ?? '',
  };
}

/**
 * The page of a return address of an order's link, once settled (payments' pageOf): the order's state first (a
 * completed order shows what was bought, what was paid and its tickets, whatever the gateway says now), then the
 * outcome. Undefined for a return without the link's `t` (payments' page naming the reference only).
 */
export async function orderPageOf(
  db: Queryable,
  outcome: PageOutcome,
  salesOrderId: number | undefined,
  timeZone: string,
): Promise<TemplatePage | undefined> {
  const order = salesOrderId === undefined ? undefined : await repo.findOrder(db, salesOrderId);
  if (!order) return undefined;
  if (order.status === 'COMPLETED') {
    return { name: 'offline-success', title: 'Payment received', values: await completedValues(db, order) };
  }
  if (order.status === 'PAID_NOT_FULFILLED') return errorTemplate(NOT_FULFILLED);
  // the seats are held until the link's end (and a grace after it): the payer may still pay from the cart
  const held = {
    customerName: order.customer_name ?? '',
    holdUntil: order.payment_expires_at ? displayDateTime(order.payment_expires_at, timeZone) : '',
  };
  switch (outcome.kind) {
    case 'unpaid':
      if (outcome.ending === 'DECLINED') return { name: 'offline-decline', title: 'Payment declined', values: held };
      if (outcome.ending === 'CANCELLED') return { name: 'offline-cancel', title: 'Payment cancelled', values: held };
      if (outcome.ending === 'EXPIRED') return errorTemplate(EXPIRED);
      return errorTemplate(`The payment is not completed (${outcome.statusText}).`);
    case 'refused':
      return errorTemplate(outcome.reason);
    case 'unconfirmed':
      return errorTemplate(UNCONFIRMED);
    default: {
      // paid but not recorded (failedAfterPayment), or recorded by another call still committing
      const amountPaid = displayAmount(order.total, order.currency);
      return { name: 'received', title: 'Payment received', values: { message: NOT_FINISHED, amountPaid } };
    }
  }
}
