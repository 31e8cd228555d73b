// Provisioning a tenant is a list of steps, each with an undo. When a step fails, the steps already done
// are undone in reverse order, so a failed provisioning leaves no database, role, realm or registry row.
import type { FastifyBaseLogger } from 'fastify';
import { createSystemSession } from '../auth/session.repository.js';
import { ROLES } from '../auth/roles.js';
import { isSealed, randomToken, type SecretBox, temporaryPassword } from '../crypto.js';
import { connect, type ServerAddress, type TransactionSql } from '../database/connections.js';
import { hashPassword } from '../passwords.js';
import { ApiError, ErrorCode, invalidFormat } from '../http/errors.js';
import type { IdentityProvider } from '../idp/port.js';
import type { Sql } from '../database/connections.js';
import { type TenantRecord, tenantCodeProblem, tenantDatabaseName } from './tenant.js';
import { deleteTenant, insertTenant, tenantCodeTaken } from './tenant.repository.js';
import { DatabaseObjectExists, type TenantDatabases } from './tenant-databases.js';
import type { TenantRegistry } from './registry.js';
import { steps } from '../steps.js';

export interface ProvisionRequest {
  tenantCode: string;
  tenantName: string;
  dbUser: string;
  dbPass: string;
  adminEmail: string;
  adminUsername: string;
  timezone: string;
  currency: string;
  market: string;
}

export interface ProvisionedTenant {
  tenant: TenantRecord;
  clients: Array<{ clientId: string; type: 'public' | 'confidential' }>;
  roles: string[];
  systemSession: string;
  adminUser: { username: string; email: string; temporaryPassword: string; requiredActions: string[] };
}

/** What an area adds to every new tenant database, inside the provisioning transaction. */
export type TenantSeeder = (
  tx: TransactionSql,
  tenant: { tenantCode: string; adminUsername: string; adminEmail: string; adminPasswordHash: string },
) => Promise<void>;

export const WEB_CLIENT_ID = 'tc-web';
export const API_CLIENT_ID = 'tc-api';
const DB_USER_PATTERN = /^[a-z_][a-z0-9_]{2,62}$/;
const RESERVED_DB_USERS = new Set(['postgres', 'tc_tenant_owner', 'public']);
const ADMIN_REQUIRED_ACTIONS = ['UPDATE_PASSWORD'];

export interface Provisioner {
  provision(request: ProvisionRequest): Promise<ProvisionedTenant>;
}

export interface ProvisionerDeps {
  platformDb: Sql;
  server: ServerAddress;
  registry: TenantRegistry;
  databases: TenantDatabases;
  idp: IdentityProvider;
  secretBox: SecretBox;
  /** Redirect URIs of the browser client are built from it: http://<code>.<base domain>:<port>/*. */
  tenantUrl: (tenantCode: string) => string;
  connectTimeoutSeconds: number;
  seeders: TenantSeeder[];
  log: FastifyBaseLogger;
}

/** One provisioning under way: the request and what is derived from it before any step runs. */
interface Provisioning {
  request: ProvisionRequest;
  dbName: string;
  realm: string;
  /** The plain password of the tenant's database role, opened if it arrived sealed. */
  dbPass: string;
  adminPassword: string;
  adminPasswordHash: Promise<string>;
}

export function createProvisioner(deps: ProvisionerDeps): Provisioner {
  return { provision: (request) => provision(deps, request) };
}

async function provision(deps: ProvisionerDeps, request: ProvisionRequest): Promise<ProvisionedTenant> {
  const dbPass = openPassword(deps.secretBox, request.dbPass);
  await validate(deps.platformDb, request);
  const job = prepare(request, dbPass);
  const { tenant, systemSession } = await provisioningSteps(deps, job).run({
    log: deps.log.child({ tenantCode: request.tenantCode }),
    rethrowAs: asProvisioningError,
  });
  // Other nodes learn of the tenant by notification; this one serves it as soon as we answer.
  await deps.registry.reloadOne(tenant.tenantId);
  return provisioned(job, tenant, systemSession);
}

function prepare(request: ProvisionRequest, dbPass: string): Provisioning {
  const adminPassword = temporaryPassword();
  // Hashing takes as long as cloning the database: it runs on the thread pool meanwhile.
  const adminPasswordHash = hashPassword(adminPassword);
  adminPasswordHash.catch(() => undefined); // awaited by a step; a failure before then must not go unhandled
  return {
    request,
    dbName: tenantDatabaseName(request.tenantCode),
    realm: request.tenantCode,
    dbPass,
    adminPassword,
    adminPasswordHash,
  };
}

function provisioningSteps(deps: ProvisionerDeps, job: Provisioning) {
  const { databases } = deps;
  return (
    steps('provisioning')
      .step('database', {
        run: () => databases.createDatabase(job.dbName),
        undo: () => databases.dropDatabase(job.dbName),
      })
      // One transaction: a failure inside leaves no role (steps.ts: a step undoes only once it succeeded).
      .step('database user', {
        run: () => databases.createOwner(job.dbName, job.request.dbUser, job.dbPass),
        // The role owns the database and its tables by now: it can only go once the database is gone.
        undo: async () => {
          await databases.dropDatabase(job.dbName);
          await databases.dropOwner(job.request.dbUser);
        },
      })
      // No undo: the data goes with the database.
      .stepWithResults('tenant data', { run: () => seedTenantData(deps, job) })
      // The realm alone first: a realm that was there before (409) is not ours to delete, while one we made
      // goes, with whatever of its clients, roles and admin was made before a failure.
      .step('identity realm', {
        run: () => createIdentityRealm(deps, job),
        undo: () => deps.idp.deleteRealm(job.realm),
      })
      // No undo: its clients, roles and admin go with the realm.
      .stepWithResults('identity realm clients, roles and admin', { run: () => fillIdentityRealm(deps, job) })
      .stepWithResults('registry row', {
        run: ({ apiClientSecret }) => registerTenant(deps, job, apiClientSecret),
        undo: ({ tenant }) => deleteTenant(deps.platformDb, tenant.tenantId),
      })
  );
}

