// Contract §7.1, "the identity realm holds every user": the tc-web password grant works for every active user with
// its current password, its JWT is that user's bearer, and whoever may not log in here is refused there too; one
// lockout per person whichever way it is reached; a change the realm did not take is not committed (issue 12).
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { type TestTenant, TEST_USER_PASSWORD, tenant, user } from '../../../test/support/factories.js';
import { runJobOnce, startTestService, TEST_ADMIN_PASSWORD, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { uniqueName } from '../../../test/support/database.js';
import { authorizationRequest, FormBrowser, webClient } from '../../../test/support/oidc.js';
import { type MailInbox, startMailInbox, tokenFromMail } from '../../../test/support/smtp.js';

let t: TestTenant;
let inbox: MailInbox;
beforeAll(async () => {
  inbox = await startMailInbox();
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_LOGIN_FAILURES: '60', TC_SMTP_URL: inbox.url } }));
});
afterAll(async () => {
  await t?.service.close();
  await inbox?.stop();
});

interface Grant {
  status: number;
  body: { access_token?: string; error?: string; error_description?: string };
}

let address = 0;
/** The tc-web password grant, each from an address of its own (only the account's lockout limits it). */
async function passwordGrant(target: TestTenant, username: string, password: string): Promise<Grant> {
  address += 1;
  const answer = await target.service.app.inject({
    method: 'POST',
    url: `/realms/${target.record.realm}/protocol/openid-connect/token`,
    headers: { host: TEST_BASE_DOMAIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'tc-web', username, password }).toString(),
    remoteAddress: `203.0.113.${address % 250}`,
  });
  return { status: answer.statusCode, body: answer.json() };
}

async function tokenOf(username: string, password: string): Promise<string> {
  const grant = await passwordGrant(t, username, password);
  expect(grant, `password grant of ${username}`).toMatchObject({ status: 200 });
  return defined(grant.body.access_token, 'access_token');
}

const login = (username: string, password: string) =>
  t.api.call<{ session: string; userId: number }>('/user/authenticate', { username, password });

/** The user an operation sees behind a bearer: /user/update of one's own record, changing nothing. */
async function userBehind(bearer: string, userId: number): Promise<number> {
  const answer = await t.api.inject({
    method: 'POST',
    url: '/user/update',
    headers: { authorization: `Bearer ${bearer}` },
    payload: { userId },
  });
  return answer.json<{ apiData: { userId: number } }>().apiData.userId;
}

/** A customer signed up and activated through the API (the admin registers, so the answer holds the token). */
async function activatedCustomer() {
  const userLogin = uniqueName('signup');
  const password = 'sand dunes at dawn';
  const registered = await t.adminApi.ok<{ userId: number; signupToken: string }>('/user/register', {
    userLogin,
    userEmail: `${userLogin}@example.com`,
    password,
    userName: 'Layla Haddad',
  });
  return { userLogin, password, userId: registered.userId, token: registered.signupToken };
}

describe('the password grant works for every active user, with the JWT as that user', () => {
  it('a registered customer: refused until activated, then the same user as a session of ours', async () => {
    const customer = await activatedCustomer();
    expect(await passwordGrant(t, customer.userLogin, customer.password)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Account disabled' },
    });
    await t.api.ok('/user/activate', { token: customer.token });
    const jwt = await tokenOf(customer.userLogin, customer.password);
    expect(decodeJwt(jwt)).toMatchObject({
      preferred_username: customer.userLogin.toLowerCase(),
      realm_access: { roles: ['customer'] },
    });
    const session = await t.api.ok<{ session: string }>('/user/authenticate', {
      username: customer.userLogin,
      password: customer.password,
    });
    expect(await userBehind(jwt, customer.userId)).toBe(customer.userId);
    expect(await userBehind(session.session, customer.userId)).toBe(customer.userId);
  });

  it('a user made by /user/create: refused with the temporary password, then works with its own', async () => {
    const userLogin = uniqueName('agent');
    const created = await t.adminApi.ok<{ userId: number; temporaryPassword: string }>('/user/create', {
      userLogin,
      userEmail: `${userLogin}@agency.example`,
      userName: 'Omar Agent',
      roles: ['agent'],
    });
    expect(await passwordGrant(t, userLogin, created.temporaryPassword)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Account is not fully set up' },
    });
    const first = await t.api.ok<{ session: string }>('/user/authenticate', {
      username: userLogin,
      password: created.temporaryPassword,
    });
    await t.api.ok('/user/updatepwd', {
      session: first.session,
      userId: created.userId,
      password: created.temporaryPassword,
      newPassword: TEST_USER_PASSWORD,
    });
    const jwt = await tokenOf(userLogin, TEST_USER_PASSWORD);
    expect(await userBehind(jwt, created.userId)).toBe(created.userId);
  });

  it('the provisioned admin, with the password it chose at its first login', async () => {
    const jwt = await tokenOf(t.provisioned.adminUser.username, TEST_ADMIN_PASSWORD);
    expect(decodeJwt(jwt)).toMatchObject({ realm_access: { roles: ['admin'] } });
    const users = await t.api.inject({
      method: 'POST',
      url: '/user/list',
      headers: { authorization: `Bearer ${jwt}` },
      payload: {},
    });
    expect(users.json()).toMatchObject({ apiStatus: { errorCode: 'OK' } });
  });

  it('after /user/updatepwd the old password fails at the grant and the new one works', async () => {
    const agent = await user(t, 'agent');
    await tokenOf(agent.userLogin, agent.password);
    await agent.api.ok('/user/updatepwd', {
      userId: agent.userId,
      password: agent.password,
      newPassword: 'a brand new passphrase',
    });
    expect(await passwordGrant(t, agent.userLogin, agent.password)).toMatchObject({
      status: 401,
      body: { error: 'invalid_grant' },
    });
    await tokenOf(agent.userLogin, 'a brand new passphrase');
  });

  it('after /user/setRoles the next token carries the new roles', async () => {
    const agent = await user(t, 'agent');
    expect(decodeJwt(await tokenOf(agent.userLogin, agent.password))).toMatchObject({
      realm_access: { roles: ['agent'] },
    });
    await t.adminApi.ok('/user/setRoles', { userId: agent.userId, roles: ['employee', 'agent'] });
    const roles = decodeJwt(await tokenOf(agent.userLogin, agent.password)).realm_access;
    expect(roles).toEqual({ roles: ['agent', 'employee'] });
  });

  it('an e-mail changed by /user/update is the realm user’s login e-mail too', async () => {
    const agent = await user(t, 'agent');
    const email = `${uniqueName('moved')}@agency.example`;
    await agent.api.ok('/user/update', { userId: agent.userId, userEmail: email });
    expect(decodeJwt(await tokenOf(email, agent.password))).toMatchObject({ email });
  });
});

