// The session store of every tenant: creates, resolves and revokes sessions. A resolved session is cached on
// the node for a few seconds so an authenticated request costs no more than an anonymous one; every
// revocation is broadcast on the platform database, so a logout on one node is honoured at once on all.
import { errors as joseErrors, jwtVerify } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import { sha256 } from '../crypto.js';
import type { Queryable, Sql } from '../database/connections.js';
import type { Kernel } from '../http/kernel.js';
import type { IdentityProvider } from '../idp/port.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import type { Role } from './roles.js';
import type { Session } from './session.js';
import {
  findSession,
  insertSession,
  listRevokedToken,
  revokeSessionByHash,
  type StoredSession,
  touchSession,
} from './session.repository.js';

export const SESSION_REVOKED_CHANNEL = 'tc_session_revoked';

/** Lifetimes, OWASP-sound for a back office and a shop (docs/decisions.md). */
export const SESSION_POLICY = {
  user: { idleSeconds: 30 * 60, lifetimeSeconds: 12 * 60 * 60 },
  guest: { idleSeconds: 24 * 60 * 60, lifetimeSeconds: 7 * 24 * 60 * 60 },
} as const;

/** How long a node trusts a resolved session without asking the database again. */
export const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 20_000;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface IssuedSession {
  token: string;
  expiresAt: Date | null;
  session: Session;
}

interface TenantScope {
  tenant: TenantRecord;
  db: Queryable;
  now: Date;
}

type SessionResolver = Kernel['sessions'];

export interface SessionStore extends SessionResolver {
  issueUserSession(scope: TenantScope, userId: number, roles: readonly Role[]): Promise<IssuedSession>;
  issueGuestSession(scope: TenantScope): Promise<IssuedSession>;
  /**
   * Logout: revokes one token (a realm JWT: listed as logged out until it expires). Give it the pool, not an open
   * transaction: other nodes re-read at once.
   */
  revoke(scope: TenantScope, token: string): Promise<boolean>;
  /**
   * Every node drops its cached sessions of a user. Call it after the transaction that revoked the user's
   * sessions, or changed the user's roles or status, has committed.
   */
  forgetUser(tenantId: string, userId: number): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface CachedSession {
  tenantId: string;
  /** The revocation broadcast names the token's hash: this finds the entry again. */
  hashKey: string;
  session: Session;
  validUntil: number;
}

interface SessionStoreDeps {
  platformDb: Sql;
  idp: IdentityProvider;
  authClients: readonly string[];
  log: FastifyBaseLogger;
}

/** The store's dependencies and the node's cache, shared by the steps below. */
interface Store {
  deps: SessionStoreDeps;
  // Keyed by the token itself (random, so one tenant's; the entry's tenant is checked on every hit), so a cached
  // request costs one map lookup (no hashing, no key to build); a second index by hash serves revocations, which
  // travel as hashes.
  cache: Map<string, CachedSession>;
  keyByHash: Map<string, string>;
  unlisten: (() => Promise<void>) | undefined;
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const store: Store = { deps, cache: new Map(), keyByHash: new Map(), unlisten: undefined };
  return {
    resolve: (scope, token) => resolve(store, scope, token),
    issueUserSession: (scope, userId, roles) => issue(scope, 'user', userId, roles),
    issueGuestSession: (scope) => issue(scope, 'guest', null, ['guest']),
    revoke: (scope, token) => revoke(store, scope, token),
    async forgetUser(tenantId, userId) {
      dropUser(store, tenantId, userId);
      await broadcast(store, { t: tenantId, u: userId });
    },
    async start() {
      const listening = await deps.platformDb.listen(
        SESSION_REVOKED_CHANNEL,
        (payload) => applyRevocation(store, payload),
        () => {
          // After a reconnect, notifications may have been missed: trust nothing cached before.
          store.cache.clear();
          store.keyByHash.clear();
        },
      );
      store.unlisten = listening.unlisten;
    },
    async stop() {
      await store.unlisten?.();
      store.cache.clear();
      store.keyByHash.clear();
    },
  };
}

const hashKey = (tenantId: string, tokenHash: Buffer) => `${tenantId}:${tokenHash.toString('base64')}`;

function forget(store: Store, key: string): void {
  const entry = store.cache.get(key);
  if (!entry) return;
  store.cache.delete(key);
  store.keyByHash.delete(entry.hashKey);
}

function remember(store: Store, key: string, entry: CachedSession): void {
  if (store.cache.size >= CACHE_MAX_ENTRIES) {
    const oldest = store.cache.keys().next();
    if (!oldest.done) forget(store, oldest.value);
  }
  store.cache.set(key, entry);
  store.keyByHash.set(entry.hashKey, key);
}

function dropUser(store: Store, tenantId: string, userId: number): void {
  for (const [key, entry] of store.cache) {
    if (entry.tenantId === tenantId && entry.session.userId === userId) forget(store, key);
  }
}

function applyRevocation(store: Store, payload: string): void {
  try {
    const message = JSON.parse(payload) as { t?: string; h?: string; u?: number };
    if (typeof message.t !== 'string') return;
    if (typeof message.h === 'string') {
      const key = store.keyByHash.get(`${message.t}:${message.h}`);
      if (key) forget(store, key);
    }
    if (typeof message.u === 'number') dropUser(store, message.t, message.u);
  } catch {
    // a malformed notification is not ours to act on
  }
}

function broadcast(store: Store, message: { t: string; h?: string; u?: number }) {
  return store.deps.platformDb.notify(SESSION_REVOKED_CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
    store.deps.log.warn({ err: error }, 'session revocation broadcast failed; other nodes forget within 10 s');
  });
}

