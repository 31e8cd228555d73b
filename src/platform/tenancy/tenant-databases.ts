// The PostgreSQL side of a tenant: its database (a clone of the template), its own login role that owns
// it and alone may connect to it, and switching connections off while the tenant is suspended.
import type { SecretBox } from '../crypto.js';
import { TEMPLATE_OWNER_ROLE } from '../database/bootstrap.js';
import {
  connect,
  PgCode,
  pgErrorCode,
  quoteIdent,
  quoteLiteral,
  type ServerAddress,
  type Sql,
  withConnection,
} from '../database/connections.js';
import { loadMigrations, migrate } from '../database/migrate.js';
import { ensureMemberOf } from '../database/role-membership.js';
import type { TenantRecord } from './tenant.js';

export interface TenantDatabases {
  /** Clones the template; throws DatabaseObjectExists when a database of that name exists. */
  createDatabase(dbName: string): Promise<void>;
  dropDatabase(dbName: string): Promise<void>;
  /** Creates the login role and hands it the database and every object in it. */
  createOwner(dbName: string, dbUser: string, dbPass: string): Promise<void>;
  dropOwner(dbUser: string): Promise<void>;
  /** Refuses new connections to the database and cuts the open ones (suspension), or allows them again. */
  setConnectionsAllowed(dbName: string, allowed: boolean): Promise<void>;
  /** Applies pending tenant migrations, as the tenant's own role so it owns what they create. */
  migrate(tenant: TenantRecord): Promise<string[]>;
  roleExists(dbUser: string): Promise<boolean>;
}

export class DatabaseObjectExists extends Error {}

export function createTenantDatabases(deps: {
  server: ServerAddress;
  templateDatabase: string;
  connectTimeoutSeconds: number;
  secretBox: SecretBox;
}): TenantDatabases {
  const { server, connectTimeoutSeconds } = deps;
  const asAdmin = <T>(database: string, work: (sql: Sql) => Promise<T>) =>
    withConnection(server, database, connectTimeoutSeconds, work);

  return {
    async createDatabase(dbName) {
      await asAdmin(server.database, async (admin) => {
        for (let attempt = 0; ; attempt++) {
          try {
            await admin.unsafe(`CREATE DATABASE ${quoteIdent(dbName)} TEMPLATE ${quoteIdent(deps.templateDatabase)}`);
            return;
          } catch (error) {
            const code = pgErrorCode(error);
            if (code === PgCode.duplicateDatabase) throw new DatabaseObjectExists(`database ${dbName} exists`);
            // The template is briefly busy while a node runs its migrations: try again shortly.
            if (code !== PgCode.objectInUse || attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      });
    },
    async dropDatabase(dbName) {
      await asAdmin(server.database, (admin) =>
        admin.unsafe(`DROP DATABASE IF EXISTS ${quoteIdent(dbName)} WITH (FORCE)`),
      );
    },
    // One transaction, in the tenant's database (ALTER DATABASE … OWNER may run there): a failure at any
    // statement leaves no role behind and the database as it was, so the provisioning step has no partial work.
    async createOwner(dbName, dbUser, dbPass) {
      await asAdmin(dbName, (sql) =>
        sql.begin(async (tx) => {
          try {
            await tx.unsafe(`CREATE ROLE ${quoteIdent(dbUser)} LOGIN PASSWORD ${quoteLiteral(dbPass)}`);
          } catch (error) {
            if (pgErrorCode(error) === PgCode.duplicateObject) throw new DatabaseObjectExists(`role ${dbUser} exists`);
            throw error;
          }
          await ensureMemberOf(tx, dbUser);
          await tx.unsafe(`ALTER DATABASE ${quoteIdent(dbName)} OWNER TO ${quoteIdent(dbUser)}`);
          await tx.unsafe(`REVOKE CONNECT, TEMPORARY ON DATABASE ${quoteIdent(dbName)} FROM PUBLIC`);
          await tx.unsafe(`GRANT CONNECT ON DATABASE ${quoteIdent(dbName)} TO ${quoteIdent(dbUser)}`);
          // The clone's tables belong to the template's owner role: hand them to the tenant's role.
          await tx.unsafe(`REASSIGN OWNED BY ${quoteIdent(TEMPLATE_OWNER_ROLE)} TO ${quoteIdent(dbUser)}`);
          await tx.unsafe(`REVOKE ALL ON SCHEMA public FROM ${quoteIdent(TEMPLATE_OWNER_ROLE)}`);
        }),
      );
    },
    async dropOwner(dbUser) {
      await asAdmin(server.database, (admin) => admin.unsafe(`DROP ROLE IF EXISTS ${quoteIdent(dbUser)}`));
    },
    async setConnectionsAllowed(dbName, allowed) {
      await asAdmin(server.database, async (admin) => {
        await admin.unsafe(`ALTER DATABASE ${quoteIdent(dbName)} WITH ALLOW_CONNECTIONS ${allowed ? 'true' : 'false'}`);
        if (!allowed) {
          await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${dbName} AND pid <> pg_backend_pid()`;
        }
      });
    },
    async migrate(tenant) {
      const login = { user: tenant.dbUser, password: deps.secretBox.open(tenant.dbPassSealed) };
      const sql = connect(server, { database: tenant.dbName, max: 1, connectTimeoutSeconds, login });
      try {
        return await migrate(sql, await loadMigrations('tenant'));
      } finally {
        await sql.end({ timeout: 5 });
      }
    },
    async roleExists(dbUser) {
      return asAdmin(server.database, async (admin) => {
        const [row] = await admin`SELECT 1 FROM pg_roles WHERE rolname = ${dbUser}`;
        return Boolean(row);
      });
    },
  };
}
