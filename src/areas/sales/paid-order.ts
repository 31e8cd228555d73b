// The one transaction that turns a confirmed payment into a sale: the order's seats are sold, the invoice paid, the
// order completed and `order.paid` published (bookings makes the booking and sends the tickets after commit). When
// a seat of the order was sold to another order meanwhile (a sibling order of the same cart, or a later cart that
// took the seats of a hold that ran out), the money is kept on the invoice but the order is not fulfilled: it ends
// PAID_NOT_FULFILLED, sells nothing, gives back what it still held, and staff are mailed to refund it.
import type { FastifyBaseLogger } from 'fastify';
import type { TransactionSql } from '../../platform/database/connections.js';
import type { AfterCommit } from '../../platform/database/transaction.js';
import type { DomainEvents } from '../../platform/events/index.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { minorToDecimalString, toMinor } from '../../platform/money.js';
import { formatDate } from '../../platform/time.js';
import type { CartApi } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { SettingsApi } from '../settings/index.js';
import * as repo from './sales.repository.js';
import { refundNeededMail } from './sales.mail.js';
import { nextDocumentNumber } from './document-numbers.js';

/** Published once an order paid online is completed: `{ orderNum, salesOrderId, channel: 'online' }`. */
export const ORDER_PAID = 'order.paid';

export interface PaidOrderDeps {
  mail: MailQueue;
  events: Pick<DomainEvents, 'publish'>;
  settings: Pick<SettingsApi, 'read'>;
  cart: Pick<CartApi, 'markCartOrdered'>;
  catalog: Pick<CatalogApi, 'release' | 'sellPaidHold'>;
  offlineTickets: Pick<OfflineTicketsApi, 'markSoldForReference' | 'releaseForReference'>;
}

/** The settling transaction's scope (payments' OwnerScope): the tenant, the time, the log, what follows commit. */
export interface PaidOrderScope {
  tenant: TenantRecord;
  now: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  afterCommit: AfterCommit;
}

/** Thrown inside the savepoint to undo the seats sold before a line found its own gone. */
class SeatsGone extends Error {
  constructor(readonly lineNo: number) {
    super(`the seats of line ${lineNo} were sold to another order`);
  }
}

/**
 * The order's link was paid (payments' onPaid, in its settling transaction under the order's lock): the order
 * completes, or ends not fulfilled. `gatewayRef` names the gateway's order on the payment.
 */
export async function payOrder(
  deps: PaidOrderDeps,
  scope: PaidOrderScope,
  tx: TransactionSql,
  salesOrderId: number,
  gatewayRef: string,
): Promise<void> {
  const { afterCommit } = scope;
  const order = await repo.findOrder(tx, salesOrderId);
  if (!order) throw new Error('order vanished');
  if (order.status === 'COMPLETED' || order.status === 'PAID_NOT_FULFILLED') return;
  const lines = await repo.selectLines(tx, order.sales_order_id);
  const invoice = await invoiceOfOrder(scope, tx, order);
  if (invoice.status !== 'PAID') await recordCardPayment(scope, tx, invoice, gatewayRef);
  const unsold = await sellSeats(deps, scope, tx, lines);
  if (unsold !== undefined) return endNotFulfilled(deps, scope, { tx, afterCommit }, order, lines, unsold);
  await deps.offlineTickets.markSoldForReference(tx, order.order_num, scope.now);
  await repo.completeOrder(tx, order.sales_order_id, scope.now);
  if (order.cart_id) await deps.cart.markCartOrdered(tx, order.cart_id, scope.now);
  await deps.events.publish(
    { tx, afterCommit, tenantId: scope.tenant.tenantId },
    ORDER_PAID,
    { orderNum: order.order_num, salesOrderId: order.sales_order_id, channel: 'online' },
    { aggregate: order.order_num },
  );
}

/**
 * Sells every line's seats, or none: answers the first line whose seats went to another order (its sold siblings
 * are undone by the savepoint), or undefined when all were sold.
 */
async function sellSeats(
  deps: PaidOrderDeps,
  scope: PaidOrderScope,
  tx: TransactionSql,
  lines: repo.LineRow[],
): Promise<number | undefined> {
  try {
    await tx.savepoint(async (sp) => {
      for (const line of lines) {
        if (!line.hold_id) continue;
        const sold = await deps.catalog.sellPaidHold({ db: sp, now: scope.now }, line.hold_id);
        if (sold === 'seats-gone' || sold === 'already-sold') throw new SeatsGone(line.line_no);
      }
    });
    return undefined;
  } catch (error) {
    if (error instanceof SeatsGone) return error.lineNo;
    throw error;
  }
}

/** Paid, not fulfilled: what it still holds goes back, staff are told to refund it; no booking, no tickets. */
async function endNotFulfilled(
  deps: PaidOrderDeps,
  scope: PaidOrderScope,
  { tx, afterCommit }: { tx: TransactionSql; afterCommit: AfterCommit },
  order: repo.SalesOrderRow,
  lines: repo.LineRow[],
  lineNo: number,
): Promise<void> {
  scope.log.warn({ orderNum: order.order_num, line: lineNo }, 'a paid order lost its seats: not fulfilled, refund due');
  for (const line of lines) {
    if (line.hold_id) await deps.catalog.release({ db: tx, now: scope.now }, line.hold_id);
  }
  await deps.offlineTickets.releaseForReference(tx, order.order_num, scope.now);
  await repo.endPaidNotFulfilled(tx, order.sales_order_id, scope.now);
  const staff = (await deps.settings.read({ tenant: scope.tenant, db: tx })).notificationEmail;
  await deps.mail.queue(tx, afterCommit, scope.tenant.tenantId, {
    ...refundNeededMail(staff, {
      orderNum: order.order_num,
      total: minorToDecimalString(toMinor(order.total, order.currency), order.currency),
      currency: order.currency,
      lineNo,
    }),
    dedupeKey: `not-fulfilled:${order.order_num}`,
  });
}

/** The order's invoice: the one it has, or a new one. */
async function invoiceOfOrder(
  scope: PaidOrderScope,
  tx: TransactionSql,
  order: repo.SalesOrderRow,
): Promise<repo.InvoiceRow> {
  const invoice = await repo.findInvoiceOfOrder(tx, order.sales_order_id);
  if (invoice) return invoice;
  return repo.insertInvoiceOfOrder(tx, {
    number: await nextDocumentNumber(tx, 'INV', Number(formatDate(scope.now, scope.tenant.timezone).slice(0, 4))),
    salesOrderId: order.sales_order_id,
    issueDate: formatDate(scope.now, scope.tenant.timezone),
  });
}

async function recordCardPayment(
  scope: PaidOrderScope,
  tx: TransactionSql,
  invoice: repo.InvoiceRow,
  gatewayRef: string,
) {
  await repo.payInvoice(tx, invoice, {
    online: true,
    method: 'CARD',
    gatewayRef,
    recordedBy: null,
    now: scope.now,
  });
}
