// Delivers the mail in every tenant's outbox. A use case kicks the worker right after its transaction
// committed, so that tenant's mail goes out at once; a job of the platform's round of periodic work picks up
// retries and the mail a crashed node left behind, on the round's lease of the tenant. Rows are claimed with SKIP LOCKED, so the workers of
// several nodes share the work without sending a mail twice.
//
// A kicked pass over one tenant claims a few rows, gives the pool lease back, sends them one by one (SMTP can be
// slow; a lease held meanwhile would starve the tenant's requests) and takes a lease again for each outcome.
import { parkClaim, releaseClaims, rescheduleClaim } from './outbox-claims.repository.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import { type TenantPools, withTenantLease } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import type { PeriodicWork } from '../periodic/periodic-work.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { composeMail } from './mail-message.js';
import type { MailTransport } from './mail-transport.js';
import { type ClaimedMail, claimDueMail, markMailSent, undeliveredMail } from './outbox.repository.js';
import type { WithTenantDb } from './outbox-task-worker.js';
import { retryDelayMs } from './retry-schedule.js';
import { createTenantPasses, type TenantPasses } from './tenant-passes.js';

export interface OutboxWorker {
  /** Nothing: the retries run in the platform's round (the first at start-up: mail a crash left behind goes out). */
  start(): void;
  /** Stops kicking, and waits for the deliveries in progress (the rest of a batch is handed back). */
  stop(): Promise<void>;
  /** Delivers that tenant's due mail soon. Call it after the transaction that queued mail committed. */
  kick(tenantId: string): void;
  /** Delivers that tenant's due mail now; answers how many mails were sent. */
  drain(tenantId: string): Promise<number>;
  /**
   * The mail still to deliver in the outboxes of the ACTIVE tenants, as each tenant's last sweep counted it
   * (so at most one sweep interval old; /metrics reads it without touching a tenant database).
   */
  backlog(): OutboxBacklog;
}

export interface OutboxBacklog {
  rows: number;
  /** When the oldest mail still to deliver was queued; undefined when there is none. */
  oldestCreatedAt: Date | undefined;
}

export interface OutboxWorkerDeps {
  registry: TenantRegistry;
  pools: TenantPools;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** Sender addresses are no-reply@<tenant code>.<base domain>. */
  baseDomain: string;
  clock?: () => Date;
  /** The round whose visits pick up retries. */
  periodic: Pick<PeriodicWork, 'register'>;
  sweepIntervalMs?: number;
}

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
// Small batches: every claimed row waits for the ones before it, and the claim must outlive the batch.
const BATCH_SIZE = 5;
// Longer than a batch can take even at the transport's timeouts; only after a crash does a row wait this long.
const CLAIM_MS = 5 * 60_000;
// A pass ends after this many batches so one busy tenant cannot hold up the sweep; the next kick or sweep goes on.
const MAX_BATCHES_PER_PASS = 20;
// Recording an outcome is retried briefly: a row left SENDING after a successful send is sent again later.
const RECORD_ATTEMPTS = 3;
const RECORD_RETRY_MS = 500;
const LAST_ERROR_LENGTH = 200;

type Delivery = 'sent' | 'retry-later' | 'undeliverable';

/** The tenant a pass delivers for, and how it reaches its database (a lease per step, or the round's lease). */
interface OnTenant {
  tenant: TenantRecord;
  withDb: WithTenantDb;
}

/** The worker's dependencies and mutable state, shared by the steps below. */
interface Worker {
  registry: TenantRegistry;
  pools: TenantPools;
  transport: MailTransport;
  log: FastifyBaseLogger;
  baseDomain: string;
  clock: () => Date;
  /** Kicked passes, and the work stop() waits for. */
  passes: TenantPasses;
  /** Each tenant's mail still to deliver, as its last sweep counted it. */
  backlogs: Map<string, OutboxBacklog>;
}

export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { registry, pools, transport, log, baseDomain } = deps;
  const worker: Worker = {
    registry,
    pools,
    transport,
    log,
    baseDomain,
    clock: deps.clock ?? (() => new Date()),
    passes: createTenantPasses(
      (tenantId) => deliverKicked(worker, tenantId),
      (error, tenantId) => log.warn({ err: error, tenantId }, 'outbox delivery failed; the sweep will retry'),
    ),
    backlogs: new Map(),
  };
  deps.periodic.register({
    name: 'outbox sweep',
    everyMs: deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    // Mail still waiting for a retry is looked at every interval, wherever its tenant's pool is.
    hasWork: (tenantId) => (worker.backlogs.get(tenantId)?.rows ?? 0) > 0,
    run: async (tenant, db) => {
      if (worker.passes.stopping) return;
      await deliverDue(worker, { tenant, withDb: (work) => work(db) });
      // One query on the claim index per tenant and visit, on the round's lease.
      worker.backlogs.set(tenant.tenantId, await undeliveredMail(db));
    },
  });

  return {
    start: () => undefined,
    stop: () => worker.passes.stop(),
    kick: (tenantId) => worker.passes.kick(tenantId),
    drain(tenantId) {
      if (worker.passes.stopping) return Promise.resolve(0);
      return worker.passes.track(deliverKicked(worker, tenantId));
    },
    backlog: () => totalBacklog(worker),
  };
}

