// "Forgot password?" on the builtin realm's login page goes through the tenant's own reset, exactly as
// /user/resetpwdRequest: its rate limits (per client address and per target address), its e-mail with the
// one-hour link to the tenant's reset page, and nothing said about whether the address has an account. The
// composition root gives this to the builtin provider (usePasswordReset).
import type { FastifyBaseLogger } from 'fastify';
import type { PasswordReset } from '../../platform/idp/builtin/password-reset-page.js';
import { type TenantPools, withTenantLease } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import type { ResetScope } from './users.service.js';

export interface RealmPasswordResetDeps {
  registry: Pick<TenantRegistry, 'all'>;
  pools: Pick<TenantPools, 'acquire'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
  /** The users area's reset request (users.service.ts). */
  requestPasswordReset(scope: ResetScope, email: string): Promise<string>;
}

export function createRealmPasswordReset(deps: RealmPasswordResetDeps): PasswordReset {
  return async ({ realm, email, clientAddress }) => {
    // A realm without a tenant (the master realm) has no tenant users to reset: nothing is sent.
    const tenant = deps.registry.all().find((each) => each.realm === realm && each.status === 'ACTIVE');
    if (!tenant) return;
    await withTenantLease(deps.pools, tenant, (db) =>
      deps.requestPasswordReset({ tenant, db, clientIp: clientAddress, now: deps.clock(), log: deps.logger }, email),
    );
  };
}
