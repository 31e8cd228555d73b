// Delivers a tenant's event rows to their subscribers, as the outbox's task worker runs tasks: kicked after the
// publishing transaction commits, swept periodically for retries and what a crashed node left behind, claimed with
// SKIP LOCKED so several nodes share the work. Only the head of each subscriber's aggregate is claimed, so a
// failing event holds back the later events of its own aggregate (for that subscriber) and nothing else.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { WithTenantDb } from '../outbox/index.js';
import { parkClaim, rescheduleClaim } from '../outbox/outbox-claims.repository.js';
import { markTaskDone } from '../outbox/outbox-tasks.repository.js';
import { retryDelayMs } from '../outbox/retry-schedule.js';
import { createTenantPasses, type TenantPasses } from '../outbox/tenant-passes.js';
import { type TenantPools, withTenantLease } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import type { PeriodicWork } from '../periodic/periodic-work.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import type { DomainEvent, EventHandler } from './domain-events.js';
import type { EventTallyKeeper } from './event-tally.js';
import { type ClaimedEvent, type EventData, claimDueEvents, pendingEventsByName } from './events.repository.js';

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
const BATCH_SIZE = 10;
// Longer than a subscriber may take (a booking's transaction, a webhook call at its timeout).
const CLAIM_MS = 5 * 60_000;
const MAX_BATCHES_PER_PASS = 50;
const REASON_LENGTH = 200;

interface Worker {
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  tally: EventTallyKeeper;
  handlerOf: (name: string, subscriber: string) => EventHandler | undefined;
  passes: TenantPasses;
  /** Tenants whose last sweep found rows still to deliver: swept at every interval. */
  pending: Set<string>;
}

export function createEventWorker(deps: {
  registry: TenantRegistry;
  pools: TenantPools;
  log: FastifyBaseLogger;
  clock: () => Date;
  tally: EventTallyKeeper;
  handlerOf: Worker['handlerOf'];
  /** The round whose visits pick up retries and what a crashed node left behind. */
  periodic: Pick<PeriodicWork, 'register'>;
  sweepIntervalMs?: number;
}) {
  const passes = createTenantPasses(
    (tenantId) => deliverKicked(worker, tenantId),
    (error, tenantId) => deps.log.warn({ err: error, tenantId }, 'domain event pass failed; the sweep will retry'),
  );
  const worker: Worker = { ...deps, passes, pending: new Set() };
  const roundJob = deps.periodic.register({
    name: 'domain events',
    everyMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    // Events still waiting for a retry are looked at every interval, wherever the tenant's pool is.
    hasWork: (tenantId) => worker.pending.has(tenantId),
    run: async (tenant, db) => {
      if (passes.stopping) return;
      const onRoundLease: WithTenantDb = (work) => work(db);
      await deliverDue(worker, tenant, onRoundLease);
      const pending = await pendingEventsByName(db);
      deps.tally.pendingOf(tenant.tenantId, pending);
      if (pending.size > 0) worker.pending.add(tenant.tenantId);
      else worker.pending.delete(tenant.tenantId);
    },
  });
  return {
    // Started with the platform's round; kicked passes need no start.
    start: () => undefined,
    stop: () => passes.stop(),
    kick: (tenantId: string) => passes.kick(tenantId),
    drain: (tenantId: string) => (passes.stopping ? Promise.resolve(0) : passes.track(deliverKicked(worker, tenantId))),
    runOnce: () => (passes.stopping ? Promise.resolve() : (roundJob.runOnce?.() ?? Promise.resolve())),
  };
}

/** A kicked pass: the tenant's due events, a lease taken for each step. */
function deliverKicked(worker: Worker, tenantId: string): Promise<number> {
  const tenant = worker.registry.byId(tenantId);
  // A suspended tenant's database refuses connections; its events wait for the activation.
  if (tenant?.status !== 'ACTIVE') return Promise.resolve(0);
  return deliverDue(worker, tenant, withTenantDb(worker, tenant));
}

