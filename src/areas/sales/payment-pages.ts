// The pages the payer's browser lands on: sales' own page of each outcome of an order's payment link (the payments
// area serves the return addresses, settles the link and asks orderPageOf which page to show).
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { PageOutcome, TemplatePage } from '../payments/index.js';
import * as repo from './sales.repository.js';

const NOT_FINISHED = 'Your payment was received, but we could not complete your order yet.';
const UNCONFIRMED =
  'We could not confirm the outcome of your payment with the payment gateway yet; we check it again shortly.';
const EXPIRED = 'The payment link expired before a payment was made. You can pay again from your cart.';
const NOT_FULFILLED =
  'Your payment was received, but the places you chose were sold out meanwhile, so we could not issue your tickets. ' +
  'We will refund your payment.';

/** The title of sales' error pages (templates/payment/error.html). */
const ERROR_TITLE = 'We could not finish your order';
const errorTemplate = (message: string): TemplatePage => ({ name: 'error', title: ERROR_TITLE, values: { message } });

/**
 * The page of a return address of an order's link, once settled (payments' pageOf): the order's state first (a
 * completed order shows its payer and tickets, whatever the gateway says now), then the outcome. Undefined for a
 * return without the link's `t` (payments' page naming the reference only).
 */
export async function orderPageOf(
  deps: { tickets: OfflineTicketsApi['ticketsForReference'] },
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
