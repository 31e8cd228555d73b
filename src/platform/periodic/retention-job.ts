// Retention: a periodic job that deletes a tenant's rows of one kind older than a number of days, in bounded
// batches (a short statement each, so no long lock or huge transaction), with a cap per tenant and run so one
// tenant's years of rows cannot hold the round up: the next run carries on.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { PeriodicJob } from './periodic-work.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows one statement deletes. */
export const RETENTION_BATCH_SIZE = 1_000;
/** Batches per tenant and run. */
const MAX_BATCHES_PER_TENANT = 50;
/** Old rows are no emergency: once an hour is plenty, and the first round runs at start-up. */
const RETENTION_EVERY_MS = 60 * 60 * 1000;

export function retentionJob(deps: {
  /** What is deleted, the job's name and its log lines' ("sent mail retention"). */
  name: string;
  log: FastifyBaseLogger;
  clock: () => Date;
  retentionDays: number;
  /** Deletes up to `limit` rows older than `cutoff` in the tenant's database; answers how many went. */
  deleteBatch: (db: Sql, cutoff: Date, limit: number) => Promise<number>;
}): PeriodicJob {
  return {
    name: deps.name,
    everyMs: RETENTION_EVERY_MS,
    async run(tenant, db) {
      const cutoff = new Date(deps.clock().getTime() - deps.retentionDays * DAY_MS);
      let deleted = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_TENANT; batch += 1) {
        const count = await deps.deleteBatch(db, cutoff, RETENTION_BATCH_SIZE);
        deleted += count;
        if (count < RETENTION_BATCH_SIZE) break;
      }
      if (deleted > 0) deps.log.info({ tenant: tenant.tenantCode, deleted }, `${deps.name}: old rows deleted`);
    },
  };
}
