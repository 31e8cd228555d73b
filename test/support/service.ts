// A whole service for a test file: its own platform and template databases on the run's shared server,
// so files running in parallel never share a registry. Tenants get unique codes for the same reason.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { type Config, loadConfig } from '../../src/config.js';
import type { ServerAddress, Sql } from '../../src/platform/database/connections.js';
import type { DatabaseSupervision } from '../../src/platform/database/embedded.js';
import type { TenantRecord } from '../../src/platform/tenancy/tenant.js';
import { type Service, startService } from '../../src/service.js';
import { copiesOfMigratedSeed, testServer, uniqueName } from './database.js';
import { until } from './wait.js';

export const TEST_BASE_DOMAIN = 'localhost';
export const TEST_PLATFORM_SECRET = 'test-platform-secret';

export interface TestServiceOptions {
  env?: Record<string, string>;
  /** Receives every log line (tests that check what is, and is not, logged). */
  logLines?: string[];
  server?: ServerAddress;
  clock?: () => Date;
  /** Share the platform and template databases of another service (a second cluster node). */
  sameDatabasesAs?: Config;
  /** The supervisor of an embedded PostgreSQL the test started for this service (`server` is its address). */
  databaseSupervision?: DatabaseSupervision;
}

export async function startTestService(options: TestServiceOptions = {}): Promise<Service> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tc-test-data-'));
  const shared = options.sameDatabasesAs;
  const databases = {
    platformDatabase: shared?.db.platformDatabase ?? uniqueName('tc_platform'),
    templateDatabase: shared?.db.templateDatabase ?? uniqueName('tc_template'),
  };
  // On the run's server, a new service starts on copies of the migrated seed rather than migrating from empty;
  // a service on a server of its own (a test of start-up itself) bootstraps from empty as in production.
  if (!shared && !options.server) await copiesOfMigratedSeed(databases);
  const config = loadConfig({
    TC_DATA_DIR: dataDir,
    TC_BASE_DOMAIN: TEST_BASE_DOMAIN,
    TC_PUBLIC_URL: 'http://localhost:8080',
    TC_PLATFORM_DB: databases.platformDatabase,
    TC_TEMPLATE_DB: databases.templateDatabase,
    TC_SECRET_KEY: shared?.secretKey?.toString('hex') ?? randomBytes(32).toString('hex'),
    TC_PLATFORM_CLIENT_SECRET: TEST_PLATFORM_SECRET,
    TC_NODE_ID: uniqueName('node'),
    TC_DEMO: 'false',
    TC_LOG_LEVEL: process.env.TC_TEST_LOG_LEVEL ?? 'silent',
    // Nets, not figures: on a loaded machine a connection may take seconds to open or free up, and a test must not
    // answer 503 for it (tests of these timeouts set their own).
    TC_DB_CONNECT_TIMEOUT_S: '10',
    TC_DB_ACQUIRE_TIMEOUT_MS: '10000',
    // The ticket catalog's sync copies the supplier's whole catalog into each tenant: only the tests that need it
    // pay for it (they set an interval, or run the job 'ticket catalog sync, forced').
    TC_TICKET_CATALOG_SYNC_HOURS: '0',
    ...options.env,
  });
  return startService({
    config,
    server: options.server ?? testServer(),
    logger: options.logLines
      ? pino({ level: 'debug' }, { write: (line: string) => void options.logLines?.push(line) })
      : pino({ level: config.logLevel }),
    clock: options.clock,
    databaseSupervision: options.databaseSupervision,
  });
}

