// The realm holds every user (contract §7.1): every change of a tenant user is told to the tenant's identity realm
// inside the change's transaction, before it commits, so a change the realm did not take is rolled back and the
// caller learns it (docs/decisions.md). The whole state goes each time (port.ts saveUser): a repeat is harmless.
import type { Queryable } from '../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { type IdentityProvider, isIdpConflict, type RealmPassword, type RealmUser } from '../../platform/idp/port.js';
import * as repo from './users.repository.js';

/** What the users area asks of the identity provider: to save users, and (Keycloak) to check a password. */
export type RealmDirectory = Pick<IdentityProvider, 'saveUser' | 'checkPassword'>;

export const IDP_UNAVAILABLE = 'identity provider unavailable';

/** A tenant user as its realm holds it. */
export function realmUserOf(user: repo.UserRow): RealmUser {
  return {
    username: user.user_login.toLowerCase(),
    email: user.user_email.toLowerCase(),
    name: user.user_name ?? '',
    // An account waiting for activation cannot log in here, so it cannot in the realm either.
    enabled: user.is_active,
    realmRoles: [...user.roles],
    requiredActions: [...user.required_actions],
    lockedUntil: user.locked_until,
  };
}

/**
 * Tells the realm the user's state as `tx` sees it now (after the change, before its commit), with the new
 * password when there is one. A realm that could not be told answers 503 GENERAL, so the transaction rolls back.
 */
export async function tellRealm(
  idp: RealmDirectory,
  ctx: Pick<TenantContext, 'tenant' | 'log'>,
  user: repo.UserRow,
  password?: RealmPassword,
): Promise<void> {
  try {
    await idp.saveUser(ctx.tenant.realm, realmUserOf(user), password);
  } catch (error) {
    // The tenant's logins and e-mail addresses are unique as the realm's are: a conflict is a realm out of step.
    if (isIdpConflict(error)) {
      throw new ApiError(ErrorCode.DUPLICATE, 'That login or e-mail address is already registered');
    }
    ctx.log.warn({ err: error, userId: user.user_id }, 'the identity realm did not take a user change; rolled back');
    throw new ApiError(ErrorCode.GENERAL, IDP_UNAVAILABLE, 503);
  }
}

/** Reads the user in `tx` (after a change that returned no row) and tells the realm. */
export async function tellRealmUser(
  idp: RealmDirectory,
  ctx: Pick<TenantContext, 'tenant' | 'log'>,
  tx: Queryable,
  userId: number,
  password?: RealmPassword,
): Promise<repo.UserRow> {
  const user = await repo.findUserById(tx, userId);
  if (!user) throw new Error('a user changed in this transaction cannot be read back');
  await tellRealm(idp, ctx, user, password);
  return user;
}
