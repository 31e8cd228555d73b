// The per-account login limit of contract §7.1 (the lockout), for any table of accounts with the columns
// `failed_logins integer`, `locked_until timestamptz`, `logins_in_flight integer` and `logins_in_flight_at
// timestamptz`: tenant users, and the identity provider's realm users.
//
// At most `threshold` wrong passwords in a row are ever checked, however many guesses arrive at once: an attempt is
// admitted, before its password is hashed, only while the failures so far plus the checks still running stay below
// the threshold (one statement under the row lock). Attempts beyond that wait for a running check to end rather
// than count as failures, so concurrent logins with the right password (an office sharing an account, a client
// opening several sessions) are never locked out: only failures lock, once the threshold-th is known.
// A check that never ends (its process died) stops counting as running after IN_FLIGHT_STALE_SECONDS, as a failure.
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
  /** False: the account is locked, busy with as many checks as it may have, or gone: do not check the password. */
  admitted: boolean;
  /** This call locked the account (checks that never ended reached the threshold): tell whoever mirrors it. */
  setLock: boolean;
}

/** Longer than any password check takes, waiting in the hashing gate's line included. */
const IN_FLIGHT_STALE_SECONDS = 60;
/**
 * How long an attempt waits for a running check of the same account to end before it is refused: about as long as
 * the node's line of password checks would keep it (a burst of logins of one account queues there anyway).
 */
const BUSY_WAIT_MS = 10_000;
/** The first look again, doubled up to the last, so a crowd of waiting attempts costs few queries. */
const BUSY_POLL_MS = { first: 25, last: 250 };

/** Counts an attempt in, waiting (briefly) while the account has as many checks running as it may have. */
export async function reserveLoginAttempt(
  db: Queryable,
  account: LockoutAccount,
  policy: LockoutPolicy,
  now: Date,
): Promise<LoginAttempt> {
  const giveUpAt = Date.now() + BUSY_WAIT_MS;
  for (let pause = BUSY_POLL_MS.first; ; pause = Math.min(pause * 2, BUSY_POLL_MS.last)) {
    const outcome = await tryReserve(db, account, policy, now);
    if (outcome !== 'busy') return outcome;
    if (Date.now() >= giveUpAt) return { admitted: false, setLock: false };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

async function tryReserve(
  db: Queryable,
  account: LockoutAccount,
  policy: LockoutPolicy,
  now: Date,
): Promise<LoginAttempt | 'busy'> {
  const lockUntil = new Date(now.getTime() + policy.minutes * 60_000);
  const staleBefore = new Date(now.getTime() - IN_FLIGHT_STALE_SECONDS * 1000);
  const [table, id] = [db(account.table), db(account.idColumn)];
  const [row] = await db<{ locked: boolean; set_lock: boolean; admitted: boolean }[]>`
    WITH before AS (
      SELECT ${id} AS account_id, COALESCE(locked_until > ${now}, false) AS was_locked,
             failed_logins + CASE WHEN logins_in_flight_at < ${staleBefore} THEN logins_in_flight ELSE 0 END AS failures,
             CASE WHEN logins_in_flight_at < ${staleBefore} THEN 0 ELSE logins_in_flight END AS running
        FROM ${table} WHERE ${id} = ${account.id} FOR UPDATE
    ), decided AS (
      SELECT account_id, was_locked, failures, running,
             NOT was_locked AND failures >= ${policy.threshold} AS set_lock,
             NOT was_locked AND failures + running < ${policy.threshold} AS admitted
        FROM before
    ), updated AS (
      UPDATE ${table} a SET
        failed_logins = CASE WHEN d.set_lock THEN 0 ELSE d.failures END,
        locked_until = CASE WHEN d.set_lock THEN ${lockUntil} ELSE a.locked_until END,
        logins_in_flight = d.running + CASE WHEN d.admitted THEN 1 ELSE 0 END,
        logins_in_flight_at = CASE WHEN d.admitted THEN ${now} ELSE a.logins_in_flight_at END
        FROM decided d WHERE a.${id} = d.account_id
      RETURNING a.${id}
    )
    SELECT was_locked OR set_lock AS locked, set_lock, admitted FROM decided`;
  if (!row || row.locked) return { admitted: false, setLock: row?.set_lock ?? false };
  return row.admitted ? { admitted: true, setLock: false } : 'busy';
}

/**
 * A checked password ends the row of failures and a lock that ran out, unless the account was locked meanwhile:
 * then the lock stands and the login is refused. Answers whether the login may proceed.
 */
export async function settleSuccessfulLogin(db: Queryable, account: LockoutAccount, now: Date): Promise<boolean> {
  const [row] = await db<{ locked: boolean }[]>`
    UPDATE ${db(account.table)} SET
      logins_in_flight = GREATEST(logins_in_flight - 1, 0),
      failed_logins = CASE WHEN locked_until > ${now} THEN failed_logins ELSE 0 END,
      locked_until = CASE WHEN locked_until > ${now} THEN locked_until END
    WHERE ${db(account.idColumn)} = ${account.id}
    RETURNING COALESCE(locked_until > ${now}, false) AS locked`;
  return row !== undefined && !row.locked;
}

/** A wrong password: one more failure in a row; the threshold-th locks the account (then `true`: tell mirrors). */
export async function settleFailedLogin(
  db: Queryable,
  account: LockoutAccount,
  policy: LockoutPolicy,
  now: Date,
): Promise<boolean> {
  const lockUntil = new Date(now.getTime() + policy.minutes * 60_000);
  const [row] = await db<{ set_lock: boolean }[]>`
    UPDATE ${db(account.table)} SET
      logins_in_flight = GREATEST(logins_in_flight - 1, 0),
      failed_logins = CASE WHEN failed_logins + 1 >= ${policy.threshold} THEN 0 ELSE failed_logins + 1 END,
      locked_until = CASE WHEN failed_logins + 1 >= ${policy.threshold} THEN ${lockUntil} ELSE locked_until END
    WHERE ${db(account.idColumn)} = ${account.id}
    RETURNING failed_logins = 0 AND locked_until = ${lockUntil} AS set_lock`;
  return row?.set_lock ?? false;
}
