// The ticket-supplier area: the supplier's catalog copied into each tenant's database by a periodic sync (sync/),
// the /ticketsupplier operations reading that copy, availability asked live through a 60 s single-flight copy per
// node (live/), and what the cart needs to sell a supplier product.
import type { FastifyBaseLogger } from 'fastify';
import type { TicketCatalog } from '../../integrations/ticket-supplier/index.js';
import type { Area } from '../../platform/area.js';
import type { ApiTag } from '../../platform/http/openapi.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { SupplierTicketsForCart } from '../cart/index.js';
import { cartOffers } from './cart-offer.js';
import { createLiveOffers, type LiveOffers } from './live/index.js';
import { createCatalogSyncJobs } from './sync/index.js';
import { ticketSupplierOperations } from './ticket-supplier.operations.js';
import { saleableProduct } from './ticket-supplier.sale.js';
import { createTicketSupplierService, VERSION_TTL_MS } from './ticket-supplier.service.js';
import { createShortMemory } from './kept-answers.js';

/** Tenants whose content version a node remembers at once (a bound on memory). */
const MAX_TENANTS = 10_000;

const TAGS: readonly ApiTag[] = [
  {
    name: 'ticket supplier',
    description:
      "The ticket supplier's catalog as the tenant keeps it (countries, cities, experiences, products, variants, " +
      'tags), its live availability, and the cities the storefront offers',
  },
];

export { FORCED_SYNC_JOB, SYNC_JOB } from './sync/index.js';
export type { SaleableProduct, SaleableVariant } from './ticket-supplier.sale.js';

/** What the cart uses to sell supplier products (offerFor: a variant priced for a cart line). */
export interface TicketSupplierApi extends SupplierTicketsForCart {
  /** The product, its variants and its city's timezone from the tenant's copy; undefined when unknown. */
  saleableProduct: typeof saleableProduct;
  /** A day's timeslots, live through the node's 60 s single-flight copy. Rejects with TicketCatalogError. */
  dayOffer: LiveOffers['dayOffer'];
}

export interface TicketSupplierAreaDeps {
  ticketCatalog: TicketCatalog;
  periodic: Pick<PeriodicWork, 'register' | 'runNow'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  config: { nodeId: string; ticketCatalog: { syncHours: number; liveTimeoutMs: number } };
}

export function createTicketSupplierArea(deps: TicketSupplierAreaDeps): Area<TicketSupplierApi> {
  const catalog = deps.ticketCatalog;
  const settings = deps.config.ticketCatalog;
  const live = createLiveOffers({ catalog, timeoutMs: settings.liveTimeoutMs, log: deps.logger });
  const versions = createShortMemory<string>(VERSION_TTL_MS, MAX_TENANTS);
  const jobs = createCatalogSyncJobs({
    changed: (tenantId) => versions.forget(tenantId),
    catalog,
    periodic: deps.periodic,
    nodeId: deps.config.nodeId,
    syncHours: settings.syncHours,
    log: deps.logger,
    clock: deps.clock,
  });
  return {
    tags: TAGS,
    operations: ticketSupplierOperations(createTicketSupplierService({ catalog, live, versions })),
    api: { saleableProduct, dayOffer: live.dayOffer, ...cartOffers(live) },
    jobs,
  };
}
