// First start and every start: the platform database and the tenant template exist and are migrated.
// The template's tables are created as the NOLOGIN role tc_tenant_owner so that a clone can hand them
// to its tenant's own role in one REASSIGN OWNED.
import type { Config } from '../../config.js';
import { PgCode, pgErrorCode, quoteIdent, type ServerAddress, type Sql, withConnection } from './connections.js';
import { loadMigrations, migrate } from './migrate.js';
import { ensureMemberOf } from './role-membership.js';

export const TEMPLATE_OWNER_ROLE = 'tc_tenant_owner';

export interface BootstrapOptions {
  server: ServerAddress;
  platformDatabase: string;
  templateDatabase: string;
  connectTimeoutSeconds: number;
}

/** The bootstrap of a configuration's databases on a server. */
export function bootstrapOptions(config: Pick<Config, 'db'>, server: ServerAddress): BootstrapOptions {
  return {
    server,
    platformDatabase: config.db.platformDatabase,
    templateDatabase: config.db.templateDatabase,
    connectTimeoutSeconds: config.db.connectTimeoutSeconds,
  };
}

export async function bootstrapDatabases(options: BootstrapOptions): Promise<void> {
  const { server, connectTimeoutSeconds } = options;
  const asAdmin = <T>(work: (admin: Sql) => Promise<T>) =>
    withConnection(server, server.database, connectTimeoutSeconds, work);
  await asAdmin(async (admin) => {
    await ensureRole(admin, TEMPLATE_OWNER_ROLE);
    // Also on a later start: a role made by a start before this grant existed (or by another node) is granted now.
    await ensureMemberOf(admin, TEMPLATE_OWNER_ROLE);
  });
  // The two databases are independent: each is made and migrated on its own connections, side by side.
  await Promise.all([
    asAdmin((admin) => ensureDatabase(admin, options.platformDatabase)).then(() =>
      withConnection(server, options.platformDatabase, connectTimeoutSeconds, async (sql) => {
        await migrate(sql, await loadMigrations('platform'));
      }),
    ),
    // No pool stays open on the template: CREATE DATABASE … TEMPLATE fails while anyone is connected to it.
    asAdmin((admin) => ensureDatabase(admin, options.templateDatabase)).then(() =>
      withConnection(server, options.templateDatabase, connectTimeoutSeconds, async (sql) => {
        await sql.unsafe(`GRANT USAGE, CREATE ON SCHEMA public TO ${quoteIdent(TEMPLATE_OWNER_ROLE)}`);
        // Trusted extensions (pg_trgm) are created by whoever may CREATE in the database, as a tenant's owner may.
        await sql.unsafe(
          `GRANT CREATE ON DATABASE ${quoteIdent(options.templateDatabase)} TO ${quoteIdent(TEMPLATE_OWNER_ROLE)}`,
        );
        await migrate(sql, await loadMigrations('tenant'), { role: TEMPLATE_OWNER_ROLE });
      }),
    ),
  ]);
}

async function ensureRole(admin: Sql, role: string): Promise<void> {
  const [exists] = await admin`SELECT 1 FROM pg_roles WHERE rolname = ${role}`;
  if (exists) return;
  try {
    await admin.unsafe(`CREATE ROLE ${quoteIdent(role)} NOLOGIN`);
  } catch (error) {
    if (pgErrorCode(error) !== PgCode.duplicateObject && pgErrorCode(error) !== PgCode.uniqueViolation) throw error;
  }
}

async function ensureDatabase(admin: Sql, database: string): Promise<void> {
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${database}`;
  if (exists) return;
  try {
    await admin.unsafe(`CREATE DATABASE ${quoteIdent(database)}`);
  } catch (error) {
    // Another node created it first.
    if (pgErrorCode(error) !== PgCode.duplicateDatabase && pgErrorCode(error) !== PgCode.uniqueViolation) throw error;
  }
}
