// SQL of the tenant's sessions table. Tokens are looked up by their SHA-256 only.
import { randomToken, sha256 } from '../crypto.js';
import type { Queryable } from '../database/connections.js';
import type { Role } from './roles.js';
import type { Session } from './session.js';

interface SessionRow {
  session_id: string;
  kind: Session['kind'];
  user_id: number | null;
  roles: Role[];
  required_actions: string[];
  user_active: boolean | null;
  expires_at: Date | null;
  last_used_at: Date;
  idle_timeout_seconds: number | null;
  customer_record_id: number | null;
}

/** A session as stored, with what decides whether it is still alive. */
export interface StoredSession extends Session {
  expiresAt: Date | null;
  lastUsedAt: Date;
  idleTimeoutSeconds: number | null;
  userActive: boolean;
}

/** The unrevoked session of a token, with its user's current roles and required actions: one indexed lookup. */
export async function findSession(db: Queryable, tokenHash: Buffer): Promise<StoredSession | undefined> {
  const [row] = await db<SessionRow[]>`
    SELECT s.session_id, s.kind, s.user_id, s.expires_at, s.last_used_at, s.idle_timeout_seconds,
           COALESCE(u.roles, s.roles) AS roles,
           COALESCE(u.required_actions, '{}') AS required_actions,
           u.is_active AS user_active,
           CASE WHEN 'customer' = ANY (u.roles) THEN u.contact_id END AS customer_record_id
    FROM sessions s
    LEFT JOIN users u ON u.user_id = s.user_id
    WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL`;
  if (!row) return undefined;
  return {
    sessionId: String(row.session_id),
    storedId: String(row.session_id),
    kind: row.kind,
    userId: row.user_id,
    roles: row.roles,
    requiredActions: row.required_actions,
    customerRecordId: row.customer_record_id,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    idleTimeoutSeconds: row.idle_timeout_seconds,
    userActive: row.user_id === null || row.user_active === true,
  };
}

export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db`UPDATE sessions SET last_used_at = ${now} WHERE session_id = ${sessionId}`;
}

export interface NewSession {
  kind: Session['kind'];
  userId: number | null;
  roles: readonly Role[];
  now: Date;
  /** Absolute lifetime; null for the long-lived system session. */
  lifetimeSeconds: number | null;
  idleTimeoutSeconds: number | null;
}

export async function insertSession(
  db: Queryable,
  session: NewSession,
): Promise<{ token: string; expiresAt: Date | null }> {
  const token = randomToken(32);
  const expiresAt =
    session.lifetimeSeconds === null ? null : new Date(session.now.getTime() + session.lifetimeSeconds * 1000);
  await db`
    INSERT INTO sessions (token_hash, kind, user_id, roles, created_at, last_used_at, expires_at, idle_timeout_seconds)
    VALUES (${sha256(token)}, ${session.kind}, ${session.userId}, ${[...session.roles]}, ${session.now}, ${session.now},
            ${expiresAt}, ${session.idleTimeoutSeconds})`;
  return { token, expiresAt };
}

/** The tenant's long-lived website key `pk`: a session of kind system with the guest role. */
export async function createSystemSession(db: Queryable): Promise<string> {
  const { token } = await insertSession(db, {
    kind: 'system',
    userId: null,
    roles: ['guest'],
    now: new Date(),
    lifetimeSeconds: null,
    idleTimeoutSeconds: null,
  });
  return token;
}

export async function revokeSessionByHash(db: Queryable, tokenHash: Buffer, now: Date): Promise<boolean> {
  const rows =
    await db`UPDATE sessions SET revoked_at = ${now} WHERE token_hash = ${tokenHash} AND revoked_at IS NULL RETURNING 1`;
  return rows.length > 0;
}

/** Revokes every live session of a user but `keepSessionId` (a password change keeps the session that made it). */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  now: Date,
  keepSessionId?: string,
): Promise<number> {
  const rows = await db`
    UPDATE sessions SET revoked_at = ${now}
    WHERE user_id = ${userId} AND revoked_at IS NULL
      AND (${keepSessionId ?? null}::bigint IS NULL OR session_id <> ${keepSessionId ?? null}::bigint)
    RETURNING 1`;
  return rows.length;
}

/**
 * Lists a realm JWT as ended (logout) until its own expiry, and prunes the entries whose tokens have expired since:
 * logouts of JWTs are rare, so each clears what the ones before it left (no job to run). True when newly listed.
 */
export async function listRevokedToken(
  db: Queryable,
  token: { tokenId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db`DELETE FROM revoked_tokens WHERE expires_at <= ${now}`;
  const rows = await db`
    INSERT INTO revoked_tokens (token_id, expires_at) VALUES (${token.tokenId}, ${token.expiresAt})
    ON CONFLICT (token_id) DO NOTHING
    RETURNING 1`;
  return rows.length > 0;
}
