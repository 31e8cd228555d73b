// The token endpoint's grants of browser sign-in: authorization_code (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.6)
// and refresh_token (§6) with rotation: every refresh answers a new refresh token, and presenting a rotated one
// again revokes its whole family, so a stolen token stops working for the thief and its victim alike.
import { createHash } from 'node:crypto';
import { randomToken, sha256 } from '../../crypto.js';
import { DEFAULT_SCOPE, signAccessToken, type TokenHolder } from './access-token.js';
import { PKCE_VALUE } from './authorization-request.js';
import type { ClientRecord } from './directory.repository.js';
import { signIdToken } from './id-token.js';
import * as signIn from './sign-in.repository.js';
import { mayHoldSession, REFRESH_IDLE_SECONDS } from './sign-in-rules.js';
import type { TokenAnswer, TokenEndpointDeps, TokenForm } from './token-endpoint.js';

type GrantDeps = Pick<TokenEndpointDeps, 'sql' | 'keys' | 'issuer' | 'tokenLifespanSeconds' | 'clock'>;

const invalidGrant = (description: string): TokenAnswer => ({
  status: 400,
  body: { error: 'invalid_grant', error_description: description },
});
const CODE_NOT_VALID = 'Code not valid';
const TOKEN_NOT_ACTIVE = 'Token is not active';

export async function exchangeCode(
  deps: GrantDeps,
  realm: string,
  client: ClientRecord,
  form: TokenForm,
): Promise<TokenAnswer> {
  if (!form.code)
    return { status: 400, body: { error: 'invalid_request', error_description: 'Missing parameter: code' } };
  const codeHash = sha256(form.code);
  const now = deps.clock();
  // The code is spent by this attempt whatever its outcome: a code is tried once.
  const use = await signIn.useCode(deps.sql, realm, codeHash, now);
  if (use.kind === 'replayed') {
    await signIn.revokeFamilyOfCode(deps.sql, realm, codeHash, now);
    return invalidGrant(CODE_NOT_VALID);
  }
  if (use.kind === 'unknown') return invalidGrant(CODE_NOT_VALID);
  const { grant } = use;
  if (grant.expiresAt <= now) return invalidGrant('Code is expired');
  if (grant.clientId !== client.clientId) return invalidGrant('Code was issued to another client');
  if (form.redirect_uri !== grant.redirectUri) return invalidGrant('Incorrect redirect_uri');
  const pkce = pkceProblem(form.code_verifier, grant.codeChallenge);
  if (pkce) return invalidGrant(pkce);
  const signedIn = await sessionUser(deps, realm, grant.sessionId, now);
  if ('status' in signedIn) return signedIn;
  const { scope, nonce } = grant;
  const family = { fresh: { clientId: client.clientId, sessionId: grant.sessionId, codeHash, scope, nonce } };
  return issueUserTokens(deps, realm, { ...signedIn, clientId: client.clientId, family, scope, nonce });
}

export async function refreshTokens(
  deps: GrantDeps,
  realm: string,
  client: ClientRecord,
  form: TokenForm,
): Promise<TokenAnswer> {
  if (!form.refresh_token) {
    return { status: 400, body: { error: 'invalid_request', error_description: 'Missing parameter: refresh_token' } };
  }
  const now = deps.clock();
  const use = await signIn.rotateRefreshToken(deps.sql, realm, sha256(form.refresh_token), now);
  if (use.kind === 'unknown') return invalidGrant('Invalid refresh token');
  if (use.kind === 'reused') {
    await signIn.revokeFamily(deps.sql, use.family.id, now);
    return invalidGrant('Refresh token reused: every token of its sign-in is revoked');
  }
  const { family, expiresAt } = use;
  if (family.revokedAt !== null || expiresAt <= now) return invalidGrant(TOKEN_NOT_ACTIVE);
  if (family.clientId !== client.clientId) return invalidGrant('Token was issued to another client');
  const signedIn = await sessionUser(deps, realm, family.sessionId, now);
  if ('status' in signedIn) return signedIn;
  const { scope, nonce } = family;
  return issueUserTokens(deps, realm, {
    ...signedIn,
    clientId: client.clientId,
    family: { existing: family.id },
    scope,
    nonce,
  });
}

/** Why the verifier does not prove the code's challenge (RFC 7636 §4.6), or undefined when it does. */
function pkceProblem(verifier: string | undefined, challenge: string): string | undefined {
  if (!verifier) return 'PKCE code verifier not specified';
  if (!PKCE_VALUE.test(verifier)) return 'Invalid code verifier';
  const computed = createHash('sha256').update(verifier, 'ascii').digest('base64url');
  return computed === challenge ? undefined : 'PKCE verification failed: code mismatch';
}

/** The session's user while both may still get tokens: not logged out or expired, not disabled or locked. */
async function sessionUser(
  deps: GrantDeps,
  realm: string,
  sessionId: string,
  now: Date,
): Promise<{ session: signIn.SignInSession; user: signIn.SignInUser } | TokenAnswer> {
  const found = await signIn.findSessionWithUser(deps.sql, realm, sessionId, now);
  if (found?.session.state !== 'ACTIVE' || !mayHoldSession(found.user, now)) return invalidGrant('Session not active');
  return found;
}

interface Issue {
  session: signIn.SignInSession;
  user: signIn.SignInUser;
  clientId: string;
  /** The family the new refresh token joins: a code exchange starts one, a refresh continues its own. */
  family: { existing: string } | { fresh: Parameters<typeof signIn.insertFamilyWithToken>[2] };
  scope: string;
  nonce: string | null;
}

/** An access token, a new refresh token of the family and, for scope openid, an ID token. */
async function issueUserTokens(deps: GrantDeps, realm: string, issue: Issue): Promise<TokenAnswer> {
  const now = deps.clock();
  const key = await deps.keys.signingKey(realm);
  if (!key) return invalidGrant('Realm does not exist');
  const { session, user, clientId } = issue;
  const refreshToken = randomToken(32);
  const refreshExpiry = Math.min(now.getTime() + REFRESH_IDLE_SECONDS * 1000, session.expiresAt.getTime());
  const stored = { hash: sha256(refreshToken), expiresAt: new Date(refreshExpiry) };
  if ('existing' in issue.family)
    await signIn.insertRefreshToken(deps.sql, issue.family.existing, stored.hash, stored.expiresAt);
  else await signIn.insertFamilyWithToken(deps.sql, realm, issue.family.fresh, stored);
  const issuer = deps.issuer(realm);
  const lifespanSeconds = deps.tokenLifespanSeconds;
  const holder: TokenHolder = {
    kind: 'user',
    userId: user.id,
    username: user.username,
    email: user.email,
    roles: user.roles,
  };
  const accessToken = await signAccessToken(key, { issuer, clientId, holder, issuedAt: now, lifespanSeconds });
  const openid = issue.scope.split(' ').includes('openid');
  const idToken = openid
    ? await signIdToken(key, {
        issuer,
        clientId,
        user,
        sessionId: session.id,
        authTime: session.authTime,
        nonce: issue.nonce,
        issuedAt: now,
        lifespanSeconds,
      })
    : undefined;
  return {
    status: 200,
    body: {
      access_token: accessToken,
      expires_in: lifespanSeconds,
      refresh_expires_in: Math.max(0, Math.floor((refreshExpiry - now.getTime()) / 1000)),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      ...(idToken === undefined ? {} : { id_token: idToken }),
      'not-before-policy': 0,
      session_state: session.id,
      scope: openid ? `openid ${DEFAULT_SCOPE}` : DEFAULT_SCOPE,
    },
  };
}
