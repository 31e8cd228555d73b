// The end-session endpoint (OpenID Connect RP-Initiated Logout 1.0), which `/auth/config`'s logoutUrl names:
// it ends the browser's login session, revokes its refresh tokens, and sends the browser to
// post_logout_redirect_uri only when that is a registered redirect URI of the client. Anyone can make a browser open
// the address (an image on any page), and an ID token is no secret of the browser's (anyone signed in has one), so
// the user is asked first unless the hint names the browser's own session (its `sid` is the cookie's session).
// Signed out without a post_logout_redirect_uri, the page links back to the app's home (the client's registered
// origin) or the tenant's site, as Keycloak's "Back to application" does.
import { errors, jwtVerify } from 'jose';
import { randomToken, sha256 } from '../../crypto.js';
import { isRegisteredRedirect, redirectWith } from './authorization-request.js';
import {
  CSRF_COOKIE,
  clearCookie,
  type CookieScope,
  csrfMatches,
  parseCookies,
  SESSION_COOKIE,
  setCookie,
} from './browser-cookies.js';
import { type BrowserAnswer, type BrowserRequest, realmCookieScope } from './browser-sign-in.js';
import { logoutConfirmPage, messagePage, type PageLook } from './login-page.js';
import { lookOf, platformLook, type RealmPages, realmHome } from './realm-pages.js';
import { formatMessage } from '../../rendering/language.js';
import { SIGNING_ALGORITHM, type SigningKeyStore } from './signing-keys.js';
import * as signIn from './sign-in.repository.js';
import type { TokenEndpointDeps } from './token-endpoint.js';

export type EndSessionDeps = Pick<TokenEndpointDeps, 'sql' | 'clock' | 'issuer'> & {
  keys: SigningKeyStore;
  pages: RealmPages;
};

interface LogoutParameters {
  idTokenHint: string | undefined;
  postLogoutRedirectUri: string | undefined;
  state: string | undefined;
  clientId: string | undefined;
}

/** The hint's client and session, when it is an ID token this realm signed (an expired one is still a hint). */
type Hint = { clientId: string | undefined; sessionId: string | undefined } | 'invalid';

export async function endSession(
  deps: EndSessionDeps,
  browser: BrowserRequest & { confirmed: boolean },
): Promise<BrowserAnswer> {
  const { realm } = browser;
  const displayName = await signIn.realmDisplayName(deps.sql, realm);
  if (displayName === undefined) {
    const look = platformLook(browser.acceptLanguage);
    return page(404, messagePage(look, look.t.notFoundTitle, look.t.unknownSignOut));
  }
  const look = await lookOf(deps.pages, realm, displayName, browser.acceptLanguage);
  const { t } = look;
  const refused = (message: string) => page(400, messagePage(look, t.signOutRefused, message));
  const p = parametersOf(browser.input);
  const hint = p.idTokenHint === undefined ? undefined : await verifyHint(deps, realm, p.idTokenHint);
  if (hint === 'invalid') return refused('Invalid parameter: id_token_hint');
  if (hint?.clientId && p.clientId && hint.clientId !== p.clientId) return refused('Invalid parameter: client_id');
  const clientId = hint?.clientId ?? p.clientId;
  if (p.postLogoutRedirectUri !== undefined) {
    if (!clientId) return refused('Missing parameter: id_token_hint or client_id');
    const client = await signIn.findBrowserClient(deps.sql, realm, clientId);
    if (!client || !isRegisteredRedirect(p.postLogoutRedirectUri, client.redirectUris)) {
      return refused('Invalid parameter: post_logout_redirect_uri');
    }
  }
  const scope = realmCookieScope(browser.home, realm);
  const cookies = parseCookies(browser.cookieHeader);
  const now = deps.clock();
  const secret = cookies[SESSION_COOKIE];
  const browserSession = secret ? await signIn.findLiveSession(deps.sql, realm, sha256(secret), now) : undefined;
  // Only the browser's own sign-in ends here: the hint's, when another, is not the browser's to end (issue 29).
  const hintIsTheBrowsers = hint?.sessionId !== undefined && hint.sessionId === browserSession?.id;
  if (!hintIsTheBrowsers) {
    if (!browser.confirmed) {
      // The confirmation carries the hint's client, which post_logout_redirect_uri is checked against again.
      const asked = { ...p, clientId };
      const action = `${browser.home}/realms/${realm}/protocol/openid-connect/logout`;
      return confirmation(look, action, asked, cookies, scope);
    }
    if (!csrfMatches(cookies, fieldOf(browser.input, 'csrf'))) return refused(t.signOutExpired);
  }

  if (browserSession) await signIn.endSession(deps.sql, realm, browserSession.id, now);
  const cleared = [clearCookie(scope, SESSION_COOKIE)];
  if (p.postLogoutRedirectUri === undefined) {
    const back = {
      href: await homeOf(deps, realm, clientId),
      text: formatMessage(t.backTo, { name: look.branding.name }),
    };
    return { ...page(200, messagePage(look, t.signedOutTitle, t.signedOut, back)), cookies: cleared };
  }
  return { status: 302, location: redirectWith(p.postLogoutRedirectUri, { state: p.state }), cookies: cleared };
}

