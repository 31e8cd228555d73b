// Delivers the mail in every tenant's outbox. A use case kicks the worker right after its transaction
// committed, so that tenant's mail goes out at once; a periodic sweep of every active tenant picks up
// retries and the mail a crashed node left behind. Rows are claimed with SKIP LOCKED, so the workers of
// several nodes share the work without sending a mail twice.
//
// A pass over one tenant claims a few rows, gives the pool lease back, sends them one by one (SMTP can be
// slow; a lease held meanwhile would starve the tenant's requests) and takes a lease again for each outcome.
import type { FastifyBaseLogger } from 'fastify';
import type { Sql } from '../database/connections.js';
import type { TenantPools } from '../tenancy/pools.js';
import type { TenantRegistry } from '../tenancy/registry.js';
import { createTenantSweep } from '../tenancy/tenant-sweep.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { composeMail } from './mail-message.js';
import type { MailTransport } from './mail-transport.js';
import {
  type ClaimedMail,
  claimDueMail,
  markMailSent,
  markMailUndeliverable,
  releaseMail,
  rescheduleMail,
} from './outbox.repository.js';
import { retryDelayMs } from './retry-schedule.js';

export interface OutboxWorker {
  /** Starts the periodic sweep; the first runs at once, so mail a crash left behind goes out at start-up. */
  start(): void;
  /** Stops sweeping and kicking, and waits for the deliveries in progress (the rest of a batch is handed back). */
  stop(): Promise<void>;
  /** Delivers that tenant's due mail soon. Call it after the transaction that queued mail committed. */
  kick(tenantId: string): void;
  /** Delivers that tenant's due mail now; answers how many mails were sent. */
  drain(tenantId: string): Promise<number>;
}

export interface OutboxWorkerDeps {
  registry: TenantRegistry;
  pools: TenantPools;
  transport: MailTransport;
  log: FastifyBaseLogger;
  /** Sender addresses are no-reply@<tenant code>.<base domain>. */
  baseDomain: string;
  clock?: () => Date;
  sweepIntervalMs?: number;
}

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;
// Small batches: every claimed row waits for the ones before it, and the claim must outlive the batch.
const BATCH_SIZE = 5;
// Longer than a batch can take even at the transport's timeouts; only after a crash does a row wait this long.
const CLAIM_MS = 5 * 60_000;
// A pass ends after this many batches so one busy tenant cannot hold up the sweep; the next kick or sweep goes on.
const MAX_BATCHES_PER_PASS = 20;
// Tenants swept side by side: enough to hide the round trips, few enough to leave pool connections to requests.
const SWEEP_CONCURRENCY = 4;
// Recording an outcome is retried briefly: a row left SENDING after a successful send is sent again later.
const RECORD_ATTEMPTS = 3;
const RECORD_RETRY_MS = 500;
const LAST_ERROR_LENGTH = 200;

type Delivery = 'sent' | 'retry-later' | 'undeliverable';

