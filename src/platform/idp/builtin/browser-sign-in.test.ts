// Browser sign-in on the builtin provider at the HTTP level, with openid-client as the relying party: the code
// flow with PKCE through the login page (played by a cookie-keeping form driver; test/browser drives Chromium),
// ID tokens, refresh-token rotation, revocation, logout, and each bad input refused the OAuth way, never a 500.
import type { LightMyRequestResponse } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test/support/errors.js';
import { type NewTenant, type TestTenant, tenant, tenantBeforeAdminLogin } from '../../../../test/support/factories.js';
import {
  authorizationRequest,
  FormBrowser,
  formOf,
  type PendingSignIn,
  TEST_PUBLIC_URL,
  webClient,
} from '../../../../test/support/oidc.js';
import { startTestService, TEST_ADMIN_PASSWORD } from '../../../../test/support/service.js';
import type { Service } from '../../../service.js';

let service: Service;
let offsetMs = 0;
let t: TestTenant;
let web: client.Configuration;
const callback = () => `http://${t.host}:8080/signed-in`;
const realmUrl = (realm: string, path: string) => `${TEST_PUBLIC_URL}/realms/${realm}${path}`;
/** The tenant realm's browser pages, on the tenant's host. */
const pagesUrl = (path: string) => `http://${t.host}:8080/realms/${t.provisioned.tenantCode}${path}`;

beforeAll(async () => {
  service = await startTestService({ clock: () => new Date(Date.now() + offsetMs) });
  t = await tenant(service);
  web = await webClient(service.app, t.provisioned.tenantCode);
});
afterAll(() => service?.close());

/** Signs in on the login page with the admin's password; answers the redirect back to the app. */
async function signIn(browser = new FormBrowser(service.app), extra: Record<string, string> = {}) {
  const pending = await authorizationRequest(web, callback(), extra);
  const page = await browser.open(pending.url);
  expect(page.statusCode, page.body).toBe(200);
  const back = await browser.submit(page, {
    username: t.provisioned.adminUser.username,
    password: TEST_ADMIN_PASSWORD,
  });
  expect(back.statusCode, back.body).toBe(302);
  return { pending, back: new URL(String(back.headers.location)), browser };
}

const exchange = (pending: PendingSignIn, back: URL, config = web) =>
  client.authorizationCodeGrant(config, back, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
  });

/** The OAuth error a token or revocation request was refused with. */
async function oauthError(promise: Promise<unknown>): Promise<{ error: string; status: number }> {
  const failure = await rejectionOf(promise, client.ResponseBodyError);
  return { error: failure.error, status: failure.status };
}

/** A raw token request: what a client other than openid-client could send. */
function tokenRequest(realm: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
  return service.app.inject({
    method: 'POST',
    url: `/realms/${realm}/protocol/openid-connect/token`,
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A code the app was sent back, still unexchanged. */
async function freshCode() {
  const { pending, back } = await signIn();
  return { pending, code: String(back.searchParams.get('code')) };
}

describe('the code flow with PKCE', () => {
  it('discovery lists the code flow, S256 only, refresh and revocation', () => {
    const metadata = web.serverMetadata();
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'password', 'client_credentials']),
    );
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.revocation_endpoint).toBe(realmUrl(t.provisioned.tenantCode, '/protocol/openid-connect/revoke'));
  });

  it('signs in through the login page: ID token with the nonce, a working bearer, rotating refresh tokens', async () => {
    const { pending, back } = await signIn();
    expect(back.origin).toBe(`http://${t.host}:8080`);
    expect(back.searchParams.get('iss')).toBe(realmUrl(t.provisioned.tenantCode, ''));
    const tokens = await exchange(pending, back);
    const claims = tokens.claims();
    expect(claims).toMatchObject({
      iss: realmUrl(t.provisioned.tenantCode, ''),
      aud: 'tc-web',
      nonce: pending.nonce,
      preferred_username: t.provisioned.adminUser.username,
    });
    expect(tokens.refresh_token).toBeTruthy();

    // The access token is the admin's bearer on the tenant's API (contract §3).
    const bearer = { headers: { authorization: `Bearer ${tokens.access_token}` } };
    expect((await t.api.call('/user/list', {}, bearer)).apiStatus.errorCode).toBe('OK');

    const refreshed = await client.refreshTokenGrant(web, String(tokens.refresh_token));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(claims?.sub);
  });

  it('a signed-in browser gets its next code without the form; prompt=none without a session says login_required', async () => {
    const { browser } = await signIn();
    const again = await authorizationRequest(web, callback());
    const answer = await browser.open(again.url);
    expect(answer.statusCode).toBe(302);
    const back = new URL(String(answer.headers.location));
    expect(back.searchParams.get('code')).toBeTruthy();
    expect((await exchange(again, back)).access_token).toBeTruthy();

    const silent = await authorizationRequest(web, callback(), { prompt: 'none' });
    const refused = await new FormBrowser(service.app).open(silent.url);
    const location = new URL(String(refused.headers.location));
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('state')).toBe(silent.state);
  });
});

