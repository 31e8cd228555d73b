// The password check of a user account, behind contract §7.1's limits: the client address's budget of failures
// and the account's lockout are both reserved before the password is hashed, so neither a flood nor a burst of
// concurrent guesses gets more checks than the limits allow, and an unknown user or a locked account costs no
// hash at all (imitatePasswordCheck keeps its timing like a wrong password's).
import type { Config } from '../../config.js';
import { withTransaction } from '../../platform/database/transaction.js';
import type { TenantContext } from '../../platform/http/operation.js';
import {
  type LoginAttempt,
  reserveLoginAttempt,
  settleFailedLogin,
  settleSuccessfulLogin,
} from '../../platform/lockout.js';
import { hashPassword, imitatePasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { refundFailure, reserveFailure } from '../../platform/rate-limit.js';
import { type RealmDirectory, tellRealmUser } from './users.realm.js';
import * as repo from './users.repository.js';

export interface LoginLimits {
  rateLimits: Pick<Config['rateLimits'], 'loginFailures'>;
  lockout: Config['lockout'];
  /** One lockout per person: a lock set or lifted here is told to the realm, whose password grant honours it. */
  idp: RealmDirectory;
}

/**
 * Whether `password` is the password of `user` (undefined: no such user). HTTP 429 RATE_LIMITED when the
 * client address has spent its failures of the minute, or the node's line of password checks is full.
 */
export async function isPasswordOf(
  limits: LoginLimits,
  ctx: TenantContext,
  user: repo.UserRow | undefined,
  password: string,
): Promise<boolean> {
  const addressBudget = await reserveFailure(
    ctx.db,
    `login-failures:${ctx.clientIp}`,
    limits.rateLimits.loginFailures,
    ctx.now,
  );
  if (!user) return imitatePasswordCheck().then(() => false);
  const attempt = await reserveAttempt(limits, ctx, user.user_id);
  if (!attempt.admitted) return imitatePasswordCheck().then(() => false);
  if (!(await passwordMatches(limits, ctx, user, password))) return settleFailure(limits, ctx, user.user_id);
  if (!(await settleAttempt(limits, ctx, user))) return false;
  await refundFailure(ctx.db, addressBudget);
  return true;
}

/**
 * Whether the password is the user's. A user whose row still holds a temporary password may have chosen its own
 * on the realm's own page (Keycloak's first login), unseen here: the realm is asked, and a password it takes as
 * final becomes the row's too, ending the required action, so the old temporary password stops working here as it
 * did there. A realm that cannot answer leaves the decision to the stored password.
 */
async function passwordMatches(
  limits: LoginLimits,
  ctx: TenantContext,
  user: repo.UserRow,
  password: string,
): Promise<boolean> {
  const realm = limits.idp;
  if (!realm.checkPassword || !user.required_actions.includes('UPDATE_PASSWORD')) {
    return verifyPassword(password, user.password_hash);
  }
  const verdict = await realm
    .checkPassword(ctx.tenant.realm, user.user_login.toLowerCase(), password)
    .catch((error: unknown) => {
      ctx.log.warn(
        { err: error, userId: user.user_id },
        'the realm could not check a password; the stored one decides',
      );
      return 'unknown' as const;
    });
  if (verdict === 'invalid') return false;
  if (verdict !== 'valid') return verifyPassword(password, user.password_hash);
  await repo.setPassword(ctx.db, user.user_id, await hashPassword(password), ctx.now);
  return true;
}

/**
 * Counts the attempt in. Not in a transaction: it may wait for the account's running checks to end, and a
 * transaction would hold the account's row meanwhile. One that finds stalled checks reach the lock (rare: their
 * process died) tells the realm right after.
 */
async function reserveAttempt(limits: LoginLimits, ctx: TenantContext, userId: number): Promise<LoginAttempt> {
  const attempt = await reserveLoginAttempt(ctx.db, repo.lockoutAccount(userId), limits.lockout, ctx.now);
  if (attempt.setLock) await withTransaction(ctx, (tx) => tellRealmUser(limits.idp, ctx, tx, userId));
  return attempt;
}

/** Counts the failure; the one that locks the account tells the realm before the lock commits. Answers false. */
function settleFailure(limits: LoginLimits, ctx: TenantContext, userId: number): Promise<false> {
  return withTransaction(ctx, async (tx) => {
    if (await settleFailedLogin(tx, repo.lockoutAccount(userId), limits.lockout, ctx.now)) {
      await tellRealmUser(limits.idp, ctx, tx, userId);
    }
    return false as const;
  });
}

/**
 * Ends the row of failures. A lock it clears (one that has run out) is lifted in the realm too: a realm that can
 * only disable a user (Keycloak) would otherwise keep refusing it.
 */
async function settleAttempt(limits: LoginLimits, ctx: TenantContext, user: repo.UserRow): Promise<boolean> {
  const account = repo.lockoutAccount(user.user_id);
  if (user.locked_until === null) return settleSuccessfulLogin(ctx.db, account, ctx.now);
  return withTransaction(ctx, async (tx) => {
    if (!(await settleSuccessfulLogin(tx, account, ctx.now))) return false;
    await tellRealmUser(limits.idp, ctx, tx, user.user_id);
    return true;
  });
}
