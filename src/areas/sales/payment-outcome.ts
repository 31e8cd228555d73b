// What the gateway's browser redirects and the reconciliation job do with a sales order. A redirect proves
// nothing: the gateway is asked for the order's state, and amount, currency and reference must match. Which return
// address was opened decides nothing either: the gateway's answer does (paid, declined, cancelled, expired, or still
// open). Each outcome is processed exactly once (row lock on the order, unique gateway reference on the payment, mail
// dedupe keys), however many times or however concurrently it arrives.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Sql, TransactionSql } from '../../platform/database/connections.js';
import { toMinor } from '../../platform/money.js';
import { type AfterCommit, withTransaction } from '../../platform/database/transaction.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import type { TenantRecord } from '../../platform/tenancy/tenant.js';
import { formatDate } from '../../platform/time.js';
import { type OrderCheckResult, type PaymentGateway, PaymentStatus } from '../../integrations/payment-gateway/index.js';
import type { CartApi } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import { nextDocumentNumber } from './document-numbers.js';
import * as repo from './sales.repository.js';
import { paymentFailedMail, ticketsMail } from './sales.mail.js';

export interface OutcomeScope {
  tenant: TenantRecord;
  db: Sql;
  now: Date;
  log: FastifyBaseLogger;
}

export type SuccessOutcome =
  | { kind: 'paid'; order: repo.SalesOrderRow; ticketCount: number }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; orderNum: string };

/** How a payer left the gateway's page without paying. */
export type FailedPaymentKind = 'CANCELLED_PAYMENT' | 'DECLINED';
type UnpaidOutcome = Extract<SettledOutcome, { kind: 'unpaid' }>;

/** What the gateway says became of an order's payment, once that is recorded on the order. */
export type SettledOutcome =
  | SuccessOutcome
  | { kind: 'unpaid'; order: repo.SalesOrderRow; payment: FailedPaymentKind }
  | { kind: 'expired'; order: repo.SalesOrderRow }
  /** Still pending (or only authorised): nothing changes. */
  | { kind: 'open'; order: repo.SalesOrderRow; statusText: string }
  /** The gateway could not be asked: nothing changes, the reconciliation job asks again. */
  | { kind: 'unconfirmed'; order: repo.SalesOrderRow };

/**
 * Bookings, as sales sees them: the booking request of an order paid online is made in the payment's own
 * transaction (and ticketed after commit by the bookings area's outbox task); its id and access code open the
 * tickets page the tickets e-mail links to. Bound late in service.ts: bookings reads orders through sales.
 */
export interface OrderBookings {
  createForPaidOrder(
    scope: { tenant: TenantRecord; now: Date },
    tx: Queryable,
    afterCommit: AfterCommit,
    orderNum: string,
  ): Promise<{ bookingRequestId: number; accessCode: string }>;
  /** The booking request of an order, if it has one. */
  requestOfOrder(
    db: Queryable,
    salesOrderId: number,
  ): Promise<{ bookingRequestId: number; accessCode: string } | undefined>;
  /** The page of a booking's tickets, for the holder of its id and access code. */
  ticketPageUrl(tenantUrl: string, bookingRequestId: number, accessCode: string): string;
}

export interface OutcomeDeps {
  gateway: PaymentGateway;
  /** Test orders are accepted only while the gateway itself runs in test mode. */
  testPayments: boolean;
  tenantUrl: (tenantCode: string) => string;
  /** Queues mail in the caller's transaction; the worker wakes once it commits. */
  mail: MailQueue;
  cart: Pick<CartApi, 'markCartOrdered'>;
  catalog: Pick<CatalogApi, 'release' | 'sellPaidHold'>;
  offlineTickets: OfflineTicketsApi;
  bookings: OrderBookings;
}

export function createPaymentOutcomes(deps: OutcomeDeps) {
  return {
    /**
     * A redirect of the gateway: the order takes the outcome the gateway reports. Paid completes the sale; cancel or
     * decline sets the specification's status, keeps the reservation and queues the failure e-mail once.
     */
    settle: (scope: OutcomeScope, orderNum: string) => settle(deps, scope, orderNum),
    /** The reconciliation job: orders whose payment may have moved, or whose processing failed, are settled. */
    reconcile: (scope: OutcomeScope) => reconcile(deps, scope),
  };
}

export type PaymentOutcomes = ReturnType<typeof createPaymentOutcomes>;

const UNKNOWN_REFERENCE = 'We do not know this payment reference.';

/** A payment the gateway reports as paid completes the order, if it pays exactly this order. */
async function acceptPaid(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  order: repo.SalesOrderRow,
  check: OrderCheckResult,
): Promise<SuccessOutcome> {
  const orderNum = order.order_num;
  const problem = mismatch(deps, order, check);
  if (problem) {
    scope.log.warn({ orderNum, problem }, 'payment refused');
    return { kind: 'refused', reason: `The payment cannot be accepted: ${problem}.` };
  }
  try {
    const completed = await completePaidOrder(deps, scope, orderNum, check);
    return { kind: 'paid', order: completed, ticketCount: await ticketCount(deps, scope.db, completed) };
  } catch (error) {
    await recordProcessingFailure(scope, order, error);
    return { kind: 'failed', orderNum };
  }
}