describe('the login page', () => {
  it("is in the tenant's name, escapes what it echoes, and refuses a form without its CSRF token", async () => {
    const browser = new FormBrowser(service.app);
    const pending = await authorizationRequest(web, callback(), { state: '"><script>alert(1)</script>' });
    const page = await browser.open(pending.url);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain(`Agency ${t.provisioned.tenantCode}`);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;');

    browser.cookies.delete('TC_IDP_CSRF');
    const forged = await browser.submit(page, { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
  });

  it('answers a wrong password on the page, and locks the account after five in a row', async () => {
    const { provisioned } = await tenantOfItsOwn();
    const config = await webClient(service.app, provisioned.tenantCode);
    const browser = new FormBrowser(service.app);
    const redirect = `http://${provisioned.host}:8080/signed-in`;
    const page = await browser.open((await authorizationRequest(config, redirect)).url);
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await browser.submit(page, { username: provisioned.adminUser.username, password: 'wrong one' });
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('Invalid username or password.');
    }
    const locked = await browser.submit(page, {
      username: provisioned.adminUser.username,
      password: provisioned.adminUser.temporaryPassword,
    });
    expect(locked.body).toContain('Invalid username or password.');
    expect(locked.headers.location).toBeUndefined();
  });
});

describe('the login page, limited as logins are', () => {
  it('answers an address past its failed logins with a 429 page and Retry-After, and hashes nothing for unknown users', async () => {
    const browser = new FormBrowser(service.app, '198.51.100.7');
    const page = await browser.open((await authorizationRequest(web, callback())).url);
    let answer = page;
    // The budget is per minute window: attempts that straddle a window's end need up to a second budget.
    for (let attempt = 0; attempt < 61; attempt++) {
      answer = await browser.submit(page, { username: `nobody-${attempt}`, password: 'whatever it is' });
      if (answer.statusCode === 429) break;
    }
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(answer.body).toContain('Too many sign-in attempts.');
    // Another address is not held back.
    const other = new FormBrowser(service.app, '198.51.100.8');
    const fine = await other.submit(await other.open((await authorizationRequest(web, callback())).url), {
      username: t.provisioned.adminUser.username,
      password: TEST_ADMIN_PASSWORD,
    });
    expect(fine.statusCode).toBe(302);
  });
});

describe('the first sign-in with a temporary password (UPDATE_PASSWORD)', () => {
  it('asks for a new password before the code, and the tenant user gets it too', async () => {
    const fresh = await tenantOfItsOwn();
    const { provisioned } = fresh;
    const config = await webClient(service.app, provisioned.tenantCode);
    const browser = new FormBrowser(service.app);
    const redirect = `http://${provisioned.host}:8080/signed-in`;
    const pending = await authorizationRequest(config, redirect);
    const login = await browser.open(pending.url);
    const { username, temporaryPassword } = provisioned.adminUser;
    const form = await browser.submit(login, { username, password: temporaryPassword });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('Choose a new password');
    expect(form.headers.location).toBeUndefined();

    const mismatch = await browser.submit(form, { 'password-new': 'a brand new secret', 'password-confirm': 'other' });
    expect(mismatch.body).toContain('The two passwords are not the same.');
    const short = await browser.submit(form, { 'password-new': 'short', 'password-confirm': 'short' });
    expect(short.body).toContain('at least 10 characters');
    const chosen = 'a brand new secret';
    const done = await browser.submit(form, { 'password-new': chosen, 'password-confirm': chosen });
    expect(done.statusCode, done.body).toBe(302);
    const tokens = await exchange(pending, new URL(String(done.headers.location)), config);
    expect(tokens.claims()?.preferred_username).toBe(username);

    // The tenant user has the new password and nothing left to do; the temporary one is gone everywhere.
    const login2 = await fresh.api.ok<{ requiredActions: string[] }>('/user/authenticate', {
      username,
      password: chosen,
    });
    expect(login2.requiredActions).toEqual([]);
    await fresh.api.expectError('/user/authenticate', { username, password: temporaryPassword }, 'NOTFOUND');
    const grant = await client
      .genericGrantRequest(config, 'password', { username, password: chosen })
      .catch((error: unknown) => error);
    expect(grant).toMatchObject({ access_token: expect.any(String) });
  });
});

describe('bad input, each refused the OAuth way', () => {
  it('a replayed code is refused and revokes the tokens the first exchange got', async () => {
    const { pending, back } = await signIn();
    const first = await exchange(pending, back);
    expect(await oauthError(exchange(pending, back))).toEqual({ error: 'invalid_grant', status: 400 });
    expect(await oauthError(client.refreshTokenGrant(web, String(first.refresh_token)))).toEqual({
      error: 'invalid_grant',
      status: 400,
    });
  });

  it('refuses an unknown code, a PKCE verifier that does not match, and a code sent by another client', async () => {
    const realm = t.provisioned.tenantCode;
    const { pending, code } = await freshCode();
    const base = { grant_type: 'authorization_code', client_id: 'tc-web', redirect_uri: callback() };
    const unknown = await tokenRequest(realm, { ...base, code: 'no-such-code', code_verifier: pending.verifier });
    expect(unknown.json()).toMatchObject({ error: 'invalid_grant' });
    const verifier = client.randomPKCECodeVerifier();
    const mismatch = await tokenRequest(realm, { ...base, code, code_verifier: verifier });
    expect([mismatch.statusCode, mismatch.json().error]).toEqual([400, 'invalid_grant']);

    await service.idp.createClient(realm, {
      clientId: 'other-app',
      confidential: false,
      redirectUris: [`${callback()}`],
    });
    const other = await freshCode();
    const stolen = await tokenRequest(realm, {
      ...base,
      client_id: 'other-app',
      code: other.code,
      code_verifier: other.pending.verifier,
    });
    expect([stolen.statusCode, stolen.json().error]).toEqual([400, 'invalid_grant']);
    const missing = await tokenRequest(realm, { ...base, code: (await freshCode()).code });
    expect(missing.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'PKCE code verifier not specified',
    });
  });

  it('refuses unregistered redirect URIs with an error page, never a redirect (open redirects)', async () => {
    const browser = new FormBrowser(service.app);
    const evil = [
      'http://evil.example/signed-in',
      `http://${t.host}:8080@evil.example/`,
      `http://${t.host}.evil.example:8080/`,
      `http://${t.host}:8081/signed-in`,
      `https://${t.host}:8080/signed-in`,
      'javascript:alert(1)',
      `http://${t.host}:8080/signed-in#fragment`,
    ];
    for (const redirectUri of evil) {
      const answer = await browser.open((await authorizationRequest(web, redirectUri)).url);
      expect([redirectUri, answer.statusCode, answer.headers.location]).toEqual([redirectUri, 400, undefined]);
      expect(answer.body).toContain('Invalid parameter: redirect_uri');
    }
    // The login form's hidden redirect URI is checked again when posted.
    const page = await browser.open((await authorizationRequest(web, callback())).url);
    const { action, hidden } = formOf(page.body);
    const tampered = await browser.open(action, {
      ...hidden,
      redirect_uri: 'http://evil.example/',
      username: t.provisioned.adminUser.username,
      password: TEST_ADMIN_PASSWORD,
    });
    expect([tampered.statusCode, tampered.headers.location]).toEqual([400, undefined]);
  });

  it('sends other problems of a good client back to its redirect URI: PKCE missing or plain, another response type', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ];
    for (const [extra, error] of cases) {
      const pending = await authorizationRequest(web, callback(), extra);
      const answer = await new FormBrowser(service.app).open(pending.url);
      const location = new URL(String(answer.headers.location));
      expect([location.searchParams.get('error'), location.searchParams.get('state')]).toEqual([error, pending.state]);
    }
    const url = new URL(pagesUrl('/protocol/openid-connect/auth'));
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'tc-web',
      redirect_uri: callback(),
    }).toString();
    const noPkce = await new FormBrowser(service.app).open(url);
    expect(new URL(String(noPkce.headers.location)).searchParams.get('error_description')).toBe(
      'Missing parameter: code_challenge',
    );
  });

  it('a reused refresh token revokes its whole family', async () => {
    const { pending, back } = await signIn();
    const tokens = await exchange(pending, back);
    const next = await client.refreshTokenGrant(web, String(tokens.refresh_token));
    expect(await oauthError(client.refreshTokenGrant(web, String(tokens.refresh_token)))).toEqual({
      error: 'invalid_grant',
      status: 400,
    });
    // The thief's (or the victim's) newer token is dead too.
    expect((await oauthError(client.refreshTokenGrant(web, String(next.refresh_token)))).error).toBe('invalid_grant');
  });

  it('refuses an expired code and an expired refresh token', async () => {
    const { pending, code } = await freshCode();
    const { pending: p2, back } = await signIn();
    const tokens = await exchange(p2, back);
    offsetMs = 31 * 60_000;
    try {
      const late = await tokenRequest(t.provisioned.tenantCode, {
        grant_type: 'authorization_code',
        client_id: 'tc-web',
        redirect_uri: callback(),
        code,
        code_verifier: pending.verifier,
      });
      expect(late.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Code is expired' });
      const stale = await tokenRequest(t.provisioned.tenantCode, {
        grant_type: 'refresh_token',
        client_id: 'tc-web',
        refresh_token: String(tokens.refresh_token),
      });
      expect(stale.json()).toMatchObject({ error: 'invalid_grant', error_description: 'Token is not active' });
    } finally {
      offsetMs = 0;
    }
  });

  it("refuses another tenant's realm's code, refresh token and ID token hint", async () => {
    const other = await tenant(service);
    const { pending, code } = await freshCode();
    const { pending: p2, back } = await signIn();
    const tokens = await exchange(p2, back);
    const realm = other.provisioned.tenantCode;
    const codeThere = await tokenRequest(realm, {
      grant_type: 'authorization_code',
      client_id: 'tc-web',
      redirect_uri: callback(),
      code,
      code_verifier: pending.verifier,
    });
    expect([codeThere.statusCode, codeThere.json().error]).toEqual([400, 'invalid_grant']);
    const refreshThere = await tokenRequest(realm, {
      grant_type: 'refresh_token',
      client_id: 'tc-web',
      refresh_token: String(tokens.refresh_token),
    });
    expect([refreshThere.statusCode, refreshThere.json().error]).toEqual([400, 'invalid_grant']);
    const logoutThere = new URL(realmUrl(realm, '/protocol/openid-connect/logout'));
    logoutThere.searchParams.set('id_token_hint', String(tokens.id_token));
    const refused = await new FormBrowser(service.app).open(logoutThere);
    expect([refused.statusCode, refused.headers.location]).toEqual([400, undefined]);
    // The other tenant does not take this realm's access token as a bearer either.
    const bearer = { headers: { authorization: `Bearer ${tokens.access_token}` } };
    expect((await other.api.call('/user/list', {}, bearer)).apiStatus.errorCode).not.toBe('OK');
  });
});

