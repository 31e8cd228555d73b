// Periodic work (hold expiry, payment-link reconciliation, retention, realm sync, outbox retries): areas and the
// platform register jobs here, and ONE round per node visits each ACTIVE tenant with ONE pool lease and runs every
// job due for that tenant on it, one after the other. Before, each area swept every tenant on its own: the sweeps
// of one tenant overlapped, each took a connection of its own, and an idle node held about 5 per tenant.
//
// What is due is known here without a query (see round-plan.ts): a tenant with nothing due is not visited and its
// pool is not opened. A visit to a tenant whose pool was not open gives its connection back when it ends, so the
// round holds at most `concurrency` connections of its own at any moment, however many tenants there are.
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../area.js';
import type { Sql } from '../database/connections.js';
import type { TenantPools } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { forEachConcurrently } from '../for-each-concurrently.js';
import { type LastRuns, planRound, type Visit } from './round-plan.js';

/** The everyMs of the areas' housekeeping (expired holds, open payment links). */
export const EVERY_MINUTE = 60_000;

/** One kind of periodic work: its body, per tenant, on the round's connection to that tenant's database. */
export interface PeriodicJob {
  readonly name: string;
  /** How often it runs for a tenant whose pool is open here (or that has work waiting); see round-plan.ts. */
  readonly everyMs: number;
  run(tenant: TenantRecord, db: Sql): Promise<void>;
  /** True when the tenant is known to have work waiting (mail to retry): it runs every `everyMs` wherever the pool. */
  hasWork?(tenantId: string): boolean;
}

export interface PeriodicWork {
  /** Adds a job to the round; answers it as a job of the area's list (its runOnce runs it for every tenant now). */
  register(job: PeriodicJob): Job;
  /** Rounds at once, then every round interval. */
  start(): void;
  /** Stops the rounds and waits for the one in progress (its visits end after their current job). */
  stop(): Promise<void>;
  /** One round now of what is due, as the timer runs it (after a round in progress); resolves when done. */
  runDueNow(): Promise<void>;
  /** Every job for every ACTIVE tenant now, due or not (after a round in progress); resolves when done. */
  runOnce(): Promise<void>;
  /** One job for every ACTIVE tenant now, due or not. */
  runJobOnce(name: string): Promise<void>;
  /** A job that is not in the round (an operator's or a test's), for every ACTIVE tenant now, as a forced round. */
  runNow(job: PeriodicJob): Promise<void>;
}

export interface PeriodicWorkDeps {
  registry: Pick<TenantRegistry, 'all'>;
  pools: Pick<TenantPools, 'acquire' | 'isOpen' | 'closeIdle'>;
  log: FastifyBaseLogger;
  /** How often a round starts (none starts while one runs). Default 15 s. */
  roundIntervalMs?: number;
  /** A tenant without an open pool or work waiting gets its jobs at most this often. Default 10 minutes. */
  coldIntervalMs?: number;
  /** Tenants visited side by side: the round's connections at most. Default 2. */
  concurrency?: number;
}

const DEFAULT_ROUND_INTERVAL_MS = 15_000;
const DEFAULT_COLD_INTERVAL_MS = 10 * 60_000;
const DEFAULT_CONCURRENCY = 2;

interface Round {
  deps: PeriodicWorkDeps;
  /** Names may repeat (a test builds an area twice on one service): each registration is a job of its own. */
  jobs: PeriodicJob[];
  lastRuns: LastRuns;
  timer: NodeJS.Timeout | undefined;
  stopping: boolean;
  /** Rounds queued or running: a timed round is skipped while there is one; forced ones wait their turn. */
  pending: number;
  queue: Promise<void>;
}

