// Browser sign-in (authorization code with PKCE): the authorization endpoint, the login form, the "choose a new
// password" form of the required action UPDATE_PASSWORD, and "Forgot password?" (password-reset-page.ts). Each
// step answers a page or a redirect; browser-routes.ts turns the answer into HTTP. The login form is limited
// exactly as logins are (token-endpoint.ts). Pages are in the browser's language and the tenant's branding.
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
import { type FieldProblem, loginPage, messagePage, newPasswordPage, type PageLook } from './login-page.js';
import type { PasswordChooser } from './password-choice.js';
import { type PasswordReset, requestReset, showReset } from './password-reset-page.js';
import { lookOf, platformLook, type RealmPages } from './realm-pages.js';
import { ruleText } from './sign-in-messages.js';
import { formatMessage } from '../../rendering/language.js';
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
  /** Asked by "Forgot password?": the reset the composition root gave (the users area's), else none. */
  passwordReset(): PasswordReset | undefined;
  pages: RealmPages;
}

/** A browser request to one of the steps: the query or form, and the request's cookies, address and language. */
export interface BrowserRequest {
  realm: string;
  input: unknown;
  cookieHeader: string | undefined;
  clientAddress: string;
  acceptLanguage: string | undefined;
  /** The base URL of the host the request came on: the pages' forms and links stay on it (its cookies are there). */
  home: string;
}

export interface BrowserAnswer {
  status: 200 | 302 | 400 | 404 | 429 | 503;
  html?: string;
  location?: string;
  cookies: string[];
  retryAfterSeconds?: number;
}

export interface BrowserSignIn {
  authorize(request: BrowserRequest): Promise<BrowserAnswer>;
  authenticate(request: BrowserRequest): Promise<BrowserAnswer>;
  updatePassword(request: BrowserRequest): Promise<BrowserAnswer>;
  /** GET …/login-actions/reset-credentials: the "Forgot password?" form. */
  showReset(request: BrowserRequest): Promise<BrowserAnswer>;
  /** POST …/login-actions/reset-credentials: sends the reset e-mail through the tenant's reset. */
  requestReset(request: BrowserRequest): Promise<BrowserAnswer>;
}

export function createBrowserSignIn(deps: BrowserSignInDeps): BrowserSignIn {
  return {
    authorize: (request) => step(deps, request, authorize),
    authenticate: (request) => step(deps, request, authenticate),
    updatePassword: (request) => step(deps, request, updatePassword),
    showReset: (request) => step(deps, request, (s) => showReset(s, 200, {})),
    requestReset: (request) => step(deps, request, requestReset),
  };
}

/** What every step knows once the realm and the authorization request are checked. */
export interface Step {
  deps: BrowserSignInDeps;
  realm: string;
  look: PageLook;
  request: AuthorizationRequest;
  form: Readonly<Record<string, unknown>>;
  cookies: Record<string, string>;
  clientAddress: string;
  scope: CookieScope;
  /** The base URL the pages' forms and links use (the request's host). */
  home: string;
}

async function step(
  deps: BrowserSignInDeps,
  browser: BrowserRequest,
  run: (step: Step) => Promise<BrowserAnswer>,
): Promise<BrowserAnswer> {
  const displayName = await signIn.realmDisplayName(deps.sql, browser.realm);
  if (displayName === undefined) {
    const look = platformLook(browser.acceptLanguage);
    return page(404, messagePage(look, look.t.notFoundTitle, look.t.unknownSignIn));
  }
  const look = await lookOf(deps.pages, browser.realm, displayName, browser.acceptLanguage);
  const checked = await checkAuthorizationRequest(deps.sql, browser.realm, browser.input);
  if (checked.kind !== 'valid') return refusal(deps, browser.realm, look, checked);
  return run({
    deps,
    realm: browser.realm,
    look,
    request: checked.request,
    form: typeof browser.input === 'object' && browser.input !== null ? { ...browser.input } : {},
    cookies: parseCookies(browser.cookieHeader),
    clientAddress: browser.clientAddress,
    scope: realmCookieScope(browser.home, browser.realm),
    home: browser.home,
  });
}

/** The realm's cookies: its path on the request's host, https-only when that host is served over https. */
export function realmCookieScope(home: string, realm: string): CookieScope {
  return { path: `${new URL(home).pathname.replace(/\/$/, '')}/realms/${realm}/`, secure: home.startsWith('https:') };
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
  const { t } = s.look;
  if (!csrfMatches(s.cookies, s.form.csrf)) return showLogin(s, 400, { error: t.pageExpired });
  const username = typeof s.form.username === 'string' ? s.form.username : '';
  const password = typeof s.form.password === 'string' ? s.form.password : '';
  if (!username) return showLogin(s, 200, { problem: { field: 'username', message: t.enterUsername } });
  if (!password) return showLogin(s, 200, { problem: { field: 'password', message: t.enterPassword }, username });
  const user = await findUserByLogin(s.deps.sql, s.realm, username);
  let correct: boolean;
  try {
    correct = await isPasswordOf(s.deps, s.realm, user, password, s.clientAddress);
  } catch (error) {
    const retryAfterSeconds = retryAfterOf(error);
    const message = formatMessage(t.tooManyAttempts, { seconds: retryAfterSeconds });
    return { ...(await showLogin(s, 429, { error: message, username })), retryAfterSeconds };
  }
  if (!correct || !user) return showLogin(s, 200, { problem: wrongCredentials(s), username });
  if (!user.enabled) return showLogin(s, 200, { error: t.accountDisabled, username });

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
  if (mustChoosePassword) return showNewPassword(s, 200, {}, [sessionCookie]);
  return codeRedirect(s, sessionId, [sessionCookie]);
}

