// The outbox worker of rows other than mail, with a handler that records what it was asked to do: tasks run after
// commit and never after a rollback, once each when two workers run at the same time; a retry waits for the
// schedule, a failure parks the row, a thrown error is retried, and a claim left by a crashed worker is taken
// over once it ran out.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformToken, provisionTenant, startTestService, withTenantDb } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import type { Sql } from '../database/connections.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { createOutboxTaskWorker, enqueueTask, type OutboxTaskWorker, type TaskOutcome } from './index.js';
import { claimDueTasks } from './outbox-tasks.repository.js';
import { retryDelayMs } from './retry-schedule.js';
import { until } from '../../../test/support/wait.js';
import { createPeriodicWork } from '../periodic/periodic-work.js';

let service: Service;
let tenant: TenantRecord;
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const workers: OutboxTaskWorker[] = [];
/** What the handler did, by task number, and what it answers next for a number. */
const runs: number[] = [];
const answers = new Map<number, Array<TaskOutcome | 'throw'>>();

beforeAll(async () => {
  service = await startTestService();
  // The service's own workers would compete for these rows (the mail worker takes the mail row below).
  await service.outbox.stop();
  for (const job of service.jobs.filter((job) => job.name === 'message outbox')) await job.stop();
  const provisioned = await provisionTenant(service, await platformToken(service));
  const record = service.registry.byId(provisioned.tenantId);
  if (!record) throw new Error('the provisioned tenant is not in the registry');
  tenant = record;
});

afterAll(async () => {
  await service?.close();
});

beforeEach(async () => {
  await withSql((sql) => sql`DELETE FROM outbox`);
  runs.length = 0;
  answers.clear();
  clockOffsetMs = 0;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

const withSql = <T>(work: (sql: Sql) => Promise<T>) => withTenantDb(service, tenant, work);

function numberOf(payload: unknown): number {
  return typeof payload === 'object' && payload !== null && 'n' in payload && typeof payload.n === 'number'
    ? payload.n
    : -1;
}

function worker(): OutboxTaskWorker {
  const created = createOutboxTaskWorker({
    kind: 'message',
    registry: service.registry,
    pools: service.pools,
    // A round of its own: runOnce runs this worker's retries for every tenant.
    periodic: createPeriodicWork({ registry: service.registry, pools: service.pools, log: pino({ level: 'silent' }) }),
    log: pino({ level: 'silent' }),
    clock,
    handler: {
      async run(_tenant, task) {
        const n = numberOf(task.payload);
        runs.push(n);
        // A little time in the "provider call", so concurrent workers overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const next = answers.get(n)?.shift() ?? { kind: 'done' };
        if (next === 'throw') throw new Error('the provider connection reset\nsecond line');
        return next;
      },
    },
  });
  workers.push(created);
  return created;
}

function enqueue(...numbers: number[]): Promise<void> {
  return withSql((sql) =>
    sql.begin(async (tx) => {
      for (const n of numbers) await enqueueTask(tx, 'message', { n }, `test:${n}`);
    }),
  );
}

const rows = () =>
  withSql(
    (sql) => sql<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date }[]>`
    SELECT status, attempts, last_error, next_attempt_at FROM outbox ORDER BY id`,
  );

describe('outbox task worker', () => {
  it('runs each task once, even with two workers at the same time, and a dedupe key once', async () => {
    await enqueue(...Array.from({ length: 12 }, (_, i) => i));
    await enqueue(3);
    await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect((await rows()).every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });

  it('runs nothing of a transaction that rolled back', async () => {
    await expect(
      withSql((sql) =>
        sql.begin(async (tx) => {
          await enqueueTask(tx, 'message', { n: 1 }, 'test:1');
          throw new Error('the use case failed');
        }),
      ),
    ).rejects.toThrow('the use case failed');
    await worker().runOnce();
    expect(runs).toEqual([]);
  });

  it('retries on the schedule, parks a failure, and retries what threw with its first line as the reason', async () => {
    answers.set(1, [{ kind: 'retry', reason: 'rate limited (code 130429)' }]);
    answers.set(2, [{ kind: 'failed', reason: 'refused (code 131026)' }]);
    answers.set(3, ['throw']);
    await enqueue(1, 2, 3);
    const outbox = worker();
    await outbox.runOnce();
    const [retried, failed, thrown] = await rows();
    expect(retried).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'rate limited (code 130429)' });
    expect(retried?.next_attempt_at.getTime()).toBeGreaterThan(clock().getTime() + retryDelayMs(1) - 2_000);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: 1, last_error: 'refused (code 131026)' });
    expect(thrown).toMatchObject({ status: 'PENDING', last_error: 'the provider connection reset' });

    await outbox.runOnce();
    expect(runs).toEqual([1, 2, 3]);
    clockOffsetMs = retryDelayMs(1) + 1_000;
    await outbox.runOnce();
    expect([...runs].sort()).toEqual([1, 1, 2, 3, 3]);
    expect((await rows()).map((row) => row.status)).toEqual(['SENT', 'FAILED', 'SENT']);
  });

  it('takes over a task whose worker crashed after claiming it, once the claim ran out', async () => {
    await enqueue(7);
    const crashed = await withSql((sql) =>
      claimDueTasks(sql, 'message', { now: clock(), lockedUntil: new Date(clock().getTime() + 5 * 60_000), limit: 5 }),
    );
    expect(crashed).toHaveLength(1);
    const outbox = worker();
    await outbox.runOnce();
    expect(runs).toEqual([]);
    clockOffsetMs = 5 * 60_000 + 1_000;
    await outbox.runOnce();
    expect(runs).toEqual([7]);
    expect((await rows())[0]?.status).toBe('SENT');
  });

  it('a kick after commit runs the task soon; mail rows are not its business', async () => {
    await withSql(
      (sql) =>
        sql`INSERT INTO outbox (kind, payload) VALUES ('mail', ${sql.json({ to: 'a@example.com', subject: 's', text: 't' })})`,
    );
    await enqueue(9);
    const outbox = worker();
    outbox.kick(tenant.tenantId);
    outbox.kick(tenant.tenantId);
    await until(() => runs.length > 0, 15_000); // below the 30 s sweep: the kick ran it
    await outbox.stop();
    expect(runs).toEqual([9]);
    expect((await rows()).map((row) => row.status)).toEqual(['PENDING', 'SENT']);
  });
});
