// A request's connection is taken at its first query, once, and given back when the request ends; a request a
// cache answers takes none. Against the tenant pools of a real service and a real tenant database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { unprepared } from './connections.js';
import { deferredLease, type Lease } from './deferred-lease.js';

let t: TestTenant;
beforeAll(async () => {
  t = await tenant(await startTestService());
});
afterAll(() => t.service.close());

/** A deferred lease on the tenant's pool that counts the leases it took and gave back. */
function countedLease() {
  const counts = { acquired: 0, released: 0 };
  const deferred = deferredLease(async (): Promise<Lease> => {
    const lease = await t.service.pools.acquire(t.record);
    counts.acquired += 1;
    return {
      sql: lease.sql,
      release() {
        counts.released += 1;
        lease.release();
      },
    };
  });
  return { deferred, counts };
}

describe('a deferred lease', () => {
  it('sends an unprepared query as an unnamed statement on its connection (no prepared statement kept)', async () => {
    const { deferred } = countedLease();
    const db = deferred.sql;
    const marker = `unprepared_${Date.now()}`;
    const answer = await unprepared(db<{ x: number }[]>`SELECT ${41}::int + 1 AS x, ${marker}::text AS m`);
    expect(answer[0]?.x).toBe(42);
    const [kept] = await db<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_prepared_statements
      WHERE statement LIKE '%::int + 1 AS x%' AND statement NOT LIKE '%pg_prepared_statements%'`;
    expect(kept?.n).toBe(0);
    deferred.release();
  });

  it('takes no connection until a query is sent, then one for every query of the request', async () => {
    const { deferred, counts } = countedLease();
    const db = deferred.sql;
    const pending = db<{ n: number }[]>`SELECT 1 AS n`;
    expect(counts.acquired).toBe(0);
    const [[one], [two]] = await Promise.all([pending, db<{ n: number }[]>`SELECT 2 AS n`]);
    expect([one?.n, two?.n]).toEqual([1, 2]);
    await db`SELECT 3`;
    expect(counts.acquired).toBe(1);
    deferred.release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(counts.released).toBe(1);
  });

  it('gives nothing back when no query was sent, and a lease still being taken once it is granted', async () => {
    const idle = countedLease();
    idle.deferred.release();
    expect(idle.counts).toEqual({ acquired: 0, released: 0 });

    const busy = countedLease();
    const query = busy.deferred.sql`SELECT 1`.then(() => 'done');
    busy.deferred.release();
    expect(await query).toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(busy.counts).toEqual({ acquired: 1, released: 1 });
  });

  it('sends fragments, helpers, unsafe statements and transactions on the leased connection', async () => {
    const { deferred, counts } = countedLease();
    const db = deferred.sql;
    const where = db`n > ${1}`;
    const rows = await db<{ n: number }[]>`SELECT n FROM generate_series(1, 3) AS n WHERE ${where} ORDER BY n`;
    expect(rows.map((row) => row.n)).toEqual([2, 3]);
    const [json] = await db<{ value: { a: number } }[]>`SELECT ${db.json({ a: 1 })}::jsonb AS value`;
    expect(json?.value).toEqual({ a: 1 });
    const [listed] = await db<{ n: number }[]>`SELECT array_length(${db.array([1, 2, 3])}::int[], 1) AS n`;
    expect(listed?.n).toBe(3);
    const [column] = await db<{ one: number }[]>`SELECT 1 AS ${db('one')}`;
    expect(column?.one).toBe(1);
    expect(await db.unsafe('SELECT $1::int AS n', [7])).toEqual([{ n: 7 }]);
    const inTransaction = await db.begin(async (tx) => {
      const [row] = await tx<{ level: string }[]>`SELECT current_setting('transaction_isolation') AS level`;
      return row?.level;
    });
    expect(inTransaction).toBe('read committed');
    expect(counts.acquired).toBe(1);
    deferred.release();
  });

  it("refuses a pool's own operations, which a request must not use", () => {
    const { deferred } = countedLease();
    expect(() => deferred.sql.listen).toThrow(/not a pool/);
    expect(() => deferred.sql.end).toThrow(/not a pool/);
    expect((deferred.sql as unknown as { then?: unknown }).then).toBeUndefined();
  });
});

describe('a request a cache answers', () => {
  it('takes no connection: a cached catalog read with a cached session opens no pool', async () => {
    const visitor = await guest(t);
    await visitor.api.ok('/product/getCategories');
    await t.service.pools.evict(t.record.tenantId);
    const poolsBefore = t.service.pools.stats().openPools;
    await visitor.api.ok('/product/getCategories');
    expect(t.service.pools.stats().openPools).toBe(poolsBefore);
    // A read no cache answers takes a connection, so the tenant's pool opens again.
    await visitor.api.getOk('/common/listCountriesByName', { namepart: 'fra' });
    expect(t.service.pools.stats().openPools).toBe(poolsBefore + 1);
  });
});