async function seedTenantData(deps: ProvisionerDeps, job: Provisioning): Promise<{ systemSession: string }> {
  const { request } = job;
  const sql = connect(deps.server, {
    database: job.dbName,
    max: 1,
    connectTimeoutSeconds: deps.connectTimeoutSeconds,
    login: { user: request.dbUser, password: job.dbPass },
  });
  try {
    const adminPasswordHash = await job.adminPasswordHash;
    const systemSession = await sql.begin(async (tx) => {
      const token = await createSystemSession(tx);
      for (const seed of deps.seeders) {
        await seed(tx, {
          tenantCode: request.tenantCode,
          adminUsername: request.adminUsername,
          adminEmail: request.adminEmail,
          adminPasswordHash,
        });
      }
      return token;
    });
    return { systemSession };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * A realm that was there before answers 409 and is left alone. After any other failure (a timeout while Keycloak
 * went on, a connection lost before the answer) a realm of that name can only be the one just asked for: it goes.
 */
async function createIdentityRealm(deps: ProvisionerDeps, job: Provisioning): Promise<void> {
  try {
    await deps.idp.createRealm(job.realm, job.request.tenantName);
  } catch (error) {
    if (!isConflict(error)) {
      await deps.idp.deleteRealm(job.realm).catch((undoError: unknown) => {
        deps.log.warn({ err: undoError, realm: job.realm }, 'a realm whose creation failed could not be deleted');
      });
    }
    throw error;
  }
}

async function fillIdentityRealm(deps: ProvisionerDeps, job: Provisioning): Promise<{ apiClientSecret: string }> {
  const { idp } = deps;
  const { request, realm } = job;
  await idp.createClient(realm, {
    clientId: WEB_CLIENT_ID,
    confidential: false,
    directAccessGrants: true,
    redirectUris: [`${deps.tenantUrl(request.tenantCode)}/*`],
  });
  const api = await idp.createClient(realm, { clientId: API_CLIENT_ID, confidential: true });
  for (const role of ROLES) await idp.createRole(realm, role, `${role} of ${request.tenantName}`);
  await idp.createUser(realm, {
    username: request.adminUsername,
    email: request.adminEmail,
    temporaryPassword: job.adminPassword,
    requiredActions: [...ADMIN_REQUIRED_ACTIONS],
    realmRoles: ['admin'],
  });
  return { apiClientSecret: api.secret ?? '' };
}

async function registerTenant(
  deps: ProvisionerDeps,
  job: Provisioning,
  apiClientSecret: string,
): Promise<{ tenant: TenantRecord }> {
  const { request } = job;
  const tenant = await insertTenant(deps.platformDb, {
    tenantCode: request.tenantCode,
    tenantName: request.tenantName,
    dbName: job.dbName,
    realm: job.realm,
    realmClientSecretSealed: deps.secretBox.seal(apiClientSecret || randomToken()),
    dbUser: request.dbUser,
    dbPassSealed: deps.secretBox.sealOnce(request.dbPass),
    timezone: request.timezone,
    currency: request.currency,
    market: request.market,
    adminEmail: request.adminEmail,
  });
  return { tenant };
}

function provisioned(job: Provisioning, tenant: TenantRecord, systemSession: string): ProvisionedTenant {
  return {
    tenant,
    clients: [
      { clientId: WEB_CLIENT_ID, type: 'public' },
      { clientId: API_CLIENT_ID, type: 'confidential' },
    ],
    roles: [...ROLES],
    systemSession,
    adminUser: {
      username: job.request.adminUsername,
      email: job.request.adminEmail,
      temporaryPassword: job.adminPassword,
      requiredActions: [...ADMIN_REQUIRED_ACTIONS],
    },
  };
}

function asProvisioningError(step: string, error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DatabaseObjectExists || isConflict(error)) {
    return new ApiError(ErrorCode.DUPLICATE, `Provisioning failed at step "${step}": it already exists`);
  }
  return new ApiError(ErrorCode.GENERAL, `Provisioning failed at step "${step}"; nothing was kept`);
}

function isConflict(error: unknown): boolean {
  return error instanceof Error && 'conflict' in error && error.conflict === true;
}

/** A dbPass may arrive sealed already (it is then stored as it is); the role needs the plain value. */
function openPassword(secretBox: SecretBox, dbPass: string): string {
  if (!isSealed(dbPass)) return dbPass;
  try {
    return secretBox.open(dbPass);
  } catch {
    throw invalidFormat('dbPass', 'carries the encrypted: prefix but was not sealed with this service key');
  }
}

async function validate(platformDb: Sql, request: ProvisionRequest): Promise<void> {
  const codeProblem = tenantCodeProblem(request.tenantCode);
  if (codeProblem) throw invalidFormat('tenantCode', codeProblem);
  if (
    !DB_USER_PATTERN.test(request.dbUser) ||
    request.dbUser.startsWith('pg_') ||
    RESERVED_DB_USERS.has(request.dbUser)
  ) {
    throw invalidFormat('dbUser', 'must be 3-63 lowercase letters, digits or underscores, not reserved');
  }
  if (!isTimeZone(request.timezone)) throw invalidFormat('timezone', 'is not an IANA time zone');
  if (await tenantCodeTaken(platformDb, request.tenantCode)) {
    throw new ApiError(ErrorCode.DUPLICATE, `Tenant code ${request.tenantCode} is taken`);
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
