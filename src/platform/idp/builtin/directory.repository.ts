// SQL of the builtin provider's directory: realms, clients, realm roles and users. Plain objects out;
// unique violations become IdpConflictError with Keycloak's wording.
import type { Sql, TransactionSql } from '../../database/connections.js';
import { PgCode, pgErrorCode } from '../../database/connections.js';
import { IdpConflictError } from '../port.js';

type Db = Sql | TransactionSql;

export interface ClientRecord {
  clientId: string;
  confidential: boolean;
  secretHash: Buffer | null;
  directAccessGrants: boolean;
  serviceAccount: boolean;
  serviceAccountUserId: string;
}

export interface UserRecord {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  requiredActions: string[];
  enabled: boolean;
  roles: string[];
}

export interface NewClient {
  clientId: string;
  confidential: boolean;
  secretHash: Buffer | null;
  redirectUris: string[];
  directAccessGrants: boolean;
  serviceAccount: boolean;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  requiredActions: string[];
}

export class IdpRealmNotFoundError extends Error {
  constructor(realm: string) {
    super(`Realm ${realm} not found`);
    this.name = 'IdpRealmNotFoundError';
  }
}

function constraintOf(error: unknown): string | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    'constraint_name' in error &&
    typeof error.constraint_name === 'string'
  ) {
    return error.constraint_name;
  }
  return undefined;
}

/** Runs an insert, translating a unique violation into a conflict named by `describe`. */
async function insertOrConflict<T>(
  insert: () => Promise<T>,
  describe: (constraint: string | undefined) => string,
): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (pgErrorCode(error) === PgCode.uniqueViolation) throw new IdpConflictError(describe(constraintOf(error)));
    throw error;
  }
}

export async function insertRealm(db: Db, realm: string, displayName: string): Promise<void> {
  await insertOrConflict(
    () => db`INSERT INTO idp_realms (name, display_name) VALUES (${realm}, ${displayName})`,
    () => `Realm ${realm} already exists`,
  );
}

/** Inserts the realm unless it exists; answers whether it was inserted. */
export async function insertRealmIfMissing(db: Db, realm: string, displayName: string): Promise<boolean> {
  const result = await db`
    INSERT INTO idp_realms (name, display_name) VALUES (${realm}, ${displayName}) ON CONFLICT (name) DO NOTHING`;
  return result.count === 1;
}

export async function deleteRealm(db: Db, realm: string): Promise<void> {
  await db`DELETE FROM idp_realms WHERE name = ${realm}`;
}

