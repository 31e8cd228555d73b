// The password check of a user account, behind contract §7.1's limits: the client address's budget of failures
// and the account's lockout are both reserved before the password is hashed, so neither a flood nor a burst of
// concurrent guesses gets more checks than the limits allow, and an unknown user or a locked account costs no
// hash at all (imitatePasswordCheck keeps its timing like a wrong password's).
import type { Config } from '../../config.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { reserveLoginAttempt, settleSuccessfulLogin } from '../../platform/lockout.js';
import { imitatePasswordCheck, verifyPassword } from '../../platform/passwords.js';
import { refundFailure, reserveFailure } from '../../platform/rate-limit.js';
import * as repo from './users.repository.js';

export interface LoginLimits {
  rateLimits: Pick<Config['rateLimits'], 'loginFailures'>;
  lockout: Config['lockout'];
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
  const account = repo.lockoutAccount(user.user_id);
  const attempt = await reserveLoginAttempt(ctx.db, account, limits.lockout, ctx.now);
  if (!attempt.admitted) return imitatePasswordCheck().then(() => false);
  if (!(await verifyPassword(password, user.password_hash))) return false;
  if (!(await settleSuccessfulLogin(ctx.db, account, attempt, ctx.now))) return false;
  await refundFailure(ctx.db, addressBudget);
  return true;
}
