// The tenant pool cache under a small cap: pools open with one connection and grow with concurrent demand,
// idle connections close, idle pools make room for other tenants (the least used first), the connections PostgreSQL sees never exceed
// the cap, and a request that finds no room is answered 503 rather than left hanging.
import { until } from '../../../test/support/wait.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService } from '../../../test/support/service.js';
import { createTenantPools, type TenantPools } from './pools.js';
import type { TenantRecord } from './tenant.js';

let service: Service;
const tenants: TenantRecord[] = [];
const TENANTS = 6;
const APPLICATION = 'tc-pools-test';

beforeAll(async () => {
  service = await startTestService({
    env: { TC_DB_MAX_CONNECTIONS: '10', TC_DB_POOL_SIZE: '5', TC_DB_ACQUIRE_TIMEOUT_MS: '300' },
  });
  const token = await platformToken(service);
  for (let i = 0; i < TENANTS; i++) {
    const made = await provisionTenant(service, token);
    const record = service.registry.byId(made.tenantId);
    if (!record) throw new Error('tenant missing');
    tenants.push(record);
  }
});
afterAll(() => service.close());

function tenant(index: number): TenantRecord {
  const found = tenants[index];
  if (!found) throw new Error(`tenant ${index} missing`);
  return found;
}

/** A cache of its own over the service's tenants, with settings of the test. */
function poolsWith(settings: {
  maxConnections: number;
  poolSize: number;
  acquireTimeoutMs: number;
  idleTimeoutMs?: number;
}) {
  return createTenantPools({
    server: service.server,
    secretBox: service.secretBox,
    connectTimeoutSeconds: 2,
    log: service.logger,
    // Apart from the service's own pools (its jobs visit every tenant), which use `travel-commerce:<code>`.
    applicationName: APPLICATION,
    ...settings,
  });
}

async function query(pools: TenantPools, record: TenantRecord, sleepSeconds = 0) {
  const lease = await pools.acquire(record);
  try {
    await lease.sql`SELECT pg_sleep(${sleepSeconds})`;
  } finally {
    lease.release();
  }
}

