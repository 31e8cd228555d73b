// The gapless per-tenant counter against real tenant databases (provisioned through the platform API): a rolled-back
// transaction gives its number back, concurrent takers queue on the row and get distinct consecutive numbers, each
// year's series restarts at 1, and two tenants (or two series) never share numbers. Migration 0041 carries the
// areas' earlier counters over, so no number is issued twice after the upgrade.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, testServer } from '../../../test/support/database.js';
import { type NewTenant, tenantBeforeAdminLogin } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import { connect, type Sql } from './connections.js';
import { nextNumber } from './counters.js';
import { loadMigrations, migrate } from './migrate.js';

let first: NewTenant;
let second: NewTenant;
/** Several connections to each tenant's database, so transactions really run side by side. */
let firstDb: Sql;
let secondDb: Sql;

beforeAll(async () => {
  const service = await startTestService();
  first = await tenantBeforeAdminLogin(service);
  second = await tenantBeforeAdminLogin(service);
  firstDb = connect(testServer(), { database: first.record.dbName, max: 8, connectTimeoutSeconds: 5 });
  secondDb = connect(testServer(), { database: second.record.dbName, max: 8, connectTimeoutSeconds: 5 });
});
afterAll(async () => {
  await Promise.all([firstDb?.end({ timeout: 1 }), secondDb?.end({ timeout: 1 })]);
  await first?.service.close();
});

/** Takes a number in a transaction of its own, committed. */
const take = (db: Sql, series: string, year: number) => db.begin((tx) => nextNumber(tx, series, year));

class RolledBack extends Error {}

/** Takes a number in a transaction that then rolls back; answers the number it had. */
async function takeAndRollBack(db: Sql, series: string, year: number): Promise<number> {
  let taken = 0;
  await expect(
    db.begin(async (tx) => {
      taken = await nextNumber(tx, series, year);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  return taken;
}

/** Sessions of the database waiting for a lock: the takers queued behind a held counter row. */
async function lockWaiters(db: Sql): Promise<number> {
  const [row] = await db<{ waiting: number }[]>`
    SELECT count(*)::int AS waiting FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock'`;
  return row?.waiting ?? 0;
}

describe('nextNumber', () => {
  it('starts each series at 1 and gives a rolled-back number back', async () => {
    expect(await take(firstDb, 'GAP', 2026)).toBe(1);
    expect(await takeAndRollBack(firstDb, 'GAP', 2026)).toBe(2);
    expect(await take(firstDb, 'GAP', 2026)).toBe(2);
    expect(await takeAndRollBack(firstDb, 'GAP', 2026)).toBe(3);
    expect(await takeAndRollBack(firstDb, 'GAP', 2026)).toBe(3);
    expect(await take(firstDb, 'GAP', 2026)).toBe(3);
  });

  it('gives concurrent takers distinct consecutive numbers', async () => {
    const numbers = await Promise.all(Array.from({ length: 12 }, () => take(firstDb, 'RACE', 2026)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
  });

  it('makes takers queue behind a holder, who then rolls back: they get its number and the next ones', async () => {
    expect(await take(firstDb, 'HOLD', 2026)).toBe(1);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holderTook: (taken: number) => void = () => {};
    const taken = new Promise<number>((resolve) => {
      holderTook = resolve;
    });
    const holder = firstDb.begin(async (tx) => {
      holderTook(await nextNumber(tx, 'HOLD', 2026));
      await released;
      throw new RolledBack();
    });
    expect(await taken).toBe(2);
    const waiters = Array.from({ length: 4 }, () => take(firstDb, 'HOLD', 2026));
    // Every taker is blocked on the holder's row lock (not merely queued in the client) before the holder ends.
    await until(async () => (await lockWaiters(firstDb)) === 4, 30_000);
    release();
    await expect(holder).rejects.toBeInstanceOf(RolledBack);
    expect((await Promise.all(waiters)).sort((a, b) => a - b)).toEqual([2, 3, 4, 5]);
  });

  it("restarts every year and keeps the other years' series", async () => {
    expect(await take(firstDb, 'YEAR', 2026)).toBe(1);
    expect(await take(firstDb, 'YEAR', 2026)).toBe(2);
    expect(await take(firstDb, 'YEAR', 2027)).toBe(1);
    expect(await take(firstDb, 'YEAR', 2026)).toBe(3);
    expect(await take(firstDb, 'YEAR', 2025)).toBe(1);
    expect(await take(firstDb, 'YEAR', 2027)).toBe(2);
  });

  it('keeps the series of one tenant apart from the same series of another, and from other series', async () => {
    expect(await take(firstDb, 'TENANT', 2026)).toBe(1);
    expect(await take(firstDb, 'TENANT', 2026)).toBe(2);
    expect(await take(secondDb, 'TENANT', 2026)).toBe(1);
    expect(await take(firstDb, 'TENANT2', 2026)).toBe(1);
    expect(await take(firstDb, 'TENANT', 2026)).toBe(3);
    expect(await take(secondDb, 'TENANT', 2026)).toBe(2);
  });

  it('refuses a series that is not an upper-case prefix, and a year that is not one', async () => {
    await expect(take(firstDb, 'tq', 2026)).rejects.toThrow('series');
    await expect(take(firstDb, 'TQ-', 2026)).rejects.toThrow('series');
    await expect(take(firstDb, 'TQ', 2026.5)).rejects.toThrow('year');
    await expect(take(firstDb, 'TQ', 0)).rejects.toThrow('year');
  });
});

describe('migration 0041 on a tenant with numbers issued', () => {
  it("carries every area's counter over and drops the old tables", async () => {
    const scratch = await scratchDatabase('tc_counters_0041');
    try {
      const all = await loadMigrations('tenant');
      await migrate(
        scratch.sql,
        all.filter((migration) => migration.version < '0041'),
      );
      await scratch.sql`INSERT INTO document_counters (kind, year, last) VALUES ('SO', 2026, 41), ('INV', 2026, 17)`;
      await scratch.sql`INSERT INTO quote_counters (year, last_number) VALUES (2025, 9), (2026, 3)`;
      await scratch.sql`INSERT INTO blm_booking_counters (year, last_number) VALUES (2026, 12)`;
      await scratch.sql`
        INSERT INTO visa_counters (kind, year, last_number) VALUES ('APPLICATION', 2026, 7), ('INVOICE', 2026, 5)`;

      await migrate(
        scratch.sql,
        all.filter((migration) => migration.version === '0041'),
      );
      const next = (series: string, year: number) => take(scratch.sql, series, year);
      expect([
        await next('SO', 2026),
        await next('INV', 2026),
        await next('QUO', 2025),
        await next('QUO', 2026),
      ]).toEqual([42, 18, 10, 4]);
      expect([await next('TQ', 2026), await next('VA', 2026), await next('VI', 2026)]).toEqual([13, 8, 6]);
      expect(await next('TQ', 2027)).toBe(1);
      const left = await scratch.sql`
        SELECT tablename FROM pg_tables
        WHERE tablename IN ('document_counters', 'quote_counters', 'blm_booking_counters', 'visa_counters')`;
      expect(left).toEqual([]);
    } finally {
      await scratch.drop();
    }
  });
});