/** The sum over the tenants still ACTIVE; the entries of the others are dropped on the way. */
function totalBacklog(worker: Worker): OutboxBacklog {
  const total: OutboxBacklog = { rows: 0, oldestCreatedAt: undefined };
  for (const [tenantId, backlog] of worker.backlogs) {
    if (worker.registry.byId(tenantId)?.status !== 'ACTIVE') {
      worker.backlogs.delete(tenantId);
      continue;
    }
    total.rows += backlog.rows;
    const oldest = backlog.oldestCreatedAt;
    if (oldest && (!total.oldestCreatedAt || oldest < total.oldestCreatedAt)) total.oldestCreatedAt = oldest;
  }
  return total;
}

async function recordOutcome(on: OnTenant, work: (db: Sql) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await on.withDb(work);
      return;
    } catch (error) {
      if (attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
    }
  }
}

async function deliverOne(worker: Worker, on: OnTenant, row: ClaimedMail): Promise<Delivery> {
  const { log, clock } = worker;
  const { tenant } = on;
  const context = { tenantCode: tenant.tenantCode, outboxId: row.id };
  if (!row.mail) {
    const error = 'the payload is not a mail';
    await recordOutcome(on, (db) => parkClaim(db, { id: row.id, lockedUntil: row.lockedUntil, error }));
    log.error(context, `outbox row parked as FAILED: ${error}`);
    return 'undeliverable';
  }
  try {
    const message = composeMail(tenant, { id: row.id, createdAt: row.createdAt, mail: row.mail }, worker.baseDomain);
    await worker.transport.send(message);
  } catch (error) {
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(attempts));
    const reason = shortReason(error);
    await recordOutcome(on, (db) =>
      rescheduleClaim(db, { id: row.id, lockedUntil: row.lockedUntil, nextAttemptAt, error: reason }),
    );
    log.warn({ ...context, attempts, nextAttemptAt, reason }, 'mail delivery failed; it will be retried');
    return 'retry-later';
  }
  await recordOutcome(on, (db) => markMailSent(db, row.id, clock()));
  log.debug(context, 'mail sent');
  return 'sent';
}

/** Sends a claimed batch in order. After a failure the rest goes back: most failures mean the server is down. */
async function deliverBatch(
  worker: Worker,
  on: OnTenant,
  batch: ClaimedMail[],
): Promise<{ sent: number; endedEarly: boolean }> {
  let sent = 0;
  for (const [index, row] of batch.entries()) {
    const outcome = worker.passes.stopping ? 'stopping' : await deliverOne(worker, on, row);
    if (outcome === 'sent') sent += 1;
    if (outcome === 'stopping' || outcome === 'retry-later') {
      const untried = batch.slice(outcome === 'stopping' ? index : index + 1);
      const ids = untried.map((mail) => mail.id);
      if (ids.length > 0) {
        await recordOutcome(on, (db) => releaseClaims(db, { ids, lockedUntil: row.lockedUntil, now: worker.clock() }));
      }
      return { sent, endedEarly: true };
    }
  }
  return { sent, endedEarly: false };
}

/** A kicked pass (or a drain): a lease of the tenant's pool for each step, none held while a mail is sent. */
function deliverKicked(worker: Worker, tenantId: string): Promise<number> {
  const tenant = worker.registry.byId(tenantId);
  // A suspended tenant's database refuses connections; its mail waits in the outbox for the activation.
  if (tenant?.status !== 'ACTIVE') return Promise.resolve(0);
  return deliverDue(worker, { tenant, withDb: (work) => withTenantLease(worker.pools, tenant, work) });
}

/** One pass over a tenant's due mail; answers how many were sent. */
async function deliverDue(worker: Worker, on: OnTenant): Promise<number> {
  let sent = 0;
  for (let batchNumber = 0; batchNumber < MAX_BATCHES_PER_PASS && !worker.passes.stopping; batchNumber += 1) {
    const now = worker.clock();
    const lockedUntil = new Date(now.getTime() + CLAIM_MS);
    const batch = await on.withDb((db) => claimDueMail(db, { now, lockedUntil, limit: BATCH_SIZE }));
    const result = await deliverBatch(worker, on, batch);
    sent += result.sent;
    if (result.endedEarly || batch.length < BATCH_SIZE) break;
  }
  return sent;
}

/** The error's code and first line, short: it is stored in the row and logged (server replies can be long). */
function shortReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  const firstLine = error.message.split('\n', 1)[0] ?? '';
  return `${code}${firstLine}`.slice(0, LAST_ERROR_LENGTH);
}
