// The bookings area (issue 14, contract §7.3): booking requests made from paid sales orders (tables
// booking_requests, booking_lines, booking_tickets, ticket_signing_keys), their ticketing per line, the booking
// look-ups by e-mail and reference, and the tickets served to holders of a request's id and access code.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { TicketSupplier } from '../../integrations/ticket-supplier/index.js';
import type { Area } from '../../platform/area.js';
import type { SecretBox } from '../../platform/crypto.js';
import type { OperationDeclaration } from '../../platform/http/operation.js';
import type { DomainEvents } from '../../platform/events/index.js';
import { createMailQueue, createOutboxTaskWorker, type OutboxWorker } from '../../platform/outbox/index.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomerRecordOf } from '../customers/index.js';
import type { MessagingApi } from '../messaging/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { SalesApi } from '../sales/index.js';
import type { SettingsApi } from '../settings/index.js';
import { createConfirmer } from './booking-confirm.js';
import { BOOKING_CONFIRM_TASK, bookingConfirmTask } from './booking-tasks.js';
import { bookingOperations } from './bookings.operations.js';
import { bookingRecords } from './bookings.records.js';
import { createBookingService } from './bookings.service.js';
import { subscribeToPaidOrders } from './paid-orders.js';
import { mailTickets } from './tickets-mail.js';
import { ticketSources } from './ticketing/index.js';
import { createTickets } from './tickets/index.js';
import type { Brands } from '../../platform/rendering/branding.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  {
    name: 'booking',
    description:
      'Booking requests of paid orders, their ticketing and tickets: look-ups by secret pair, the ticket-signing key, check-in',
  },
  {
    name: 'booking pages',
    description:
      'The printable tickets page and PDF voucher of a booking request (HTML, PDF), keyed by id and access code',
  },
];

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
  sales: Pick<SalesApi, 'orderForBooking' | 'recordTicketsPage'>;
  /** Bookings subscribes to `order.paid`: the booking of an order paid online is made after the payment commits. */
  events: Pick<DomainEvents, 'subscribe'>;
  /** The tickets e-mail is queued through the outbox, which is woken after commit. */
  outbox: Pick<OutboxWorker, 'kick'>;
  catalog: Pick<CatalogApi, 'vendorBookedProducts' | 'ticketFacts'>;
  /** The agency's contact and default cancellation policy, on the tickets. */
  settings: Pick<SettingsApi, 'read'>;
  offlineTickets: Pick<OfflineTicketsApi, 'ticketsForReference'>;
  messaging: Pick<MessagingApi, 'queueMessage'>;
  /** The caller's own customer record (customer users): its bookings are the caller's. */
  customerRecordOf: CustomerRecordOf;
  // ── tickets helper: its deps go here ──
  /** Seals the tenant's ticket-signing key. */
  secretBox: SecretBox;
  /** The agency's contact on its tickets pages. */
  brands: Pick<Brands, 'of'>;
}

// A claim outlives the supplier's timeout by this much before another confirm may take the line over.
const CLAIM_MARGIN_MS = 5_000;
// A confirm waits for lines another one holds at most the supplier's timeout and this.
const WAIT_MARGIN_MS = 1_000;

/** Bookings offers other areas nothing: it reacts to sales' `order.paid` instead of being called by sales. */
export function createBookingsArea(deps: BookingsAreaDeps): Area {
  const supplierTimeoutMs = deps.config.ticketSupplier.timeoutMs;
  const confirmer = createConfirmer({
    ...deps,
    sources: ticketSources(deps.ticketSupplier, supplierTimeoutMs),
    claimTimeoutMs: supplierTimeoutMs + CLAIM_MARGIN_MS,
    waitForOthersMs: supplierTimeoutMs + WAIT_MARGIN_MS,
  });
  const mail = createMailQueue(deps.outbox);
  const tickets = createTickets({
    ...deps,
    dataDir: deps.config.dataDir,
    lookupsPerMinute: deps.config.rateLimits.secretPairLookup,
  });
  const worker = createOutboxTaskWorker({
    kind: BOOKING_CONFIRM_TASK,
    handler: bookingConfirmTask({
      confirmer,
      log: deps.logger,
      mailTickets: (scope, requestId) => mailTickets({ ...deps, ...tickets, mail }, scope, requestId),
    }),
    registry: deps.registry,
    pools: deps.pools,
    periodic: deps.periodic,
    log: deps.logger,
    clock: deps.clock,
  });
  const serviceDeps = { ...deps, secretPairPerMinute: deps.config.rateLimits.secretPairLookup };
  const bookings = createBookingService(serviceDeps);
  const operations: OperationDeclaration[] = [...bookingOperations({ bookings, confirmer }), ...tickets.operations];
  subscribeToPaidOrders({
    ...deps,
    service: serviceDeps,
    kickTicketing: (tenantId) => worker.kick(tenantId),
  });
  return { tags: TAGS, operations, api: undefined, jobs: [worker], records: bookingRecords(deps.customerRecordOf) };
}
