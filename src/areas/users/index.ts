// The users area: accounts, sessions and the admin's user management, and what provisioning adds to a new
// tenant (its first admin).
import type { Area } from '../../platform/area.js';
import type { TenantSeeder } from '../../platform/tenancy/provisioning.js';
import { usersOperations } from './users.operations.js';
import { insertUser } from './users.repository.js';
import { createUsersService, type UsersDeps } from './users.service.js';

export function createUsersArea(deps: UsersDeps): Area {
  return { operations: usersOperations(createUsersService(deps)), api: undefined };
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
