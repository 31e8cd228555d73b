import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from './migrate.js';

describe('migration runner', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    db = await scratchDatabase();
  });
  afterAll(() => db.drop());

  it('applies every platform migration once and records it in the ledger', async () => {
    const migrations = await loadMigrations('platform');
    expect(migrations.length).toBeGreaterThan(0);
    const first = await migrate(db.sql, migrations);
    expect(first).toEqual(migrations.map((m) => m.version));
    expect(await migrate(db.sql, migrations)).toEqual([]);
    const ledger = await db.sql`SELECT version FROM tc_migrations ORDER BY version`;
    expect(ledger.map((row) => row.version)).toEqual(first);
  });

  it('applies concurrently started runs exactly once', async () => {
    const other = await scratchDatabase();
    try {
      const migrations = await loadMigrations('platform');
      const runs = await Promise.all([migrate(other.sql, migrations), migrate(other.sql, migrations)]);
      expect(runs.flat().sort()).toEqual(migrations.map((m) => m.version));
    } finally {
      await other.drop();
    }
  });

  it('applies the pending files in one transaction: a failing file leaves none of them applied', async () => {
    const other = await scratchDatabase();
    try {
      const file = (version: string, sql: string) => ({ version, name: `${version}_t`, sql, checksum: version });
      const run = [file('0001', 'CREATE TABLE t_first (id int)'), file('0002', 'SELECT no_such_function()')];
      await expect(migrate(other.sql, run)).rejects.toThrow();
      // Not even the ledger: the run's one transaction made it too.
      expect(await other.sql`SELECT to_regclass('t_first') AS found, to_regclass('tc_migrations') AS ledger`).toEqual([
        { found: null, ledger: null },
      ]);
    } finally {
      await other.drop();
    }
  });

  it('refuses a migration that changed after it was applied', async () => {
    const migrations = await loadMigrations('platform');
    const changed = migrations.map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
    await expect(migrate(db.sql, changed)).rejects.toThrow(/append-only/);
  });
});