/** Why a payment the gateway confirms cannot pay the order, if it cannot. */
function mismatch(deps: OutcomeDeps, order: repo.SalesOrderRow, check: OrderCheckResult): string | undefined {
  if (check.order.cartId !== order.order_num) return 'the payment is for another order';
  if (check.order.currency !== order.currency) return 'the payment is in another currency';
  if (toMinor(check.order.amount, order.currency) !== toMinor(order.total, order.currency))
    return 'the amount paid differs';
  if (check.order.test === 1 && !deps.testPayments) return 'a test payment cannot pay a live order';
  return undefined;
}

async function ticketCount(deps: OutcomeDeps, db: Sql, order: repo.SalesOrderRow): Promise<number> {
  const lines = await repo.selectLines(db, order.sales_order_id);
  const offline = await deps.offlineTickets.ticketsForReference(db, order.order_num);
  return lines.reduce((sum, line) => sum + line.quantity, 0) + offline.length;
}

/** The customer paid: the money stays, the failure is logged and the job tries again. */
async function recordProcessingFailure(scope: OutcomeScope, order: repo.SalesOrderRow, error: unknown) {
  scope.log.error(
    { err: error, orderNum: order.order_num },
    'processing a confirmed payment failed; the reconciliation job retries',
  );
  await repo
    .recordProcessingError(
      scope.db,
      order.sales_order_id,
      error instanceof Error ? error.message.slice(0, 200) : 'failed',
      scope.now,
    )
    .catch(() => undefined);
}

/** The one transaction that turns a confirmed payment into a completed sale. */
async function completePaidOrder(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  orderNum: string,
  check: OrderCheckResult,
): Promise<repo.SalesOrderRow> {
  return withTransaction(scope, async (tx, afterCommit) => {
    const order = await repo.lockOrderByNumber(tx, orderNum);
    if (!order) throw new Error('order vanished');
    if (order.status === 'COMPLETED') return order; // a concurrent redirect finished it first
    const lines = await repo.selectLines(tx, order.sales_order_id);
    await sellPaidHolds(deps, scope, tx, orderNum, lines);
    const invoice = await invoiceOfOrder(scope, tx, order);
    if (invoice.status !== 'PAID') await recordCardPayment(scope, tx, invoice, check);
    const tickets = await deps.offlineTickets.markSoldForReference(tx, order.order_num, scope.now);
    await repo.completeOrder(tx, order.sales_order_id, scope.now);
    if (order.cart_id) await deps.cart.markCartOrdered(tx, order.cart_id, scope.now);
    // The paid order's booking request, ticketed once this commits; the tickets e-mail links to its tickets page.
    const booking = await deps.bookings.createForPaidOrder(scope, tx, afterCommit, order.order_num);
    await queueTicketsMail(deps, scope, { tx, afterCommit }, order, booking, lines.length + tickets.length);
    return { ...order, status: 'COMPLETED' as const, payment_status: 'PAID' as const };
  });
}

async function sellPaidHolds(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  tx: Queryable,
  orderNum: string,
  lines: repo.LineRow[],
) {
  for (const line of lines) {
    if (!line.hold_id) continue;
    const sold = await deps.catalog.sellPaidHold({ db: tx, now: scope.now }, line.hold_id);
    if (sold === 'sold-over-capacity') {
      scope.log.warn(
        { orderNum, line: line.line_no },
        'a paid order took seats its hold had given back: slot oversold',
      );
    }
  }
}

/** The order's invoice: the one it has, or a new one. */
async function invoiceOfOrder(
  scope: OutcomeScope,
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
  scope: OutcomeScope,
  tx: Queryable,
  invoice: repo.InvoiceRow,
  check: OrderCheckResult,
) {
  await repo.payInvoice(tx, invoice, {
    online: true,
    method: 'CARD',
    gatewayRef: check.order.ref,
    recordedBy: null,
    now: scope.now,
  });
}

/**
 * The tickets e-mail, queued once per order; the outbox is kicked after commit. It links to the booking's tickets
 * page; the access code is its key, sent as `code` (the page's parameter) and as `token`, as every e-mailed link
 * that carries a secret does (contract §6).
 */
async function queueTicketsMail(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  { tx, afterCommit }: { tx: Queryable; afterCommit: AfterCommit },
  order: repo.SalesOrderRow,
  booking: { bookingRequestId: number; accessCode: string },
  ticketTotal: number,
) {
  if (!order.customer_email) return;
  const page = deps.bookings.ticketPageUrl(
    deps.tenantUrl(scope.tenant.tenantCode),
    booking.bookingRequestId,
    booking.accessCode,
  );
  const link = `${page}&token=${encodeURIComponent(booking.accessCode)}`;
  await deps.mail.queue(tx, afterCommit, scope.tenant.tenantId, {
    ...ticketsMail(
      { email: order.customer_email, name: order.customer_name },
      scope.tenant.tenantName,
      order.order_num,
      link,
      ticketTotal,
    ),
    dedupeKey: `paid:${order.order_num}`,
  });
}

