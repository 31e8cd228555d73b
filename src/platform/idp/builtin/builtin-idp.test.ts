import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../../test/support/database.js';
import { createSecretBox } from '../../crypto.js';
import { loadMigrations, migrate } from '../../database/migrate.js';
import type { TenantRecord } from '../../tenancy/tenant.js';
import { passwordWork } from '../../passwords.js';
import { IdpConflictError } from '../port.js';
import { type BuiltinIdentityProvider, createBuiltinIdentityProvider } from './builtin-idp.js';
import { registerBuiltinIdpRoutes } from './routes.js';

const PUBLIC_URL = 'http://localhost:8080';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const someTenant: TenantRecord = {
  tenantId: '00000000-0000-4000-8000-000000000001',
  tenantCode: 'acme',
  tenantName: 'Acme',
  dbName: 'tc_t_acme',
  realm: 'acme',
  status: 'ACTIVE',
  dbUser: 'acme',
  dbPassSealed: 'encrypted:x',
  timezone: 'Asia/Dubai',
  currency: 'AED',
  market: 'UAE',
  adminEmail: 'owner@acme.test',
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('builtin identity provider', () => {
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let idp: BuiltinIdentityProvider;
  let app: FastifyInstance;
  const secretBox = createSecretBox(randomBytes(32));
  const newProvider = (tokenLifespanSeconds = 300) =>
    createBuiltinIdentityProvider({ sql: db.sql, secretBox, publicUrl: PUBLIC_URL, tokenLifespanSeconds });

  beforeAll(async () => {
    db = await scratchDatabase();
    await migrate(db.sql, await loadMigrations('platform'));
    idp = newProvider();
    app = Fastify();
    app.decorateRequest('tenant', undefined);
    // Stands in for the kernel's Host → tenant resolution.
    app.addHook('onRequest', async (request) => {
      if (request.headers['x-test-tenant']) request.tenant = someTenant;
    });
    await registerBuiltinIdpRoutes(app, idp);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const token = (realm: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/realms/${realm}/protocol/openid-connect/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  async function realmWithClients(realm: string) {
    await idp.createRealm(realm, `Realm ${realm}`);
    await idp.createClient(realm, { clientId: 'tc-web', confidential: false, directAccessGrants: true });
    const api = await idp.createClient(realm, { clientId: 'tc-api', confidential: true });
    await idp.createRole(realm, 'admin', 'Administrator');
    await idp.createRole(realm, 'agent', 'Agent');
    return { apiSecret: api.secret ?? '' };
  }

  async function rowsOf(realm: string) {
    const [row] = await db.sql<{ total: number }[]>`
      SELECT (SELECT count(*) FROM idp_realms WHERE name = ${realm})
           + (SELECT count(*) FROM idp_signing_keys WHERE realm = ${realm})
           + (SELECT count(*) FROM idp_clients WHERE realm = ${realm})
           + (SELECT count(*) FROM idp_realm_roles WHERE realm = ${realm})
           + (SELECT count(*) FROM idp_users WHERE realm = ${realm})
           + (SELECT count(*) FROM idp_user_roles WHERE realm = ${realm}) AS total`;
    return Number(row?.total);
  }

  describe('directory', () => {
    it('creates realms, clients, roles and users, refusing duplicates as conflicts', async () => {
      await idp.createRealm('dir', 'Directory');
      expect(await idp.realmExists('dir')).toBe(true);
      await expect(idp.createRealm('dir', 'Again')).rejects.toBeInstanceOf(IdpConflictError);

      const web = await idp.createClient('dir', {
        clientId: 'tc-web',
        confidential: false,
        redirectUris: ['http://dir.localhost/*'],
      });
      expect(web).toEqual({ clientId: 'tc-web', secret: undefined });
      const api = await idp.createClient('dir', { clientId: 'tc-api', confidential: true });
      expect(api.secret).toMatch(/^[\w-]{43}$/);
      const given = await idp.createClient('dir', { clientId: 'given', confidential: true, secret: 's3cret' });
      expect(given.secret).toBe('s3cret');
      await expect(idp.createClient('dir', { clientId: 'tc-api', confidential: false })).rejects.toMatchObject({
        conflict: true,
      });

      await idp.createRole('dir', 'admin', 'Administrator');
      await expect(idp.createRole('dir', 'admin', 'Again')).rejects.toMatchObject({ conflict: true });

      const user = {
        username: 'Owner',
        email: 'Owner@Dir.test',
        temporaryPassword: 'Temp-123!',
        requiredActions: [],
        realmRoles: ['admin'],
      };
      const { userId } = await idp.createUser('dir', user);
      expect(userId).toMatch(UUID);
      await expect(idp.createUser('dir', { ...user, email: 'other@dir.test' })).rejects.toThrow(
        'User exists with same username',
      );
      await expect(idp.createUser('dir', { ...user, username: 'other' })).rejects.toThrow(
        'User exists with same email',
      );

      const [stored] = await db.sql<{ username: string; email: string; passwordHash: string }[]>`
        SELECT username, email, password_hash AS "passwordHash" FROM idp_users WHERE id = ${userId}`;
      expect(stored?.username).toBe('owner');
      expect(stored?.email).toBe('owner@dir.test');
      expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,p=1,t=2\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    });

    it('refuses a user with an unknown role and leaves nothing behind', async () => {
      await idp.createRealm('roles', 'Roles');
      const user = {
        username: 'u',
        email: 'u@roles.test',
        temporaryPassword: 'x',
        requiredActions: [],
        realmRoles: ['nope'],
      };
      await expect(idp.createUser('roles', user)).rejects.toThrow(/unknown realm role/);
      const [row] = await db.sql`SELECT count(*)::int AS n FROM idp_users WHERE realm = 'roles'`;
      expect(row?.n).toBe(0);
    });

    it('refuses clients, roles and users of a missing realm without calling it a conflict', async () => {
      const refusal = await idp
        .createClient('missing', { clientId: 'c', confidential: false })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(Error);
      expect(refusal).not.toBeInstanceOf(IdpConflictError);
      await expect(idp.createRole('missing', 'r', '')).rejects.toThrow(/not found/);
    });

    it('deletes a realm with everything in it, and deleting a missing realm is a no-op', async () => {
      await realmWithClients('gone');
      await idp.createUser('gone', {
        username: 'a',
        email: 'a@gone.test',
        temporaryPassword: 'x',
        requiredActions: [],
        realmRoles: ['admin'],
      });
      await idp.jwks('gone');
      expect(await rowsOf('gone')).toBe(1 + 1 + 2 + 2 + 1 + 1);
      await idp.deleteRealm('gone');
      expect(await idp.realmExists('gone')).toBe(false);
      expect(await rowsOf('gone')).toBe(0);
      await expect(idp.deleteRealm('gone')).resolves.toBeUndefined();
    });

    it('refuses realm names that cannot be a path segment', async () => {
      await expect(idp.createRealm('a/b', 'x')).rejects.toThrow(/invalid realm name/);
    });

    it('keeps the master realm and its platform client in step with the configured secret', async () => {
      await idp.ensureMasterRealm({ clientId: 'tc-platform', secret: 'first-secret' });
      await idp.ensureMasterRealm({ clientId: 'tc-platform', secret: 'first-secret' });
      const first = { grant_type: 'client_credentials', client_id: 'tc-platform', client_secret: 'first-secret' };
      expect((await token('master', first)).statusCode).toBe(200);
      await idp.ensureMasterRealm({ clientId: 'tc-platform', secret: 'second-secret' });
      expect((await token('master', first)).statusCode).toBe(401);
      expect((await token('master', { ...first, client_secret: 'second-secret' })).statusCode).toBe(200);
    });
  });

  describe('signing keys', () => {
    it('creates one RS256 key per realm on first need and stores its private half sealed', async () => {
      await idp.createRealm('keys', 'Keys');
      const [none] = await db.sql`SELECT count(*)::int AS n FROM idp_signing_keys WHERE realm = 'keys'`;
      expect(none?.n).toBe(0);
      const jwks = await idp.jwks('keys');
      expect(jwks?.keys).toHaveLength(1);
      expect((await idp.jwks('keys'))?.keys[0]?.kid).toBe(jwks?.keys[0]?.kid);

      const rows = await db.sql<{ privateJwk: string; publicJwk: Record<string, unknown>; alg: string }[]>`
        SELECT private_jwk AS "privateJwk", public_jwk AS "publicJwk", alg FROM idp_signing_keys WHERE realm = 'keys'`;
      expect(rows).toHaveLength(1);
      const [row] = rows;
      expect(row?.alg).toBe('RS256');
      expect(row?.privateJwk.startsWith('encrypted:')).toBe(true);
      expect(row?.privateJwk).not.toContain('"d"');
      expect(row?.privateJwk).not.toContain('PRIVATE KEY');
      expect(Object.keys(row?.publicJwk ?? {}).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(JSON.parse(secretBox.open(row?.privateJwk ?? ''))).toHaveProperty('d');
    });

    it('lets nodes racing for the first key agree on one', async () => {
      await idp.createRealm('race', 'Race');
      const nodes = [newProvider(), newProvider(), newProvider()];
      const answers = await Promise.all(nodes.flatMap((node) => [node.jwks('race'), node.jwks('race')]));
      const kids = new Set(answers.map((answer) => answer?.keys.map((key) => key.kid).join()));
      expect(kids.size).toBe(1);
      const [row] = await db.sql`SELECT count(*)::int AS n FROM idp_signing_keys WHERE realm = 'race'`;
      expect(row?.n).toBe(1);
    });

    it('signs with the current key after another node deleted and re-created the realm', async () => {
      const nodeA = newProvider();
      const nodeB = newProvider();
      await nodeA.createRealm('again', 'Again');
      await nodeA.createClient('again', { clientId: 'svc', confidential: true, secret: 'svc-secret' });
      const form = { grant_type: 'client_credentials', client_id: 'svc', client_secret: 'svc-secret' };
      const first = await nodeA.issueToken('again', form);
      expect(first.status).toBe(200);

      await nodeB.deleteRealm('again');
      await nodeB.createRealm('again', 'Again');
      await nodeB.createClient('again', { clientId: 'svc', confidential: true, secret: 'svc-secret' });
      const second = await nodeA.issueToken('again', form);
      if (second.status !== 200) throw new Error(`token refused: ${JSON.stringify(second.body)}`);
      const verified = await jwtVerify(second.body.access_token, nodeB.verificationKeys('again'));
      expect(verified.payload.azp).toBe('svc');
      if (first.status !== 200) throw new Error('unreachable');
      await expect(jwtVerify(first.body.access_token, nodeB.verificationKeys('again'))).rejects.toThrow();
    });
  });

  describe('token endpoint', () => {
    let apiSecret: string;
    beforeAll(async () => {
      ({ apiSecret } = await realmWithClients('acme'));
      await idp.createUser('acme', {
        username: 'owner',
        email: 'owner@acme.test',
        temporaryPassword: 'Temp-123!',
        requiredActions: ['UPDATE_PASSWORD'],
        realmRoles: ['admin'],
      });
      await idp.createUser('acme', {
        username: 'agent',
        email: 'agent@acme.test',
        temporaryPassword: 'Agent-123!',
        requiredActions: [],
        realmRoles: ['agent', 'admin'],
      });
    });

    it('issues a client-credentials token with Keycloak claims', async () => {
      const before = Math.floor(Date.now() / 1000);
      const response = await token('acme', {
        grant_type: 'client_credentials',
        client_id: 'tc-api',
        client_secret: apiSecret,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        expires_in: 300,
        refresh_expires_in: 0,
        token_type: 'Bearer',
        'not-before-policy': 0,
        scope: 'profile email',
      });
      const header = decodeProtectedHeader(body.access_token);
      const jwks = await idp.jwks('acme');
      expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: jwks?.keys[0]?.kid });
      const { payload } = await jwtVerify(body.access_token, idp.verificationKeys('acme'), {
        issuer: `${PUBLIC_URL}/realms/acme`,
        algorithms: ['RS256'],
      });
      expect(payload).toMatchObject({
        iss: 'http://localhost:8080/realms/acme',
        aud: 'tc-api',
        typ: 'Bearer',
        azp: 'tc-api',
        client_id: 'tc-api',
        preferred_username: 'service-account-tc-api',
        realm_access: { roles: [] },
        scope: 'profile email',
      });
      expect(payload.sub).toMatch(UUID);
      expect(payload.jti).toMatch(UUID);
      expect(payload.iat).toBeGreaterThanOrEqual(before);
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    });

    it('accepts client authentication by HTTP Basic', async () => {
      const basic = Buffer.from(`tc-api:${apiSecret}`).toString('base64');
      const response = await token('acme', { grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
      expect(response.statusCode).toBe(200);
    });

    it('answers Keycloak error bodies for bad client credentials, grants and realms', async () => {
      const cases: [Record<string, string>, string, number, unknown][] = [
        [
          { grant_type: 'client_credentials', client_id: 'tc-api', client_secret: 'wrong' },
          'acme',
          401,
          { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' },
        ],
        [
          { grant_type: 'client_credentials', client_id: 'tc-api' },
          'acme',
          401,
          { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' },
        ],
        [
          { grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' },
          'acme',
          401,
          { error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' },
        ],
        [
          { grant_type: 'client_credentials', client_id: 'tc-web' },
          'acme',
          401,
          { error: 'unauthorized_client', error_description: 'Public client not allowed to retrieve service account' },
        ],
        [
          { client_id: 'tc-api' },
          'acme',
          400,
          { error: 'invalid_request', error_description: 'Missing form parameter: grant_type' },
        ],
        [
          { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', client_id: 'tc-api' },
          'acme',
          400,
          { error: 'unsupported_grant_type', error_description: 'Unsupported grant_type' },
        ],
        [{ grant_type: 'client_credentials', client_id: 'tc-api' }, 'nowhere', 404, { error: 'Realm does not exist' }],
      ];
      for (const [form, realm, status, body] of cases) {
        const response = await token(realm, form);
        expect({ form, status: response.statusCode, body: response.json() }).toEqual({ form, status, body });
      }
    });

    it('logs a user in with the password grant, by username or e-mail', async () => {
      const response = await token('acme', {
        grant_type: 'password',
        client_id: 'tc-web',
        username: 'Agent',
        password: 'Agent-123!',
      });
      expect(response.statusCode).toBe(200);
      const { payload } = await jwtVerify(response.json().access_token, idp.verificationKeys('acme'));
      expect(payload).toMatchObject({
        aud: 'account',
        azp: 'tc-web',
        typ: 'Bearer',
        preferred_username: 'agent',
        email: 'agent@acme.test',
        realm_access: { roles: ['admin', 'agent'] },
      });
      expect(payload.client_id).toBeUndefined();
      const byEmail = await token('acme', {
        grant_type: 'password',
        client_id: 'tc-web',
        username: 'agent@acme.test',
        password: 'Agent-123!',
      });
      expect(byEmail.statusCode).toBe(200);
    });

    it('refuses a wrong password, an unfinished account and a client without direct grants', async () => {
      const wrong = await token('acme', {
        grant_type: 'password',
        client_id: 'tc-web',
        username: 'owner',
        password: 'nope',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });

      const unknown = await token('acme', {
        grant_type: 'password',
        client_id: 'tc-web',
        username: 'ghost',
        password: 'nope',
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });

      const unfinished = await token('acme', {
        grant_type: 'password',
        client_id: 'tc-web',
        username: 'owner',
        password: 'Temp-123!',
      });
      expect(unfinished.statusCode).toBe(400);
      expect(unfinished.json()).toEqual({ error: 'invalid_grant', error_description: 'Account is not fully set up' });

      await idp.createClient('acme', { clientId: 'no-direct', confidential: false });
      const noDirect = await token('acme', {
        grant_type: 'password',
        client_id: 'no-direct',
        username: 'agent',
        password: 'Agent-123!',
      });
      expect(noDirect.statusCode).toBe(400);
      expect(noDirect.json()).toEqual({
        error: 'unauthorized_client',
        error_description: 'Client not allowed for direct access grants',
      });
    });

    it('locks a realm user as logins do: 15 concurrent wrong passwords, then the right one, at most 5 checked', {
      timeout: 120_000,
    }, async () => {
      await idp.createUser('acme', {
        username: 'victim',
        email: 'victim@acme.test',
        temporaryPassword: 'Victim-123!',
        requiredActions: [],
        realmRoles: ['agent'],
      });
      const grant = (password: string, remoteAddress: string) =>
        app.inject({
          method: 'POST',
          url: '/realms/acme/protocol/openid-connect/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            grant_type: 'password',
            client_id: 'tc-web',
            username: 'victim',
            password,
          }).toString(),
          remoteAddress,
        });
      const before = passwordWork().derivations;
      // From as many addresses, so only the user's lockout stands in the way. The right password comes after them:
      // sent among them, it is rightly let in when it is one of the 5 checked (only failures lock).
      const wrong = await Promise.all(Array.from({ length: 15 }, (_, i) => grant(`wrong ${i}`, `198.51.100.${i + 1}`)));
      const answers = [...wrong, await grant('Victim-123!', '198.51.100.99')];
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(16).fill(401));
      expect(passwordWork().derivations - before).toBeLessThanOrEqual(5);
      const locked = await grant('Victim-123!', '198.51.100.100');
      // A lock never tells that the account exists: the answer of a wrong password.
      expect([locked.statusCode, locked.json()]).toEqual([
        401,
        { error: 'invalid_grant', error_description: 'Invalid user credentials' },
      ]);
    });

    it('refuses an address past its 30 failures a minute with 429 and Retry-After, and hashes nothing for unknown users', {
      timeout: 120_000,
    }, async () => {
      // A provider of its own with a clock that stands still, so the burst falls in one minute's window.
      const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
      const limited = createBuiltinIdentityProvider({
        sql: db.sql,
        secretBox,
        publicUrl: PUBLIC_URL,
        clock: () => minute,
        loginLimits: { lockout: { threshold: 5, minutes: 15 }, failuresPerAddress: 30 },
      });
      const limitedApp = Fastify();
      limitedApp.decorateRequest('tenant', undefined);
      await registerBuiltinIdpRoutes(limitedApp, limited);
      try {
        const before = passwordWork().derivations;
        const answers = await Promise.all(
          Array.from({ length: 35 }, (_, i) =>
            limitedApp.inject({
              method: 'POST',
              url: '/realms/acme/protocol/openid-connect/token',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams({
                grant_type: 'password',
                client_id: 'tc-web',
                username: `ghost-${i}`,
                password: 'guess',
              }).toString(),
              remoteAddress: '203.0.113.77',
            }),
          ),
        );
        // Counted before the check, so a burst gets exactly the budget, not the budget plus the calls in flight.
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([...Array(30).fill(401), ...Array(5).fill(429)]);
        const refused = answers.find((answer) => answer.statusCode === 429);
        expect(refused?.json()).toEqual({ error: 'RATE_LIMITED', error_description: expect.any(String) });
        expect(refused?.headers['retry-after']).toBe('59');
        expect(passwordWork().derivations).toBe(before);
      } finally {
        await limitedApp.close();
      }
    });

    it('treats a body that is not a form as an empty form', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/realms/acme/protocol/openid-connect/token',
        payload: { grant_type: 'client_credentials', client_id: 'tc-api', client_secret: apiSecret },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_request',
        error_description: 'Missing form parameter: grant_type',
      });
    });

    it('answers a request it cannot parse in OAuth format, not as an envelope', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/realms/acme/protocol/openid-connect/token',
        headers: { 'content-type': 'application/xml' },
        payload: 'grant_type=client_credentials',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid request' });
    });

    it('uses the configured lifespan', async () => {
      const shortLived = newProvider(60);
      const answer = await shortLived.issueToken('acme', {
        grant_type: 'client_credentials',
        client_id: 'tc-api',
        client_secret: apiSecret,
      });
      if (answer.status !== 200) throw new Error(`token refused: ${JSON.stringify(answer.body)}`);
      expect(answer.body.expires_in).toBe(60);
      const { payload } = await jwtVerify(answer.body.access_token, idp.verificationKeys('acme'));
      expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
    });
  });

  describe('protocol documents', () => {
    beforeAll(async () => {
      await idp.createRealm('docs', 'Docs');
    });

    it('serves the JWKS with public keys only', async () => {
      const response = await app.inject({ method: 'GET', url: '/realms/docs/protocol/openid-connect/certs' });
      expect(response.statusCode).toBe(200);
      const { keys } = response.json();
      expect(keys).toHaveLength(1);
      expect(keys[0]).toEqual({
        kid: expect.any(String),
        kty: 'RSA',
        alg: 'RS256',
        use: 'sig',
        n: expect.any(String),
        e: 'AQAB',
      });
      expect(Buffer.from(keys[0].n, 'base64url')).toHaveLength(256); // 2048 bits
    });

    it('serves the discovery document', async () => {
      const response = await app.inject({ method: 'GET', url: '/realms/docs/.well-known/openid-configuration' });
      expect(response.statusCode).toBe(200);
      const issuer = 'http://localhost:8080/realms/docs';
      expect(response.json()).toMatchObject({
        issuer,
        token_endpoint: `${issuer}/protocol/openid-connect/token`,
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
        authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
        end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
        revocation_endpoint: `${issuer}/protocol/openid-connect/revoke`,
        grant_types_supported: ['authorization_code', 'refresh_token', 'password', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
      expect(idp.logoutUrl('docs')).toBe(`${issuer}/protocol/openid-connect/logout`);
      expect(idp.issuer('docs')).toBe(issuer);
    });

    it('answers 404 for an unknown realm', async () => {
      for (const url of [
        '/realms/nowhere/protocol/openid-connect/certs',
        '/realms/nowhere/.well-known/openid-configuration',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Realm does not exist' });
      }
    });

    it('is not served on tenant hosts', async () => {
      for (const [method, url] of [
        ['GET', '/realms/docs/protocol/openid-connect/certs'],
        ['GET', '/realms/docs/.well-known/openid-configuration'],
        ['POST', '/realms/docs/protocol/openid-connect/token'],
      ] as const) {
        const response = await app.inject({ method, url, headers: { 'x-test-tenant': 'acme' } });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('keys');
      }
    });
  });
});
