// The catalog area: products, variants, inventory and availability, its administration, and capacity holds for
// carts and bookings. Its jobs keep the read caches in step across nodes and give back the seats of holds that
// ran out.
import type { FastifyBaseLogger } from 'fastify';
import type { Area } from '../../platform/area.js';
import type { Sql } from '../../platform/database/connections.js';
import { EVERY_MINUTE, type PeriodicJob, type PeriodicWork } from '../../platform/periodic/periodic-work.js';
import { convertToSale, extend, hold, holdOrRefuse, release, releaseExpiredHolds, sellPaidHold } from './capacity.js';
import { createCatalogAdminService } from './catalog-admin.service.js';
import { catalogOperations } from './catalog.operations.js';
import { type CatalogService, createCatalogService } from './catalog.service.js';
import {
  lockProductKey,
  selectTaxExemptProducts,
  selectTicketFacts,
  selectVendorBookedProducts,
} from './products.repository.js';
import { createCatalogReadCaches } from './read-cache.js';
import { quoteRefusal, quoteUnit } from './unit-quote.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'product', description: 'Catalog reads: categories, products, variants, prices and availability' },
  { name: 'product administration', description: 'Catalog administration and inventory, for employees' },
];

export type { CartItemHolder, HoldRefusal, HoldRequest, HoldResult, SeatsToHold } from './capacity.js';
export { QuoteRefused, type UnitQuote, type UnitQuoteRequest } from './unit-quote.js';
export type { ProductTicketFacts } from './products.repository.js';
/** The demo seed writes its catalog through the same services as the API, so it passes the same validation. */
export { createCatalogAdminService, createCatalogService };

/** What carts, checkout and bookings use of the catalog: product rows, prices, and capacity holds. */
export interface CatalogApi {
  productRows: CatalogService['productRows'];
  /** In the caller's transaction: the product exists and stays until the transaction ends. */
  lockProductKey: typeof lockProductKey;
  /** Which of the products are exempt from VAT, on the handle given (a transaction's or the pool's). */
  taxExemptProducts: typeof selectTaxExemptProducts;
  /** Which of the products their supplier tickets (hasVendorBooking): bookings send those lines to the supplier. */
  vendorBookedProducts: typeof selectVendorBookedProducts;
  /** What the tickets of these products tell their holders: meeting point, pickup window, cancellation policy. */
  ticketFacts: typeof selectTicketFacts;
  quoteUnit: typeof quoteUnit;
  quoteRefusal: typeof quoteRefusal;
  hold: typeof hold;
  holdOrRefuse: typeof holdOrRefuse;
  release: typeof release;
  extend: typeof extend;
  convertToSale: typeof convertToSale;
  sellPaidHold: typeof sellPaidHold;
}

export interface CatalogAreaDeps {
  platformDb: Sql;
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

export function createCatalogArea(deps: CatalogAreaDeps): Area<CatalogApi> {
  const caches = createCatalogReadCaches({ platformDb: deps.platformDb, log: deps.logger });
  const catalog = createCatalogService(caches);
  const holdSweeper = createHoldSweeper({ ...deps, log: deps.logger });
  return {
    tags: TAGS,
    operations: catalogOperations({ catalog, admin: createCatalogAdminService(catalog, caches) }),
    api: {
      productRows: catalog.productRows,
      lockProductKey,
      taxExemptProducts: selectTaxExemptProducts,
      vendorBookedProducts: selectVendorBookedProducts,
      ticketFacts: selectTicketFacts,
      quoteUnit,
      quoteRefusal,
      hold,
      holdOrRefuse,
      release,
      extend,
      convertToSale,
      sellPaidHold,
    },
    jobs: [
      { name: 'catalog read caches', start: () => caches.start(), stop: () => caches.stop() },
      deps.periodic.register(holdSweeper),
    ],
  };
}

/** Expired holds give their seats back within a minute even where no request touches the slot. */
export function createHoldSweeper(deps: { log: FastifyBaseLogger; clock: () => Date }): PeriodicJob {
  return {
    name: 'hold sweep',
    everyMs: EVERY_MINUTE,
    run: async (tenant, db) => {
      const released = await releaseExpiredHolds({ db, now: deps.clock() });
      if (released > 0) deps.log.debug({ tenant: tenant.tenantCode, released }, 'expired holds released');
    },
  };
}
