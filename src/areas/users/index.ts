// The users area's public face: its operations, its service, and what provisioning adds to a new tenant.
import type { TenantSeeder } from '../../platform/tenancy/provisioning.js';
import { insertUser } from './users.repository.js';

export { registerUsersOperations } from './users.operations.js';
export { createUsersService, type UsersService } from './users.service.js';

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
