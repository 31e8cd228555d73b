// The service started with TC_IDP=keycloak against the Keycloak fake (test/support/keycloak-fake.ts): provisioning
// makes the tenant's realm in Keycloak through the real provisioner and undoes every step when Keycloak fails
// midway or is gone; the service serves no token endpoint of its own; a JWT of the tenant's realm is a bearer for
// that tenant's user, and only there; the users area keeps tenant users in Keycloak and commits no change it refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../../../../test/support/database.js';
import { type KeycloakFake, startKeycloakFake } from '../../../../test/support/keycloak-fake.js';
import {
  requestProvisioning,
  adminSession,
  provisionTenant,
  startTestService,
  TEST_ADMIN_PASSWORD,
  TEST_BASE_DOMAIN,
  uniqueTenantCode,
} from '../../../../test/support/service.js';
import type { Service } from '../../../service.js';
import { withConnection } from '../../database/connections.js';

let fake: KeycloakFake;
let service: Service;
let token: string;

const keycloakEnv = (keycloak: KeycloakFake, secret = keycloak.admin.secret) => ({
  TC_IDP: 'keycloak',
  TC_KEYCLOAK_URL: keycloak.url,
  TC_KEYCLOAK_CLIENT_ID: keycloak.admin.clientId,
  TC_KEYCLOAK_CLIENT_SECRET: secret,
});

/** A platform token from Keycloak's master realm, as an operator fetches it (the platform client). */
const platformTokenOf = (keycloak: KeycloakFake) =>
  keycloak.token('master', {
    grant_type: 'client_credentials',
    client_id: keycloak.platform.clientId,
    client_secret: keycloak.platform.secret,
  });

beforeAll(async () => {
  fake = await startKeycloakFake();
  service = await startTestService({ env: keycloakEnv(fake) });
  token = await platformTokenOf(fake);
});
afterAll(async () => {
  await service.close();
  await fake.close();
});

async function databaseExists(name: string): Promise<boolean> {
  const server = testServer();
  return withConnection(server, server.database, 5, async (sql) => {
    const [row] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    return Boolean(row);
  });
}

async function expectNothingKept(target: Service, keycloak: KeycloakFake, tenantCode: string): Promise<void> {
  expect(keycloak.realm(tenantCode)).toBeUndefined();
  expect(await databaseExists(`tc_t_${tenantCode.replace(/-/g, '_')}`)).toBe(false);
  expect(await target.platformDb`SELECT 1 FROM tenants WHERE tenant_code = ${tenantCode}`).toHaveLength(0);
  expect(target.registry.byCode(tenantCode)).toBeUndefined();
}

