// A password chosen on the realm's login page (builtin provider, required action UPDATE_PASSWORD, e.g. the
// provisioned admin's first sign-in in the browser) becomes the tenant user's password as /user/updatepwd would
// make it: the tenant's policy, one hash, the user's other sessions ended, and the realm told in the same
// transaction (users.realm.ts). The composition root gives this chooser to the builtin provider.
import type { FastifyBaseLogger } from 'fastify';
import { revokeUserSessions } from '../../platform/auth/session.repository.js';
import type { SessionStore } from '../../platform/auth/sessions.js';
import { type PasswordChooser, realmOnlyChooser } from '../../platform/idp/builtin/password-choice.js';
import { hashPassword } from '../../platform/passwords.js';
import { type TenantPools, withTenantLease } from '../../platform/tenancy/pools.js';
import type { TenantRegistry } from '../../platform/tenancy/registry.js';
import { type RealmDirectory, tellRealm } from './users.realm.js';
import * as repo from './users.repository.js';
import { brokenPasswordRule } from '../../platform/password-policy.js';

export interface RealmPasswordChooserDeps {
  idp: RealmDirectory;
  registry: Pick<TenantRegistry, 'all'>;
  pools: Pick<TenantPools, 'acquire'>;
  sessions: Pick<SessionStore, 'forgetUser'>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

export function createRealmPasswordChooser(deps: RealmPasswordChooserDeps): PasswordChooser {
  return async (choice) => {
    // A realm without such a tenant user (the master realm) keeps the password to itself.
    const tenant = deps.registry.all().find((each) => each.realm === choice.realm && each.status === 'ACTIVE');
    if (!tenant) return realmOnlyChooser(choice);
    const user = await withTenantLease(deps.pools, tenant, (db) => repo.findUserByLoginOrEmail(db, choice.username));
    if (user?.user_login.toLowerCase() !== choice.username) return realmOnlyChooser(choice);
    const rule = brokenPasswordRule(choice.password, user.user_login, user.user_email);
    if (rule) return { accepted: false, rule };
    // Hashed with no lease held: a tenant's pool may have a single connection, which requests need meanwhile.
    const passwordHash = await hashPassword(choice.password);
    const now = deps.clock();
    await withTenantLease(deps.pools, tenant, (db) =>
      db.begin(async (tx) => {
        const changed = await repo.setPassword(tx, user.user_id, passwordHash, now);
        await revokeUserSessions(tx, user.user_id, now);
        // The sign-in that chose it ends the user's other realm sessions itself (browser-sign-in.ts) and goes on.
        const password = { plain: choice.password, hash: passwordHash, temporary: false, sessions: 'keep' } as const;
        await tellRealm(deps.idp, { tenant, log: deps.logger }, changed, password);
      }),
    );
    await deps.sessions.forgetUser(tenant.tenantId, user.user_id);
    return { accepted: true, passwordHash };
  };
}
