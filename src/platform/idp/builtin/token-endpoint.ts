// The token endpoint of the builtin provider, answering as Keycloak does (status codes, error bodies and
// the order of the checks: realm, grant type, client authentication, then the grant itself).
import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../crypto.js';
import type { Sql } from '../../database/connections.js';
import { DEFAULT_SCOPE, signAccessToken, type TokenHolder } from './access-token.js';
import { exchangeCode, refreshTokens } from './code-grant.js';
import {
  type ClientRecord,
  findClient,
  findUserByLogin,
  realmExists,
  setUserLock,
  type UserRecord,
} from './directory.repository.js';
import type { FindLoginAccount, LoginAccount } from './tenant-login-accounts.js';
import { ApiError } from '../../http/errors.js';
import { type LockoutPolicy, reserveLoginAttempt, settleFailedLogin, settleSuccessfulLogin } from '../../lockout.js';
import { imitatePasswordCheck, verifyPassword } from '../../passwords.js';
import { refundFailure, reserveFailure } from '../../rate-limit.js';
import type { OAuthError, TokenSuccess } from './protocol.schemas.js';
import type { SigningKeyStore } from './signing-keys.js';

/** The form fields of a token request (application/x-www-form-urlencoded). */
export type TokenForm = Readonly<Record<string, string | undefined>>;

export type TokenAnswer =
  | { status: 200; body: TokenSuccess }
  | { status: 400 | 401 | 404; body: OAuthError }
  | { status: 429; body: OAuthError; retryAfterSeconds: number };

export interface TokenEndpointDeps {
  sql: Sql;
  keys: SigningKeyStore;
  issuer(realm: string): string;
  tokenLifespanSeconds: number;
  clock: () => Date;
  /** Contract §7.1: the password grant is limited as logins are, by the same settings. */
  loginLimits: { lockout: LockoutPolicy; failuresPerAddress: number };
  /** Where a realm user's attempts are counted (its tenant user: one lockout per person); else its own row. */
  loginAccounts?: FindLoginAccount;
}

/** Keycloak's answer for an unknown realm (no error_description). */
export const REALM_NOT_FOUND: OAuthError = { error: 'Realm does not exist' };

const refuse = (status: 400 | 401 | 404, error: string, description: string): TokenAnswer => ({
  status,
  body: { error, error_description: description },
});

const INVALID_CLIENT_CREDENTIALS = 'Invalid client or Invalid client credentials';
const INVALID_USER_CREDENTIALS = 'Invalid user credentials';
const SUPPORTED_GRANTS = new Set(['client_credentials', 'password', 'authorization_code', 'refresh_token']);

/** The HTTP request around the form: its Authorization header and the client address (per TC_TRUSTED_PROXIES). */
export interface TokenRequestContext {
  authorization?: string | undefined;
  clientAddress: string;
}

export type IssueToken = (realm: string, form: TokenForm, request?: TokenRequestContext) => Promise<TokenAnswer>;

export function createTokenEndpoint(deps: TokenEndpointDeps): IssueToken {
  // Called in-process (no HTTP request, so no client address): all such callers share one address's budget.
  return async function issueToken(realm, form, request = { clientAddress: 'in-process' }) {
    if (!(await realmExists(deps.sql, realm))) return { status: 404, body: REALM_NOT_FOUND };
    const grantType = form.grant_type;
    if (!grantType) return refuse(400, 'invalid_request', 'Missing form parameter: grant_type');
    if (!SUPPORTED_GRANTS.has(grantType)) return refuse(400, 'unsupported_grant_type', 'Unsupported grant_type');

    const credentials = clientCredentials(form, request.authorization);
    if (!credentials.clientId) return refuse(400, 'invalid_client', 'Missing client_id parameter');
    const client = await findClient(deps.sql, realm, credentials.clientId);
    if (!client) return refuse(401, 'invalid_client', INVALID_CLIENT_CREDENTIALS);
    if (client.confidential && !secretMatches(client, credentials.clientSecret)) {
      return refuse(401, 'unauthorized_client', INVALID_CLIENT_CREDENTIALS);
    }
    // Browser sign-in (code-grant.ts): codes and refresh tokens are bound to the client checked above.
    if (grantType === 'authorization_code') return exchangeCode(deps, realm, client, form);
    if (grantType === 'refresh_token') return refreshTokens(deps, realm, client, form);

    const holder =
      grantType === 'client_credentials'
        ? serviceAccountOf(client)
        : await userOf(deps, realm, client, form, request.clientAddress).catch(rateLimitedAnswer);
    if ('status' in holder) return holder;
    const key = await deps.keys.signingKey(realm);
    if (!key) return { status: 404, body: REALM_NOT_FOUND }; // deleted while we were checking
    const accessToken = await signAccessToken(key, {
      issuer: deps.issuer(realm),
      clientId: client.clientId,
      holder,
      issuedAt: deps.clock(),
      lifespanSeconds: deps.tokenLifespanSeconds,
    });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        expires_in: deps.tokenLifespanSeconds,
        refresh_expires_in: 0,
        token_type: 'Bearer',
        'not-before-policy': 0,
        scope: DEFAULT_SCOPE,
      },
    };
  };
}

