// Sent mail is kept for a while (who was mailed what, for support questions), then deleted by a periodic job over
// every active tenant. Mail still to deliver and mail parked as FAILED stay whatever their age.
import type { FastifyBaseLogger } from 'fastify';
import type { TenantPools } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import { createRetentionSweep } from '../tenancy/retention-sweep.js';
import type { TenantSweep } from '../tenancy/tenant-sweep.js';
import { deleteSentMailBefore } from './outbox.repository.js';

export function createOutboxRetention(deps: {
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Sent mail older than this many days is deleted (TC_OUTBOX_RETENTION_DAYS). */
  retentionDays: number;
  intervalMs?: number;
}): TenantSweep {
  return createRetentionSweep({ ...deps, name: 'sent mail retention', deleteBatch: deleteSentMailBefore });
}
