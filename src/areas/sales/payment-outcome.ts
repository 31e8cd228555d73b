// What an order's unpaid endings change (payments' onDeclined / onCancelled / onExpired, in its settling transaction
// under the order's lock), and the end of orders whose payment failed once their link ran out. A failed payment
// leaves the order open while its link runs (its seats held, the failure e-mailed once); once the link ran out
// nothing can pay it, so it ends like an expired one, keeping the failure as its payment status. Without that end,
// failed orders stayed open for ever.
import type { Sql, TransactionSql } from '../../platform/database/connections.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { OwnerScope } from '../payments/index.js';
import type { PaidOrderDeps } from './paid-order.js';
import * as repo from './sales.repository.js';
import { paymentFailedMail } from './sales.mail.js';

/** How a payer left the gateway's page without paying. */
export type FailedPaymentKind = 'CANCELLED_PAYMENT' | 'DECLINED';

type EndingDeps = Pick<PaidOrderDeps, 'mail' | 'catalog' | 'offlineTickets'>;

/**
 * A pending order takes the failure's status and queues the failure e-mail; an order already settled stays as it
 * is. A failure reported after the link ran out ends the order at once.
 */
export async function recordFailedPayment(
  deps: EndingDeps,
  scope: OwnerScope,
  tx: TransactionSql,
  salesOrderId: number,
  kind: FailedPaymentKind,
): Promise<void> {
  const order = await repo.findOrder(tx, salesOrderId);
  if (order?.status !== 'OPEN' || order.payment_status !== 'PENDING') return;
  await repo.setPaymentStatus(tx, salesOrderId, kind, scope.now);
  if (order.customer_email) {
    await deps.mail.queue(tx, scope.afterCommit, scope.tenant.tenantId, {
      ...paymentFailedMail(
        { email: order.customer_email, name: order.customer_name },
        scope.tenant.tenantName,
        order.order_num,
      ),
      dedupeKey: `failed:${order.order_num}`,
    });
  }
  if (order.payment_expires_at && order.payment_expires_at <= scope.now)
    await endUnpaidOrder(deps, tx, order, kind, scope.now);
}

/** The order can no longer be paid: it ends and its seats and reserved offline tickets go back. */
export async function endUnpaidOrder(
  deps: EndingDeps,
  tx: TransactionSql,
  order: repo.SalesOrderRow,
  paymentStatus: 'EXPIRED' | FailedPaymentKind,
  now: Date,
): Promise<void> {
  if (order.status !== 'OPEN') return;
  for (const line of await repo.selectLines(tx, order.sales_order_id)) {
    if (line.hold_id) await deps.catalog.release({ db: tx, now }, line.hold_id);
  }
  await deps.offlineTickets.releaseForReference(tx, order.order_num, now);
  await repo.endUnpaidOrder(tx, order.sales_order_id, paymentStatus, now);
}

/** Open orders whose payment failed and whose link ran out end, each in a transaction of its own. */
export async function endLapsedFailedOrders(deps: EndingDeps, scope: { db: Sql; now: Date }): Promise<number> {
  const lapsed = await repo.selectOrdersToReconcile(scope.db, scope.now);
  for (const { sales_order_id } of lapsed) {
    await withTransaction(scope, async (tx) => {
      const order = await repo.lockOrder(tx, sales_order_id);
      const failed = order?.payment_status;
      if (order && (failed === 'DECLINED' || failed === 'CANCELLED_PAYMENT'))
        await endUnpaidOrder(deps, tx, order, failed, scope.now);
    });
  }
  return lapsed.length;
}