describe('one lockout per person', () => {
  it('a lock reached through /user/authenticate refuses the password grant', async () => {
    const agent = await user(t, 'agent');
    for (let i = 0; i < 5; i++) {
      expect((await login(agent.userLogin, `wrong password ${i}`)).apiStatus.errorCode).toBe('NOTFOUND');
    }
    expect(await passwordGrant(t, agent.userLogin, agent.password)).toMatchObject({
      status: 401,
      body: { error: 'invalid_grant' },
    });
    const [tenantLock, realmLock] = [await tenantLockOf(agent.userId), await realmLockOf(agent.userLogin)];
    expect(tenantLock).toBeInstanceOf(Date);
    // The realm was told the same lock, in the transaction that set it.
    expect(realmLock).toEqual(tenantLock);
  });

  it('a successful login after the lock ran out lifts it in the realm too', async () => {
    const agent = await user(t, 'agent');
    for (let i = 0; i < 5; i++) await login(agent.userLogin, `wrong password ${i}`);
    // The lock runs out (as if 15 minutes had passed): the tenant's row, the source, says so.
    await t.db(
      (sql) => sql`UPDATE users SET locked_until = now() - interval '1 second' WHERE user_id = ${agent.userId}`,
    );
    expect((await login(agent.userLogin, agent.password)).apiStatus.errorCode).toBe('OK');
    expect([await tenantLockOf(agent.userId), await realmLockOf(agent.userLogin)]).toEqual([null, null]);
  });

  it('a password reset lifts the lock and sets the password in the realm too', async () => {
    const agent = await user(t, 'agent');
    for (let i = 0; i < 5; i++) await login(agent.userLogin, `wrong password ${i}`);
    expect(await realmLockOf(agent.userLogin)).toBeInstanceOf(Date);
    await t.api.ok('/user/resetpwdRequest', { f_useremail: agent.userEmail });
    const resetToken = tokenFromMail(await inbox.waitFor(agent.userEmail, /Reset/));
    await t.api.ok('/user/resetpwd', { resetToken, newPassword: 'oasis under palms' });
    expect([await tenantLockOf(agent.userId), await realmLockOf(agent.userLogin)]).toEqual([null, null]);
    await tokenOf(agent.userLogin, 'oasis under palms');
    expect(await passwordGrant(t, agent.userLogin, agent.password)).toMatchObject({ status: 401 });
  });

  it('failures at the password grant lock /user/authenticate as well', async () => {
    const agent = await user(t, 'agent');
    for (let i = 0; i < 5; i++) {
      expect(await passwordGrant(t, agent.userLogin, `wrong password ${i}`)).toMatchObject({ status: 401 });
    }
    expect((await login(agent.userLogin, agent.password)).apiStatus.errorCode).toBe('NOTFOUND');
    expect(await passwordGrant(t, agent.userLogin, agent.password)).toMatchObject({ status: 401 });
    // Counted on the tenant's row, and mirrored into the realm's.
    expect(await tenantLockOf(agent.userId)).toBeInstanceOf(Date);
    expect(await realmLockOf(agent.userLogin)).toEqual(await tenantLockOf(agent.userId));
  });
});

