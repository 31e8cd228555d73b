// The Keycloak adapter against a loopback fake of Keycloak (test/support/keycloak-fake.ts): every port method
// with Keycloak's shapes, the admin token's cache, renewal and retry on a 401, and how conflicts, refusals, 5xx
// answers and an absent Keycloak become errors that carry no secret.
import { createServer, type Server, type Socket } from 'node:net';
import { errors as joseErrors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import { type KeycloakFake, startKeycloakFake } from '../../../../test/support/keycloak-fake.js';
import { IdpConflictError, type RealmUser } from '../port.js';
import { createKeycloakIdentityProvider, KeycloakError, type KeycloakSettings } from './keycloak-idp.js';

let fake: KeycloakFake;
let counter = 0;

beforeAll(async () => {
  fake = await startKeycloakFake();
});
afterAll(() => fake.close());

function settings(overrides: Partial<KeycloakSettings> = {}): KeycloakSettings {
  return {
    url: fake.url,
    adminClientId: fake.admin.clientId,
    adminClientSecret: fake.admin.secret,
    timeoutMs: 10_000, // a net for loopback calls on a loaded machine; the timeout test sets its own
    tokenLifespanSeconds: 300,
    lockout: { threshold: 5, minutes: 15 },
    passwordClientId: 'tc-web',
    ...overrides,
  };
}

const idp = (overrides: Partial<KeycloakSettings> = {}, clock?: () => Date) =>
  createKeycloakIdentityProvider(settings(overrides), { clock });

const newRealmName = () => `kc-${process.pid}-${++counter}`;

/** A realm made through the adapter, with the roles of the service. */
async function realmWithRoles(provider = idp()): Promise<string> {
  const realm = newRealmName();
  await provider.createRealm(realm, `Agency ${realm}`);
  for (const role of ['guest', 'customer', 'agent', 'employee', 'admin']) await provider.createRole(realm, role, role);
  await provider.createClient(realm, { clientId: 'tc-web', confidential: false, directAccessGrants: true });
  return realm;
}

const tokenRequests = () => fake.requests.filter((line) => line.startsWith('POST /realms/master/protocol')).length;

function passwordGrant(realm: string, username: string, password: string) {
  return rejectionOrToken(fake.token(realm, { grant_type: 'password', client_id: 'tc-web', username, password }));
}

/** The fake's refusal text ("…Account disabled…"), or "ok" for a token. */
async function rejectionOrToken(token: Promise<string>): Promise<string> {
  try {
    await token;
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function realmUser(overrides: Partial<RealmUser> = {}): RealmUser {
  return {
    username: `user${++counter}`,
    email: `user${counter}@agency.example`,
    name: 'Layla Al Farsi',
    enabled: true,
    realmRoles: ['agent'],
    requiredActions: [],
    lockedUntil: null,
    ...overrides,
  };
}

/** A password the user chose now (a change or a reset): its sessions end with it. */
const finalPassword = (plain: string) =>
  ({ plain, hash: 'not used by keycloak', temporary: false, sessions: 'end' }) as const;

describe('provisioning through the port', () => {
  it('creates the realm with the lockout and token lifespan, both clients, roles and the admin', async () => {
    const provider = idp({ lockout: { threshold: 7, minutes: 20 } });
    const realm = newRealmName();
    await provider.createRealm(realm, 'Sunrise Tours');
    expect(fake.realm(realm)?.settings).toMatchObject({
      realm,
      displayName: 'Sunrise Tours',
      enabled: true,
      accessTokenLifespan: 300,
      bruteForceProtected: true,
      permanentLockout: false,
      failureFactor: 7,
      waitIncrementSeconds: 1200,
      maxFailureWaitSeconds: 1200,
    });
    const web = await provider.createClient(realm, {
      clientId: 'tc-web',
      confidential: false,
      directAccessGrants: true,
      redirectUris: [`http://${realm}.localhost:8080/*`],
    });
    expect(web).toEqual({ clientId: 'tc-web', secret: undefined });
    const api = await provider.createClient(realm, { clientId: 'tc-api', confidential: true });
    const clients = [...(fake.realm(realm)?.clients.values() ?? [])];
    expect(clients.find((client) => client.clientId === 'tc-web')).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      directAccessGrantsEnabled: true,
      redirectUris: [`http://${realm}.localhost:8080/*`],
      attributes: { 'pkce.code.challenge.method': 'S256', 'post.logout.redirect.uris': '+' },
    });
    const apiClient = clients.find((client) => client.clientId === 'tc-api');
    expect(apiClient).toMatchObject({ publicClient: false, serviceAccountsEnabled: true, standardFlowEnabled: false });
    // The secret read back is the one Keycloak takes.
    expect(api.secret).toBe(apiClient?.secret);
    const serviceToken = fake.token(realm, {
      grant_type: 'client_credentials',
      client_id: 'tc-api',
      client_secret: String(api.secret),
    });
    expect(await rejectionOrToken(serviceToken)).toBe('ok');

    for (const role of ['guest', 'customer', 'agent', 'employee', 'admin']) {
      await provider.createRole(realm, role, `${role} of Sunrise`);
    }
    const { userId } = await provider.createUser(realm, {
      username: 'Admin',
      email: 'Owner@Sunrise.example',
      temporaryPassword: 'Temp-123-password',
      requiredActions: ['UPDATE_PASSWORD'],
      realmRoles: ['admin'],
    });
    const admin = fake.realm(realm)?.users.get(userId);
    expect(admin).toMatchObject({
      username: 'admin',
      email: 'owner@sunrise.example',
      requiredActions: ['UPDATE_PASSWORD'],
      password: { value: 'Temp-123-password', temporary: true },
    });
    expect([...(admin?.roles ?? [])]).toContain('admin');
    // Keycloak asks for the new password first: no token by the password grant until then.
    expect(await passwordGrant(realm, 'admin', 'Temp-123-password')).toContain('Account is not fully set up');
  });

  it('tells whether a realm exists, deletes it, and takes a missing one as deleted', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    expect(await provider.realmExists(realm)).toBe(true);
    await provider.deleteRealm(realm);
    expect(fake.realm(realm)).toBeUndefined();
    expect(await provider.realmExists(realm)).toBe(false);
    await provider.deleteRealm(realm);
  });

  it('answers IdpConflictError for a realm, client, role or user that exists', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    await provider.createUser(realm, {
      username: 'admin',
      email: 'a@x.example',
      temporaryPassword: 'Temp-123-password',
      requiredActions: [],
      realmRoles: ['admin'],
    });
    const again = [
      provider.createRealm(realm, 'again'),
      provider.createClient(realm, { clientId: 'tc-web', confidential: false }),
      provider.createRole(realm, 'admin', 'again'),
      provider.createUser(realm, {
        username: 'admin',
        email: 'b@x.example',
        temporaryPassword: 'x-password-long',
        requiredActions: [],
        realmRoles: [],
      }),
    ];
    const refusals = await Promise.all(again.map((attempt) => rejectionOf(attempt, IdpConflictError)));
    for (const refusal of refusals) expect(refusal.message).toMatch(/409/);
  });

  it("names each realm's issuer and logout address, and verifies its tokens by its JWKS only", async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const other = await realmWithRoles(provider);
    expect(provider.issuer(realm)).toBe(`${fake.url}/realms/${realm}`);
    expect(provider.logoutUrl(realm)).toBe(`${fake.url}/realms/${realm}/protocol/openid-connect/logout`);
    await provider.saveUser(realm, realmUser({ username: 'nadia' }), finalPassword('nadia password 1'));
    const token = await fake.token(realm, {
      grant_type: 'password',
      client_id: 'tc-web',
      username: 'nadia',
      password: 'nadia password 1',
    });
    const { payload } = await jwtVerify(token, provider.verificationKeys(realm), {
      issuer: provider.issuer(realm),
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ preferred_username: 'nadia', azp: 'tc-web', typ: 'Bearer' });
    // The same resolver serves every call (jose caches the realm's keys in it).
    expect(provider.verificationKeys(realm)).toBe(provider.verificationKeys(realm));
    await expect(
      jwtVerify(token, provider.verificationKeys(other), { issuer: provider.issuer(realm), algorithms: ['RS256'] }),
    ).rejects.toBeInstanceOf(joseErrors.JOSEError);
  });
});

