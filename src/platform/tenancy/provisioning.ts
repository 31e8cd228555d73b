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

interface Step {
  name: string;
  run(): Promise<void>;
  undo(): Promise<void>;
}

export const WEB_CLIENT_ID = 'tc-web';
export const API_CLIENT_ID = 'tc-api';
const DB_USER_PATTERN = /^[a-z_][a-z0-9_]{2,62}$/;
const RESERVED_DB_USERS = new Set(['postgres', 'tc_tenant_owner', 'public']);

export interface Provisioner {
  provision(request: ProvisionRequest): Promise<ProvisionedTenant>;
}

export function createProvisioner(deps: {
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
}): Provisioner {
  return {
    async provision(request) {
      const dbPass = openPassword(deps.secretBox, request.dbPass);
      await validate(deps.platformDb, request);
      const dbName = tenantDatabaseName(request.tenantCode);
      const realm = request.tenantCode;
      const adminPassword = temporaryPassword();
      // Hashing takes as long as cloning the database: it runs on the thread pool meanwhile.
      const adminPasswordHash = hashPassword(adminPassword);
      adminPasswordHash.catch(() => undefined); // awaited below; a failure before then must not go unhandled
      let apiClientSecret = '';
      let systemSession = '';
      let tenant: TenantRecord | undefined;

      const steps: Step[] = [
        {
          name: 'database',
          run: () => deps.databases.createDatabase(dbName),
          undo: () => deps.databases.dropDatabase(dbName),
        },
        {
          name: 'database user',
          run: () => deps.databases.createOwner(dbName, request.dbUser, dbPass),
          // The role owns the database and its tables by now: it can only go once the database is gone.
          undo: async () => {
            await deps.databases.dropDatabase(dbName);
            await deps.databases.dropOwner(request.dbUser);
          },
        },
        {
          name: 'tenant data',
          run: async () => {
            const sql = connect(deps.server, {
              database: dbName,
              max: 1,
              connectTimeoutSeconds: deps.connectTimeoutSeconds,
              login: { user: request.dbUser, password: dbPass },
            });
            try {
              const passwordHash = await adminPasswordHash;
              systemSession = await sql.begin(async (tx) => {
                const token = await createSystemSession(tx);
                for (const seed of deps.seeders) {
                  await seed(tx, {
                    tenantCode: request.tenantCode,
                    adminUsername: request.adminUsername,
                    adminEmail: request.adminEmail,
                    adminPasswordHash: passwordHash,
                  });
                }
                return token;
              });
            } finally {
              await sql.end({ timeout: 5 });
            }
          },
          undo: async () => {}, // dropped with the database
        },
        {
          name: 'identity realm',
          run: async () => {
            await deps.idp.createRealm(realm, request.tenantName);
            await deps.idp.createClient(realm, {
              clientId: WEB_CLIENT_ID,
              confidential: false,
              directAccessGrants: true,
              redirectUris: [`${deps.tenantUrl(request.tenantCode)}/*`],
            });
            const api = await deps.idp.createClient(realm, { clientId: API_CLIENT_ID, confidential: true });
            apiClientSecret = api.secret ?? '';
            for (const role of ROLES) await deps.idp.createRole(realm, role, `${role} of ${request.tenantName}`);
            await deps.idp.createUser(realm, {
              username: request.adminUsername,
              email: request.adminEmail,
              temporaryPassword: adminPassword,
              requiredActions: ['UPDATE_PASSWORD'],
              realmRoles: ['admin'],
            });
          },
          undo: () => deps.idp.deleteRealm(realm),
        },
        {
          name: 'registry row',
          run: async () => {
            tenant = await insertTenant(deps.platformDb, {
              tenantCode: request.tenantCode,
              tenantName: request.tenantName,
              dbName,
              realm,
              realmClientSecretSealed: deps.secretBox.seal(apiClientSecret || randomToken()),
              dbUser: request.dbUser,
              dbPassSealed: deps.secretBox.sealOnce(request.dbPass),
              timezone: request.timezone,
              currency: request.currency,
              market: request.market,
              adminEmail: request.adminEmail,
            });
          },
          undo: async () => {
            if (tenant) await deleteTenant(deps.platformDb, tenant.tenantId);
          },
        },
      ];

      await runSteps(steps, request.tenantCode, deps.log);
      if (!tenant) throw new Error('provisioning finished without a tenant row');
      // Other nodes learn of the tenant by notification; this one serves it as soon as we answer.
      await deps.registry.reloadOne(tenant.tenantId);
      return {
        tenant,
        clients: [
          { clientId: WEB_CLIENT_ID, type: 'public' },
          { clientId: API_CLIENT_ID, type: 'confidential' },
        ],
        roles: [...ROLES],
        systemSession,
        adminUser: {
          username: request.adminUsername,
          email: request.adminEmail,
          temporaryPassword: adminPassword,
          requiredActions: ['UPDATE_PASSWORD'],
        },
      };
    },
  };
}

async function runSteps(steps: Step[], tenantCode: string, log: FastifyBaseLogger): Promise<void> {
  const done: Step[] = [];
  for (const step of steps) {
    try {
      await step.run();
      done.push(step);
    } catch (error) {
      log.warn({ err: error, tenantCode, step: step.name }, 'provisioning step failed; undoing the steps done');
      for (const finished of done.reverse()) {
        try {
          await finished.undo();
        } catch (undoError) {
          log.error({ err: undoError, tenantCode, step: finished.name }, 'undoing a provisioning step failed');
        }
      }
      throw asProvisioningError(step.name, error);
    }
  }
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
