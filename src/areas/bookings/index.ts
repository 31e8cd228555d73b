// The bookings area (issue 14, contract §7.3): booking requests made from paid sales orders (tables
// booking_requests, booking_lines, booking_tickets, ticket_signing_keys), their ticketing per line, the booking
// look-ups by e-mail and reference, and the tickets served to holders of a request's id and access code.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { TicketSupplier } from '../../integrations/ticket-supplier/index.js';
import type { Area } from '../../platform/area.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import { createOutboxTaskWorker } from '../../platform/outbox/index.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomerRecordOf } from '../customers/index.js';
import type { MessagingApi } from '../messaging/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { OrderBookings, SalesApi } from '../sales/index.js';
import { createConfirmer } from './booking-confirm.js';
import { BOOKING_CONFIRM_TASK, bookingConfirmTask, queueBookingConfirm } from './booking-tasks.js';
import { bookingOperations } from './bookings.operations.js';
import { bookingRecords } from './bookings.records.js';
import { findRequestOfOrder } from './bookings.repository.js';
import { createBookingService, requestForPaidOrder } from './bookings.service.js';
import { ticketSources } from './ticketing/index.js';
import { createTicketOperations, ticketPageUrl } from './tickets/index.js';

/** What the composition root hands the bookings area. */
export interface BookingsAreaDeps {
  clock: () => Date;
  tenantUrl: (tenantCode: string) => string;
  registry: TenantRegistry;
  pools: TenantPools;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  config: Pick<Config, 'dataDir' | 'rateLimits' | 'ticketSupplier'>;
  ticketSupplier: TicketSupplier;
  sales: Pick<SalesApi, 'orderForBooking'>;
  catalog: Pick<CatalogApi, 'vendorBookedProducts'>;
  offlineTickets: Pick<OfflineTicketsApi, 'ticketsForReference'>;
  messaging: Pick<MessagingApi, 'queueMessage'>;
  /** The caller's own customer record (customer users): its bookings are the caller's. */
  customerRecordOf: CustomerRecordOf;
  // ── tickets helper: its deps go here ──
  /** Seals the tenant's ticket-signing key. */
  secretBox: SecretBox;
}

/** What other areas may ask of bookings: sales makes the booking of an order paid online. */
export type BookingsApi = OrderBookings;

// A claim outlives the supplier's timeout by this much before another confirm may take the line over.
const CLAIM_MARGIN_MS = 5_000;
// A confirm waits for lines another one holds at most the supplier's timeout and this.
const WAIT_MARGIN_MS = 1_000;

export function createBookingsArea(deps: BookingsAreaDeps): Area<BookingsApi> {
  const supplierTimeoutMs = deps.config.ticketSupplier.timeoutMs;
  const confirmer = createConfirmer({
    ...deps,
    sources: ticketSources(deps.ticketSupplier, supplierTimeoutMs),
    claimTimeoutMs: supplierTimeoutMs + CLAIM_MARGIN_MS,
    waitForOthersMs: supplierTimeoutMs + WAIT_MARGIN_MS,
  });
  const worker = createOutboxTaskWorker({
    kind: BOOKING_CONFIRM_TASK,
    handler: bookingConfirmTask({ confirmer, log: deps.logger }),
    registry: deps.registry,
    pools: deps.pools,
    periodic: deps.periodic,
    log: deps.logger,
    clock: deps.clock,
  });
  const serviceDeps = { ...deps, secretPairPerMinute: deps.config.rateLimits.secretPairLookup };
  const bookings = createBookingService(serviceDeps);
  const operations: OperationDeclaration[] = [
    ...bookingOperations({ bookings, confirmer }),
    // ── tickets helper: `...ticketOperations(...)` goes here (src/areas/bookings/tickets/) ──
    ...createTicketOperations({
      ...deps,
      dataDir: deps.config.dataDir,
      lookupsPerMinute: deps.config.rateLimits.secretPairLookup,
    }),
  ];
  const api: BookingsApi = {
    async createForPaidOrder(scope, tx, afterCommit, orderNum) {
      const order = await deps.sales.orderForBooking(tx, orderNum);
      if (!order) throw new Error(`order ${orderNum} vanished`);
      const request = await requestForPaidOrder(serviceDeps, scope, tx, order);
      const tenantId = scope.tenant.tenantId;
      await queueBookingConfirm(tx, afterCommit, () => worker.kick(tenantId), request.booking_request_id);
      return { bookingRequestId: request.booking_request_id, accessCode: request.access_code };
    },
    async requestOfOrder(db, salesOrderId) {
      const request = await findRequestOfOrder(db, salesOrderId);
      return request && { bookingRequestId: request.booking_request_id, accessCode: request.access_code };
    },
    ticketPageUrl,
  };
  return { operations, api, jobs: [worker], records: bookingRecords(deps.customerRecordOf) };
}