export function createPeriodicWork(deps: PeriodicWorkDeps): PeriodicWork {
  const round: Round = {
    deps,
    jobs: [],
    lastRuns: new Map(),
    timer: undefined,
    stopping: false,
    pending: 0,
    queue: Promise.resolve(),
  };
  const roundIntervalMs = deps.roundIntervalMs ?? DEFAULT_ROUND_INTERVAL_MS;
  const dueRound = () =>
    enqueue(round, () => {
      const plan = planRound({
        tenants: activeTenants(round),
        jobs: round.jobs,
        lastRuns: round.lastRuns,
        isOpen: (tenantId) => deps.pools.isOpen(tenantId),
        now: Date.now(),
        roundIntervalMs,
        coldIntervalMs: deps.coldIntervalMs ?? DEFAULT_COLD_INTERVAL_MS,
      });
      return visitAll(round, plan);
    });
  // A timed round is skipped while another is queued or running: a slow round is not piled up behind.
  const timedRound = () => {
    if (round.pending === 0) void dueRound();
  };
  const forced = (jobs: () => PeriodicJob[]) =>
    enqueue(round, () =>
      visitAll(
        round,
        activeTenants(round).map((tenant) => ({ tenant, jobs: jobs() })),
      ),
    );

  return {
    register(job) {
      round.jobs.push(job);
      return {
        name: job.name,
        // Started and stopped with the round (the platform's "periodic work" job).
        start: () => undefined,
        stop: () => Promise.resolve(),
        runOnce: () => forced(() => [job]),
      };
    },
    start() {
      if (round.timer || round.stopping) return;
      round.timer = setInterval(timedRound, roundIntervalMs);
      round.timer.unref();
      timedRound();
    },
    async stop() {
      round.stopping = true;
      if (round.timer) clearInterval(round.timer);
      await round.queue;
    },
    runDueNow: dueRound,
    runOnce: () => forced(() => [...round.jobs]),
    runJobOnce(name) {
      const named = round.jobs.filter((job) => job.name === name);
      if (named.length === 0) return Promise.reject(new Error(`periodic work: no job named "${name}"`));
      return forced(() => named);
    },
    runNow: (job) => forced(() => [job]),
  };
}

function activeTenants(round: Round): TenantRecord[] {
  const active = round.deps.registry.all().filter((tenant) => tenant.status === 'ACTIVE');
  // Due times of tenants no longer active are forgotten (a reactivated tenant starts afresh: everything due).
  const ids = new Set(active.map((tenant) => tenant.tenantId));
  for (const tenantId of round.lastRuns.keys()) if (!ids.has(tenantId)) round.lastRuns.delete(tenantId);
  return active;
}

/** Runs `work` after the rounds queued before it; resolves (or rejects) with it. */
function enqueue(round: Round, work: () => Promise<void>): Promise<void> {
  round.pending += 1;
  const run = round.queue.then(() => (round.stopping ? undefined : work()));
  round.queue = run
    .catch((error: unknown) => round.deps.log.error({ err: error }, 'a periodic round failed'))
    .finally(() => {
      round.pending -= 1;
    });
  return run;
}

function visitAll(round: Round, visits: readonly Visit<PeriodicJob>[]): Promise<void> {
  const concurrency = round.deps.concurrency ?? DEFAULT_CONCURRENCY;
  return forEachConcurrently(
    visits,
    concurrency,
    (visit) => visitTenant(round, visit),
    () => round.stopping,
  );
}

/** One lease of the tenant's pool for all its due jobs; a job's failure is logged and the next one runs. */
async function visitTenant(round: Round, { tenant, jobs }: Visit<PeriodicJob>): Promise<void> {
  const { pools, log } = round.deps;
  const wasOpen = pools.isOpen(tenant.tenantId);
  let lease: Awaited<ReturnType<typeof pools.acquire>>;
  try {
    lease = await pools.acquire(tenant);
  } catch (error) {
    // No job ran, none is marked: the tenant stays due for the next round.
    log.warn({ err: error, tenantId: tenant.tenantId }, 'periodic work found no connection for a tenant');
    return;
  }
  try {
    for (const job of jobs) {
      if (round.stopping) return;
      markRun(round.lastRuns, tenant.tenantId, job, Date.now());
      try {
        await job.run(tenant, lease.sql);
      } catch (error) {
        log.warn({ err: error, tenantId: tenant.tenantId }, `${job.name} of a tenant failed; it runs again when due`);
      }
    }
  } finally {
    lease.release();
    // A tenant nobody uses here gets its connection back now rather than after the pools' idle timeout (30 s):
    // otherwise each visit would leave one open, and a round over many tenants would fill the node's cap.
    // Awaited: the lane takes its next tenant once this connection is gone, so the round's stay within `concurrency`.
    if (!wasOpen) await pools.closeIdle(tenant.tenantId);
  }
}

function markRun(lastRuns: LastRuns, tenantId: string, job: PeriodicJob, at: number): void {
  const runs = lastRuns.get(tenantId) ?? new Map<PeriodicJob, number>();
  runs.set(job, at);
  lastRuns.set(tenantId, runs);
}