async function userOf(
  deps: TokenEndpointDeps,
  realm: string,
  client: ClientRecord,
  form: TokenForm,
  clientAddress: string,
): Promise<TokenHolder | TokenAnswer> {
  if (!client.directAccessGrants && !client.confidential) {
    return refuse(400, 'unauthorized_client', 'Client not allowed for direct access grants');
  }
  const { username, password } = form;
  if (!username || !password) return refuse(401, 'invalid_grant', INVALID_USER_CREDENTIALS);
  const user = await findUserByLogin(deps.sql, realm, username);
  if (!(await isPasswordOf(deps, realm, user, password, clientAddress)) || !user) {
    return refuse(401, 'invalid_grant', INVALID_USER_CREDENTIALS);
  }
  if (!user.enabled) return refuse(400, 'invalid_grant', 'Account disabled');
  // A temporary password (UPDATE_PASSWORD) and other pending actions need the browser flow first.
  if (user.requiredActions.length > 0) return refuse(400, 'invalid_grant', 'Account is not fully set up');
  return { kind: 'user', userId: user.id, username: user.username, email: user.email, roles: user.roles };
}

/**
 * As /user/authenticate checks a password (src/areas/users/users.login.ts): the address's failures and the
 * user's lockout are reserved before the hash; an unknown or locked user costs no hash but as much time.
 */
export async function isPasswordOf(
  deps: TokenEndpointDeps,
  realm: string,
  user: UserRecord | undefined,
  password: string,
  clientAddress: string,
): Promise<boolean> {
  const now = deps.clock();
  const { failuresPerAddress } = deps.loginLimits;
  const addressBudget = await reserveFailure(deps.sql, `idp-login-failures:${clientAddress}`, failuresPerAddress, now);
  if (!user) return imitatePasswordCheck().then(() => false);
  const counted = (await deps.loginAccounts?.(realm, user.username)) ?? realmAccountOf(deps, user);
  try {
    if (!(await isPasswordOfAccount(deps, counted, user, password, now))) return false;
  } finally {
    counted.release();
  }
  await refundFailure(deps.sql, addressBudget);
  return true;
}

/** The realm user's own row as the account its attempts count against. */
function realmAccountOf(deps: TokenEndpointDeps, user: UserRecord): LoginAccount {
  return { db: deps.sql, account: { table: 'idp_users', idColumn: 'id', id: user.id }, release: () => undefined };
}

/** The lockout's reservation, the hash, the settlement; a lock set or lifted on a tenant account is the realm's too. */
async function isPasswordOfAccount(
  deps: TokenEndpointDeps,
  counted: LoginAccount,
  user: UserRecord,
  password: string,
  now: Date,
): Promise<boolean> {
  const { lockout } = deps.loginLimits;
  // A lock set on a tenant account is copied into the realm row (the realm's own row needs no copy).
  const mirrorLock = async (setLock: boolean) => {
    if (setLock && counted.account.table !== 'idp_users') {
      await setUserLock(deps.sql, user.id, new Date(now.getTime() + lockout.minutes * 60_000));
    }
  };
  const attempt = await reserveLoginAttempt(counted.db, counted.account, lockout, now);
  await mirrorLock(attempt.setLock);
  if (!attempt.admitted) return imitatePasswordCheck().then(() => false);
  if (!(await verifyPassword(password, user.passwordHash))) {
    await mirrorLock(await settleFailedLogin(counted.db, counted.account, lockout, now));
    return false;
  }
  if (!(await settleSuccessfulLogin(counted.db, counted.account, now))) return false;
  return true;
}

/** A 429 of the rate limits or of the node's line of password checks, answered the OAuth way. */
function rateLimitedAnswer(error: unknown): TokenAnswer {
  if (!(error instanceof ApiError) || error.httpStatus !== 429) throw error;
  const retryAfterSeconds = Number(error.headers['retry-after'] ?? 1);
  return { status: 429, body: { error: error.code, error_description: error.message }, retryAfterSeconds };
}

function serviceAccountOf(client: ClientRecord): TokenHolder | TokenAnswer {
  if (!client.confidential) {
    return refuse(401, 'unauthorized_client', 'Public client not allowed to retrieve service account');
  }
  if (!client.serviceAccount)
    return refuse(401, 'unauthorized_client', 'Client not enabled to retrieve service account');
  return { kind: 'serviceAccount', userId: client.serviceAccountUserId, roles: [] };
}

/** Client authentication by HTTP Basic (preferred, as in Keycloak) or by the form's client_id/client_secret. */
export function clientCredentials(
  form: TokenForm,
  authorization: string | undefined,
): { clientId?: string; clientSecret?: string } {
  const basic = authorization?.match(/^basic\s+(\S+)\s*$/i)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      // RFC 6749 §2.3.1: both halves are form-urlencoded before being joined.
      return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
    }
  }
  return { clientId: form.client_id, clientSecret: form.client_secret };
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

export function secretMatches(client: ClientRecord, given: string | undefined): boolean {
  if (!given || !client.secretHash || client.secretHash.length !== 32) return false;
  return timingSafeEqual(sha256(given), client.secretHash);
}