/** A platform bearer token from the master realm, as a platform operator would fetch it. */
export async function platformToken(service: Service): Promise<string> {
  const answer = await service.app.inject({
    method: 'POST',
    url: '/realms/master/protocol/openid-connect/token',
    headers: { host: TEST_BASE_DOMAIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `grant_type=client_credentials&client_id=tc-platform&client_secret=${TEST_PLATFORM_SECRET}`,
  });
  if (answer.statusCode !== 200) throw new Error(`token endpoint answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ access_token: string }>().access_token;
}

export function uniqueTenantCode(prefix = 't'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface ProvisionedTestTenant {
  tenantId: string;
  tenantCode: string;
  host: string;
  systemSession: string;
  dbName: string;
  dbUser: string;
  adminUser: { username: string; email: string; temporaryPassword: string; requiredActions: string[] };
}

/** The provisioning request of `tenantCode`, answered as it is (a test of a failing provisioning reads it). */
export function requestProvisioning(
  service: Service,
  token: string,
  tenantCode: string,
  overrides: Record<string, unknown> = {},
) {
  return service.app.inject({
    method: 'POST',
    url: '/platform/tenant/provision',
    headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
    payload: {
      tenantCode,
      tenantName: `Agency ${tenantCode}`,
      dbUser: `u_${tenantCode.replace(/-/g, '_')}`,
      dbPass: 'tenant-db-password',
      adminEmail: `owner@${tenantCode}.example`,
      ...overrides,
    },
  });
}

/** Provisions a tenant through the API, as a platform operator does. */
export async function provisionTenant(
  service: Service,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ProvisionedTestTenant> {
  const tenantCode = uniqueTenantCode();
  const answer = await requestProvisioning(service, token, tenantCode, overrides);
  const body = answer.json();
  if (body.apiStatus.errorCode !== 'OK') throw new Error(`provision failed: ${answer.body}`);
  return {
    ...body.apiData,
    host: `${body.apiData.tenantCode}.${TEST_BASE_DOMAIN}`,
    dbUser: `u_${tenantCode.replace(/-/g, '_')}`,
  };
}

export const TEST_ADMIN_PASSWORD = 'the admin password now';

/**
 * A session of the tenant's first admin, after the required password change, as a real admin would get it:
 * /user/authenticate with the temporary password, then /user/updatepwd.
 */
export async function adminSession(service: Service, tenant: ProvisionedTestTenant): Promise<string> {
  const post = async (url: string, payload: object) =>
    (await service.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload })).json();
  const again = await post('/user/authenticate', {
    username: tenant.adminUser.username,
    password: TEST_ADMIN_PASSWORD,
  });
  if (again.apiStatus.errorCode === 'OK') return again.apiData.session;
  const first = await post('/user/authenticate', {
    username: tenant.adminUser.username,
    password: tenant.adminUser.temporaryPassword,
  });
  if (first.apiStatus.errorCode !== 'OK') throw new Error(`admin login failed: ${JSON.stringify(first.apiStatus)}`);
  const changed = await post('/user/updatepwd', {
    session: first.apiData.session,
    userId: first.apiData.userId,
    password: tenant.adminUser.temporaryPassword,
    newPassword: TEST_ADMIN_PASSWORD,
  });
  if (changed.apiStatus.errorCode !== 'OK')
    throw new Error(`admin password change failed: ${JSON.stringify(changed.apiStatus)}`);
  return first.apiData.session;
}

/** Runs `work` with a connection of the tenant's own pool (as the tenant's role), released afterwards. */
export async function withTenantDb<T>(
  service: Service,
  tenant: TenantRecord,
  work: (sql: Sql) => Promise<T>,
): Promise<T> {
  const lease = await service.pools.acquire(tenant);
  try {
    return await work(lease.sql);
  } finally {
    lease.release();
  }
}

/** One round of a background job of the service, now (fails the test when the job is unknown). */
export async function runJobOnce(service: Service, name: string): Promise<void> {
  const job = service.jobs.find((candidate) => candidate.name === name);
  if (!job?.runOnce) throw new Error(`no job "${name}" that runs in rounds`);
  await job.runOnce();
}

/** Two nodes of one cluster (one platform database) and a tenant both serve: node B already answers its host. */
export async function twoNodes(
  options: TestServiceOptions = {},
): Promise<{ nodeA: Service; nodeB: Service; tenant: ProvisionedTestTenant; close(): Promise<void> }> {
  const nodeA = await startTestService(options);
  const nodeB = await startTestService({ ...options, sameDatabasesAs: nodeA.config });
  const tenant = await provisionTenant(nodeA, await platformToken(nodeA));
  const served = async () =>
    (await nodeB.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } })).statusCode === 200;
  await until(served, 20_000); // by notification, or the reconciliation at the latest
  return {
    nodeA,
    nodeB,
    tenant,
    async close() {
      await nodeB.close();
      await nodeA.close();
    },
  };
}
