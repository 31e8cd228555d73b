// The users area: accounts, sessions and the admin's user management, and what provisioning adds to a new
// tenant (its first admin).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Area } from '../../platform/area.js';
import { createMailQueue, type OutboxWorker } from '../../platform/outbox/index.js';
import type { PeriodicWork } from '../../platform/periodic/periodic-work.js';
import type { TenantSeeder } from '../../platform/tenancy/provisioning.js';
import { usersOperations } from './users.operations.js';
import { customerRecordOfUser, displayNameOfUser, userRecords } from './users.records.js';
import { insertUser } from './users.repository.js';
import { createRealmUserSync } from './users.realm-sync.js';
import { createUsersService, type ResetScope, type UsersDeps } from './users.service.js';
import type { ApiTag } from '../../platform/http/openapi.js';

/** The OpenAPI tags of the area's operations (docs/api.md's sections). */
const TAGS: readonly ApiTag[] = [
  { name: 'user', description: "Logins, registration, passwords, sessions and the tenant's user administration" },
];

export { createRealmPasswordChooser } from './users.realm-password.js';
export { createRealmPasswordReset } from './users.realm-reset.js';

/** The platform's parts the area uses, by their own names. */
export interface UsersAreaDeps extends Pick<UsersDeps, 'sessions' | 'tenantUrl' | 'customers' | 'idp'> {
  config: Pick<Config, 'rateLimits' | 'lockout'>;
  outbox: Pick<OutboxWorker, 'kick'>;
  /** The realm user sync visits every tenant's users in its rounds. */
  periodic: Pick<PeriodicWork, 'register'>;
  logger: FastifyBaseLogger;
}

/** What other areas may ask of users. */
export interface UsersApi {
  /** The customer record of a customer user, by its id (the owner of a cart merged into a booking). */
  customerRecordOfUser: typeof customerRecordOfUser;
  /** The name a user's records show (a trip project's createdByName). */
  displayNameOfUser: typeof displayNameOfUser;
  /** /user/resetpwdRequest's reset (the login page's "Forgot password?": createRealmPasswordReset). */
  requestPasswordReset(scope: ResetScope, email: string): Promise<string>;
}

export function createUsersArea(deps: UsersAreaDeps): Area<UsersApi> {
  const users = createUsersService({
    sessions: deps.sessions,
    tenantUrl: deps.tenantUrl,
    customers: deps.customers,
    rateLimits: deps.config.rateLimits,
    lockout: deps.config.lockout,
    mail: createMailQueue(deps.outbox),
    idp: deps.idp,
  });
  return {
    tags: TAGS,
    operations: usersOperations(users),
    api: { customerRecordOfUser, displayNameOfUser, requestPasswordReset: users.requestPasswordReset },
    records: { user: userRecords },
    jobs: [deps.periodic.register(createRealmUserSync(deps))],
  };
}

/** The tenant's first admin: active, with the temporary password of the realm's admin, to change at first login. */
export const seedAdminUser: TenantSeeder = async (tx, tenant) => {
  await insertUser(tx, {
    userLogin: tenant.adminUsername,
    userEmail: tenant.adminEmail,
    userName: 'Administrator',
    passwordHash: tenant.adminPasswordHash,
    roles: ['admin'],
    isActive: true,
    requiredActions: ['UPDATE_PASSWORD'],
    now: new Date(),
  });
};
