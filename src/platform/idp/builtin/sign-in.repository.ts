// SQL of browser sign-in: login sessions, authorization codes and refresh-token families (see
// db/platform/0007_idp_browser_sign_in.sql). Secrets arrive here already hashed; plain objects out.
import type { Sql, TransactionSql } from '../../database/connections.js';

type Db = Sql | TransactionSql;

export type SessionState = 'PENDING_PASSWORD' | 'ACTIVE';

export interface SignInSession {
  id: string;
  userId: string;
  state: SessionState;
  authTime: Date;
  expiresAt: Date;
}

/** A realm user as sign-in needs it: whether it may sign in now, and what its tokens say. */
export interface SignInUser {
  id: string;
  username: string;
  email: string;
  enabled: boolean;
  lockedUntil: Date | null;
  requiredActions: string[];
  roles: string[];
}

export interface CodeGrant {
  clientId: string;
  sessionId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  nonce: string | null;
  expiresAt: Date;
}

export interface RefreshFamily {
  id: string;
  clientId: string;
  sessionId: string;
  scope: string;
  nonce: string | null;
  revokedAt: Date | null;
}

export async function insertSession(
  db: Db,
  session: { realm: string; userId: string; secretHash: Buffer; state: SessionState; authTime: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db<{ id: string }[]>`
    INSERT INTO idp_sessions (realm, user_id, secret_hash, state, auth_time, expires_at)
    VALUES (${session.realm}, ${session.userId}, ${session.secretHash}, ${session.state}, ${session.authTime},
            ${session.expiresAt})
    RETURNING id`;
  if (!row) throw new Error('the session insert returned no row');
  // Sessions over for a day are cleared now and then by the logins themselves (their codes, refresh-token
  // families and tokens go with them): no job to run.
  if (Math.random() < 0.01) {
    const aDayAgo = new Date(session.authTime.getTime() - 86_400_000);
    await db`DELETE FROM idp_sessions WHERE expires_at < ${aDayAgo} OR ended_at < ${aDayAgo}`;
  }
  return row.id;
}

/** The realm's session of the cookie's secret, unless it ended or expired. */
export async function findLiveSession(
  db: Db,
  realm: string,
  secretHash: Buffer,
  now: Date,
): Promise<SignInSession | undefined> {
  const [row] = await db<SignInSession[]>`
    SELECT id, user_id AS "userId", state, auth_time AS "authTime", expires_at AS "expiresAt"
      FROM idp_sessions
     WHERE realm = ${realm} AND secret_hash = ${secretHash} AND ended_at IS NULL AND expires_at > ${now}`;
  return row;
}

export async function activateSession(db: Db, id: string): Promise<void> {
  await db`UPDATE idp_sessions SET state = 'ACTIVE' WHERE id = ${id}`;
}

/** Ends a session and revokes every refresh-token family issued in it (logout). */
export async function endSession(db: Db, realm: string, id: string, now: Date): Promise<void> {
  await db`UPDATE idp_sessions SET ended_at = ${now} WHERE realm = ${realm} AND id = ${id} AND ended_at IS NULL`;
  await db`
    UPDATE idp_refresh_families SET revoked_at = ${now}
     WHERE realm = ${realm} AND session_id = ${id} AND revoked_at IS NULL`;
}

/** Ends every session of a user and revokes every refresh-token family issued in them (a new password). */
export async function endUserSessions(db: Db, realm: string, userId: string, now: Date): Promise<void> {
  await endSessionsOfUser(db, realm, userId, null, now);
}

/** Ends every other session of a user (the password chosen in `keptSessionId`), revoking their refresh tokens. */
export async function endOtherSessionsOfUser(
  db: Db,
  realm: string,
  userId: string,
  keptSessionId: string,
  now: Date,
): Promise<void> {
  await endSessionsOfUser(db, realm, userId, keptSessionId, now);
}

async function endSessionsOfUser(db: Db, realm: string, userId: string, kept: string | null, now: Date) {
  await db`
    UPDATE idp_sessions SET ended_at = ${now}
     WHERE realm = ${realm} AND user_id = ${userId} AND ended_at IS NULL
       AND (${kept}::uuid IS NULL OR id <> ${kept}::uuid)`;
  await db`
    UPDATE idp_refresh_families SET revoked_at = ${now}
     WHERE realm = ${realm} AND revoked_at IS NULL
       AND session_id IN (SELECT id FROM idp_sessions
                           WHERE realm = ${realm} AND user_id = ${userId}
                             AND (${kept}::uuid IS NULL OR id <> ${kept}::uuid))`;
}

/** A live session of the realm with its user, in one round trip (the token endpoint's hot path). */
export async function findSessionWithUser(
  db: Db,
  realm: string,
  sessionId: string,
  now: Date,
): Promise<{ session: SignInSession; user: SignInUser } | undefined> {
  const [row] = await db<(SignInUser & { sessionState: SessionState; authTime: Date; expiresAt: Date })[]>`
    SELECT u.id, u.username, u.email, u.enabled, u.locked_until AS "lockedUntil",
           u.required_actions AS "requiredActions",
           COALESCE(array_agg(r.role_name ORDER BY r.role_name) FILTER (WHERE r.role_name IS NOT NULL), '{}') AS roles,
           s.state AS "sessionState", s.auth_time AS "authTime", s.expires_at AS "expiresAt"
      FROM idp_sessions s
      JOIN idp_users u ON u.realm = s.realm AND u.id = s.user_id
      LEFT JOIN idp_user_roles r ON r.user_id = u.id
     WHERE s.realm = ${realm} AND s.id = ${sessionId} AND s.ended_at IS NULL AND s.expires_at > ${now}
     GROUP BY s.id, u.id`;
  if (!row) return undefined;
  const { sessionState, authTime, expiresAt, ...user } = row;
  return { session: { id: sessionId, userId: user.id, state: sessionState, authTime, expiresAt }, user };
}

export async function findSignInUser(db: Db, realm: string, userId: string): Promise<SignInUser | undefined> {
  const [row] = await db<SignInUser[]>`
    SELECT u.id, u.username, u.email, u.enabled, u.locked_until AS "lockedUntil",
           u.required_actions AS "requiredActions",
           COALESCE(array_agg(r.role_name ORDER BY r.role_name) FILTER (WHERE r.role_name IS NOT NULL), '{}') AS roles
      FROM idp_users u
      LEFT JOIN idp_user_roles r ON r.user_id = u.id
     WHERE u.realm = ${realm} AND u.id = ${userId}
     GROUP BY u.id`;
  return row;
}

/** The password the user chose on the login page: it ends UPDATE_PASSWORD and any lockout. */
export async function setChosenPassword(db: Db, realm: string, userId: string, passwordHash: string): Promise<void> {
  await db`
    UPDATE idp_users SET password_hash = ${passwordHash}, failed_logins = 0, locked_until = NULL,
                         required_actions = array_remove(required_actions, 'UPDATE_PASSWORD')
     WHERE realm = ${realm} AND id = ${userId}`;
}

export async function insertCode(db: Db, realm: string, codeHash: Buffer, grant: CodeGrant): Promise<void> {
  await db`
    INSERT INTO idp_authorization_codes
      (code_hash, realm, client_id, session_id, redirect_uri, code_challenge, scope, nonce, expires_at)
    VALUES (${codeHash}, ${realm}, ${grant.clientId}, ${grant.sessionId}, ${grant.redirectUri},
            ${grant.codeChallenge}, ${grant.scope}, ${grant.nonce}, ${grant.expiresAt})`;
  // Expired codes are cleared now and then by the requests themselves: no job to run.
  if (Math.random() < 0.01) {
    const anHourAgo = new Date(grant.expiresAt.getTime() - 3_600_000);
    await db`DELETE FROM idp_authorization_codes WHERE expires_at < ${anHourAgo}`;
  }
}

export type CodeUse = { kind: 'first'; grant: CodeGrant } | { kind: 'replayed' } | { kind: 'unknown' };

/** Marks the code used; only the first of concurrent exchanges gets its grant. */
export async function useCode(db: Db, realm: string, codeHash: Buffer, now: Date): Promise<CodeUse> {
  const [grant] = await db<CodeGrant[]>`
    UPDATE idp_authorization_codes SET used_at = ${now}
     WHERE realm = ${realm} AND code_hash = ${codeHash} AND used_at IS NULL
    RETURNING client_id AS "clientId", session_id AS "sessionId", redirect_uri AS "redirectUri",
              code_challenge AS "codeChallenge", scope, nonce, expires_at AS "expiresAt"`;
  if (grant) return { kind: 'first', grant };
  const [used] = await db`SELECT 1 FROM idp_authorization_codes WHERE realm = ${realm} AND code_hash = ${codeHash}`;
  return used ? { kind: 'replayed' } : { kind: 'unknown' };
}

/** RFC 6749 §4.1.2: a code used twice revokes the tokens issued from it. */
export async function revokeFamilyOfCode(db: Db, realm: string, codeHash: Buffer, now: Date): Promise<void> {
  await db`
    UPDATE idp_refresh_families SET revoked_at = ${now}
     WHERE realm = ${realm} AND code_hash = ${codeHash} AND revoked_at IS NULL`;
}

/** The family of a code exchange and its first refresh token, in one statement. */
export async function insertFamilyWithToken(
  db: Db,
  realm: string,
  family: { clientId: string; sessionId: string; codeHash: Buffer; scope: string; nonce: string | null },
  token: { hash: Buffer; expiresAt: Date },
): Promise<void> {
  await db`
    WITH family AS (
      INSERT INTO idp_refresh_families (realm, client_id, session_id, code_hash, scope, nonce)
      VALUES (${realm}, ${family.clientId}, ${family.sessionId}, ${family.codeHash}, ${family.scope}, ${family.nonce})
      RETURNING id
    )
    INSERT INTO idp_refresh_tokens (token_hash, family_id, expires_at)
    SELECT ${token.hash}, id, ${token.expiresAt} FROM family`;
}

export async function insertRefreshToken(db: Db, familyId: string, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db`
    INSERT INTO idp_refresh_tokens (token_hash, family_id, expires_at) VALUES (${tokenHash}, ${familyId}, ${expiresAt})`;
}

export type RefreshUse =
  | { kind: 'first'; family: RefreshFamily; expiresAt: Date }
  | { kind: 'reused'; family: RefreshFamily }
  | { kind: 'unknown' };

/** Marks the refresh token rotated; only the first of concurrent refreshes gets its family. */
export async function rotateRefreshToken(db: Db, realm: string, tokenHash: Buffer, now: Date): Promise<RefreshUse> {
  const [first] = await db<(RefreshFamily & { expiresAt: Date })[]>`
    UPDATE idp_refresh_tokens t SET rotated_at = ${now}
      FROM idp_refresh_families f
     WHERE t.token_hash = ${tokenHash} AND t.rotated_at IS NULL AND f.id = t.family_id AND f.realm = ${realm}
    RETURNING f.id, f.client_id AS "clientId", f.session_id AS "sessionId", f.scope, f.nonce,
              f.revoked_at AS "revokedAt", t.expires_at AS "expiresAt"`;
  if (first) {
    const { expiresAt, ...family } = first;
    return { kind: 'first', family, expiresAt };
  }
  const family = await findFamilyOfToken(db, realm, tokenHash);
  return family ? { kind: 'reused', family } : { kind: 'unknown' };
}

/** The family of a refresh token of the realm, for revocation (RFC 7009). */
export async function findFamilyOfToken(db: Db, realm: string, tokenHash: Buffer): Promise<RefreshFamily | undefined> {
  const [row] = await db<RefreshFamily[]>`
    SELECT f.id, f.client_id AS "clientId", f.session_id AS "sessionId", f.scope, f.nonce, f.revoked_at AS "revokedAt"
      FROM idp_refresh_tokens t JOIN idp_refresh_families f ON f.id = t.family_id
     WHERE t.token_hash = ${tokenHash} AND f.realm = ${realm}`;
  return row;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db`UPDATE idp_refresh_families SET revoked_at = ${now} WHERE id = ${familyId} AND revoked_at IS NULL`;
}

export interface BrowserClient {
  clientId: string;
  confidential: boolean;
  redirectUris: string[];
}

export async function findBrowserClient(db: Db, realm: string, clientId: string): Promise<BrowserClient | undefined> {
  const [row] = await db<BrowserClient[]>`
    SELECT client_id AS "clientId", confidential, redirect_uris AS "redirectUris"
      FROM idp_clients WHERE realm = ${realm} AND client_id = ${clientId}`;
  return row;
}

/** The realm's display name (the tenant's name), which brands its login page; undefined without the realm. */
export async function realmDisplayName(db: Db, realm: string): Promise<string | undefined> {
  const [row] = await db<{ displayName: string }[]>`
    SELECT display_name AS "displayName" FROM idp_realms WHERE name = ${realm}`;
  return row?.displayName;
}