async function resolve(store: Store, scope: TenantScope, token: string): Promise<Session | undefined> {
  const cached = store.cache.get(token);
  if (cached && cached.tenantId === scope.tenant.tenantId && cached.validUntil > scope.now.getTime()) {
    return cached.session;
  }
  const tokenHash = sha256(token);
  if (looksLikeJwt(token)) return resolveJwt(store, scope, token, tokenHash);
  return resolveStored(store, scope, token, tokenHash);
}

async function revoke(store: Store, scope: TenantScope, token: string): Promise<boolean> {
  const tokenHash = sha256(token);
  const revoked = looksLikeJwt(token)
    ? await revokeJwt(store, scope, token, tokenHash)
    : await revokeSessionByHash(scope.db, tokenHash, scope.now);
  if (store.cache.get(token)?.tenantId === scope.tenant.tenantId) forget(store, token);
  await broadcast(store, { t: scope.tenant.tenantId, h: tokenHash.toString('base64') });
  return revoked;
}

function alive(stored: StoredSession, now: Date): boolean {
  if (!stored.userActive) return false;
  if (stored.expiresAt && stored.expiresAt <= now) return false;
  if (stored.idleTimeoutSeconds !== null) {
    if (stored.lastUsedAt.getTime() + stored.idleTimeoutSeconds * 1000 <= now.getTime()) return false;
  }
  return true;
}

/** How long the node may trust this session: never past its expiry or its idle deadline. */
function trustUntil(stored: StoredSession, now: Date): number {
  let until = now.getTime() + CACHE_TTL_MS;
  if (stored.expiresAt) until = Math.min(until, stored.expiresAt.getTime());
  if (stored.idleTimeoutSeconds !== null) {
    until = Math.min(until, now.getTime() + stored.idleTimeoutSeconds * 1000);
  }
  return until;
}

async function resolveStored(
  store: Store,
  scope: TenantScope,
  token: string,
  tokenHash: Buffer,
): Promise<Session | undefined> {
  const stored = await findSession(scope.db, tokenHash);
  if (!stored || !alive(stored, scope.now)) return undefined;
  if (scope.now.getTime() - stored.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(scope.db, stored.sessionId, scope.now);
  }
  const session: Session = {
    sessionId: stored.sessionId,
    storedId: stored.storedId,
    kind: stored.kind,
    userId: stored.userId,
    roles: stored.roles,
    requiredActions: stored.requiredActions,
    customerRecordId: stored.customerRecordId,
  };
  remember(store, token, {
    tenantId: scope.tenant.tenantId,
    hashKey: hashKey(scope.tenant.tenantId, tokenHash),
    session,
    validUntil: trustUntil(stored, scope.now),
  });
  return session;
}

/** What a verified access token of the tenant's realm says: whose it is, its id, and until when it is valid. */
interface RealmAccessToken {
  login: string;
  /** Its `jti`, or `sha256:<hex>` of a token without one: the key of the list of logged-out tokens. */
  tokenId: string;
  expiresAt: Date;
  /** When the realm issued it (`iat`, whole seconds): a password changed after that ends it. */
  issuedAt: Date | undefined;
}

/**
 * The claims of an access token of the tenant's realm: signed by the realm's keys, unexpired, for (`aud`) or from
 * (`azp`) an accepted client, and an access token (`typ` Bearer). The realm signs its ID tokens with the same key for
 * the same client (tc-web), so only `typ` tells an ID token, which is no bearer (OIDC Core §2), from an access token.
 */
