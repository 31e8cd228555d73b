// Domain events against a real tenant database: delivered only after commit, in order per aggregate, retried after
// a failing subscriber (holding back only that aggregate), redelivered with the same id, and counted in /metrics.
import { createPeriodicWork } from '../periodic/periodic-work.js';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformToken, provisionTenant, startTestService, withTenantDb } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import type { Service } from '../../service.js';
import type { Sql } from '../database/connections.js';
import { withTransaction } from '../database/transaction.js';
import { createMetrics } from '../metrics/metrics.js';
import { retryDelayMs } from '../outbox/retry-schedule.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { createDomainEvents, type DomainEvent, type DomainEvents, type EventData } from './index.js';

let service: Service;
let tenant: TenantRecord;
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const silentLog = pino({ level: 'silent' });
const instances: DomainEvents[] = [];

beforeAll(async () => {
  service = await startTestService();
  // The service's own event worker would claim these rows (and know none of these subscribers).
  for (const job of service.jobs.filter((job) => job.name === 'domain events')) await job.stop();
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
  clockOffsetMs = 0;
});

afterEach(async () => {
  await Promise.all(instances.splice(0).map((events) => events.stop()));
});

const withSql = <T>(work: (sql: Sql) => Promise<T>) => withTenantDb(service, tenant, work);

function domainEvents(): DomainEvents {
  // A round of its own, never started: these tests deliver by draining.
  const periodic = createPeriodicWork({ registry: service.registry, pools: service.pools, log: silentLog });
  const events = createDomainEvents({
    registry: service.registry,
    pools: service.pools,
    periodic,
    log: silentLog,
    clock,
  });
  instances.push(events);
  return events;
}

/**
 * Publishes the events in one transaction, as a use case does; `fail` rolls it back after publishing. `quiet` drops
 * the after-commit effects (the kick), so a test that drains by hand is not raced by a kicked pass.
 */
function publish(
  events: DomainEvents,
  list: Array<{ name: string; data: EventData; aggregate: string }>,
  options: { fail?: boolean; quiet?: boolean } = {},
): Promise<void> {
  return withSql((db) =>
    withTransaction({ db }, async (tx, afterCommit) => {
      const onCommit = options.quiet ? () => undefined : afterCommit;
      for (const event of list) {
        await events.publish({ tx, afterCommit: onCommit, tenantId: tenant.tenantId }, event.name, event.data, event);
      }
      if (options.fail) throw new Error('the use case failed after publishing');
    }),
  );
}

