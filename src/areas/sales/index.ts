// The sales area: checkout of carts (invoices, payment links: orders are an owner kind of the payments area),
// payments, invoices (an owner kind too: an unpaid invoice is paid online from its payment page), the order's pages of
// the gateway's return addresses, and the job that settles payments whose redirect never came.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { Config } from '../../config.js';
import type { TransactionSql } from '../../platform/database/connections.js';
import type { DomainEvents } from '../../platform/events/index.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { createMailQueue, type OutboxWorker } from '../../platform/outbox/index.js';
import { EVERY_MINUTE, type PeriodicJob, type PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import type { CartApi } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomerRecordOf, CustomersApi } from '../customers/index.js';
import type { DocumentsApi } from '../documents/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import type { SettingsApi } from '../settings/index.js';
import { createCheckoutService } from './checkout.service.js';
import { createInvoiceDocuments } from './invoice-document.js';
import { type InvoiceForLinesInput, type InvoicedLines, invoiceForLines } from './invoice-for-lines.js';
import { createInvoicePayments, invoicePayState } from './invoice-pay-page.js';
import { invoicePaymentOperations } from './invoice-payment.operations.js';
import { salesInvoiceOwner } from './invoice-payments.js';
import { orderForBooking } from './order-for-booking.js';
import type { PaymentsApi } from '../payments/index.js';
import { salesOrderOwner } from './order-owner.js';
import type { OrderLinks } from './payment-link.js';
import { endLapsedFailedOrders } from './payment-outcome.js';
import { createOrderTicketsPage } from './tickets-page.js';
import type { Brands } from '../../platform/rendering/branding.js';
import { salesOperations } from './sales.operations.js';
import { salesRecords } from './sales.records.js';
import { cartHasPayableLink, setTicketsPage } from './sales.repository.js';

export type { InvoiceForLinesInput, InvoiceLineInput, InvoicedLines } from './invoice-for-lines.js';
export type { InvoicePayState } from './invoice-pay-page.js';
export type { BookableLine, OrderForBooking } from './order-for-booking.js';
export { ORDER_PAID } from './paid-order.js';

/** What other areas may ask of sales. */
export interface SalesApi {
  /**
   * In the caller's transaction: an UNPAID sales order of the given lines, with the lines' tax as given, and its
   * invoice (an accepted quote becomes an invoice this way). NOTFOUND when the customer is unknown, INVALID_STATE
   * without lines; amounts that do not add up (net + tax ≠ gross) are a bug and throw.
   */
  invoiceForLines: (ctx: TenantContext, tx: TransactionSql, input: InvoiceForLinesInput) => Promise<InvoicedLines>;
  /**
   * What a payer is shown of the invoice of that number (open balance, due date, whether paid) and the address of
   * its payment page (it holds the invoice's key): an accepted quote's page offers it.
   */
  invoicePayState: typeof invoicePayState;
  /** The order of that number with its lines and the service each sells (a booking request copies it). */
  orderForBooking: typeof orderForBooking;
  /** Whether a payment link of the cart can still be paid (repository: cartHasPayableLink). */
  cartHasPayableLink: typeof cartHasPayableLink;
  /**
   * Records, in the caller's transaction, the tickets page of the order's booking (relative to the tenant's
   * address): the download links e-mailed before bookings existed redirect there.
   */
  recordTicketsPage: typeof setTicketsPage;
}

/** What the composition root hands the area: the platform's parts by their own names, the integrations, the apis. */
export interface SalesAreaDeps {
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'paymentGateway'>;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  tenantUrl: (tenantCode: string) => string;
  outbox: Pick<OutboxWorker, 'kick'>;
  paymentGateway: PaymentGateway;
  /** Test payments are accepted (the simulator, or the real gateway in test mode). */
  testPayments: boolean;
  cart: CartApi;
  catalog: CatalogApi;
  customers: CustomersApi;
  offlineTickets: OfflineTicketsApi;
  documents: DocumentsApi;
  /** The tax policy in force (rate, registration number, tax-inclusive prices). */
  settings: SettingsApi;
  /** The caller's own customer record (customer users): its orders are the caller's documents too. */
  customerRecordOf: CustomerRecordOf;
  /** `order.paid` is published in the settling transaction (bookings subscribes). */
  events: Pick<DomainEvents, 'publish'>;
  /** The agency's name and contact on a ticket link's error page. */
  brands: Pick<Brands, 'of'>;
  /** Orders are an owner kind of payment links (`sales-order`). */
  payments: PaymentsApi;
}

export function createSalesArea(deps: SalesAreaDeps): Area<SalesApi> {
  const gateway = { gateway: deps.paymentGateway, testPayments: deps.testPayments };
  const checkoutDeps = {
    ...deps,
    ...gateway,
    mail: createMailQueue(deps.outbox),
    tenantHost: (code: string) => new URL(deps.tenantUrl(code)).host,
    publicScheme: new URL(deps.config.publicUrl).protocol.replace(':', ''),
  };
  const links = deps.payments.registerOwner(salesOrderOwner(checkoutDeps));
  const checkout = createCheckoutService({ ...checkoutDeps, links });
  const invoiceLinks = deps.payments.registerOwner(salesInvoiceOwner(deps));
  const invoicePayments = createInvoicePayments({ links: invoiceLinks, settings: deps.settings, brands: deps.brands });
  const pages = createOrderTicketsPage({
    tickets: deps.offlineTickets.ticketsForReference,
    tenantUrl: deps.tenantUrl,
    dataDir: deps.config.dataDir,
    brands: deps.brands,
  });
  return {
    operations: [
      ...salesOperations({ checkout, documents: createInvoiceDocuments(deps), pages }),
      ...links.operations,
      ...invoicePaymentOperations(invoicePayments),
      ...invoiceLinks.operations,
    ],
    api: {
      invoiceForLines: (ctx, tx, input) => invoiceForLines(deps, ctx, tx, input),
      invoicePayState,
      orderForBooking,
      cartHasPayableLink,
      recordTicketsPage: setTicketsPage,
    },
    jobs: [deps.periodic.register(paymentReconciliation({ ...checkoutDeps, links, log: deps.logger }))],
    records: salesRecords(deps.customerRecordOf, links),
  };
}

/**
 * Every minute: the orders' open links are settled from the gateway's answer (payments' round of the kind, the
 * payer's redirect or not), and orders whose payment failed end once their link ran out.
 */
function paymentReconciliation(
  deps: Parameters<typeof endLapsedFailedOrders>[0] & {
    links: OrderLinks;
    log: FastifyBaseLogger;
    clock: () => Date;
  },
): PeriodicJob {
  return {
    name: 'payment reconciliation',
    everyMs: EVERY_MINUTE,
    run: async (tenant, db) => {
      const scope = { tenant, db, now: deps.clock(), log: deps.log };
      await deps.links.settleOpenLinks(scope);
      await endLapsedFailedOrders(deps, scope);
    },
  };
}