/** POST …/login-actions/required-action: the new password of a user who signed in with a temporary one. */
async function updatePassword(s: Step): Promise<BrowserAnswer> {
  const { t } = s.look;
  const secret = s.cookies[SESSION_COOKIE];
  const now = s.deps.clock();
  const session = secret ? await signIn.findLiveSession(s.deps.sql, s.realm, sha256(secret), now) : undefined;
  if (session?.state !== 'PENDING_PASSWORD') return showLogin(s, 400, { error: t.signInExpired });
  if (!csrfMatches(s.cookies, s.form.csrf)) return showNewPassword(s, 400, { error: t.pageExpiredTryAgain });
  const user = await signIn.findSignInUser(s.deps.sql, s.realm, session.userId);
  if (!user?.enabled) return showLogin(s, 200, { error: t.accountDisabled });
  const chosen = typeof s.form['password-new'] === 'string' ? s.form['password-new'] : '';
  if (!chosen) return showNewPassword(s, 200, { problem: { field: 'password-new', message: t.enterNewPassword } });
  if (chosen !== s.form['password-confirm']) {
    return showNewPassword(s, 200, { problem: { field: 'password-confirm', message: t.passwordsDiffer } });
  }
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
    const busy = formatMessage(t.passwordBusy, { seconds: retryAfterSeconds });
    const status = error.httpStatus === 429 ? 429 : 503;
    return { ...(await showNewPassword(s, status, { error: busy })), retryAfterSeconds };
  }
  if (!outcome.accepted) {
    const message =
      'rule' in outcome ? formatMessage(t.passwordMust, { rule: ruleText(t, outcome.rule) }) : outcome.problem;
    return showNewPassword(s, 200, { problem: { field: 'password-new', message } });
  }
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

/** What a page shows of a failed step: a problem of the form, or of one field. */
export interface Shown {
  error?: string;
  problem?: FieldProblem;
}

/** A wrong login: said once, after the password, and about both fields (Keycloak marks both). */
const wrongCredentials = (s: Step): FieldProblem => ({
  field: 'password',
  message: s.look.t.wrongCredentials,
  concerns: ['username'],
});

/** The login form with a CSRF token: the browser's own, or a new one set as a cookie. */
async function showLogin(
  s: Step,
  status: BrowserAnswer['status'],
  shown: Shown & { username?: string },
): Promise<BrowserAnswer> {
  const { csrf, cookies } = csrfOf(s);
  const resetUrl = pageUrl(s, '/login-actions/reset-credentials');
  const html = loginPage({ ...frameOf(s, 'authenticate', csrf), ...shown, resetUrl });
  return { status, html, cookies };
}

async function showNewPassword(
  s: Step,
  status: BrowserAnswer['status'],
  shown: Shown,
  cookies: string[] = [],
): Promise<BrowserAnswer> {
  const csrf = csrfOf(s);
  const html = newPasswordPage({ ...frameOf(s, 'required-action', csrf.csrf), ...shown });
  return { status, html, cookies: [...cookies, ...csrf.cookies] };
}

export function frameOf(s: Step, action: 'authenticate' | 'required-action' | 'reset-credentials', csrf: string) {
  return {
    look: s.look,
    action: `${s.home}/realms/${s.realm}/login-actions/${action}`,
    csrf,
    hidden: hiddenFieldsOf(s.request),
  };
}

/** A page of the realm on the request's host, carrying the authorization request in its query. */
export function pageUrl(s: Step, path: string): string {
  return `${s.home}/realms/${s.realm}${path}?${new URLSearchParams(hiddenFieldsOf(s.request)).toString()}`;
}

export function csrfOf(s: Step): { csrf: string; cookies: string[] } {
  const existing = s.cookies[CSRF_COOKIE];
  if (existing && /^[\w-]{43}$/.test(existing)) return { csrf: existing, cookies: [] };
  const csrf = randomToken(32);
  return { csrf, cookies: [setCookie(s.scope, CSRF_COOKIE, csrf)] };
}

function refusal(
  deps: BrowserSignInDeps,
  realm: string,
  look: PageLook,
  checked: Exclude<AuthorizationCheck, { kind: 'valid' }>,
): BrowserAnswer {
  if (checked.kind === 'error-page') return page(400, messagePage(look, look.t.signInRefused, checked.message));
  const location = redirectWith(checked.redirectUri, {
    error: checked.error,
    error_description: checked.description,
    state: checked.state,
    iss: deps.issuer(realm),
  });
  return { status: 302, location, cookies: [] };
}

export function page(status: BrowserAnswer['status'], html: string): BrowserAnswer {
  return { status, html, cookies: [] };
}

/** The Retry-After of a 429 (rate limit, lockout line, busy password gate); anything else is rethrown. */
export function retryAfterOf(error: unknown): number {
  if (!(error instanceof ApiError) || error.httpStatus !== 429) throw error;
  return Number(error.headers['retry-after'] ?? 1);
}
