// The per-account login limit of contract §7.1 (the lockout), for any table of accounts with the columns
// `failed_logins integer` and `locked_until timestamptz`: tenant users, and the identity provider's realm users.
// An attempt is counted before its password is hashed, in one statement under the row lock, so concurrent
// guesses queue on the row and no more than `threshold` of them are ever checked in a row.
import type { Queryable } from './database/connections.js';

/** The account a login attempt is counted against. */
export interface LockoutAccount {
  table: 'users' | 'idp_users';
  idColumn: 'user_id' | 'id';
  id: number | string;
}

export interface LockoutPolicy {
  threshold: number;
  minutes: number;
}

export interface LoginAttempt {
  /** False: the account is locked (or gone); the password must not be checked. */
  admitted: boolean;
  /** This attempt was the `threshold`-th in a row and locked the account. */
  setLock: boolean;
}

/**
 * Counts an attempt: the `threshold`-th in a row since the last success locks the account for `minutes` and is
 * still checked; attempts made while locked are refused unchecked and not counted.
 */
export async function reserveLoginAttempt(
  db: Queryable,
  account: LockoutAccount,
  policy: LockoutPolicy,
  now: Date,
): Promise<LoginAttempt> {
  const lockUntil = new Date(now.getTime() + policy.minutes * 60_000);
  const [table, id] = [db(account.table), db(account.idColumn)];
  const [row] = await db<{ was_locked: boolean; set_lock: boolean }[]>`
    WITH before AS (
      SELECT ${id} AS account_id, COALESCE(locked_until > ${now}, false) AS was_locked,
             failed_logins + 1 >= ${policy.threshold} AS reaches_threshold
        FROM ${table} WHERE ${id} = ${account.id} FOR UPDATE
    )
    UPDATE ${table} a SET
      failed_logins = CASE WHEN b.was_locked THEN a.failed_logins WHEN b.reaches_threshold THEN 0
                           ELSE a.failed_logins + 1 END,
      locked_until  = CASE WHEN NOT b.was_locked AND b.reaches_threshold THEN ${lockUntil}
                           ELSE a.locked_until END
      FROM before b WHERE a.${id} = b.account_id
    RETURNING b.was_locked, NOT b.was_locked AND b.reaches_threshold AS set_lock`;
  return { admitted: row !== undefined && !row.was_locked, setLock: row?.set_lock ?? false };
}

/**
 * A checked password ends the row of failures, unless the account was locked meanwhile by attempts made
 * alongside it: then the lock stands and the login is refused. The attempt that set the lock lifts it, since
 * fewer than `threshold` of the attempts failed. Answers whether the login may proceed.
 */
export async function settleSuccessfulLogin(
  db: Queryable,
  account: LockoutAccount,
  attempt: LoginAttempt,
  now: Date,
): Promise<boolean> {
  const result = await db`
    UPDATE ${db(account.table)} SET failed_logins = 0, locked_until = NULL
    WHERE ${db(account.idColumn)} = ${account.id}
      AND (${attempt.setLock} OR locked_until IS NULL OR locked_until <= ${now})`;
  return result.count === 1;
}
