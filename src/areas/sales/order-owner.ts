// Sales orders as an owner kind of the payments area (`sales-order`): an order is born with its link (its number is
// the link's reference and the gateway's cart reference), is paid by onPaid (paid-order.ts), keeps its failures
// open while the link runs (payment-outcome.ts), and shows its own pages at /payment/offline/success|cancel|decline
// (payment-pages.ts). The payments area serves those addresses, settles the link and runs its round in sales' job.
import type { PaymentOwner } from '../payments/index.js';
import type { CheckoutDeps } from './checkout-order.js';
import { type PaidOrderDeps, payOrder } from './paid-order.js';
import { type OrderLinkRequest, orderLinkCallbacks } from './payment-link.js';
import { endUnpaidOrder, recordFailedPayment } from './payment-outcome.js';
import { orderPageOf } from './payment-pages.js';
import * as repo from './sales.repository.js';

export const SALES_ORDER = 'sales-order';

export function salesOrderOwner(deps: CheckoutDeps & PaidOrderDeps): PaymentOwner<OrderLinkRequest> {
  return {
    kind: SALES_ORDER,
    noun: 'Order',
    ...orderLinkCallbacks(deps),
    onPaid: (tx, link, scope) => payOrder(deps, scope, tx, link.ownerId, link.orderRef),
    onDeclined: (tx, link, scope) => recordFailedPayment(deps, scope, tx, link.ownerId, 'DECLINED'),
    onCancelled: (tx, link, scope) => recordFailedPayment(deps, scope, tx, link.ownerId, 'CANCELLED_PAYMENT'),
    async onExpired(tx, link, scope) {
      const order = await repo.findOrder(tx, link.ownerId);
      if (order) await endUnpaidOrder(deps, tx, order, 'EXPIRED', scope.now);
    },
    returns: {
      style: 'templated',
      templatePrefix: 'offline',
      paths: {
        success: '/payment/offline/success',
        cancel: '/payment/offline/cancel',
        decline: '/payment/offline/decline',
      },
      paidMeans:
        'the sale completes and the tickets are e-mailed; declined or cancelled: that payment status, the reservation stays, a failure e-mail',
      payerName: async (db, id) => (await repo.findOrder(db, id))?.customer_name ?? null,
      pageOf: (db, outcome, id, timeZone) => orderPageOf(db, outcome, id, timeZone),
    },
    ownRound: true,
  };
}