describe('odd requests', () => {
  it('are refused with a page or an OAuth error, never a 500', async () => {
    const realm = t.provisioned.tenantCode;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const onTenantHost = { host: `${t.host}:8080` };
    const requests: Array<{ method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> }> =
      [
        {
          method: 'GET',
          url: `/realms/${realm}/protocol/openid-connect/auth?client_id=tc-web&client_id=other`,
          headers: onTenantHost,
        },
        {
          method: 'GET',
          url: `/realms/${realm}/protocol/openid-connect/auth?state=a&state=b&client_id=tc-web`,
          headers: onTenantHost,
        },
        { method: 'GET', url: '/realms/nowhere/protocol/openid-connect/auth?client_id=tc-web' },
        { method: 'POST', url: `/realms/${realm}/login-actions/authenticate`, payload: '{"username":"admin"}' },
        {
          method: 'POST',
          url: `/realms/${realm}/login-actions/required-action`,
          payload: 'client_id=tc-web',
          headers: form,
        },
        { method: 'GET', url: `/realms/${realm}/protocol/openid-connect/logout?id_token_hint=not.a.jwt` },
        { method: 'POST', url: `/realms/${realm}/protocol/openid-connect/logout`, payload: 'state=x', headers: form },
        { method: 'POST', url: `/realms/${realm}/protocol/openid-connect/revoke`, payload: '{"token":"x"}' },
        { method: 'POST', url: '/realms/nowhere/protocol/openid-connect/revoke', payload: 'token=x', headers: form },
        {
          method: 'POST',
          url: `/realms/${realm}/protocol/openid-connect/token`,
          payload: 'grant_type=authorization_code&client_id=tc-web',
          headers: form,
        },
        {
          method: 'POST',
          url: `/realms/${realm}/protocol/openid-connect/token`,
          payload: 'grant_type=refresh_token&client_id=tc-web&refresh_token=nothing',
          headers: form,
        },
      ];
    for (const request of requests) {
      const answer = await service.app.inject({
        ...request,
        headers: { host: 'localhost:8080', 'content-type': 'application/json', ...request.headers },
      });
      expect([request.url, answer.statusCode >= 400 && answer.statusCode < 500]).toEqual([request.url, true]);
    }
  });
});

