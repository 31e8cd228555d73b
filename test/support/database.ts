// Databases for tests on the run's shared PostgreSQL server. Every name is unique, so test files running
// in parallel never see each other's data.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import {
  connect,
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
