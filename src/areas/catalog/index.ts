// The catalog area's public face: its operations, capacity holds for carts and bookings, and the sweeper that
// gives back the seats of holds that ran out.
import type { FastifyBaseLogger } from 'fastify';
import type { TenantPools } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { createLeasedTenantSweep, type TenantSweep } from '../../platform/tenancy/tenant-sweep.js';
import { releaseExpiredHolds } from './capacity.js';

export {
  convertToSale,
  extend,
  type HoldRequest,
  type HoldResult,
  type HoldRefusal,
  hold,
  holdOrRefuse,
  release,
  releaseExpiredHolds,
  type SeatsToHold,
  seatHoldSteps,
  sellPaidHold,
} from './capacity.js';
export { createCatalogAdminService } from './catalog-admin.service.js';
export { registerCatalogOperations } from './catalog.operations.js';
export { createCatalogService, type CatalogService } from './catalog.service.js';
export { type CatalogReadCaches, createCatalogReadCaches } from './read-cache.js';
export { partyTotal, seats, transferTotal, unitPrices } from './catalog.rules.js';
export {
  type ProductRowsLoader,
  QuoteRefused,
  quoteRefusal,
  quoteUnit,
  type UnitQuote,
  type UnitQuoteRequest,
} from './unit-quote.js';

/** Expired holds give their seats back within a minute even where no request touches the slot. */
export function createHoldSweeper(deps: {
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  intervalMs?: number;
}): TenantSweep {
  return createLeasedTenantSweep({
    name: 'hold sweep',
    registry: deps.registry,
    pools: deps.pools,
    intervalMs: deps.intervalMs ?? 60_000,
    concurrency: 2,
    log: deps.log,
    work: async (tenant, db) => {
      const released = await releaseExpiredHolds({ db, now: deps.clock() });
      if (released > 0) deps.log.debug({ tenant: tenant.tenantCode, released }, 'expired holds released');
    },
  });
}