describe('revocation and logout', () => {
  it('revokes a refresh token (RFC 7009) and says an access token cannot be', async () => {
    const { pending, back } = await signIn();
    const tokens = await exchange(pending, back);
    await client.tokenRevocation(web, String(tokens.refresh_token));
    expect((await oauthError(client.refreshTokenGrant(web, String(tokens.refresh_token)))).error).toBe('invalid_grant');
    await client.tokenRevocation(web, 'never-issued');
    expect((await oauthError(client.tokenRevocation(web, tokens.access_token))).error).toBe('unsupported_token_type');
  });

  it('logs out with the ID token hint: back to the app with state, session and refresh tokens ended', async () => {
    const { pending, back, browser } = await signIn();
    const tokens = await exchange(pending, back);
    const state = client.randomState();
    const logout = client.buildEndSessionUrl(web, {
      id_token_hint: String(tokens.id_token),
      post_logout_redirect_uri: `http://${t.host}:8080/signed-out`,
      state,
    });
    // /auth/config's logoutUrl is the end-session endpoint the discovery names.
    const config = await t.api.getOk<{ logoutUrl: string }>('/auth/config');
    expect(logout.href.startsWith(config.logoutUrl)).toBe(true);
    const answer = await browser.open(logout);
    expect(answer.statusCode).toBe(302);
    const landing = new URL(String(answer.headers.location));
    expect([landing.pathname, landing.searchParams.get('state')]).toEqual(['/signed-out', state]);
    expect((await oauthError(client.refreshTokenGrant(web, String(tokens.refresh_token)))).error).toBe('invalid_grant');
    // The browser is signed out: the next authorization shows the form again.
    const next = await browser.open((await authorizationRequest(web, callback())).url);
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('Sign in to your account');
  });

  it('takes an expired ID token as the hint', async () => {
    const { pending, back, browser } = await signIn();
    const tokens = await exchange(pending, back);
    offsetMs = 10 * 60_000;
    try {
      const logout = client.buildEndSessionUrl(web, {
        id_token_hint: String(tokens.id_token),
        post_logout_redirect_uri: `http://${t.host}:8080/signed-out`,
      });
      expect((await browser.open(logout)).statusCode).toBe(302);
    } finally {
      offsetMs = 0;
    }
    expect((await oauthError(client.refreshTokenGrant(web, String(tokens.refresh_token)))).error).toBe('invalid_grant');
  });

  it('refuses a post-logout redirect that is not registered, and asks before logging out without a hint', async () => {
    const { pending, back, browser } = await signIn();
    const tokens = await exchange(pending, back);
    const evil = client.buildEndSessionUrl(web, {
      id_token_hint: String(tokens.id_token),
      post_logout_redirect_uri: 'http://evil.example/',
    });
    const refused = await browser.open(evil);
    expect([refused.statusCode, refused.headers.location]).toEqual([400, undefined]);

    const bare = await browser.open(realmUrl(t.provisioned.tenantCode, '/protocol/openid-connect/logout'));
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toContain('Do you want to sign out?');
    // Still signed in until the user confirms.
    expect((await client.refreshTokenGrant(web, String(tokens.refresh_token))).access_token).toBeTruthy();
    const confirmed = await browser.submit(bare, {});
    expect(confirmed.body).toContain('You are signed out.');
  });
});

