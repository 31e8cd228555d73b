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
}

/** The live session of a token, in one indexed lookup. */
export async function findLiveSession(sql: Queryable, token: string, now: Date): Promise<Session | undefined> {
  const [row] = await sql<SessionRow[]>`
    SELECT session_id, kind, user_id, roles
    FROM sessions
    WHERE token_hash = ${sha256(token)}
      AND revoked_at IS NULL
      AND (expires_at IS NULL OR expires_at > ${now})`;
  if (!row) return undefined;
  return {
    sessionId: String(row.session_id),
    kind: row.kind,
    userId: row.user_id,
    roles: row.roles,
    requiredActions: [],
  };
}

/** The tenant's long-lived website key `pk`: a session of kind system with the guest role. */
export async function createSystemSession(sql: Queryable): Promise<string> {
  const token = randomToken(32);
  await sql`
    INSERT INTO sessions (token_hash, kind, roles, expires_at)
    VALUES (${sha256(token)}, 'system', ${['guest']}, NULL)`;
  return token;
}
