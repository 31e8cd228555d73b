// Browser sign-in (authorization code with PKCE): the authorization endpoint, the login form and the
// "choose a new password" form of the required action UPDATE_PASSWORD. Each step answers a page or a redirect;
// routes.ts turns the answer into HTTP. The login form is limited exactly as logins are (token-endpoint.ts).
import { randomToken, sha256 } from '../../crypto.js';
import { ApiError } from '../../http/errors.js';
import {
  type AuthorizationCheck,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  hiddenFieldsOf,
  redirectWith,
} from './authorization-request.js';
import {
  CSRF_COOKIE,
  type CookieScope,
  csrfMatches,
  parseCookies,
  SESSION_COOKIE,
  setCookie,
} from './browser-cookies.js';
import { findUserByLogin } from './directory.repository.js';
import { loginPage, messagePage, newPasswordPage } from './login-page.js';
import type { PasswordChooser } from './password-choice.js';
import * as signIn from './sign-in.repository.js';
import {
  CODE_LIFESPAN_SECONDS,
  mayHoldSession,
  PENDING_PASSWORD_SECONDS,
  SESSION_MAX_SECONDS,
} from './sign-in-rules.js';
import { isPasswordOf, type TokenEndpointDeps } from './token-endpoint.js';

export interface BrowserSignInDeps extends TokenEndpointDeps {
  /** Asked at each password change: the chooser the composition root gave, else the realm-only one. */
  passwordChooser(): PasswordChooser;
}

/** A browser request to one of the steps: the query or form, and the request's cookies and client address. */
export interface BrowserRequest {
  realm: string;
  input: unknown;
  cookieHeader: string | undefined;
  clientAddress: string;
}

export interface BrowserAnswer {
  status: 200 | 302 | 400 | 404 | 429 | 503;
  html?: string;
  location?: string;
  cookies: string[];
  retryAfterSeconds?: number;
}

const WRONG_CREDENTIALS = 'Invalid username or password.';

export interface BrowserSignIn {
  authorize(request: BrowserRequest): Promise<BrowserAnswer>;
  authenticate(request: BrowserRequest): Promise<BrowserAnswer>;
  updatePassword(request: BrowserRequest): Promise<BrowserAnswer>;
}

export function createBrowserSignIn(deps: BrowserSignInDeps): BrowserSignIn {
  return {
    authorize: (request) => step(deps, request, authorize),
    authenticate: (request) => step(deps, request, authenticate),
    updatePassword: (request) => step(deps, request, updatePassword),
  };
}

/** What every step knows once the realm and the authorization request are checked. */
interface Step {
  deps: BrowserSignInDeps;
  realm: string;
  brand: string;
  request: AuthorizationRequest;
  form: Readonly<Record<string, unknown>>;
  cookies: Record<string, string>;
  clientAddress: string;
  scope: CookieScope;
}

async function step(
  deps: BrowserSignInDeps,
  browser: BrowserRequest,
  run: (step: Step) => Promise<BrowserAnswer>,
): Promise<BrowserAnswer> {
  const brand = await signIn.realmDisplayName(deps.sql, browser.realm);
  if (brand === undefined) return page(404, messagePage('Sign in', 'Not found', 'This sign-in address is unknown.'));
  const checked = await checkAuthorizationRequest(deps.sql, browser.realm, browser.input);
  if (checked.kind !== 'valid') return refusal(deps, browser.realm, brand, checked);
  const issuer = deps.issuer(browser.realm);
  return run({
    deps,
    realm: browser.realm,
    brand,
    request: checked.request,
    form: typeof browser.input === 'object' && browser.input !== null ? { ...browser.input } : {},
    cookies: parseCookies(browser.cookieHeader),
    clientAddress: browser.clientAddress,
    scope: { path: `${new URL(issuer).pathname}/`, secure: issuer.startsWith('https:') },
  });
}

/** GET …/auth: a signed-in browser gets its code at once; anyone else the login form. */
async function authorize(s: Step): Promise<BrowserAnswer> {
  if (s.request.prompt !== 'login') {
    const session = await activeSession(s);
    if (session) return codeRedirect(s, session.id, []);
  }
  if (s.request.prompt === 'none') {
    const location = redirectWith(s.request.redirectUri, {
      error: 'login_required',
      error_description: 'Login required',
      state: s.request.state,
      iss: s.deps.issuer(s.realm),
    });
    return { status: 302, location, cookies: [] };
  }
  return showLogin(s, 200, {});
}