describe('domain events', () => {
  it('are delivered once the transaction commits, with their id and data; a rolled-back publish delivers nothing', async () => {
    const events = domainEvents();
    const seen: DomainEvent[] = [];
    events.subscribe('order.paid', 'test', async (event) => {
      seen.push(event);
    });

    await expect(
      publish(events, [{ name: 'order.paid', data: { orderNum: 'SO-1' }, aggregate: 'SO-1' }], { fail: true }),
    ).rejects.toThrow('the use case failed');
    expect(await withSql((sql) => sql`SELECT id FROM outbox`)).toEqual([]);
    await expect(events.drain(tenant.tenantId)).resolves.toBe(0);

    await publish(events, [{ name: 'order.paid', data: { orderNum: 'SO-2', paid: true }, aggregate: 'SO-2' }]);
    // The commit kicked the worker: nobody drains here.
    await until(() => seen.length === 1, 5_000);
    expect(seen[0]).toMatchObject({ name: 'order.paid', aggregate: 'SO-2', data: { orderNum: 'SO-2', paid: true } });
    expect(seen[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    await until(
      async () => (await withSql((sql) => sql`SELECT 1 FROM outbox WHERE status = 'SENT'`)).length === 1,
      5_000,
    );
    expect(events.tally().get('order.paid')).toMatchObject({ published: 1, delivered: 1, failed: 0 });
  });

  it('reach each subscriber in order per aggregate; a failing one is retried and holds back only its aggregate', async () => {
    const events = domainEvents();
    const received: string[] = [];
    const failuresLeft = new Map([['A-1', 1]]);
    events.subscribe('thing.changed', 'recorder', async (event) => {
      const step = String(event.data.step);
      const left = failuresLeft.get(step) ?? 0;
      if (left > 0) {
        failuresLeft.set(step, left - 1);
        throw new Error(`not now: ${step}`);
      }
      received.push(step);
    });
    await publish(
      events,
      [
        { name: 'thing.changed', data: { step: 'A-1' }, aggregate: 'A' },
        { name: 'thing.changed', data: { step: 'B-1' }, aggregate: 'B' },
        { name: 'thing.changed', data: { step: 'A-2' }, aggregate: 'A' },
      ],
      { quiet: true },
    );
    await publish(events, [{ name: 'thing.changed', data: { step: 'A-3' }, aggregate: 'A' }], { quiet: true });

    await events.drain(tenant.tenantId);
    // A-1 failed: wait for it; B goes on.
    expect(received).toEqual(['B-1']);
    const [failed] = await withSql(
      (sql) => sql<{ status: string; attempts: number; last_error: string }[]>`
        SELECT status, attempts, last_error FROM outbox WHERE payload->'data'->>'step' = 'A-1'`,
    );
    expect(failed).toEqual({ status: 'PENDING', attempts: 1, last_error: 'not now: A-1' });
    // Not due before the retry schedule says so.
    await events.drain(tenant.tenantId);
    expect(received).toEqual(['B-1']);

    clockOffsetMs = retryDelayMs(1) + 1_000;
    await events.drain(tenant.tenantId);
    expect(received).toEqual(['B-1', 'A-1', 'A-2', 'A-3']);
    expect(events.tally().get('thing.changed')).toMatchObject({ delivered: 4, failed: 1, pending: 0 });
  });

  it('a second subscriber gets its own delivery, untouched by the first one failing', async () => {
    const events = domainEvents();
    const second: string[] = [];
    events.subscribe('thing.changed', 'always-fails', async () => {
      throw new Error('down');
    });
    events.subscribe('thing.changed', 'works', async (event) => {
      second.push(String(event.data.step));
    });
    await publish(
      events,
      [
        { name: 'thing.changed', data: { step: 'X-1' }, aggregate: 'X' },
        { name: 'thing.changed', data: { step: 'X-2' }, aggregate: 'X' },
      ],
      { quiet: true },
    );
    await events.drain(tenant.tenantId);
    expect(second).toEqual(['X-1', 'X-2']);
    const rows = await withSql(
      (sql) => sql<{ subscriber: string; status: string }[]>`SELECT subscriber, status FROM outbox ORDER BY id`,
    );
    expect(rows).toEqual([
      { subscriber: 'always-fails', status: 'PENDING' },
      { subscriber: 'works', status: 'SENT' },
      { subscriber: 'always-fails', status: 'PENDING' },
      { subscriber: 'works', status: 'SENT' },
    ]);
  });

  it('a redelivery carries the same id, so an idempotent subscriber does its work once', async () => {
    const events = domainEvents();
    const ids: string[] = [];
    const done = new Set<string>();
    let effects = 0;
    events.subscribe('order.paid', 'dedupes', async (event) => {
      ids.push(event.id);
      if (done.has(event.id)) return;
      done.add(event.id);
      effects += 1;
    });
    await publish(events, [{ name: 'order.paid', data: { orderNum: 'SO-9' }, aggregate: 'SO-9' }], { quiet: true });
    await events.drain(tenant.tenantId);
    // As after a claim that ran out once the subscriber had done its work: the row is due again.
    await withSql((sql) => sql`UPDATE outbox SET status = 'PENDING', next_attempt_at = now() - interval '1 second'`);
    await events.drain(tenant.tenantId);

    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(effects).toBe(1);
  });

  it('shows published, delivered, failed and pending per event name in /metrics', async () => {
    const events = domainEvents();
    events.subscribe('order.paid', 'fails', async () => {
      throw new Error('down');
    });
    const metrics = createMetrics({
      pools: service.pools,
      maxConnections: 10,
      registry: service.registry,
      outbox: { backlog: () => ({ rows: 0, oldestCreatedAt: undefined }) },
      events,
    });
    await publish(events, [{ name: 'order.paid', data: { orderNum: 'SO-7' }, aggregate: 'SO-7' }]);
    // The commit's kick delivers (and fails) once; the sweep then counts the row still pending.
    await until(() => events.tally().get('order.paid')?.failed === 1, 5_000);
    await events.runOnce();

    const text = await metrics.registry.metrics();
    expect(text).toContain('tc_events_published_total{event="order.paid"} 1');
    expect(text).toContain('tc_events_delivered_total{event="order.paid"} 0');
    expect(text).toContain('tc_events_failed_total{event="order.paid"} 1');
    expect(text).toContain('tc_events_pending{event="order.paid"} 1');
  });
});
