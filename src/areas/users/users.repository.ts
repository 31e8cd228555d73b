// SQL of users and their one-time tokens. Plain objects out.
import { containsPattern } from '../../platform/text.js';
import type { Role } from '../../platform/auth/roles.js';
import { randomToken, sha256 } from '../../platform/crypto.js';
import type { Queryable } from '../../platform/database/connections.js';
import type { LockoutAccount } from '../../platform/lockout.js';

export interface UserRow {
  user_id: number;
  user_login: string;
  user_email: string;
  user_name: string | null;
  password_hash: string;
  mobile: string | null;
  phone: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  country_id: number | null;
  contact_id: number | null;
  is_company: boolean;
  company_id: number | null;
  company_name: string | null;
  company_type: string | null;
  /** The name of the user's country (common's common_country_name). */
  country_name: string | null;
  is_portal_user: boolean;
  roles: Role[];
  is_active: boolean;
  required_actions: string[];
  failed_logins: number;
  locked_until: Date | null;
  create_date: Date;
}

export type TokenKind = 'ACTIVATION' | 'RESET';

export async function findUserById(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await db<
    UserRow[]
  >`SELECT users.*, common_country_name(users.country_id) AS country_name FROM users WHERE user_id = ${userId}`;
  return row;
}

/** The user whose login or e-mail address is `name`, ignoring case. */
export async function findUserByLoginOrEmail(db: Queryable, name: string): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`
    SELECT users.*, common_country_name(users.country_id) AS country_name FROM users WHERE lower(user_login) = lower(${name}) OR lower(user_email) = lower(${name})
    ORDER BY (lower(user_login) = lower(${name})) DESC LIMIT 1`;
  return row;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db<
    UserRow[]
  >`SELECT users.*, common_country_name(users.country_id) AS country_name FROM users WHERE lower(user_email) = lower(${email})`;
  return row;
}

