// Retention: a periodic sweep over every ACTIVE tenant that deletes the rows of one kind older than a number of
// days, in bounded batches (a short statement each, so no long lock or huge transaction), with a cap per tenant
// and sweep so one tenant's years of rows cannot hold the sweep up: the next sweep carries on.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { TenantPools } from './pools.js';
import type { TenantRegistry } from './registry.js';
import { createLeasedTenantSweep, type TenantSweep } from './tenant-sweep.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement deletes. */
export const RETENTION_BATCH_SIZE = 1_000;
/** Batches per tenant and sweep. */
const MAX_BATCHES_PER_TENANT = 50;
/** Old rows are no emergency: once an hour is plenty, and the first sweep runs at start-up. */
const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;

export function createRetentionSweep(deps: {
  /** What is deleted, for log lines ("sent mail retention"). */
  name: string;
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  retentionDays: number;
  intervalMs?: number;
  /** Deletes up to `limit` rows older than `cutoff` in the tenant's database; answers how many went. */
  deleteBatch: (db: Sql, cutoff: Date, limit: number) => Promise<number>;
}): TenantSweep {
  return createLeasedTenantSweep({
    name: deps.name,
    registry: deps.registry,
    pools: deps.pools,
    intervalMs: deps.intervalMs ?? DEFAULT_INTERVAL_MS,
    // One tenant at a time: retention is background work that should leave connections to requests.
    concurrency: 1,
    log: deps.log,
    work: async (tenant, db) => {
      const cutoff = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS);
      let deleted = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_TENANT; batch += 1) {
        const count = await deps.deleteBatch(db, cutoff, RETENTION_BATCH_SIZE);
        deleted += count;
        if (count < RETENTION_BATCH_SIZE) break;
      }
      if (deleted > 0) deps.log.info({ tenant: tenant.tenantCode, deleted }, `${deps.name}: old rows deleted`);
    },
  });
}
