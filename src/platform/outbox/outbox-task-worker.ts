// Runs the outbox rows of one kind other than mail (messages), as the mail worker delivers mail: a use case kicks
// it after its transaction committed, a job of the platform's round of periodic work picks up retries and what a
// crashed node left behind (on the round's lease of the tenant), and rows are claimed with SKIP LOCKED so several nodes share the work without doing a task twice.
// What a task does is the handler's (the platform knows no messaging): it answers done, retry (with the reason,
// after the retry schedule's wait) or failed (parked, never retried).
//
// A handler runs without holding a pool lease (a provider call can be slow); it takes one through `withDb` for
// each read or write it needs. Tasks must be idempotent: a claim that ran out (a hung call, a crash) is taken
// again by another worker.
import { parkClaim, releaseClaims, rescheduleClaim } from './outbox-claims.repository.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import { type TenantPools, withTenantLease } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import type { PeriodicWork } from '../periodic/periodic-work.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import {
  type ClaimedTask,
  claimDueTasks,
  hasPendingTasks,
  markTaskDone,
  type OutboxTaskKind,
} from './outbox-tasks.repository.js';
import { retryDelayMs } from './retry-schedule.js';
import { createTenantPasses, type TenantPasses } from './tenant-passes.js';

export type TaskOutcome = { kind: 'done' } | { kind: 'retry'; reason: string } | { kind: 'failed'; reason: string };

export type WithTenantDb = <T>(work: (db: Sql) => Promise<T>) => Promise<T>;

export interface OutboxTaskHandler {
  run(tenant: TenantRecord, task: ClaimedTask, withDb: WithTenantDb): Promise<TaskOutcome>;
}

export interface OutboxTaskWorker {
  readonly name: string;
  start(): void;
  stop(): Promise<void>;
  /** Runs that tenant's due tasks soon: call it after the transaction that queued one committed. */
  kick(tenantId: string): void;
  /** Runs every ACTIVE tenant's due tasks now. */
  runOnce(): Promise<void>;
}

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
const BATCH_SIZE = 5;
// Longer than a batch of provider calls can take at their timeouts.
const CLAIM_MS = 5 * 60_000;
const MAX_BATCHES_PER_PASS = 20;
const REASON_LENGTH = 200;

interface Worker {
  kind: OutboxTaskKind;
  handler: OutboxTaskHandler;
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  passes: TenantPasses;
  pending: Set<string>;
}

export function createOutboxTaskWorker(deps: {
  kind: OutboxTaskKind;
  handler: OutboxTaskHandler;
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** The round whose visits pick up retries. */
  periodic: Pick<PeriodicWork, 'register'>;
  sweepIntervalMs?: number;
}): OutboxTaskWorker {
  const passes = createTenantPasses(
    (tenantId) => runKicked(worker, tenantId),
    (error, tenantId) =>
      deps.log.warn({ err: error, tenantId, kind: deps.kind }, 'outbox task pass failed; the sweep will retry'),
  );
  const worker: Worker = { ...deps, passes, pending: new Set() };
  const name = `${deps.kind} outbox`;
  const retries = deps.periodic.register({
    name,
    everyMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    // Tasks waiting for a retry are looked at every interval, wherever the tenant's pool is.
    hasWork: (tenantId) => worker.pending.has(tenantId),
    run: async (tenant, db) => {
      await runDue(worker, tenant, (work) => work(db));
      if (await hasPendingTasks(db, worker.kind)) worker.pending.add(tenant.tenantId);
      else worker.pending.delete(tenant.tenantId);
    },
  });
  return {
    name,
    // The retries run in the platform's round, started and stopped with it.
    start: () => undefined,
    stop: () => passes.stop(),
    kick: (tenantId) => passes.kick(tenantId),
    runOnce: () => (passes.stopping ? Promise.resolve() : (retries.runOnce?.() ?? Promise.resolve())),
  };
}

/** A kicked pass: a lease of the tenant's pool for each read or write (none held during a provider call). */
async function runKicked(worker: Worker, tenantId: string): Promise<void> {
  const tenant = worker.registry.byId(tenantId);
  // A suspended tenant's database refuses connections; its tasks wait for the activation.
  if (tenant?.status !== 'ACTIVE') return;
  await runDue(worker, tenant, (work) => withTenantLease(worker.pools, tenant, work));
}

async function runDue(worker: Worker, tenant: TenantRecord, withDb: WithTenantDb): Promise<void> {
  for (let batchNumber = 0; batchNumber < MAX_BATCHES_PER_PASS && !worker.passes.stopping; batchNumber += 1) {
    const now = worker.clock();
    const lockedUntil = new Date(now.getTime() + CLAIM_MS);
    const batch = await withDb((db) => claimDueTasks(db, worker.kind, { now, lockedUntil, limit: BATCH_SIZE }));
    for (const [index, task] of batch.entries()) {
      if (worker.passes.stopping) {
        const ids = batch.slice(index).map((untried) => untried.id);
        await withDb((db) => releaseClaims(db, { ids, lockedUntil, now: worker.clock() }));
        return;
      }
      await runOne(worker, tenant, task, withDb);
    }
    if (batch.length < BATCH_SIZE) return;
  }
}

async function runOne(worker: Worker, tenant: TenantRecord, task: ClaimedTask, withDb: WithTenantDb): Promise<void> {
  const context = { tenantCode: tenant.tenantCode, outboxId: task.id, kind: worker.kind };
  let outcome: TaskOutcome;
  try {
    outcome = await worker.handler.run(tenant, task, withDb);
  } catch (error) {
    outcome = { kind: 'retry', reason: error instanceof Error ? (error.message.split('\n', 1)[0] ?? '') : 'unknown' };
  }
  const { lockedUntil, id } = task;
  if (outcome.kind === 'done') {
    await withDb((db) => markTaskDone(db, id, worker.clock()));
    return;
  }
  const error = outcome.reason.slice(0, REASON_LENGTH);
  if (outcome.kind === 'failed') {
    await withDb((db) => parkClaim(db, { id, lockedUntil, error }));
    worker.log.warn({ ...context, reason: error }, 'outbox task failed for good');
    return;
  }
  const attempts = task.attempts + 1;
  const nextAttemptAt = new Date(worker.clock().getTime() + retryDelayMs(attempts));
  await withDb((db) => rescheduleClaim(db, { id, lockedUntil, nextAttemptAt, error }));
  worker.pending.add(tenant.tenantId);
  worker.log.warn({ ...context, attempts, nextAttemptAt, reason: error }, 'outbox task failed; it will be retried');
}