async function verifyAccessToken(
  store: Store,
  scope: TenantScope,
  token: string,
  tokenHash: Buffer,
): Promise<RealmAccessToken | undefined> {
  const { idp, authClients } = store.deps;
  const realm = scope.tenant.realm;
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(token, idp.verificationKeys(realm), {
      issuer: idp.issuer(realm),
      algorithms: ['RS256'],
      currentDate: scope.now,
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    if (!(error instanceof joseErrors.JOSEError)) throw error;
    return undefined;
  }
  if (payload.typ !== 'Bearer') return undefined;
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  const azp = typeof payload.azp === 'string' ? payload.azp : undefined;
  if (!(azp && authClients.includes(azp)) && !audiences.some((aud) => authClients.includes(aud))) {
    return undefined;
  }
  const login = typeof payload.preferred_username === 'string' ? payload.preferred_username : undefined;
  if (!login || typeof payload.exp !== 'number') return undefined;
  const tokenId = typeof payload.jti === 'string' && payload.jti ? payload.jti : `sha256:${tokenHash.toString('hex')}`;
  const issuedAt = typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : undefined;
  return { login, tokenId, expiresAt: new Date(payload.exp * 1000), issuedAt };
}

/** A JWT of the tenant's realm: verified by the realm's keys, then mapped to the tenant's user of that login. */
async function resolveJwt(
  store: Store,
  scope: TenantScope,
  token: string,
  tokenHash: Buffer,
): Promise<Session | undefined> {
  const verified = await verifyAccessToken(store, scope, token, tokenHash);
  if (!verified) return undefined;
  const [user] = await scope.db<
    {
      user_id: number;
      roles: Role[];
      required_actions: string[];
      customer_record_id: number | null;
      logged_out: boolean;
    }[]
  >`
    SELECT user_id, roles, required_actions,
           CASE WHEN 'customer' = ANY (roles) THEN contact_id END AS customer_record_id,
           EXISTS (SELECT 1 FROM revoked_tokens WHERE token_id = ${verified.tokenId})
             -- A new password ends the realm's sign-ins (issue 29) and the tokens issued before it; \`iat\` has whole
             -- seconds, so a token of the same second as the change stays (its sign-in is ended all the same).
             OR (${verified.issuedAt ?? null}::timestamptz IS NOT NULL
                 AND password_changed_at >= ${verified.issuedAt ?? null}::timestamptz + interval '1 second') AS logged_out
    FROM users
    WHERE lower(user_login) = lower(${verified.login}) AND is_active`;
  if (!user || user.logged_out) return undefined;
  const session: Session = {
    sessionId: `jwt:${verified.tokenId}`,
    storedId: null,
    kind: 'user',
    userId: user.user_id,
    roles: user.roles,
    // A realm gives no token while the user has a required action pending: with Keycloak, the first-login password
    // change happens on its own page and our user row never hears of it, so the token, not the row, says it is done.
    requiredActions: user.required_actions.filter((action) => action !== 'UPDATE_PASSWORD'),
    customerRecordId: user.customer_record_id,
  };
  remember(store, token, {
    tenantId: scope.tenant.tenantId,
    hashKey: hashKey(scope.tenant.tenantId, tokenHash),
    session,
    validUntil: Math.min(verified.expiresAt.getTime(), scope.now.getTime() + CACHE_TTL_MS),
  });
  return session;
}

/**
 * Logout of a realm JWT: it is checked by its signature alone, so it goes on the tenant's list of logged-out tokens
 * until it expires (contract §3: the token stops working at once). A token that is not a valid one is no session.
 */
async function revokeJwt(store: Store, scope: TenantScope, token: string, tokenHash: Buffer): Promise<boolean> {
  const verified = await verifyAccessToken(store, scope, token, tokenHash);
  if (!verified) return false;
  return listRevokedToken(scope.db, verified, scope.now);
}

async function issue(
  scope: TenantScope,
  kind: 'user' | 'guest',
  userId: number | null,
  roles: readonly Role[],
): Promise<IssuedSession> {
  const policy = SESSION_POLICY[kind];
  const { token, expiresAt } = await insertSession(scope.db, {
    kind,
    userId,
    roles,
    now: scope.now,
    lifetimeSeconds: policy.lifetimeSeconds,
    idleTimeoutSeconds: policy.idleSeconds,
  });
  const stored = await findSession(scope.db, sha256(token));
  if (!stored) throw new Error('a session just written cannot be read back');
  return {
    token,
    expiresAt,
    session: {
      sessionId: stored.sessionId,
      storedId: stored.storedId,
      kind,
      userId,
      roles: stored.roles,
      requiredActions: stored.requiredActions,
      customerRecordId: stored.customerRecordId,
    },
  };
}

function looksLikeJwt(token: string): boolean {
  return token.startsWith('eyJ') && token.split('.').length === 3;
}