export async function realmExists(db: Db, realm: string): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM idp_realms WHERE name = ${realm}`;
  return row !== undefined;
}

async function requireRealm(db: Db, realm: string): Promise<void> {
  if (!(await realmExists(db, realm))) throw new IdpRealmNotFoundError(realm);
}

export async function insertClient(db: Db, realm: string, client: NewClient): Promise<void> {
  await requireRealm(db, realm);
  await insertOrConflict(
    () => db`
      INSERT INTO idp_clients (realm, client_id, confidential, secret_hash, redirect_uris, direct_access_grants, service_account)
      VALUES (${realm}, ${client.clientId}, ${client.confidential}, ${client.secretHash}, ${db.array(client.redirectUris)},
              ${client.directAccessGrants}, ${client.serviceAccount})`,
    () => `Client ${client.clientId} already exists`,
  );
}

/** The master realm's platform client: created, or its secret replaced by the configured one. */
export async function upsertPlatformClient(db: Db, realm: string, clientId: string, secretHash: Buffer): Promise<void> {
  await db`
    INSERT INTO idp_clients (realm, client_id, confidential, secret_hash, direct_access_grants, service_account)
    VALUES (${realm}, ${clientId}, true, ${secretHash}, false, true)
    ON CONFLICT (realm, client_id) DO UPDATE
      SET confidential = true, secret_hash = EXCLUDED.secret_hash, service_account = true`;
}

export async function findClient(db: Db, realm: string, clientId: string): Promise<ClientRecord | undefined> {
  const [row] = await db<ClientRecord[]>`
    SELECT client_id AS "clientId", confidential, secret_hash AS "secretHash",
           direct_access_grants AS "directAccessGrants", service_account AS "serviceAccount",
           service_account_user_id AS "serviceAccountUserId"
      FROM idp_clients WHERE realm = ${realm} AND client_id = ${clientId}`;
  return row;
}

export async function insertRole(db: Db, realm: string, name: string, description: string): Promise<void> {
  await requireRealm(db, realm);
  await insertOrConflict(
    () => db`INSERT INTO idp_realm_roles (realm, name, description) VALUES (${realm}, ${name}, ${description})`,
    () => `Role with name ${name} already exists`,
  );
}

/** Inserts a user and maps its realm roles; every role must exist in the realm. Run it in a transaction. */
export async function insertUser(db: TransactionSql, realm: string, user: NewUser, roles: string[]): Promise<string> {
  await requireRealm(db, realm);
  const [row] = await insertOrConflict(
    () => db<{ id: string }[]>`
      INSERT INTO idp_users (realm, username, email, password_hash, required_actions)
      VALUES (${realm}, ${user.username}, ${user.email}, ${user.passwordHash}, ${db.array(user.requiredActions)})
      RETURNING id`,
    (constraint) =>
      constraint === 'idp_users_email_unique' ? 'User exists with same email' : 'User exists with same username',
  );
  if (!row) throw new Error('the user insert returned no row');
  const unique = [...new Set(roles)];
  if (unique.length > 0) {
    const mapped = await db`
      INSERT INTO idp_user_roles (realm, user_id, role_name)
      SELECT realm, ${row.id}, name FROM idp_realm_roles WHERE realm = ${realm} AND name = ANY(${db.array(unique)})`;
    if (mapped.count !== unique.length) throw new Error(`unknown realm role among: ${unique.join(', ')}`);
  }
  return row.id;
}

/** The user whose username, or else whose e-mail address, is `login` (Keycloak allows both by default). */
export async function findUserByLogin(db: Db, realm: string, login: string): Promise<UserRecord | undefined> {
  const normalized = login.trim().toLowerCase();
  const [row] = await db<UserRecord[]>`
    SELECT u.id, u.username, u.email, u.password_hash AS "passwordHash", u.required_actions AS "requiredActions",
           u.enabled,
           COALESCE(array_agg(r.role_name ORDER BY r.role_name) FILTER (WHERE r.role_name IS NOT NULL), '{}') AS roles
      FROM idp_users u
      LEFT JOIN idp_user_roles r ON r.user_id = u.id
     WHERE u.realm = ${realm} AND (u.username = ${normalized} OR u.email = ${normalized})
     GROUP BY u.id
     ORDER BY u.username = ${normalized} DESC
     LIMIT 1`;
  return row;
}

/** A realm user's whole state, as saveUser sets it (port.ts RealmUser, normalised). */
export interface SavedUser {
  username: string;
  email: string;
  name: string;
  enabled: boolean;
  requiredActions: string[];
  lockedUntil: Date | null;
  /** A new password's hash; null keeps the stored one (a new user gets UNUSABLE_PASSWORD_HASH). */
  passwordHash: string | null;
}

/** Matches no password (verifyPassword answers false for a hash it cannot parse): a user saved without one. */
export const UNUSABLE_PASSWORD_HASH = '!';

/**
 * Creates or updates the user of `user.username` to be `user`, roles included (replaced by `roles`; every one
 * must exist in the realm). A password other than the stored one also ends the user's row of failed logins. Run it in a transaction.
 */
export async function saveUser(db: TransactionSql, realm: string, user: SavedUser, roles: string[]): Promise<string> {
  await requireRealm(db, realm);
  const newPassword = user.passwordHash !== null;
  const [row] = await insertOrConflict(
    () => db<{ id: string }[]>`
      INSERT INTO idp_users (realm, username, email, name, password_hash, required_actions, enabled, locked_until)
      VALUES (${realm}, ${user.username}, ${user.email}, ${user.name}, ${user.passwordHash ?? UNUSABLE_PASSWORD_HASH},
              ${db.array(user.requiredActions)}, ${user.enabled}, ${user.lockedUntil})
      ON CONFLICT (realm, username) DO UPDATE SET
        email = EXCLUDED.email, name = EXCLUDED.name, required_actions = EXCLUDED.required_actions,
        enabled = EXCLUDED.enabled, locked_until = EXCLUDED.locked_until,
        password_hash = CASE WHEN ${newPassword} THEN EXCLUDED.password_hash ELSE idp_users.password_hash END,
        failed_logins = CASE WHEN ${newPassword} AND EXCLUDED.password_hash <> idp_users.password_hash THEN 0
                             ELSE idp_users.failed_logins END
      RETURNING id`,
    () => 'User exists with same email',
  );
  if (!row) throw new Error('the user upsert returned no row');
  const unique = [...new Set(roles)];
  await db`DELETE FROM idp_user_roles WHERE user_id = ${row.id} AND role_name <> ALL(${db.array(unique)})`;
  await db`
    INSERT INTO idp_user_roles (realm, user_id, role_name)
    SELECT realm, ${row.id}, name FROM idp_realm_roles WHERE realm = ${realm} AND name = ANY(${db.array(unique)})
    ON CONFLICT DO NOTHING`;
  const [held] = await db<{ count: number }[]>`
    SELECT count(*)::int AS count FROM idp_user_roles WHERE user_id = ${row.id}`;
  if (held?.count !== unique.length) {
    throw new Error(`unknown realm role among: ${unique.join(', ')}`);
  }
  return row.id;
}

/** Sets or lifts a realm user's lock (a lock the password grant reached on the tenant account it counts against). */
export async function setUserLock(db: Db, userId: string, lockedUntil: Date | null): Promise<void> {
  await db`UPDATE idp_users SET locked_until = ${lockedUntil} WHERE id = ${userId}`;
}
