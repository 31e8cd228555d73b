// Background work that visits every ACTIVE tenant now and then (mail retries, expired holds): a few tenants
// side by side, never two sweeps at once, errors logged per tenant and never thrown.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { TenantPools } from './pools.js';
import type { TenantRegistry } from './registry.js';
import type { TenantRecord } from './tenant.js';

/** Runs `work` for every item, `concurrency` at a time, until done or `stopped()` says so. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (!stopped()) {
      const item = items[next];
      if (item === undefined) return;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}

export interface TenantSweep {
  /** Sweeps at once, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep now (unless one is running); resolves when it is done. */
  runOnce(): Promise<void>;
}

export function createTenantSweep(deps: {
  name: string;
  registry: TenantRegistry;
  intervalMs: number;
  concurrency: number;
  log: FastifyBaseLogger;
  work: (tenant: TenantRecord) => Promise<void>;
}): TenantSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  const sweep = () => {
    // A slow sweep (a dead mail server, many tenants) is not overlapped by the next one.
    if (running || stopping) return running ?? Promise.resolve();
    const tenants = deps.registry.all().filter((tenant) => tenant.status === 'ACTIVE');
    running = forEachConcurrently(
      tenants,
      deps.concurrency,
      async (tenant) => {
        try {
          await deps.work(tenant);
        } catch (error) {
          deps.log.warn(
            { err: error, tenantId: tenant.tenantId },
            `${deps.name} of a tenant failed; the next sweep retries`,
          );
        }
      },
      () => stopping,
    ).finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    start() {
      if (timer || stopping) return;
      timer = setInterval(() => void sweep(), deps.intervalMs);
      timer.unref();
      void sweep();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
    runOnce: () => sweep(),
  };
}

/** A sweep whose work runs with a connection of the tenant's own pool (the lease is released after). */
export function createLeasedTenantSweep(deps: {
  name: string;
  registry: TenantRegistry;
  pools: TenantPools;
  intervalMs: number;
  concurrency: number;
  log: FastifyBaseLogger;
  work: (tenant: TenantRecord, db: Sql) => Promise<void>;
}): TenantSweep {
  return createTenantSweep({
    ...deps,
    work: async (tenant) => {
      const lease = await deps.pools.acquire(tenant);
      try {
        await deps.work(tenant, lease.sql);
      } finally {
        lease.release();
      }
    },
  });
}
