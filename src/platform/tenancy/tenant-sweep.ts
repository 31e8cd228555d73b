// The outbox workers' sweeps over every ACTIVE tenant (mail and task retries): a few tenants side by side, never
// two sweeps at once, errors logged per tenant and never thrown. The areas' periodic work runs in the platform's
// round instead (periodic/periodic-work.ts), one lease per tenant for all its jobs.
//
// Paced for many tenants: a visit needs the tenant's database, and a tenant whose pool is not open costs a new
// connection (and, at the cap, another tenant's idle one). With four sweeps over 500 tenants every 30 to 60 s, that
// was some 30 connections a second taken from the requests. So a timed sweep visits the tenants with a pool open
// here and those known to have work at every interval, and each of the others once per `coldIntervalMs`, spread
// evenly over the sweeps in between (the least recently visited first). The first sweep and `runOnce` visit all.
import type { FastifyBaseLogger } from 'fastify';
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

/** How a timed sweep chooses its tenants (see above). */
export interface SweepPacing {
  /** True while the tenant has a pool open on this node: visiting it takes no new connection. */
  isOpen(tenantId: string): boolean;
  /** True when the tenant is known to have work waiting (mail to retry): visited at every interval. */
  hasWork?(tenantId: string): boolean;
  /** Every other tenant is visited at least this often. Default 10 minutes. */
  coldIntervalMs?: number;
}

const DEFAULT_COLD_INTERVAL_MS = 10 * 60_000;

/** The tenants a timed sweep visits: the open and busy ones, and the next share of the others. */
function dueTenants(
  tenants: readonly TenantRecord[],
  pacing: SweepPacing,
  lastVisits: ReadonlyMap<string, number>,
  intervalMs: number,
): TenantRecord[] {
  const hot = (tenant: TenantRecord) => pacing.isOpen(tenant.tenantId) || (pacing.hasWork?.(tenant.tenantId) ?? false);
  const cold = tenants
    .filter((tenant) => !hot(tenant))
    .sort((a, b) => (lastVisits.get(a.tenantId) ?? 0) - (lastVisits.get(b.tenantId) ?? 0));
  const share = Math.ceil((cold.length * intervalMs) / (pacing.coldIntervalMs ?? DEFAULT_COLD_INTERVAL_MS));
  return [...tenants.filter(hot), ...cold.slice(0, share)];
}

export interface TenantSweep {
  /** Sweeps at once, then every interval. */
  start(): void;
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
  /** One sweep of every tenant now (unless one is running); resolves when it is done. */
  runOnce(): Promise<void>;
}

export function createTenantSweep(deps: {
  name: string;
  registry: Pick<TenantRegistry, 'all'>;
  intervalMs: number;
  concurrency: number;
  log: FastifyBaseLogger;
  /** Without it, every sweep visits every tenant. */
  pacing?: SweepPacing;
  work: (tenant: TenantRecord) => Promise<void>;
}): TenantSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;
  let swept = false;
  const lastVisits = new Map<string, number>();

  const sweep = (everyTenant: boolean) => {
    // A slow sweep (a dead mail server, many tenants) is not overlapped by the next one.
    if (running || stopping) return running ?? Promise.resolve();
    const active = deps.registry.all().filter((tenant) => tenant.status === 'ACTIVE');
    const tenants =
      everyTenant || !swept || !deps.pacing ? active : dueTenants(active, deps.pacing, lastVisits, deps.intervalMs);
    swept = true;
    running = forEachConcurrently(
      tenants,
      deps.concurrency,
      async (tenant) => {
        lastVisits.set(tenant.tenantId, Date.now());
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
      timer = setInterval(() => void sweep(false), deps.intervalMs);
      timer.unref();
      void sweep(false);
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    },
    runOnce: () => sweep(true),
  };
}