describe('saveUser', () => {
  it('creates the user with its password, names and roles; the password grant then works', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser({ username: 'Omar.K', name: 'Omar  Khalid Al Amiri', realmRoles: ['agent', 'employee'] });
    const { userId } = await provider.saveUser(realm, user, finalPassword('omar password 1'));
    const saved = fake.realm(realm)?.users.get(userId);
    expect(saved).toMatchObject({
      username: 'omar.k',
      email: user.email,
      firstName: 'Omar',
      lastName: 'Khalid Al Amiri',
      enabled: true,
      requiredActions: [],
    });
    expect([...(saved?.roles ?? [])].sort()).toEqual(['agent', `default-roles-${realm}`, 'employee']);
    expect(await passwordGrant(realm, 'omar.k', 'omar password 1')).toBe('ok');
  });

  it('is idempotent: saved twice, one user in the same state', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser();
    const first = await provider.saveUser(realm, user, finalPassword('first password 1'));
    const state = structuredClone(fake.realm(realm)?.users.get(first.userId));
    const second = await provider.saveUser(realm, user, finalPassword('first password 1'));
    expect(second.userId).toBe(first.userId);
    expect(fake.realm(realm)?.users.get(first.userId)).toEqual(state);
    const named = [...(fake.realm(realm)?.users.values() ?? [])].filter((u) => u.username === user.username);
    expect(named).toHaveLength(1);
  });

  it("makes the role mappings follow the user's roles, leaving Keycloak's own roles alone", async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser({ realmRoles: ['agent'] });
    const { userId } = await provider.saveUser(realm, user);
    const roles = () => [...(fake.realm(realm)?.users.get(userId)?.roles ?? [])].sort();
    await provider.saveUser(realm, { ...user, realmRoles: ['employee', 'admin'] });
    expect(roles()).toEqual(['admin', `default-roles-${realm}`, 'employee']);
    await provider.saveUser(realm, { ...user, realmRoles: ['customer'] });
    expect(roles()).toEqual(['customer', `default-roles-${realm}`]);
  });

  it('keeps the password when none is given; a temporary one asks for a new password first', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser();
    await provider.saveUser(realm, user, finalPassword('kept password 1'));
    await provider.saveUser(realm, { ...user, name: 'Another Name' });
    // Only the hash known (users saved before the realm held them): Keycloak cannot take it, the password stays.
    await provider.saveUser(realm, user, { plain: '', hash: '$argon2id$…', temporary: false, sessions: 'keep' });
    expect(await passwordGrant(realm, user.username, 'kept password 1')).toBe('ok');
    const temporary = { plain: 'temporary password 1', hash: '', temporary: true, sessions: 'keep' } as const;
    await provider.saveUser(realm, { ...user, requiredActions: ['UPDATE_PASSWORD'] }, temporary);
    expect(await passwordGrant(realm, user.username, 'temporary password 1')).toContain('Account is not fully set up');
    await provider.saveUser(realm, user, finalPassword('changed password 1'));
    expect(await passwordGrant(realm, user.username, 'changed password 1')).toBe('ok');
  });

  it("ends the user's sessions with a new password (Keycloak's user logout), not with one the realm holds", async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser();
    const grant = (password: string) =>
      fake.token(realm, { grant_type: 'password', client_id: 'tc-web', username: user.username, password });
    const first = { plain: 'first password 1', hash: '', temporary: false, sessions: 'keep' } as const;
    const { userId } = await provider.saveUser(realm, user, first);
    await grant('first password 1');
    await grant('first password 1');
    // The sync's save (the hash only) and a save without a password leave the sessions alone.
    await provider.saveUser(realm, user, { plain: '', hash: '$argon2id$…', temporary: false, sessions: 'keep' });
    await provider.saveUser(realm, { ...user, name: 'Another Name' });
    expect(fake.openSessions(realm, user.username)).toBe(2);

    await provider.saveUser(realm, user, finalPassword('second password 1'));
    expect(fake.requests).toContain(`POST /admin/realms/${realm}/users/${userId}/logout`);
    expect(fake.openSessions(realm, user.username)).toBe(0);

    // A logout Keycloak fails fails the save, so the caller commits nothing and says so.
    await grant('second password 1');
    fake.failNext('POST', /\/users\/[^/]+\/logout$/, { status: 500 });
    await rejectionOf(provider.saveUser(realm, user, finalPassword('third password 1')), KeycloakError);
    expect(fake.openSessions(realm, user.username)).toBe(1);
  });

  it('disables an inactive user, and a locked one until its lock ends', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const provider = idp({}, () => now);
    const realm = await realmWithRoles(provider);
    const user = realmUser();
    const password = finalPassword('locked password 1');
    await provider.saveUser(realm, { ...user, enabled: false }, password);
    expect(await passwordGrant(realm, user.username, 'locked password 1')).toContain('Account disabled');
    const lockedUntil = new Date('2026-11-25T10:15:00Z');
    await provider.saveUser(realm, { ...user, lockedUntil });
    expect(await passwordGrant(realm, user.username, 'locked password 1')).toContain('Account disabled');
    now = new Date('2026-11-25T10:16:00Z');
    await provider.saveUser(realm, { ...user, lockedUntil });
    expect(await passwordGrant(realm, user.username, 'locked password 1')).toBe('ok');
  });

  it('answers IdpConflictError when another user holds the e-mail address, KeycloakError for a missing realm', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const first = realmUser();
    await provider.saveUser(realm, first);
    await rejectionOf(provider.saveUser(realm, realmUser({ email: first.email })), IdpConflictError);
    const missing = await rejectionOf(provider.saveUser('no-such-realm', realmUser()), KeycloakError);
    expect(missing.httpStatus).toBe(404);
  });
});

