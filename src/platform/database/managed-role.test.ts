// DATABASE_URL may name a login role that has only CREATEDB CREATEROLE, as managed PostgreSQL services give: the
// service starts on it, provisions a tenant and serves the tenant. Run on a fresh embedded PostgreSQL (18), and on
// a server of another major version when one is reachable: this machine kind runs PostgreSQL 15 on 127.0.0.1:5432
// (TC_TEST_OTHER_PG_URL names another; CI without one skips that case and says why in its name).
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../test/support/database.js';
import {
  adminSession,
  platformToken,
  provisionTenant,
  startTestService,
  TEST_BASE_DOMAIN,
} from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import { parseDatabaseUrl, quoteIdent, quoteLiteral, type ServerAddress, withConnection } from './connections.js';
import { startEmbeddedPostgres } from './embedded.js';
import { TEMPLATE_OWNER_ROLE } from './bootstrap.js';

const OTHER_SERVER_URL = process.env.TC_TEST_OTHER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The other server's major version, or why it cannot be used. */
async function probe(server: ServerAddress): Promise<{ major: number } | { skip: string }> {
  try {
    const version = await withConnection(server, server.database, 2, async (sql) => {
      const [row] = await sql<{ version: number; superuser: boolean }[]>`
        SELECT current_setting('server_version_num')::int AS version, rolsuper AS superuser
        FROM pg_roles WHERE rolname = current_user`;
      return row;
    });
    if (!version?.superuser) return { skip: `${server.user} on ${server.host}:${server.port} is no superuser` };
    return { major: Math.floor(version.version / 10_000) };
  } catch {
    return { skip: `no PostgreSQL server reachable at ${server.host}:${server.port}` };
  }
}

/**
 * As the superuser of `server`: a CREATEDB CREATEROLE login role; the service started on it provisions a tenant
 * whose admin logs in. Everything made is dropped afterwards, whatever happened.
 */
async function serveTenantAsManagedRole(server: ServerAddress): Promise<void> {
  const asSuperuser = <T>(work: Parameters<typeof withConnection<T>>[3]) =>
    withConnection(server, server.database, 5, work);
  const login = uniqueName('tc_managed');
  const password = uniqueName('pw');
  const [ownerBefore] = await asSuperuser((sql) => sql`SELECT 1 FROM pg_roles WHERE rolname = ${TEMPLATE_OWNER_ROLE}`);
  await asSuperuser((sql) =>
    sql.unsafe(`CREATE ROLE ${quoteIdent(login)} LOGIN CREATEDB CREATEROLE PASSWORD ${quoteLiteral(password)}`),
  );
  let service: Service | undefined;
  const tenantRoles: string[] = [];
  try {
    service = await startTestService({ server: { ...server, user: login, password } });
    const token = await platformToken(service);
    const tenant = await provisionTenant(service, token);
    tenantRoles.push(tenant.dbUser);
    // The tenant's first admin logs in and changes the password: requests served from the tenant's database.
    expect(await adminSession(service, tenant)).toEqual(expect.any(String));
    // Suspending closes the tenant's database to connections and cuts its own (ALTER DATABASE as a member of
    // the owner, pg_terminate_backend of the tenant's role); activating opens it again.
    for (const operation of ['suspend', 'activate']) {
      const answer = await service.app.inject({
        method: 'POST',
        url: `/platform/tenant/${operation}`,
        headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
        payload: { tenantId: tenant.tenantId },
      });
      expect(answer.json().apiStatus.errorCode, operation).toBe('OK');
    }
    expect(await adminSession(service, tenant)).toEqual(expect.any(String));
  } finally {
    await service?.close();
    await asSuperuser(async (sql) => {
      // The platform and template databases, and a tenant's (owned by its role by then, or still by the login).
      const databases = await sql<{ datname: string }[]>`
        SELECT datname FROM pg_database
        WHERE pg_get_userbyid(datdba) = ANY(${[login, ...tenantRoles]}::text[])`;
      for (const { datname } of databases) {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      }
      const roles = [...tenantRoles, ...(ownerBefore ? [] : [TEMPLATE_OWNER_ROLE]), login];
      for (const role of roles) await sql.unsafe(`DROP ROLE IF EXISTS ${quoteIdent(role)}`);
    });
  }
}

const other = parseDatabaseUrl(OTHER_SERVER_URL);
const found = await probe(other);
// A skip is easy to miss in a summary: the run's output says it too.
if ('skip' in found)
  console.warn(`managed-role.test.ts: the case on another PostgreSQL server is skipped: ${found.skip}`);

describe('a login role with only CREATEDB CREATEROLE', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('serves a tenant on an embedded PostgreSQL of its own (18: membership WITH ADMIN only by itself)', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'tc-managed-role-'));
    await chmod(dataDir, 0o755);
    const postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
    try {
      await serveTenantAsManagedRole(postgres.address);
    } finally {
      await postgres.stop();
    }
  });

  it.skipIf('skip' in found)(
    'skip' in found
      ? `serves a tenant on another server: skipped, ${found.skip}`
      : `serves a tenant on the PostgreSQL ${found.major} at ${other.host}:${other.port}`,
    () => serveTenantAsManagedRole(other),
  );
});