describe("the app's tokens on the tenant's API (issue 29, finding 4)", () => {
  const as = (token: string) => t.api.call('/user/list', {}, { headers: { authorization: `Bearer ${token}` } });

  it('takes the access token as a bearer, never the ID token', async () => {
    const { pending, back } = await signIn();
    const tokens = await exchange(pending, back);
    expect((await as(tokens.access_token)).apiStatus.errorCode).toBe('OK');
    // Signed by the same realm key, for tc-web (an accepted client): only its `typ` says it is no access token.
    expect((await as(String(tokens.id_token))).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });

  it('/user/logout with the access token as bearer ends that token at once (contract §3)', async () => {
    const { pending, back } = await signIn();
    const tokens = await exchange(pending, back);
    expect((await as(tokens.access_token)).apiStatus.errorCode).toBe('OK');
    const logout = await t.api.call(
      '/user/logout',
      {},
      { headers: { authorization: `Bearer ${tokens.access_token}` } },
    );
    expect(logout.apiStatus.errorCode).toBe('OK');
    expect((await as(tokens.access_token)).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    // Another token of the same sign-in is not the one logged out.
    const refreshed = await client.refreshTokenGrant(web, String(tokens.refresh_token));
    expect((await as(refreshed.access_token)).apiStatus.errorCode).toBe('OK');
  });
});

describe('an ID token hint of another sign-in (issue 29, finding 4)', () => {
  it("asks the browser before ending its sign-in, and then ends only the browser's own", async () => {
    const victim = await signIn();
    const victimTokens = await exchange(victim.pending, victim.back);
    const other = await signIn();
    const otherTokens = await exchange(other.pending, other.back);
    // A page of anyone's makes the victim's browser open the logout address with the hint of another sign-in.
    const logout = client.buildEndSessionUrl(web, {
      id_token_hint: String(otherTokens.id_token),
      post_logout_redirect_uri: `http://${t.host}:8080/signed-out`,
      state: 'after-confirmation',
    });
    const asked = await victim.browser.open(logout);
    expect([asked.statusCode, asked.headers.location]).toEqual([200, undefined]);
    expect(asked.body).toContain('Do you want to sign out?');

    // Nothing ended: the browser still gets codes silently, and both sign-ins still refresh.
    const silent = await authorizationRequest(web, callback(), { prompt: 'none' });
    const code = await victim.browser.open(silent.url);
    expect(new URL(String(code.headers.location)).searchParams.get('code')).toBeTruthy();
    const victimNext = await client.refreshTokenGrant(web, String(victimTokens.refresh_token));
    const otherNext = await client.refreshTokenGrant(web, String(otherTokens.refresh_token));

    // The user confirms: the browser's own sign-in ends, back to the app; the hint's sign-in is not the browser's.
    const confirmed = await victim.browser.submit(asked, {});
    expect(confirmed.statusCode, confirmed.body).toBe(302);
    const landing = new URL(String(confirmed.headers.location));
    expect([landing.pathname, landing.searchParams.get('state')]).toEqual(['/signed-out', 'after-confirmation']);
    expect((await oauthError(client.refreshTokenGrant(web, String(victimNext.refresh_token)))).error).toBe(
      'invalid_grant',
    );
    expect((await client.refreshTokenGrant(web, String(otherNext.refresh_token))).access_token).toBeTruthy();
    const after = await victim.browser.open((await authorizationRequest(web, callback(), { prompt: 'none' })).url);
    expect(new URL(String(after.headers.location)).searchParams.get('error')).toBe('login_required');
  });

  it('asks a browser without a sign-in of its own too', async () => {
    const { pending, back } = await signIn();
    const tokens = await exchange(pending, back);
    const logout = client.buildEndSessionUrl(web, { id_token_hint: String(tokens.id_token) });
    const asked = await new FormBrowser(service.app).open(logout);
    expect(asked.body).toContain('Do you want to sign out?');
    expect((await client.refreshTokenGrant(web, String(tokens.refresh_token))).access_token).toBeTruthy();
  });
});

/** A tenant whose admin has not signed in yet (temporary password, UPDATE_PASSWORD). */
async function tenantOfItsOwn(): Promise<NewTenant> {
  return tenantBeforeAdminLogin(service);
}
