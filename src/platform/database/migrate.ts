// Plain-SQL migrations, append-only, recorded in a ledger table in every database they touch.
// A run applies every pending file in one transaction under an advisory lock, so several nodes starting at
// once apply every file exactly once.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { quoteIdent, type Sql } from './connections.js';

export interface Migration {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export type MigrationSet = 'platform' | 'tenant';

const MIGRATION_LOCK = 7_020_001;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../db');
const cache = new Map<MigrationSet, Promise<Migration[]>>();

/** The migrations of one set, read once per process (files are frozen once landed). */
export function loadMigrations(set: MigrationSet): Promise<Migration[]> {
  let loaded = cache.get(set);
  if (!loaded) {
    loaded = readMigrations(path.join(root, set));
    cache.set(set, loaded);
  }
  return loaded;
}

async function readMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8');
      return {
        version: file.slice(0, 4),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

export interface MigrateOptions {
  /** Objects are created as this role, so the database's owner owns its tables. */
  role?: string;
}

/**
 * Applies the pending migrations; answers the versions it applied. All of them in one transaction under the
 * advisory lock: a start on an empty folder commits (and syncs) once instead of once per file, and a failing
 * file leaves the database as it was before the run. A node that waited for the lock finds them applied.
 */
export async function migrate(sql: Sql, migrations: Migration[], options: MigrateOptions = {}): Promise<string[]> {
  const setRole = options.role ? `SET LOCAL ROLE ${quoteIdent(options.role)}` : undefined;
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    if (setRole) await tx.unsafe(setRole);
    await tx`
      CREATE TABLE IF NOT EXISTS tc_migrations (
        version    text PRIMARY KEY,
        name       text NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const applied = new Map(
      (await tx`SELECT version, checksum FROM tc_migrations`).map((row) => [row.version, row.checksum]),
    );
    for (const migration of migrations) {
      const checksum = applied.get(migration.version);
      if (checksum && checksum !== migration.checksum) {
        throw new Error(`migration ${migration.name} was changed after it was applied; migrations are append-only`);
      }
    }
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    if (pending.length === 0) return [];
    // File by file, so a failure names its file; one round trip each over the simple query protocol.
    for (const migration of pending) await tx.unsafe(migration.sql);
    const rows = pending.map(({ version, name, checksum }) => ({ version, name, checksum }));
    await tx`INSERT INTO tc_migrations ${tx(rows, 'version', 'name', 'checksum')}`;
    return pending.map((migration) => migration.version);
  });
}
