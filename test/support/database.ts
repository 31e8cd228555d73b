// Databases for tests on the run's shared PostgreSQL server. Every name is unique, so test files running
// in parallel never see each other's data.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import {
  connect,
  PgCode,
  pgErrorCode,
  quoteIdent,
  type ServerAddress,
  type Sql,
  withConnection,
} from '../../src/platform/database/connections.js';

export function testServer(): ServerAddress {
  return inject('pgServer');
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** A new empty database and a pool on it; `drop()` removes both. */
export async function scratchDatabase(
  prefix = 'tc_scratch',
): Promise<{ name: string; sql: Sql; drop(): Promise<void> }> {
  const server = testServer();
  const name = uniqueName(prefix);
  await withConnection(server, server.database, 5, (admin) => admin.unsafe(`CREATE DATABASE ${quoteIdent(name)}`));
  const sql = connect(server, { database: name, max: 4, connectTimeoutSeconds: 5 });
  return {
    name,
    sql,
    async drop() {
      await sql.end({ timeout: 1 });
      await withConnection(server, server.database, 5, (admin) =>
        admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
    },
  };
}

/**
 * Databases `names` on the run's server as copies of the run's migrated seed (see test/global-setup.ts), for a
 * service about to start on them. Two files copying the seed at the same moment may find it busy: tried again.
 */
export async function copiesOfMigratedSeed(names: { platformDatabase: string; templateDatabase: string }) {
  const server = testServer();
  const seed = inject('pgSeed');
  await withConnection(server, server.database, 10, async (admin) => {
    for (const key of ['platformDatabase', 'templateDatabase'] as const) {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.unsafe(`CREATE DATABASE ${quoteIdent(names[key])} TEMPLATE ${quoteIdent(seed[key])}`);
          break;
        } catch (error) {
          if (pgErrorCode(error) !== PgCode.objectInUse || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    }
  });
}