/** POST …/login-actions/authenticate: the login form. */
async function authenticate(s: Step): Promise<BrowserAnswer> {
  if (!csrfMatches(s.cookies, s.form.csrf)) return showLogin(s, 400, { error: 'The page expired. Sign in again.' });
  const username = typeof s.form.username === 'string' ? s.form.username : '';
  const password = typeof s.form.password === 'string' ? s.form.password : '';
  if (!username || !password) return showLogin(s, 200, { error: WRONG_CREDENTIALS, username });
  const user = await findUserByLogin(s.deps.sql, s.realm, username);
  let correct: boolean;
  try {
    correct = await isPasswordOf(s.deps, s.realm, user, password, s.clientAddress);
  } catch (error) {
    const retryAfterSeconds = retryAfterOf(error);
    const message = `Too many sign-in attempts. Try again in ${retryAfterSeconds} s.`;
    return { ...(await showLogin(s, 429, { error: message, username })), retryAfterSeconds };
  }
  if (!correct || !user) return showLogin(s, 200, { error: WRONG_CREDENTIALS, username });
  if (!user.enabled) return showLogin(s, 200, { error: 'Your account is disabled.', username });

  const mustChoosePassword = user.requiredActions.includes('UPDATE_PASSWORD');
  const secret = randomToken(32);
  const now = s.deps.clock();
  const lifespan = mustChoosePassword ? PENDING_PASSWORD_SECONDS : SESSION_MAX_SECONDS;
  const sessionId = await signIn.insertSession(s.deps.sql, {
    realm: s.realm,
    userId: user.id,
    secretHash: sha256(secret),
    state: mustChoosePassword ? 'PENDING_PASSWORD' : 'ACTIVE',
    authTime: now,
    expiresAt: new Date(now.getTime() + lifespan * 1000),
  });
  const sessionCookie = setCookie(s.scope, SESSION_COOKIE, secret);
  if (mustChoosePassword) return showNewPassword(s, 200, undefined, [sessionCookie]);
  return codeRedirect(s, sessionId, [sessionCookie]);
}

/** POST …/login-actions/required-action: the new password of a user who signed in with a temporary one. */
async function updatePassword(s: Step): Promise<BrowserAnswer> {
  const secret = s.cookies[SESSION_COOKIE];
  const now = s.deps.clock();
  const session = secret ? await signIn.findLiveSession(s.deps.sql, s.realm, sha256(secret), now) : undefined;
  if (session?.state !== 'PENDING_PASSWORD') {
    return showLogin(s, 400, { error: 'Your sign-in expired. Sign in again.' });
  }
  if (!csrfMatches(s.cookies, s.form.csrf)) return showNewPassword(s, 400, 'The page expired. Try again.');
  const user = await signIn.findSignInUser(s.deps.sql, s.realm, session.userId);
  if (!user?.enabled) return showLogin(s, 200, { error: 'Your account is disabled.' });
  const chosen = typeof s.form['password-new'] === 'string' ? s.form['password-new'] : '';
  if (!chosen) return showNewPassword(s, 200, 'Enter a new password.');
  if (chosen !== s.form['password-confirm']) return showNewPassword(s, 200, 'The two passwords are not the same.');
  let outcome: Awaited<ReturnType<PasswordChooser>>;
  try {
    outcome = await s.deps.passwordChooser()({
      realm: s.realm,
      username: user.username,
      email: user.email,
      password: chosen,
    });
  } catch (error) {
    // The tenant's side refused for a reason of its own (busy, or the realm it tells is unreachable): try again.
    if (!(error instanceof ApiError)) throw error;
    const retryAfterSeconds = error.httpStatus === 429 ? retryAfterOf(error) : 1;
    const busy = `Your password could not be saved just now. Try again in ${retryAfterSeconds} s.`;
    return { ...(await showNewPassword(s, error.httpStatus === 429 ? 429 : 503, busy)), retryAfterSeconds };
  }
  if (!outcome.accepted) return showNewPassword(s, 200, outcome.problem);
  const { passwordHash } = outcome;
  await s.deps.sql.begin(async (tx) => {
    await signIn.setChosenPassword(tx, s.realm, user.id, passwordHash);
    // A new password ends the user's other sign-ins (issue 29), as /user/updatepwd does; this one goes on.
    await signIn.endOtherSessionsOfUser(tx, s.realm, user.id, session.id, now);
    await signIn.activateSession(tx, session.id);
  });
  return codeRedirect(s, session.id, []);
}

