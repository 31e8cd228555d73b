// The sync in the platform's periodic round: each visit asks ts_sync_state (one row) whether the tenant's copy is
// due, and syncs it then, on the round's connection. Due: never synced (a new tenant), a run left half-way (it
// resumes), or the last full sync older than TC_TICKET_CATALOG_SYNC_HOURS (0: never on its own). A failed run is
// tried again after RETRY_MS, not at every visit. On one node a tenant has at most one run at a time (a second
// caller joins it); across nodes the claim in ts_sync_state keeps a second node out.
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../platform/area.js';
import type { Sql } from '../../../platform/database/connections.js';
import type { PeriodicJob, PeriodicWork } from '../../../platform/periodic/periodic-work.js';
import type { TicketCatalog } from '../../../integrations/ticket-supplier/index.js';
import { readSyncState, type SyncState } from './sync.repository.js';
import { runSync, STALE_CLAIM_MS } from './sync.js';

export const SYNC_JOB = 'ticket catalog sync';
/** Runs every tenant's sync now, due or not (tests, whose service never syncs on its own). */
export const FORCED_SYNC_JOB = 'ticket catalog sync, forced';

/** How often a visit asks whether the tenant is due: the delay before a new tenant's first sync, at most. */
const CHECK_EVERY_MS = 15 * 60_000;
const RETRY_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

export interface CatalogSyncDeps {
  catalog: TicketCatalog;
  periodic: Pick<PeriodicWork, 'register' | 'runNow'>;
  nodeId: string;
  /** TC_TICKET_CATALOG_SYNC_HOURS; 0: only forced runs. */
  syncHours: number;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** After a run (whatever its end): this node drops what it keeps of the tenant's copy. */
  changed(tenantId: string): void;
}

/** Whether a round should sync the tenant whose state this is. */
export function isDue(state: SyncState | undefined, now: Date, syncHours: number): boolean {
  if (!state || syncHours === 0) return false;
  const ago = (at: Date | null) => (at === null ? Number.POSITIVE_INFINITY : now.getTime() - at.getTime());
  if (ago(state.heartbeat_at) < STALE_CLAIM_MS) return false;
  const failedSinceCompleted = ago(state.last_failed_at) < ago(state.last_completed_at);
  if (failedSinceCompleted && ago(state.last_failed_at) < RETRY_MS) return false;
  return state.cursor !== null || ago(state.last_completed_at) >= syncHours * HOUR_MS;
}

export function createCatalogSyncJobs(deps: CatalogSyncDeps): Job[] {
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  const { catalog } = deps;
  /** The tenant's run on this node: joined when one is under way. */
  const syncTenant = (tenantId: string, tenantCode: string, db: Sql): Promise<void> => {
    const current = running.get(tenantId);
    if (current) return current;
    if (stopping.signal.aborted) return Promise.resolve();
    const started = Date.now();
    const run = runSync(db, { catalog, node: deps.nodeId, clock: deps.clock, signal: stopping.signal })
      .then((outcome) => {
        const ms = Date.now() - started;
        deps.log.info({ tenant: tenantCode, outcome, ms }, 'ticket catalog synced');
      })
      .finally(() => {
        running.delete(tenantId);
        deps.changed(tenantId);
      });
    running.set(tenantId, run);
    return run;
  };
  const due: PeriodicJob = {
    name: SYNC_JOB,
    everyMs: CHECK_EVERY_MS,
    run: async (tenant, db) => {
      if (deps.syncHours === 0) return;
      if (isDue(await readSyncState(db), deps.clock(), deps.syncHours)) {
        await syncTenant(tenant.tenantId, tenant.tenantCode, db);
      }
    },
  };
  const forced: PeriodicJob = {
    name: FORCED_SYNC_JOB,
    everyMs: CHECK_EVERY_MS,
    run: (tenant, db) => syncTenant(tenant.tenantId, tenant.tenantCode, db),
  };
  return [
    deps.periodic.register(due),
    {
      name: FORCED_SYNC_JOB,
      start: () => undefined,
      // Stopped before the round (jobs stop in reverse): a run under way ends after its current city, so a
      // shutdown does not wait for a whole catalog.
      stop: async () => {
        stopping.abort();
        await Promise.allSettled(running.values());
      },
      runOnce: () => deps.periodic.runNow(forced),
    },
  ];
}