async function settle(deps: OutcomeDeps, scope: OutcomeScope, orderNum: string): Promise<SettledOutcome> {
  const order = await repo.findOrderByNumber(scope.db, orderNum);
  if (!order?.payment_ref) return { kind: 'refused', reason: UNKNOWN_REFERENCE };
  if (order.status === 'COMPLETED')
    return { kind: 'paid', order, ticketCount: await ticketCount(deps, scope.db, order) };
  let check: OrderCheckResult;
  try {
    check = await deps.gateway.checkOrder(order.payment_ref);
  } catch (error) {
    scope.log.warn({ err: error, orderNum }, 'payment check failed; the reconciliation job retries');
    return { kind: 'unconfirmed', order };
  }
  switch (check.order.status.code) {
    case PaymentStatus.PAID:
      return acceptPaid(deps, scope, order, check);
    case PaymentStatus.DECLINED:
      return endIfLinkRanOut(deps, scope, await recordFailedPayment(deps, scope, order, 'DECLINED'));
    case PaymentStatus.CANCELED:
      return endIfLinkRanOut(deps, scope, await recordFailedPayment(deps, scope, order, 'CANCELLED_PAYMENT'));
    case PaymentStatus.EXPIRED:
      await endUnpaidOrder(deps, scope, orderNum, 'EXPIRED');
      return { kind: 'expired', order };
    default:
      return { kind: 'open', order, statusText: check.order.status.text };
  }
}

/**
 * A pending order takes the failure's status and queues the failure e-mail, in one transaction; an order already
 * settled stays as it is, so a repeated or concurrent redirect changes nothing and mails nobody again.
 */
async function recordFailedPayment(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  order: repo.SalesOrderRow,
  kind: FailedPaymentKind,
): Promise<UnpaidOutcome> {
  const orderNum = order.order_num;
  await withTransaction(scope, async (tx, afterCommit) => {
    const locked = await repo.lockOrderByNumber(tx, orderNum);
    if (locked?.status !== 'OPEN' || locked.payment_status !== 'PENDING') return;
    await repo.setPaymentStatus(tx, locked.sales_order_id, kind, scope.now);
    if (locked.customer_email) {
      await deps.mail.queue(tx, afterCommit, scope.tenant.tenantId, {
        ...paymentFailedMail(
          { email: locked.customer_email, name: locked.customer_name },
          scope.tenant.tenantName,
          orderNum,
        ),
        dedupeKey: `failed:${orderNum}`,
      });
    }
  });
  return { kind: 'unpaid', order, payment: kind };
}

/** Every order whose payment may have moved takes what the gateway reports, as a redirect with its `t` would. */
async function reconcile(deps: OutcomeDeps, scope: OutcomeScope): Promise<number> {
  let settled = 0;
  for (const order of await repo.selectOrdersToReconcile(scope.db)) {
    const outcome = await settle(deps, scope, order.order_num);
    if (outcome.kind === 'paid' || outcome.kind === 'unpaid' || outcome.kind === 'expired') settled += 1;
  }
  return settled;
}

/**
 * A failed payment leaves the order open while its link runs: the payer may try another card on the gateway's
 * page. Once the link ran out nothing can pay it, so it ends like an expired one, keeping the failure as its
 * payment status. Without this, failed orders stayed open for ever, first in the reconciliation's queue, and
 * once a hundred of them piled up no pending order was looked at again.
 */
async function endIfLinkRanOut(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  outcome: UnpaidOutcome,
): Promise<SettledOutcome> {
  const expiresAt = outcome.order.payment_expires_at;
  if (expiresAt && expiresAt <= scope.now) await endUnpaidOrder(deps, scope, outcome.order.order_num, outcome.payment);
  return outcome;
}

/** The order can no longer be paid: it ends and its seats and reserved offline tickets go back. */
async function endUnpaidOrder(
  deps: OutcomeDeps,
  scope: OutcomeScope,
  orderNum: string,
  paymentStatus: 'EXPIRED' | FailedPaymentKind,
) {
  await withTransaction(scope, async (tx) => {
    const locked = await repo.lockOrderByNumber(tx, orderNum);
    if (locked?.status !== 'OPEN') return;
    for (const line of await repo.selectLines(tx, locked.sales_order_id)) {
      if (line.hold_id) await deps.catalog.release({ db: tx, now: scope.now }, line.hold_id);
    }
    // Offline tickets reserved for the order go back on sale with its seats.
    await deps.offlineTickets.releaseForReference(tx, locked.order_num, scope.now);
    await repo.endUnpaidOrder(tx, locked.sales_order_id, paymentStatus, scope.now);
  });
}
