// Bookings reacts to `order.paid` (published by sales in the settling transaction): the order's booking request is
// made (its tickets page recorded on the order with it), its ticketing queued and the tickets e-mail queued, in one
// transaction, after the payment committed. Every step is idempotent (one request per order, dedupe keys on the
// ticketing task and the mail), so a redelivered event, or a buyer's own /booking/create first, changes nothing.
import { withTransaction } from '../../platform/database/transaction.js';
import type { DomainEvent, DomainEvents, SubscriberScope } from '../../platform/events/index.js';
import type { MailQueue } from '../../platform/outbox/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import { ORDER_PAID, type SalesApi } from '../sales/index.js';
import { queueBookingConfirm } from './booking-tasks.js';
import { type BookingServiceDeps, requestForPaidOrder } from './bookings.service.js';
import { ticketsMail } from './tickets-mail.js';
import { ticketPageUrl } from './tickets/index.js';

export interface PaidOrdersDeps {
  events: Pick<DomainEvents, 'subscribe'>;
  sales: Pick<SalesApi, 'orderForBooking'>;
  offlineTickets: Pick<OfflineTicketsApi, 'ticketsForReference'>;
  service: BookingServiceDeps;
  mail: MailQueue;
  tenantUrl: (tenantCode: string) => string;
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
      const page = ticketPageUrl('', requestId, request.access_code);
      if (!order.customerEmail) return;
      const offline = await deps.offlineTickets.ticketsForReference(tx, orderNum);
      const ticketCount = order.lines.length + offline.filter((ticket) => ticket.status === 'SOLD').length;
      const mail = ticketsMail(
        { email: order.customerEmail, name: order.customerName },
        tenant.tenantName,
        orderNum,
        { url: `${deps.tenantUrl(tenant.tenantCode)}${page}`, accessCode: request.access_code },
        ticketCount,
      );
      await deps.mail.queue(tx, afterCommit, tenant.tenantId, mail);
    }),
  );
}