function withTenantDb(worker: Worker, tenant: TenantRecord): WithTenantDb {
  return <T>(work: (db: Sql) => Promise<T>) => withTenantLease(worker.pools, tenant, work);
}

/** One pass over a tenant's due events, batch after batch (a delivered head frees the next event of its aggregate). */
async function deliverDue(worker: Worker, tenant: TenantRecord, withDb: WithTenantDb): Promise<number> {
  let delivered = 0;
  for (let batchNumber = 0; batchNumber < MAX_BATCHES_PER_PASS && !worker.passes.stopping; batchNumber += 1) {
    const now = worker.clock();
    const lockedUntil = new Date(now.getTime() + CLAIM_MS);
    const batch = await withDb((db) => claimDueEvents(db, { now, lockedUntil, limit: BATCH_SIZE }));
    if (batch.length === 0) break;
    // The heads of different aggregates: independent of each other, delivered side by side.
    const outcomes = await Promise.all(batch.map((row) => deliverOne(worker, tenant, row, withDb)));
    delivered += outcomes.filter(Boolean).length;
  }
  return delivered;
}

/** Runs one row's subscriber and records the outcome; answers whether it was delivered. */
async function deliverOne(
  worker: Worker,
  tenant: TenantRecord,
  row: ClaimedEvent,
  withDb: WithTenantDb,
): Promise<boolean> {
  const context = { tenantCode: tenant.tenantCode, outboxId: row.id, event: row.eventName, subscriber: row.subscriber };
  const event = eventOf(row);
  if (!event) {
    await withDb((db) => parkClaim(db, { id: row.id, lockedUntil: row.lockedUntil, error: 'not an event payload' }));
    worker.tally.failed(row.eventName);
    worker.log.error(context, 'event row parked as FAILED: its payload is not an event');
    return false;
  }
  const handler = worker.handlerOf(row.eventName, row.subscriber);
  try {
    // Another node of a newer release may know the subscriber: the row is retried, not dropped.
    if (!handler) throw new Error(`no subscriber ${row.subscriber} of ${row.eventName} on this node`);
    await handler(event, { tenant, withDb, log: worker.log });
  } catch (error) {
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(worker.clock().getTime() + retryDelayMs(attempts));
    const reason = (error instanceof Error ? (error.message.split('\n', 1)[0] ?? '') : 'failed').slice(
      0,
      REASON_LENGTH,
    );
    await withDb((db) =>
      rescheduleClaim(db, { id: row.id, lockedUntil: row.lockedUntil, nextAttemptAt, error: reason }),
    );
    worker.tally.failed(row.eventName);
    worker.pending.add(tenant.tenantId);
    worker.log.warn({ ...context, attempts, nextAttemptAt, reason }, 'event delivery failed; it will be retried');
    return false;
  }
  await withDb((db) => markTaskDone(db, row.id, worker.clock()));
  worker.tally.delivered(row.eventName);
  return true;
}

function eventOf(row: ClaimedEvent): DomainEvent | undefined {
  const { payload } = row;
  if (typeof payload !== 'object' || payload === null) return undefined;
  if (!('eventId' in payload) || typeof payload.eventId !== 'string') return undefined;
  const data = 'data' in payload ? dataOf(payload.data) : undefined;
  if (!data) return undefined;
  return { id: payload.eventId, name: row.eventName, aggregate: row.aggregate, data, publishedAt: row.createdAt };
}

/** The event's data as publish wrote it: an object of strings, numbers, booleans and nulls. */
function dataOf(value: unknown): EventData | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const data: EventData = {};
  for (const [key, field] of Object.entries(value)) {
    if (field !== null && typeof field === 'object') return undefined;
    if (typeof field !== 'string' && typeof field !== 'number' && typeof field !== 'boolean' && field !== null)
      return undefined;
    data[key] = field;
  }
  return data;
}