export interface NewUser {
  userLogin: string;
  userEmail: string;
  userName: string | null;
  passwordHash: string;
  mobile?: string | null;
  street?: string | null;
  city?: string | null;
  countryId?: number | null;
  roles: readonly Role[];
  isActive: boolean;
  requiredActions: readonly string[];
  now: Date;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const [row] = await db<UserRow[]>`
    INSERT INTO users (user_login, user_email, user_name, password_hash, mobile, street, city, country_id,
                       roles, is_active, required_actions, is_portal_user, create_date, updated_at)
    VALUES (${user.userLogin}, ${user.userEmail}, ${user.userName}, ${user.passwordHash}, ${user.mobile ?? null},
            ${user.street ?? null}, ${user.city ?? null}, ${user.countryId ?? null}, ${[...user.roles]},
            ${user.isActive}, ${[...user.requiredActions]}, true, ${user.now}, ${user.now})
    RETURNING *, common_country_name(users.country_id) AS country_name`;
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export interface ProfileChanges {
  userName?: string;
  userEmail?: string;
  mobile?: string;
  phone?: string;
  street?: string;
  street2?: string;
  city?: string;
  countryId?: number;
}

export async function updateProfile(
  db: Queryable,
  userId: number,
  changes: ProfileChanges,
  now: Date,
): Promise<UserRow> {
  const [row] = await db<UserRow[]>`
    UPDATE users SET
      user_name  = COALESCE(${changes.userName ?? null}, user_name),
      user_email = COALESCE(${changes.userEmail ?? null}, user_email),
      mobile     = COALESCE(${changes.mobile ?? null}, mobile),
      phone      = COALESCE(${changes.phone ?? null}, phone),
      street     = COALESCE(${changes.street ?? null}, street),
      street2    = COALESCE(${changes.street2 ?? null}, street2),
      city       = COALESCE(${changes.city ?? null}, city),
      country_id = COALESCE(${changes.countryId ?? null}::int, country_id),
      updated_at = ${now}
    WHERE user_id = ${userId}
    RETURNING *, common_country_name(users.country_id) AS country_name`;
  if (!row) throw new Error('user vanished during update');
  return row;
}

/** A new password ends any lockout and the UPDATE_PASSWORD required action. */
export async function setPassword(db: Queryable, userId: number, passwordHash: string, now: Date): Promise<UserRow> {
  const [row] = await db<UserRow[]>`
    UPDATE users SET password_hash = ${passwordHash}, password_changed_at = ${now}, failed_logins = 0,
                     locked_until = NULL, required_actions = array_remove(required_actions, 'UPDATE_PASSWORD'),
                     updated_at = ${now}
    WHERE user_id = ${userId}
    RETURNING *, common_country_name(users.country_id) AS country_name`;
  if (!row) throw new Error('user vanished during a password change');
  return row;
}

export async function setRoles(
  db: Queryable,
  userId: number,
  roles: readonly Role[],
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`
    UPDATE users SET roles = ${[...roles]}, updated_at = ${now} WHERE user_id = ${userId} RETURNING *, common_country_name(users.country_id) AS country_name`;
  return row;
}

/** Links the user to its customer record (contract §7.1: a customer user's `contactId` is its `customerId`). */
export async function setContactId(db: Queryable, userId: number, contactId: number, now: Date): Promise<UserRow> {
  const [row] = await db<UserRow[]>`
    UPDATE users SET contact_id = ${contactId}, updated_at = ${now} WHERE user_id = ${userId}
    RETURNING *, common_country_name(users.country_id) AS country_name`;
  if (!row) throw new Error('user vanished while linking its customer record');
  return row;
}

export async function activateUser(db: Queryable, userId: number, now: Date): Promise<UserRow> {
  const [row] = await db<UserRow[]>`
    UPDATE users SET is_active = true, updated_at = ${now} WHERE user_id = ${userId} RETURNING *, common_country_name(users.country_id) AS country_name`;
  if (!row) throw new Error('user vanished during activation');
  return row;
}

/** Every user's id, oldest first (the realm user sync visits them one by one). */
export async function listUserIds(db: Queryable): Promise<number[]> {
  const rows = await db<{ user_id: number }[]>`SELECT user_id FROM users ORDER BY user_id`;
  return rows.map((row) => row.user_id);
}

/** The user, its row locked against changes until the transaction ends (a change waits, it is not overwritten). */
export async function findUserForShare(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await db<UserRow[]>`
    SELECT users.*, common_country_name(users.country_id) AS country_name FROM users
    WHERE user_id = ${userId} FOR SHARE`;
  return row;
}

/** The user as the account the lockout counts login attempts against (src/platform/lockout.ts). */
export const lockoutAccount = (userId: number): LockoutAccount => ({ table: 'users', idColumn: 'user_id', id: userId });

export async function listUsers(db: Queryable, filter: { query?: string; role?: Role }): Promise<UserRow[]> {
  const pattern = filter.query ? containsPattern(filter.query) : null;
  return db<UserRow[]>`
    SELECT users.*, common_country_name(users.country_id) AS country_name FROM users
    WHERE (${pattern}::text IS NULL
           OR user_login ILIKE ${pattern} OR user_email ILIKE ${pattern} OR user_name ILIKE ${pattern})
      AND (${filter.role ?? null}::text IS NULL OR ${filter.role ?? null} = ANY (roles))
    ORDER BY user_id
    LIMIT 500`;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A new single-use token; the user's earlier unused tokens of that kind stop working. */
export async function issueUserToken(
  db: Queryable,
  userId: number,
  kind: TokenKind,
  now: Date,
  hours: number,
): Promise<IssuedToken> {
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  await db`UPDATE user_tokens SET used_at = ${now} WHERE user_id = ${userId} AND kind = ${kind} AND used_at IS NULL`;
  await db`
    INSERT INTO user_tokens (token_hash, user_id, kind, expires_at, created_at)
    VALUES (${sha256(token)}, ${userId}, ${kind}, ${expiresAt}, ${now})`;
  return { token, expiresAt };
}

/**
 * Uses up a valid token of `kind`: marks it used and answers its user id. A conditional update, so two
 * requests racing with the same token cannot both succeed.
 */
/** The user of a token that is still usable, without using it up (a cheap check before a password is hashed). */
export async function findUsableUserToken(
  db: Queryable,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db<{ user_id: number }[]>`
    SELECT user_id FROM user_tokens
    WHERE token_hash = ${sha256(token)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now}`;
  return row ? { userId: row.user_id } : undefined;
}

export async function consumeUserToken(
  db: Queryable,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | undefined> {
  const [row] = await db<{ user_id: number; expires_at: Date }[]>`
    UPDATE user_tokens SET used_at = ${now}
    WHERE token_hash = ${sha256(token)} AND kind = ${kind} AND used_at IS NULL AND expires_at > ${now}
    RETURNING user_id, expires_at`;
  return row ? { userId: row.user_id, expiresAt: row.expires_at } : undefined;
}