async function tenantLockOf(userId: number): Promise<Date | null> {
  const [row] = await t.db(
    (sql) => sql<{ locked_until: Date | null }[]>`
    SELECT locked_until FROM users WHERE user_id = ${userId}`,
  );
  return row?.locked_until ?? null;
}

async function realmLockOf(userLogin: string): Promise<Date | null> {
  const [row] = await t.service.platformDb<{ locked_until: Date | null }[]>`
    SELECT locked_until FROM idp_users WHERE realm = ${t.record.realm} AND username = ${userLogin.toLowerCase()}`;
  return row?.locked_until ?? null;
}

describe('a new password ends browser sign-in in the realm (issue 29, finding 2)', () => {
  /** The user signed in through the realm's login page (tc-web, code flow): the browser with its cookie, the tokens. */
  async function browserSignIn(username: string, password: string) {
    const web = await webClient(t.service.app, t.record.realm);
    const browser = new FormBrowser(t.service.app);
    const redirect = `http://${t.host}:8080/signed-in`;
    const pending = await authorizationRequest(web, redirect);
    const back = await browser.submit(await browser.open(pending.url), { username, password });
    expect(back.statusCode, back.body).toBe(302);
    const tokens = await client.authorizationCodeGrant(web, new URL(String(back.headers.location)), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
    });
    /** Whether the browser still gets a code without the form (prompt=none), from its sign-in cookie. */
    const silentCode = async () => {
      const silent = await authorizationRequest(web, redirect, { prompt: 'none' });
      const answer = await browser.open(silent.url);
      return new URL(String(answer.headers.location)).searchParams.has('code');
    };
    /** Whether the sign-in's refresh token still refreshes (once: it rotates). */
    const refreshes = () =>
      client.refreshTokenGrant(web, String(tokens.refresh_token)).then(
        () => true,
        () => false,
      );
    /** Whether the sign-in's access token is still a bearer of the tenant's API. */
    const bearerWorks = async () => {
      const bearer = { headers: { authorization: `Bearer ${tokens.access_token}` } };
      return (await t.api.call('/user/list', {}, bearer)).apiStatus.errorCode !== 'NOT_LOGGED_IN';
    };
    return { silentCode, refreshes, bearerWorks };
  }

  it('after /user/updatepwd the refresh tokens stop and the sign-in cookie gets no code', async () => {
    const agent = await user(t, 'agent');
    const signedIn = await browserSignIn(agent.userLogin, agent.password);
    const elsewhere = await browserSignIn(agent.userLogin, agent.password);
    expect(await signedIn.silentCode()).toBe(true);
    expect(await signedIn.bearerWorks()).toBe(true);
    // A token's iat has whole seconds: the change comes in a later second than the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await agent.api.ok('/user/updatepwd', {
      userId: agent.userId,
      password: agent.password,
      newPassword: 'a passphrase of my own',
    });
    expect([await signedIn.refreshes(), await signedIn.silentCode()]).toEqual([false, false]);
    expect([await elsewhere.refreshes(), await elsewhere.silentCode()]).toEqual([false, false]);
    // Its access tokens, issued before the new password, are no bearers any more (not even for their 300 s).
    expect(await signedIn.bearerWorks()).toBe(false);
    // The new password signs in anew.
    expect(await (await browserSignIn(agent.userLogin, 'a passphrase of my own')).refreshes()).toBe(true);
  });

  it('after /user/resetpwd the refresh tokens stop and the sign-in cookie gets no code', async () => {
    const agent = await user(t, 'agent');
    const signedIn = await browserSignIn(agent.userLogin, agent.password);
    expect(await signedIn.silentCode()).toBe(true);
    await t.api.ok('/user/resetpwdRequest', { f_useremail: agent.userEmail });
    const resetToken = tokenFromMail(await inbox.waitFor(agent.userEmail, /Reset/));
    await t.api.ok('/user/resetpwd', { resetToken, newPassword: 'palm fronds in wind' });
    expect([await signedIn.refreshes(), await signedIn.silentCode()]).toEqual([false, false]);
  });
});

describe('users made before the realm held every user', () => {
  it('are saved to their realm, with their stored hash, by the realm user sync', async () => {
    const agent = await user(t, 'agent');
    // As a tenant provisioned before issue 12 has them: in the tenant, not in the realm.
    await t.service.platformDb`
      DELETE FROM idp_users WHERE realm = ${t.record.realm} AND username = ${agent.userLogin.toLowerCase()}`;
    expect(await passwordGrant(t, agent.userLogin, agent.password)).toMatchObject({ status: 401 });
    await runJobOnce(t.service, 'realm user sync');
    expect(decodeJwt(await tokenOf(agent.userLogin, agent.password))).toMatchObject({
      realm_access: { roles: ['agent'] },
    });
  });
});