describe('provisioning with Keycloak', () => {
  it("makes the tenant's realm: both clients, five roles, the admin; the tc-api secret is the tenant's", async () => {
    const tenant = await provisionTenant(service, token);
    const realm = fake.realm(tenant.tenantCode);
    const clients = [...(realm?.clients.values() ?? [])];
    expect(clients.find((client) => client.clientId === 'tc-web')).toMatchObject({
      publicClient: true,
      redirectUris: [`http://${tenant.tenantCode}.localhost:8080/*`],
      attributes: { 'pkce.code.challenge.method': 'S256' },
    });
    const api = clients.find((client) => client.clientId === 'tc-api');
    expect(api).toMatchObject({ publicClient: false, serviceAccountsEnabled: true });
    expect([...(realm?.roles.keys() ?? [])]).toEqual(
      expect.arrayContaining(['guest', 'customer', 'agent', 'employee', 'admin']),
    );
    const admin = [...(realm?.users.values() ?? [])].find((user) => user.username === tenant.adminUser.username);
    expect(admin).toMatchObject({
      requiredActions: ['UPDATE_PASSWORD'],
      password: { value: tenant.adminUser.temporaryPassword, temporary: true },
    });
    expect(admin?.roles.has('admin')).toBe(true);
    const [row] = await service.platformDb<{ secret: string }[]>`
      SELECT kc_admin_client_secret AS secret FROM tenants WHERE tenant_code = ${tenant.tenantCode}`;
    expect(service.secretBox.open(String(row?.secret))).toBe(api?.secret);
  });

  it("gives the browser app Keycloak's issuer and logout; the service serves no token endpoint itself", async () => {
    const tenant = await provisionTenant(service, token);
    const config = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(config.json().apiData).toMatchObject({
      issuer: `${fake.url}/realms/${tenant.tenantCode}`,
      realm: tenant.tenantCode,
      logoutUrl: `${fake.url}/realms/${tenant.tenantCode}/protocol/openid-connect/logout`,
    });
    const ours = await service.app.inject({
      method: 'POST',
      url: '/realms/master/protocol/openid-connect/token',
      headers: { host: TEST_BASE_DOMAIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials&client_id=tc-platform&client_secret=test-platform-secret',
    });
    expect(ours.statusCode).toBe(404);
  });

  it('undoes every step when Keycloak fails midway: no realm, database or row', async () => {
    const tenantCode = uniqueTenantCode();
    fake.failNext('POST', new RegExp(`^/admin/realms/${tenantCode}/roles$`));
    const body = (await requestProvisioning(service, token, tenantCode)).json();
    expect(body.apiStatus.errorCode).toBe('GENERAL');
    await expectNothingKept(service, fake, tenantCode);
    expect(body.apiStatus.errorMessage).toContain('identity realm clients, roles and admin');

    const refusedRealm = uniqueTenantCode();
    fake.failNext('POST', /^\/admin\/realms$/, { status: 503 });
    const failed = (await requestProvisioning(service, token, refusedRealm)).json();
    expect(failed.apiStatus.errorMessage).toContain('identity realm');
    await expectNothingKept(service, fake, refusedRealm);
  });

  it('deletes a realm Keycloak made though its answer was lost (a 504 after the work)', async () => {
    const tenantCode = uniqueTenantCode();
    fake.failNext('POST', /^\/admin\/realms$/, { status: 504, afterHandling: true });
    const body = (await requestProvisioning(service, token, tenantCode)).json();
    expect(body.apiStatus.errorCode).toBe('GENERAL');
    await expectNothingKept(service, fake, tenantCode);
  });

  it('answers DUPLICATE for a realm Keycloak holds already, and leaves that realm alone', async () => {
    const tenantCode = uniqueTenantCode();
    await service.idp.createRealm(tenantCode, 'Someone else');
    const body = (await requestProvisioning(service, token, tenantCode)).json();
    expect(body.apiStatus.errorCode).toBe('DUPLICATE');
    expect(fake.realm(tenantCode)?.settings.displayName).toBe('Someone else');
    expect(await databaseExists(`tc_t_${tenantCode.replace(/-/g, '_')}`)).toBe(false);
  });

  it('fails with nothing kept when Keycloak is gone', async () => {
    const gone = await startKeycloakFake();
    const other = await startTestService({ env: keycloakEnv(gone) });
    try {
      const bearer = await platformTokenOf(gone);
      // The master realm's keys are fetched while Keycloak is there; jose keeps them for later bearers.
      const list = await other.app.inject({
        method: 'GET',
        url: '/platform/tenant/list',
        headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${bearer}` },
      });
      expect(list.statusCode).toBe(200);
      await gone.close();
      const tenantCode = uniqueTenantCode();
      const body = (await requestProvisioning(other, bearer, tenantCode)).json();
      expect(body.apiStatus.errorCode).toBe('GENERAL');
      expect(body.apiStatus.errorMessage).toContain('identity realm');
      await expectNothingKept(other, gone, tenantCode);
    } finally {
      await other.close();
    }
  });

  it('does not start when Keycloak refuses the admin client, and says so without the secret', async () => {
    const start = startTestService({ env: keycloakEnv(fake, 'not-the-admin-secret') });
    const error = await start.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain(`refused the admin client ${fake.admin.clientId}`);
    expect(message).not.toContain('not-the-admin-secret');
  });
});

describe("a JWT of the tenant's Keycloak realm", () => {
  it("is a bearer for that tenant's user, and for no other tenant", async () => {
    const tenant = await provisionTenant(service, token);
    await adminSession(service, tenant);
    // The admin's password change reached Keycloak through the users area: its password grant takes it.
    const jwt = await fake.token(tenant.tenantCode, {
      grant_type: 'password',
      client_id: 'tc-web',
      username: tenant.adminUser.username,
      password: TEST_ADMIN_PASSWORD,
    });
    const asBearer = (host: string) =>
      service.app.inject({
        method: 'POST',
        url: '/user/list',
        headers: { host, authorization: `Bearer ${jwt}` },
        payload: {},
      });
    expect((await asBearer(tenant.host)).json().apiStatus.errorCode).toBe('OK');
    const other = await provisionTenant(service, token);
    expect((await asBearer(other.host)).json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });

  it("serves a user who changed the temporary password on Keycloak's own page", async () => {
    const tenant = await provisionTenant(service, token);
    const admin = await adminSession(service, tenant);
    const login = `manager${Date.now() % 100_000}`;
    const created = await service.app.inject({
      method: 'POST',
      url: '/user/create',
      headers: { host: tenant.host },
      payload: {
        session: admin,
        userLogin: login,
        userEmail: `${login}@agency.example`,
        userName: 'Omar',
        roles: ['admin'],
      },
    });
    expect(created.json().apiStatus.errorCode).toBe('OK');
    const temporaryPassword: string = created.json().apiData.temporaryPassword;
    const authenticate = async (password: string) => {
      const answer = await service.app.inject({
        method: 'POST',
        url: '/user/authenticate',
        headers: { host: tenant.host },
        payload: { username: login, password },
      });
      const { apiStatus, apiData } = answer.json();
      return { code: apiStatus.errorCode, requiredActions: apiData?.requiredActions };
    };
    // Not changed yet: the temporary password logs in, to a session that must change it.
    expect(await authenticate(temporaryPassword)).toEqual({ code: 'OK', requiredActions: ['UPDATE_PASSWORD'] });
    // A realm that cannot answer leaves the decision to the stored password.
    fake.failNext('POST', new RegExp(`/realms/${tenant.tenantCode}/protocol/openid-connect/token$`), { status: 503 });
    expect(await authenticate(temporaryPassword)).toEqual({ code: 'OK', requiredActions: ['UPDATE_PASSWORD'] });
    // What Keycloak's login page does at the first sign-in: the required action done, a password of the user's.
    const realmUser = [...(fake.realm(tenant.tenantCode)?.users.values() ?? [])].find(
      (user) => user.username === login,
    );
    if (!realmUser) throw new Error('the user is not in the realm');
    realmUser.requiredActions = [];
    realmUser.password = { value: 'chosen on keycloak', temporary: false };
    const jwt = await fake.token(tenant.tenantCode, {
      grant_type: 'password',
      client_id: 'tc-web',
      username: login,
      password: 'chosen on keycloak',
    });
    const answer = await service.app.inject({
      method: 'POST',
      url: '/user/list',
      headers: { host: tenant.host, authorization: `Bearer ${jwt}` },
      payload: {},
    });
    // Before, the row's UPDATE_PASSWORD refused every call: PASSWORD_CHANGE_REQUIRED.
    expect(answer.json().apiStatus.errorCode).toBe('OK');
    // /user/authenticate asks the realm: the temporary password is refused there and here, the chosen one works
    // and becomes the row's, and the realm keeps no session of those checks.
    expect((await authenticate(temporaryPassword)).code).toBe('NOTFOUND');
    expect(await authenticate('chosen on keycloak')).toEqual({ code: 'OK', requiredActions: [] });
    expect((await authenticate(temporaryPassword)).code).toBe('NOTFOUND');
    expect(await authenticate('chosen on keycloak')).toEqual({ code: 'OK', requiredActions: [] });
    expect(fake.openSessions(tenant.tenantCode)).toBe(1); // the one the test's own token grant opened
  });
});

describe('tenant users kept in Keycloak by the users area', () => {
  /** A call of the tenant's API (the session, when there is one, in the body). */
  async function call(tenant: { host: string }, url: string, payload: object) {
    const answer = await service.app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload });
    return answer.json<{ apiStatus: { errorCode: string }; apiData: Record<string, unknown> | null }>();
  }

  it('creates, activates, re-roles and refuses changes Keycloak did not take', async () => {
    const tenant = await provisionTenant(service, token);
    const admin = await adminSession(service, tenant);
    const login = `agent${Date.now() % 100_000}`;
    const created = await call(tenant, '/user/create', {
      session: admin,
      userLogin: login,
      userEmail: `${login}@agency.example`,
      userName: 'Sara Haddad',
      roles: ['agent'],
    });
    expect(created.apiStatus.errorCode).toBe('OK');
    const realm = () => fake.realm(tenant.tenantCode);
    const realmUser = () => [...(realm()?.users.values() ?? [])].find((user) => user.username === login);
    expect(realmUser()).toMatchObject({
      firstName: 'Sara',
      lastName: 'Haddad',
      enabled: true,
      requiredActions: ['UPDATE_PASSWORD'],
      password: { value: created.apiData?.temporaryPassword, temporary: true },
    });

    // The first login changes the temporary password: Keycloak's password grant then takes the new one.
    const first = await call(tenant, '/user/authenticate', {
      username: login,
      password: created.apiData?.temporaryPassword,
    });
    const userId = first.apiData?.userId;
    const changed = await call(tenant, '/user/updatepwd', {
      session: first.apiData?.session,
      userId,
      password: created.apiData?.temporaryPassword,
      newPassword: 'an agent password now',
    });
    expect(changed.apiStatus.errorCode).toBe('OK');
    const grant = { grant_type: 'password', client_id: 'tc-web', username: login, password: 'an agent password now' };
    await fake.token(tenant.tenantCode, grant);

    const reRoled = await call(tenant, '/user/setRoles', { session: admin, userId, roles: ['employee'] });
    expect(reRoled.apiStatus.errorCode).toBe('OK');
    expect([...(realmUser()?.roles ?? [])].sort()).toEqual([`default-roles-${tenant.tenantCode}`, 'employee']);

    // Keycloak fails the user's update: the service keeps the roles it had.
    fake.failNext('PUT', /\/users\/[^/]+$/, { status: 500 });
    const refused = await call(tenant, '/user/setRoles', { session: admin, userId, roles: ['admin'] });
    expect(refused.apiStatus.errorCode).toBe('GENERAL');
    const listed = await call(tenant, '/user/list', { session: admin, query: login });
    expect(listed.apiData).toEqual([expect.objectContaining({ userId, roles: ['employee'] })]);
    expect([...(realmUser()?.roles ?? [])]).not.toContain('admin');
  });

  it("a new password ends the user's Keycloak sessions, or is refused and not kept (issue 29, finding 2)", async () => {
    const tenant = await provisionTenant(service, token);
    const admin = await adminSession(service, tenant);
    const login = `traveller${Date.now() % 100_000}`;
    const created = await call(tenant, '/user/create', {
      session: admin,
      userLogin: login,
      userEmail: `${login}@agency.example`,
      userName: 'Huda Saleh',
      roles: ['agent'],
    });
    const first = await call(tenant, '/user/authenticate', {
      username: login,
      password: created.apiData?.temporaryPassword,
    });
    const session = first.apiData?.session;
    const userId = first.apiData?.userId;
    const updatepwd = (password: string, newPassword: string) =>
      call(tenant, '/user/updatepwd', { session, userId, password, newPassword });
    expect(
      (await updatepwd(String(created.apiData?.temporaryPassword), 'first own password')).apiStatus.errorCode,
    ).toBe('OK');
    // Signed in with Keycloak (the browser app's sign-in): a session whose refresh token refreshes.
    const signedIn = await keycloakGrant(tenant.tenantCode, {
      grant_type: 'password',
      client_id: 'tc-web',
      username: login,
      password: 'first own password',
    });
    const refresh = () =>
      keycloakGrant(tenant.tenantCode, {
        grant_type: 'refresh_token',
        client_id: 'tc-web',
        refresh_token: String(signedIn.body.refresh_token),
      });
    expect((await refresh()).status).toBe(200);
    const keycloakUserId = [...(fake.realm(tenant.tenantCode)?.users.values() ?? [])].find(
      (user) => user.username === login,
    )?.id;
    const userLogout = `POST /admin/realms/${tenant.tenantCode}/users/${keycloakUserId}/logout`;

    // Keycloak fails the user logout: the change is refused, the old password stays the service's.
    fake.failNext('POST', /\/users\/[^/]+\/logout$/, { status: 500 });
    expect((await updatepwd('first own password', 'second own password')).apiStatus.errorCode).toBe('GENERAL');
    expect((await refresh()).status).toBe(200);
    const login1 = await call(tenant, '/user/authenticate', { username: login, password: 'first own password' });
    expect(login1.apiStatus.errorCode).toBe('OK');

    // Taken: Keycloak was asked to end every session of the user, and the refresh token stops working.
    expect((await updatepwd('first own password', 'second own password')).apiStatus.errorCode).toBe('OK');
    expect(fake.requests).toContain(userLogout);
    expect(fake.openSessions(tenant.tenantCode, login)).toBe(0);
    expect(await refresh()).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

/** A token request to the Keycloak fake over HTTP, as the browser app makes it: its status and body. */
async function keycloakGrant(realm: string, form: Record<string, string>) {
  const answer = await fetch(`${fake.url}/realms/${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: answer.status, body: (await answer.json()) as { refresh_token?: string; error?: string } };
}