/** The browser's session when it may get codes: active, and its user still allowed to sign in. */
async function activeSession(s: Step): Promise<signIn.SignInSession | undefined> {
  const secret = s.cookies[SESSION_COOKIE];
  if (!secret) return undefined;
  const now = s.deps.clock();
  const session = await signIn.findLiveSession(s.deps.sql, s.realm, sha256(secret), now);
  if (session?.state !== 'ACTIVE') return undefined;
  const user = await signIn.findSignInUser(s.deps.sql, s.realm, session.userId);
  return user && mayHoldSession(user, now) ? session : undefined;
}

/** A new single-use code for the session, sent to the client's redirect URI (RFC 6749 §4.1.2, RFC 9207 iss). */
async function codeRedirect(s: Step, sessionId: string, cookies: string[]): Promise<BrowserAnswer> {
  const code = randomToken(32);
  const now = s.deps.clock();
  await signIn.insertCode(s.deps.sql, s.realm, sha256(code), {
    clientId: s.request.clientId,
    sessionId,
    redirectUri: s.request.redirectUri,
    codeChallenge: s.request.codeChallenge,
    scope: s.request.scope,
    nonce: s.request.nonce ?? null,
    expiresAt: new Date(now.getTime() + CODE_LIFESPAN_SECONDS * 1000),
  });
  const location = redirectWith(s.request.redirectUri, {
    code,
    state: s.request.state,
    iss: s.deps.issuer(s.realm),
  });
  return { status: 302, location, cookies };
}

/** The login form with a CSRF token: the browser's own, or a new one set as a cookie. */
async function showLogin(
  s: Step,
  status: BrowserAnswer['status'],
  shown: { error?: string; username?: string },
): Promise<BrowserAnswer> {
  const { csrf, cookies } = csrfOf(s);
  const html = loginPage({ ...frameOf(s, 'authenticate', csrf), error: shown.error, username: shown.username });
  return { status, html, cookies };
}

async function showNewPassword(
  s: Step,
  status: BrowserAnswer['status'],
  error: string | undefined,
  cookies: string[] = [],
): Promise<BrowserAnswer> {
  const csrf = csrfOf(s);
  const html = newPasswordPage({ ...frameOf(s, 'required-action', csrf.csrf), error });
  return { status, html, cookies: [...cookies, ...csrf.cookies] };
}

function frameOf(s: Step, action: 'authenticate' | 'required-action', csrf: string) {
  return {
    brand: s.brand,
    action: `${s.deps.issuer(s.realm)}/login-actions/${action}`,
    csrf,
    hidden: hiddenFieldsOf(s.request),
  };
}

function csrfOf(s: Step): { csrf: string; cookies: string[] } {
  const existing = s.cookies[CSRF_COOKIE];
  if (existing && /^[\w-]{43}$/.test(existing)) return { csrf: existing, cookies: [] };
  const csrf = randomToken(32);
  return { csrf, cookies: [setCookie(s.scope, CSRF_COOKIE, csrf)] };
}

function refusal(
  deps: BrowserSignInDeps,
  realm: string,
  brand: string,
  checked: Exclude<AuthorizationCheck, { kind: 'valid' }>,
): BrowserAnswer {
  if (checked.kind === 'error-page') return page(400, messagePage(brand, 'Sign-in refused', checked.message));
  const location = redirectWith(checked.redirectUri, {
    error: checked.error,
    error_description: checked.description,
    state: checked.state,
    iss: deps.issuer(realm),
  });
  return { status: 302, location, cookies: [] };
}

function page(status: BrowserAnswer['status'], html: string): BrowserAnswer {
  return { status, html, cookies: [] };
}

/** The Retry-After of a 429 (rate limit, lockout line, busy password gate); anything else is rethrown. */
function retryAfterOf(error: unknown): number {
  if (!(error instanceof ApiError) || error.httpStatus !== 429) throw error;
  return Number(error.headers['retry-after'] ?? 1);
}
