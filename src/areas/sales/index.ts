// The sales area's public face: checkout, payments, invoices, the gateway's redirects and the reconciliation job.
import type { FastifyBaseLogger } from 'fastify';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { createLeasedTenantSweep, type TenantSweep } from '../../platform/tenancy/tenant-sweep.js';
import type { PaymentOutcomes } from './payment-outcome.js';

export { createCheckoutService, type CheckoutService } from './checkout.service.js';
export { createInvoiceDocuments } from './invoice-document.js';
export { createPaymentOutcomes, type PaymentOutcomes } from './payment-outcome.js';
export { registerSalesOperations } from './sales.operations.js';

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
