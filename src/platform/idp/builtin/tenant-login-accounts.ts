// One lockout per person (contract §7.1): the password grant counts the attempts on a tenant realm's user against
// the tenant user of the same login (its failed_logins and locked_until), which /user/authenticate counts against
// too, so a lock reached on either path refuses both, and the tenant's row is the one source of the lock. A realm
// with no such user (the master realm, a suspended tenant's) counts against its own row instead.
import type { Queryable } from '../../database/connections.js';
import type { LockoutAccount } from '../../lockout.js';
import type { TenantPools } from '../../tenancy/pools.js';
import type { TenantRegistry } from '../../tenancy/registry.js';

/** The account a login attempt counts against, in the database holding it; release it once done. */
export interface LoginAccount {
  db: Queryable;
  account: LockoutAccount;
  release(): void;
}

/** The tenant account of a realm user, or undefined to count against the realm's own row. */
export type FindLoginAccount = (realm: string, username: string) => Promise<LoginAccount | undefined>;

export function tenantLoginAccounts(deps: {
  registry: Pick<TenantRegistry, 'all'>;
  pools: Pick<TenantPools, 'acquire'>;
}): FindLoginAccount {
  return async (realm, username) => {
    const tenant = deps.registry.all().find((candidate) => candidate.realm === realm && candidate.status === 'ACTIVE');
    if (!tenant) return undefined;
    const lease = await deps.pools.acquire(tenant);
    try {
      // The users table is the users area's; the lockout columns are the contract's (src/platform/lockout.ts).
      const [row] = await lease.sql<{ user_id: number }[]>`
        SELECT user_id FROM users WHERE lower(user_login) = lower(${username})`;
      if (row) {
        const account: LockoutAccount = { table: 'users', idColumn: 'user_id', id: row.user_id };
        return { db: lease.sql, account, release: () => lease.release() };
      }
    } catch (error) {
      lease.release();
      throw error;
    }
    lease.release();
    return undefined;
  };
}