/** The connections PostgreSQL sees from the pools of these tenants. */
async function connectionsSeen(records: TenantRecord[]): Promise<number> {
  const names = records.map((record) => `${APPLICATION}:${record.tenantCode}`);
  const [row] = await service.platformDb<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name IN ${service.platformDb(names)}`;
  return row?.n ?? 0;
}

describe('tenant pool cache', () => {
  it('opens a pool with one connection, grows it under concurrent demand and shrinks it when idle', async () => {
    const pools = poolsWith({ maxConnections: 10, poolSize: 3, acquireTimeoutMs: 10_000, idleTimeoutMs: 300 });
    try {
      const a = tenant(0);
      await query(pools, a);
      expect(pools.stats()).toMatchObject({ openPools: 1, connections: 1, reservedConnections: 1 });
      // Six requests at once, their leases held while counted: the 300 ms idle timeout cannot shrink the pool
      // under the count, however slow the machine.
      const leases = await Promise.all(Array.from({ length: 6 }, () => pools.acquire(a)));
      try {
        await Promise.all(leases.map((lease) => lease.sql`SELECT 1`));
        expect(pools.stats()).toMatchObject({ openPools: 1, connections: 3 });
        expect(await connectionsSeen([a])).toBe(3);
      } finally {
        for (const lease of leases) lease.release();
      }
      await until(() => pools.stats().reservedConnections === 0, 10_000);
      expect(pools.stats()).toMatchObject({ openPools: 0, connections: 0, closingConnections: 0 });
      await until(async () => (await connectionsSeen([a])) === 0, 10_000);
    } finally {
      await pools.closeAll();
    }
  });

  it('lends at once on an open pool (leaseOpen), not on a tenant without one nor once closed', async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 1, acquireTimeoutMs: 10_000 });
    const a = tenant(0);
    try {
      expect(pools.leaseOpen(a)).toBeUndefined();
      await query(pools, a);
      const lease = pools.leaseOpen(a);
      if (!lease) throw new Error('no lease on an open pool');
      const [row] = await lease.sql<{ one: number }[]>`SELECT 1 AS one`;
      lease.release();
      expect(row?.one).toBe(1);
      expect(pools.stats()).toMatchObject({ openPools: 1, connections: 1 });
    } finally {
      await pools.closeAll();
    }
    expect(pools.leaseOpen(a)).toBeUndefined();
  });

  it('never holds more connections than the cap with many tenants in parallel', async () => {
    const pools = poolsWith({ maxConnections: 4, poolSize: 3, acquireTimeoutMs: 5_000 });
    let maxReserved = 0;
    let maxSeen = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        maxReserved = Math.max(maxReserved, pools.stats().reservedConnections);
        maxSeen = Math.max(maxSeen, await connectionsSeen(tenants));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      const requests = Array.from({ length: 60 }, (_, i) => query(pools, tenant(i % TENANTS), 0.02));
      await Promise.all(requests);
    } finally {
      sampling = false;
      await sampler;
      await pools.closeAll();
    }
    expect(maxReserved).toBeGreaterThan(1);
    expect(maxReserved).toBeLessThanOrEqual(4);
    expect(maxSeen).toBeLessThanOrEqual(4);
  });

  it('closes the least recently used idle pool when a new tenant needs room', async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 2, acquireTimeoutMs: 10_000 });
    try {
      const [a, b, c] = [tenant(0), tenant(1), tenant(2)];
      await query(pools, a);
      await query(pools, b);
      expect(pools.stats()).toMatchObject({ openPools: 2, reservedConnections: 2 });
      await query(pools, c);
      expect(pools.stats().openPools).toBe(2);
      expect(pools.stats().reservedConnections).toBeLessThanOrEqual(2);
      // b was used after a, so a made room: b is still open (its request opens nothing).
      const connectionsBefore = pools.stats().connections;
      await query(pools, b);
      expect(pools.stats().connections).toBe(connectionsBefore);
      await until(async () => (await connectionsSeen([a])) === 0, 10_000);
    } finally {
      await pools.closeAll();
    }
  });

  it("closes the least used tenant's idle pool, not the least recent, when a new tenant needs room", async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 2, acquireTimeoutMs: 10_000 });
    try {
      const [busy, once, newcomer] = [tenant(0), tenant(1), tenant(2)];
      for (let i = 0; i < 3; i++) await query(pools, busy);
      await query(pools, once);
      await query(pools, newcomer);
      // busy was used less recently than once, but more: it keeps its connection and once made room.
      const connectionsBefore = pools.stats().connections;
      await query(pools, busy);
      expect(pools.stats().connections).toBe(connectionsBefore);
      expect(pools.isOpen(once.tenantId)).toBe(false);
      await until(async () => (await connectionsSeen([once])) === 0, 10_000);
    } finally {
      await pools.closeAll();
    }
  });

  it('closes an idle spare connection of a grown pool before the only one of another tenant', async () => {
    const pools = poolsWith({ maxConnections: 3, poolSize: 3, acquireTimeoutMs: 10_000 });
    try {
      const [a, b, c] = [tenant(0), tenant(1), tenant(2)];
      await query(pools, b);
      await Promise.all([query(pools, a, 0.05), query(pools, a, 0.05)]);
      expect(pools.stats()).toMatchObject({ openPools: 2, connections: 3 });
      await query(pools, c);
      expect(pools.stats()).toMatchObject({ openPools: 3, connections: 3 });
      expect(await connectionsSeen([b])).toBe(1);
    } finally {
      await pools.closeAll();
    }
  });

  it('takes back a busy spare of a grown pool for a waiting tenant: no new lease for it, closed when its own ends', async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 2, acquireTimeoutMs: 10_000 });
    const held = [];
    try {
      const [a, b] = [tenant(0), tenant(1)];
      // a grows to two members; a third lease shares the first, so the second has the fewest
      held.push(await pools.acquire(a), await pools.acquire(a), await pools.acquire(a));
      const [first, second, third] = held;
      expect(third?.sql).toBe(first?.sql);
      expect(pools.stats()).toMatchObject({ openPools: 1, connections: 2 });
      let bLeased = false;
      const bLease = pools.acquire(b).then((lease) => {
        bLeased = true;
        return lease;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(bLeased).toBe(false);
      // the retiring spare gets no new lease: a's next request shares the first member
      const fourth = await pools.acquire(a);
      held.push(fourth);
      expect(fourth.sql).toBe(first?.sql);
      second?.release();
      (await bLease).release();
      expect(bLeased).toBe(true);
      expect(pools.isOpen(a.tenantId)).toBe(true);
      expect(pools.stats().reservedConnections).toBeLessThanOrEqual(2);
    } finally {
      for (const lease of held) lease.release();
      await pools.closeAll();
    }
  });

  it('keeps a retiring member for its tenant when its other one closed idle and no slot is free', async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 2, acquireTimeoutMs: 10_000, idleTimeoutMs: 150 });
    const held = [];
    try {
      const [a, b] = [tenant(0), tenant(1)];
      const [first, second, third] = [await pools.acquire(a), await pools.acquire(a), await pools.acquire(a)];
      held.push(second);
      // b waits: a's second member (the fewest leases) retires; the first goes idle and the sweep closes it
      const bLease = pools.acquire(b);
      first.release();
      third.release();
      held.push(await bLease);
      expect(pools.stats().reservedConnections).toBe(2);
      // a's only member is the retiring one and no slot is free: a's request is served on it, not refused
      const again = await pools.acquire(a);
      held.push(again);
      expect(again.sql).toBe(second.sql);
      await again.sql`SELECT 1`;
    } finally {
      for (const lease of held) lease?.release();
      await pools.closeAll();
    }
  });

  it('shares a busy pool instead of waiting when it may not grow', async () => {
    const pools = poolsWith({ maxConnections: 1, poolSize: 5, acquireTimeoutMs: 200 });
    try {
      const a = tenant(0);
      const held = await pools.acquire(a);
      // A request that waited for a connection would be refused after the 200 ms acquire timeout (held is kept
      // until the end): it succeeds only by sharing.
      await query(pools, a);
      expect(pools.stats()).toMatchObject({ openPools: 1, connections: 1 });
      held.release();
    } finally {
      await pools.closeAll();
    }
  });

  it('answers 503 GENERAL within the acquire timeout when every connection is in use', async () => {
    const pools = poolsWith({ maxConnections: 2, poolSize: 2, acquireTimeoutMs: 300 });
    try {
      const [a, b, c] = [tenant(0), tenant(1), tenant(2)];
      const first = await pools.acquire(a);
      const second = await pools.acquire(b);
      const started = Date.now();
      await expect(pools.acquire(c)).rejects.toMatchObject({ code: 'GENERAL', httpStatus: 503 });
      // It waited for a connection up to the acquire timeout (a bound from below holds under load; a hang is the
      // test's own timeout).
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(pools.stats().waiting).toBe(0);
      // One idle connection is enough for c: its request waits for that one only.
      const waiting = pools.acquire(c);
      first.release();
      const got = await waiting;
      await got.sql`SELECT 1`;
      got.release();
      second.release();
      expect(pools.stats()).toMatchObject({ openPools: 2, reservedConnections: 2 });
      await until(async () => (await connectionsSeen([a])) === 0, 10_000);
    } finally {
      await pools.closeAll();
    }
  });
});
