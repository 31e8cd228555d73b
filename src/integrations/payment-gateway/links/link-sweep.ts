// The minute sweep of every tenant's open payment links (payers who paid and never came back): the area says
// how one tenant's links are reconciled and answers how many were settled.
import type { FastifyBaseLogger } from 'fastify';
import { createMinuteSweep, type MinuteSweepDeps, type TenantSweep } from '../../../platform/tenancy/tenant-sweep.js';
import type { LinkScope } from './link-settlement.js';

export function createLinkSweep(
  name: string,
  deps: MinuteSweepDeps & { clock: () => Date },
  reconcile: (scope: LinkScope & { log: FastifyBaseLogger }) => Promise<number>,
): TenantSweep {
  return createMinuteSweep(name, deps, async (tenant, db) => {
    const settled = await reconcile({ tenant, db, now: deps.clock(), log: deps.log });
    if (settled > 0) deps.log.debug({ tenant: tenant.tenantCode, settled }, `${name} settled`);
  });
}