/** A non-empty string parameter of a query or form; anything else (absent, repeated) counts as absent. */
function fieldOf(input: unknown, name: string): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(input, name)?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parametersOf(input: unknown): LogoutParameters {
  const read = (name: string) => fieldOf(input, name);
  return {
    idTokenHint: read('id_token_hint'),
    postLogoutRedirectUri: read('post_logout_redirect_uri'),
    state: read('state'),
    clientId: read('client_id'),
  };
}

async function verifyHint(deps: EndSessionDeps, realm: string, token: string): Promise<Hint> {
  const options = { issuer: deps.issuer(realm), algorithms: [SIGNING_ALGORITHM], currentDate: deps.clock() };
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, deps.keys.verificationKeys(realm), options)).payload;
  } catch (error) {
    // jose checks the signature before the claims: an expired token has a valid signature.
    if (!(error instanceof errors.JWTExpired)) return 'invalid';
    payload = error.payload;
  }
  const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  return {
    clientId: typeof audience === 'string' ? audience : undefined,
    sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
  };
}

/**
 * Where "Back to …" goes after signing out: the app's home (the origin of the client's first redirect URI, the
 * path of a `/*` one), else the tenant's site (its host), else the base domain.
 */
async function homeOf(deps: EndSessionDeps, realm: string, clientId: string | undefined): Promise<string> {
  const client = clientId === undefined ? undefined : await signIn.findBrowserClient(deps.sql, realm, clientId);
  const first = client?.redirectUris[0];
  if (first !== undefined) {
    const url = new URL(first.endsWith('/*') ? first.slice(0, -1) : first);
    return url.pathname.endsWith('/') ? url.toString() : url.origin;
  }
  return `${realmHome(deps.pages, realm)}/`;
}

/** "Do you want to sign out?", posting back here with a CSRF token. */
function confirmation(
  look: PageLook,
  action: string,
  p: LogoutParameters,
  cookies: Record<string, string>,
  scope: CookieScope,
): BrowserAnswer {
  const existing = cookies[CSRF_COOKIE];
  const csrf = existing && /^[\w-]{43}$/.test(existing) ? existing : randomToken(32);
  const hidden: Record<string, string> = {};
  if (p.postLogoutRedirectUri !== undefined) hidden.post_logout_redirect_uri = p.postLogoutRedirectUri;
  if (p.state !== undefined) hidden.state = p.state;
  if (p.clientId !== undefined) hidden.client_id = p.clientId;
  const html = logoutConfirmPage({ look, action, csrf, hidden });
  return { status: 200, html, cookies: csrf === existing ? [] : [setCookie(scope, CSRF_COOKIE, csrf)] };
}

function page(status: BrowserAnswer['status'], html: string): BrowserAnswer {
  return { status, html, cookies: [] };
}
