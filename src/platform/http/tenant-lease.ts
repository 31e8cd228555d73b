// The tenant database handle a tenant operation's ctx gets (operation.ts).
import type { Sql } from '../database/connections.js';
import { deferredLease } from '../database/deferred-lease.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import type { Kernel } from './kernel.js';

/**
 * A tenant with a pool open here lends a connection at no cost, so it is taken at once, without a promise (a
 * deferred handle costs a tenth of a one-query request). A tenant without one gets a handle that takes it at the
 * first query: a request a cache answers then opens no pool, and closes no other tenant's.
 */
export function leaseFor(kernel: Kernel, tenant: TenantRecord) {
  return kernel.pools.leaseOpen(tenant) ?? deferredLease(() => kernel.pools.acquire(tenant));
}

/** Operations declared with `database: false` get this: touching it is a programming error. */
export const noDatabase = new Proxy(
  {},
  {
    get() {
      throw new Error('this operation was declared with database: false');
    },
  },
) as Sql;
