// The minute job of every tenant's open payment links (payers who paid and never came back), run by the platform's
// round of periodic work: the area says how one tenant's links are reconciled and answers how many were settled.
import type { FastifyBaseLogger } from 'fastify';
import { EVERY_MINUTE, type PeriodicJob } from '../../../platform/periodic/periodic-work.js';
import type { LinkScope } from './link-settlement.js';

export function createLinkSweep(
  name: string,
  deps: { log: FastifyBaseLogger; clock: () => Date },
  reconcile: (scope: LinkScope & { log: FastifyBaseLogger }) => Promise<number>,
): PeriodicJob {
  return {
    name,
    everyMs: EVERY_MINUTE,
    run: async (tenant, db) => {
      const settled = await reconcile({ tenant, db, now: deps.clock(), log: deps.log });
      if (settled > 0) deps.log.debug({ tenant: tenant.tenantCode, settled }, `${name} settled`);
    },
  };
}
