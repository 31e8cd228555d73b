// Bookings reacts to `order.paid` (published by sales in the settling transaction): the order's booking request is
// made (its tickets page recorded on the order with it) and its ticketing queued, in one transaction, after the
// payment committed; the ticketing task sends the tickets e-mail once the tickets exist (its PDF is attached). Every
// step is idempotent (one request per order, dedupe keys on the ticketing task and the mail), so a redelivered event,
// or a buyer's own /booking/create first, changes nothing.
import { withTransaction } from '../../platform/database/transaction.js';
import type { DomainEvent, DomainEvents, SubscriberScope } from '../../platform/events/index.js';
import { ORDER_PAID, type SalesApi } from '../sales/index.js';
import { queueBookingConfirm } from './booking-tasks.js';
import { type BookingServiceDeps, requestForPaidOrder } from './bookings.service.js';

export interface PaidOrdersDeps {
  events: Pick<DomainEvents, 'subscribe'>;
  sales: Pick<SalesApi, 'orderForBooking'>;
  service: BookingServiceDeps;
  clock: () => Date;
  /** Wakes the ticketing worker of that tenant (after commit). */
  kickTicketing: (tenantId: string) => void;
}

export function subscribeToPaidOrders(deps: PaidOrdersDeps): void {
  deps.events.subscribe(ORDER_PAID, 'bookings', (event, scope) => bookPaidOrder(deps, event, scope));
}

async function bookPaidOrder(deps: PaidOrdersDeps, event: DomainEvent, scope: SubscriberScope): Promise<void> {
  // Orders paid at the desk get no booking (as before events): only those paid online.
  if (event.data.channel !== 'online') return;
  const orderNum = String(event.data.orderNum);
  const { tenant } = scope;
  await scope.withDb((db) =>
    withTransaction({ db, log: scope.log }, async (tx, afterCommit) => {
      const order = await deps.sales.orderForBooking(tx, orderNum);
      if (!order) throw new Error(`order ${orderNum} of event ${event.id} is unknown`);
      const request = await requestForPaidOrder(deps.service, { tenant, now: deps.clock() }, tx, order);
      const requestId = request.booking_request_id;
      await queueBookingConfirm(tx, afterCommit, () => deps.kickTicketing(tenant.tenantId), requestId);
    }),
  );
}
