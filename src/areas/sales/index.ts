// The sales area: checkout of carts (invoices, payment links), payments, invoices, the gateway's redirect pages,
// and the job that settles payments whose redirect never came.
import type { FastifyBaseLogger } from 'fastify';
import { type Area, sweepJob } from '../../platform/area.js';
import type { SessionStore } from '../../platform/auth/sessions.js';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { createLeasedTenantSweep, type TenantSweep } from '../../platform/tenancy/tenant-sweep.js';
import type { PaymentGateway } from '../../integrations/payment-gateway/index.js';
import type { CartApi } from '../cart/index.js';
import type { CatalogApi } from '../catalog/index.js';
import type { CustomersApi } from '../customers/index.js';
import type { DocumentsApi } from '../documents/index.js';
import type { OfflineTicketsApi } from '../offline-tickets/index.js';
import { createCheckoutService } from './checkout.service.js';
import { createInvoiceDocuments } from './invoice-document.js';
import { createPaymentOutcomes, type PaymentOutcomes } from './payment-outcome.js';
import { createPaymentPages } from './payment-pages.js';
import { salesOperations } from './sales.operations.js';

export interface SalesAreaDeps {
  registry: TenantRegistry;
  pools: TenantPools;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  clock: () => Date;
  gateway: PaymentGateway;
  testPayments: boolean;
  linkMinutes: number;
  dataDir: string;
  tenantUrl: (tenantCode: string) => string;
  publicUrl: string;
  mailQueued: (tenantId: string) => void;
  cart: CartApi;
  catalog: CatalogApi;
  customers: CustomersApi;
  offlineTickets: OfflineTicketsApi;
  documents: DocumentsApi;
}

export function createSalesArea(deps: SalesAreaDeps): Area {
  const outcomes = createPaymentOutcomes(deps);
  const checkout = createCheckoutService({
    ...deps,
    tenantHost: (code) => new URL(deps.tenantUrl(code)).host,
    publicScheme: new URL(deps.publicUrl).protocol.replace(':', ''),
  });
  const reconciler = createPaymentReconciler({ ...deps, outcomes });
  return {
    operations: salesOperations({
      checkout,
      documents: createInvoiceDocuments(deps),
      pages: createPaymentPages({ outcomes, tickets: deps.offlineTickets.ticketsForReference, dataDir: deps.dataDir }),
    }),
    api: undefined,
    jobs: [sweepJob('payment reconciliation', reconciler)],
  };
}

/** Pending payment links and failed processing are settled from the gateway's answer every minute. */
export function createPaymentReconciler(deps: {
  registry: TenantRegistry;
  pools: TenantPools;
  outcomes: PaymentOutcomes;
  log: FastifyBaseLogger;
  clock: () => Date;
  intervalMs?: number;
}): TenantSweep {
  return createLeasedTenantSweep({
    name: 'payment reconciliation',
    registry: deps.registry,
    pools: deps.pools,
    intervalMs: deps.intervalMs ?? 60_000,
    concurrency: 2,
    log: deps.log,
    work: async (tenant, db) => {
      await deps.outcomes.reconcile({ tenant, db, now: deps.clock(), log: deps.log });
    },
  });
}