describe('checkPassword', () => {
  it("answers the realm's verdict and leaves no session open", async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const user = realmUser();
    await provider.saveUser(
      realm,
      { ...user, requiredActions: ['UPDATE_PASSWORD'] },
      {
        plain: 'temporary password 1',
        hash: '',
        temporary: true,
        sessions: 'keep',
      },
    );
    const check = (password: string) => provider.checkPassword?.(realm, user.username, password);
    expect(await check('temporary password 1')).toBe('action-required');
    expect(await check('wrong password 1')).toBe('invalid');
    await provider.saveUser(realm, user, finalPassword('final password 1'));
    expect(await check('final password 1')).toBe('valid');
    expect(await check('temporary password 1')).toBe('invalid');
    expect(fake.openSessions(realm)).toBe(0);
    await provider.saveUser(realm, { ...user, enabled: false });
    expect(await check('final password 1')).toBe('invalid');
  });

  it('throws a KeycloakError when the realm cannot answer, never a verdict', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    fake.failNext('POST', /protocol\/openid-connect\/token$/, { status: 503 });
    await rejectionOf(provider.checkPassword?.(realm, 'anyone', 'any password') ?? Promise.resolve(), KeycloakError);
  });
});

describe('the admin token', () => {
  it('is fetched once and reused while it lasts', async () => {
    const provider = idp();
    const before = tokenRequests();
    await realmWithRoles(provider);
    await provider.realmExists('master-of-none');
    expect(tokenRequests() - before).toBe(1);
  });

  it('is fetched again and the call retried once when Keycloak answers 401', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    const before = tokenRequests();
    fake.revokeTokens();
    expect(await provider.realmExists(realm)).toBe(true);
    expect(tokenRequests() - before).toBe(1);
  });

  it('is renewed shortly before it expires (60 s tokens, as a fresh Keycloak master realm issues)', async () => {
    const short = await startKeycloakFake({ masterTokenLifespanSeconds: 60 });
    try {
      let now = new Date();
      const provider = createKeycloakIdentityProvider(
        settings({ url: short.url, adminClientId: short.admin.clientId, adminClientSecret: short.admin.secret }),
        { clock: () => now },
      );
      const count = () => short.requests.filter((line) => line.startsWith('POST /realms/master/protocol')).length;
      await provider.realmExists('a');
      now = new Date(now.getTime() + 40_000);
      await provider.realmExists('a');
      expect(count()).toBe(1);
      now = new Date(now.getTime() + 10_000);
      await provider.realmExists('a');
      expect(count()).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('is fetched again on a 403, for a Keycloak that reads the rights to a new realm from the token', async () => {
    const strict = await startKeycloakFake({ rightsInToken: true });
    try {
      const provider = idp({
        url: strict.url,
        adminClientId: strict.admin.clientId,
        adminClientSecret: strict.admin.secret,
      });
      const count = () => strict.requests.filter((line) => line.startsWith('POST /realms/master/protocol')).length;
      await provider.createRealm('fresh', 'Fresh');
      await provider.createRole('fresh', 'admin', 'admin');
      expect(strict.realm('fresh')?.roles.has('admin')).toBe(true);
      expect(count()).toBe(2);
    } finally {
      await strict.close();
    }
  });

  it('only creates realms and administers its own: another operation on the master realm is refused', async () => {
    const provider = idp();
    // Keycloak answers 403 for a realm the client may not administer: it exists.
    expect(await provider.realmExists('master')).toBe(true);
    const refused = await rejectionOf(provider.createRole('master', 'intruder', 'no'), KeycloakError);
    expect(refused).toMatchObject({ failure: 'refused', httpStatus: 403 });
  });

  it('refused credentials fail the start-up check, naming the client and not the secret', async () => {
    const provider = idp({ adminClientSecret: 'wrong-secret-value' });
    const error = await rejectionOf(
      provider.ensureMasterRealm({ clientId: 'tc-platform', secret: 'x' }),
      KeycloakError,
    );
    expect(error.failure).toBe('refused');
    expect(error.message).toContain(fake.admin.clientId);
    expect(error.message).toContain('unauthorized_client');
    expect(error.message).not.toContain('wrong-secret-value');
    await idp().ensureMasterRealm({ clientId: 'tc-platform', secret: 'x' });
  });
});

describe('failures', () => {
  it('a 5xx answer is a KeycloakError with the status and no secret or password', async () => {
    const provider = idp();
    const realm = await realmWithRoles(provider);
    fake.failNext('PUT', /\/reset-password$/, { status: 503 });
    const error = await rejectionOf(
      provider.saveUser(realm, realmUser(), finalPassword('secret password 9')),
      KeycloakError,
    );
    expect(error).toMatchObject({ failure: 'bad-answer', httpStatus: 503 });
    expect(error.message).toContain('reset-password');
    expect(error.message).not.toContain('secret password 9');
    expect(error.message).not.toContain(fake.admin.secret);
  });

  it('a Keycloak that is not there is unreachable; one that never answers times out', async () => {
    const gone = await startKeycloakFake();
    const url = gone.url;
    await gone.close();
    const unreachable = await rejectionOf(idp({ url }).realmExists('x'), KeycloakError);
    expect(unreachable.failure).toBe('unreachable');
    expect(unreachable.message).toContain('ECONNREFUSED');

    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const address = silent.address();
      if (typeof address !== 'object' || address === null) throw new Error('not listening');
      const stalled = idp({ url: `http://127.0.0.1:${address.port}`, timeoutMs: 300 });
      const timeout = await rejectionOf(stalled.createRealm('x', 'x'), KeycloakError);
      expect(timeout.failure).toBe('timeout');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('settings', () => {
  const keycloak = {
    TC_IDP: 'keycloak',
    TC_KEYCLOAK_URL: 'https://id.example.com/',
    TC_KEYCLOAK_CLIENT_ID: 'tc-provisioner',
    TC_KEYCLOAK_CLIENT_SECRET: 'admin-secret',
  };

  it('reads the Keycloak connection with TC_IDP=keycloak only', () => {
    expect(loadConfig(keycloak).idp.keycloak).toEqual({
      url: 'https://id.example.com',
      adminClientId: 'tc-provisioner',
      adminClientSecret: 'admin-secret',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...keycloak, TC_IDP: 'builtin' }).idp.keycloak).toBeUndefined();
  });

  it.each([
    [{ TC_KEYCLOAK_URL: '' }, 'TC_KEYCLOAK_URL'],
    [{ TC_KEYCLOAK_URL: 'id.example.com' }, 'TC_KEYCLOAK_URL'],
    [{ TC_KEYCLOAK_CLIENT_ID: '' }, 'TC_KEYCLOAK_CLIENT_ID'],
    [{ TC_KEYCLOAK_CLIENT_SECRET: ' ' }, 'TC_KEYCLOAK_CLIENT_SECRET'],
    [{ TC_KEYCLOAK_TIMEOUT_MS: '5' }, 'TC_KEYCLOAK_TIMEOUT_MS'],
  ])('refuses %o naming %s', (override, name) => {
    expect(() => loadConfig({ ...keycloak, ...override })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keycloak, ...override })).toThrow(name);
  });
});