export function createOutboxWorker(deps: OutboxWorkerDeps): OutboxWorker {
  const { registry, pools, transport, log, baseDomain } = deps;
  const clock = deps.clock ?? (() => new Date());
  const sweepIntervalMs = deps.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let stopping = false;
  /** Work stop() waits for. */
  const inFlight = new Set<Promise<unknown>>();
  /** Tenants with a kicked pass scheduled or running; `again` asks for one more pass after it. */
  const kicked = new Map<string, { again: boolean }>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    const forget = () => {
      inFlight.delete(work);
    };
    // Both branches handled: tracking must not turn a rejection the caller handles into an unhandled one.
    work.then(forget, forget);
    return work;
  };

  const withTenantDb = async <T>(tenant: TenantRecord, work: (db: Sql) => Promise<T>): Promise<T> => {
    const lease = await pools.acquire(tenant);
    try {
      return await work(lease.sql);
    } finally {
      lease.release();
    }
  };

  const recordOutcome = async (tenant: TenantRecord, work: (db: Sql) => Promise<void>): Promise<void> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await withTenantDb(tenant, work);
        return;
      } catch (error) {
        if (attempt >= RECORD_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS));
      }
    }
  };

  const deliverOne = async (tenant: TenantRecord, row: ClaimedMail): Promise<Delivery> => {
    const context = { tenantCode: tenant.tenantCode, outboxId: row.id };
    if (!row.mail) {
      const error = 'the payload is not a mail';
      await recordOutcome(tenant, (db) =>
        markMailUndeliverable(db, { id: row.id, lockedUntil: row.lockedUntil, error }),
      );
      log.error(context, `outbox row parked as FAILED: ${error}`);
      return 'undeliverable';
    }
    try {
      await transport.send(composeMail(tenant, { id: row.id, createdAt: row.createdAt, mail: row.mail }, baseDomain));
    } catch (error) {
      const attempts = row.attempts + 1;
      const nextAttemptAt = new Date(clock().getTime() + retryDelayMs(attempts));
      const reason = shortReason(error);
      await recordOutcome(tenant, (db) =>
        rescheduleMail(db, { id: row.id, lockedUntil: row.lockedUntil, nextAttemptAt, error: reason }),
      );
      log.warn({ ...context, attempts, nextAttemptAt, reason }, 'mail delivery failed; it will be retried');
      return 'retry-later';
    }
    await recordOutcome(tenant, (db) => markMailSent(db, row.id, clock()));
    log.debug(context, 'mail sent');
    return 'sent';
  };

  /** Sends a claimed batch in order. After a failure the rest goes back: most failures mean the server is down. */
  const deliverBatch = async (
    tenant: TenantRecord,
    batch: ClaimedMail[],
  ): Promise<{ sent: number; endedEarly: boolean }> => {
    let sent = 0;
    for (const [index, row] of batch.entries()) {
      const outcome = stopping ? 'stopping' : await deliverOne(tenant, row);
      if (outcome === 'sent') sent += 1;
      if (outcome === 'stopping' || outcome === 'retry-later') {
        const untried = batch.slice(outcome === 'stopping' ? index : index + 1);
        const ids = untried.map((mail) => mail.id);
        if (ids.length > 0) {
          await recordOutcome(tenant, (db) => releaseMail(db, { ids, lockedUntil: row.lockedUntil, now: clock() }));
        }
        return { sent, endedEarly: true };
      }
    }
    return { sent, endedEarly: false };
  };

  /** One pass over a tenant's due mail; answers how many were sent. */
  const deliverDue = async (tenantId: string): Promise<number> => {
    const tenant = registry.byId(tenantId);
    // A suspended tenant's database refuses connections; its mail waits in the outbox for the activation.
    if (tenant?.status !== 'ACTIVE') return 0;
    let sent = 0;
    for (let batchNumber = 0; batchNumber < MAX_BATCHES_PER_PASS && !stopping; batchNumber += 1) {
      const now = clock();
      const lockedUntil = new Date(now.getTime() + CLAIM_MS);
      const batch = await withTenantDb(tenant, (db) => claimDueMail(db, { now, lockedUntil, limit: BATCH_SIZE }));
      const result = await deliverBatch(tenant, batch);
      sent += result.sent;
      if (result.endedEarly || batch.length < BATCH_SIZE) break;
    }
    return sent;
  };

  const runKicked = async (tenantId: string, request: { again: boolean }): Promise<void> => {
    // Kicks of the same tick (several commits of one request) become one pass.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      do {
        request.again = false;
        await deliverDue(tenantId);
      } while (request.again && !stopping);
    } catch (error) {
      log.warn({ err: error, tenantId }, 'outbox delivery failed; the sweep will retry');
    } finally {
      kicked.delete(tenantId);
    }
  };

  const sweeper = createTenantSweep({
    name: 'outbox sweep',
    registry,
    intervalMs: sweepIntervalMs,
    concurrency: SWEEP_CONCURRENCY,
    log,
    work: async (tenant) => {
      await deliverDue(tenant.tenantId);
    },
  });

  return {
    start() {
      if (stopping) return;
      sweeper.start();
    },
    async stop() {
      stopping = true;
      await sweeper.stop();
      // Nothing new starts once stopping is set, so one wait covers everything.
      await Promise.allSettled([...inFlight]);
    },
    kick(tenantId) {
      if (stopping) return;
      const scheduled = kicked.get(tenantId);
      if (scheduled) {
        scheduled.again = true;
        return;
      }
      const request = { again: false };
      kicked.set(tenantId, request);
      track(runKicked(tenantId, request));
    },
    drain(tenantId) {
      if (stopping) return Promise.resolve(0);
      return track(deliverDue(tenantId));
    },
  };
}

/** The error's code and first line, short: it is stored in the row and logged (server replies can be long). */
function shortReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
  const firstLine = error.message.split('\n', 1)[0] ?? '';
  return `${code}${firstLine}`.slice(0, LAST_ERROR_LENGTH);
}
