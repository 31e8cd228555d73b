import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, quoteIdent, withConnection } from '../../platform/database/connections.js';
import type { Service } from '../../service.js';
import { testServer } from '../../../test/support/database.js';
import {
  platformToken,
  provisionTenant,
  startTestService,
  TEST_BASE_DOMAIN,
  uniqueTenantCode,
} from '../../../test/support/service.js';

let service: Service;
let token: string;

beforeAll(async () => {
  service = await startTestService();
  token = await platformToken(service);
});
afterAll(() => service.close());

/** `bearer` null sends no Authorization header; by default the valid platform token is sent. */
function call(url: string, payload?: object, bearer?: string | null) {
  const sent = bearer === undefined ? token : bearer;
  return service.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: { host: TEST_BASE_DOMAIN, ...(sent ? { authorization: `Bearer ${sent}` } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

function validRequest(overrides: Record<string, unknown> = {}) {
  const tenantCode = uniqueTenantCode();
  return {
    tenantCode,
    tenantName: 'Sunrise Tours',
    dbUser: `u_${tenantCode.replace(/-/g, '_')}`,
    dbPass: 'a-database-password',
    adminEmail: 'owner@sunrise.example',
    ...overrides,
  };
}

async function databaseExists(name: string): Promise<boolean> {
  const server = testServer();
  return withConnection(server, server.database, 5, async (sql) => {
    const [row] = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`;
    return Boolean(row);
  });
}

async function roleExists(name: string): Promise<boolean> {
  const server = testServer();
  return withConnection(server, server.database, 5, async (sql) => {
    const [row] = await sql`SELECT 1 FROM pg_roles WHERE rolname = ${name}`;
    return Boolean(row);
  });
}

describe('POST /platform/tenant/provision', () => {
  it('creates an ACTIVE tenant with database, realm, clients, roles, admin and system session', async () => {
    const request = validRequest({ timezone: 'Europe/Berlin', currency: 'EUR', market: 'DE' });
    const answer = await call('/platform/tenant/provision', request);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.apiStatus).toEqual({ errorCode: 'OK', errorMessage: 'Success' });
    const data = body.apiData;
    expect(data).toMatchObject({
      tenantCode: request.tenantCode,
      tenantName: 'Sunrise Tours',
      status: 'ACTIVE',
      dbName: `tc_t_${request.tenantCode.replace(/-/g, '_')}`,
      realm: request.tenantCode,
      clients: [
        { clientId: 'tc-web', type: 'public' },
        { clientId: 'tc-api', type: 'confidential' },
      ],
      roles: ['guest', 'customer', 'agent', 'employee', 'admin'],
      adminUser: { username: 'admin', email: 'owner@sunrise.example', requiredActions: ['UPDATE_PASSWORD'] },
    });
    expect(data.tenantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.systemSession.length).toBeGreaterThanOrEqual(40);
    expect(data.adminUser.temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect(await databaseExists(data.dbName)).toBe(true);
    expect(await service.idp.realmExists(request.tenantCode)).toBe(true);
    expect(service.registry.byCode(request.tenantCode)?.status).toBe('ACTIVE');
  });

  it('stores secrets sealed and answers them nowhere else', async () => {
    const tenant = await provisionTenant(service, token);
    const [row] = await service.platformDb`
      SELECT db_pass, kc_admin_client_secret FROM tenants WHERE tenant_id = ${tenant.tenantId}`;
    expect(row?.db_pass).toMatch(/^encrypted:/);
    expect(row?.kc_admin_client_secret).toMatch(/^encrypted:/);
    expect(row?.db_pass).not.toContain('tenant-db-password');
    const read = await call('/platform/tenant/read', { tenantId: tenant.tenantId });
    const list = await call('/platform/tenant/list');
    for (const text of [read.body, list.body]) {
      expect(text).not.toContain('encrypted:');
      expect(text).not.toContain('tenant-db-password');
      expect(text).not.toMatch(/dbPass|db_pass|secret/i);
    }
  });

  it('does not seal a dbPass twice when it already carries the encrypted: prefix', async () => {
    // Sealed with the service's own key, as an operator re-using a registry export would send it.
    const sealedElsewhere = (await service.platformDb`SELECT db_pass FROM tenants LIMIT 1`)[0]?.db_pass as string;
    const request = validRequest({ dbPass: sealedElsewhere });
    const answer = await call('/platform/tenant/provision', request);
    expect(answer.json().apiStatus.errorCode).toBe('OK');
    const [row] = await service.platformDb`SELECT db_pass FROM tenants WHERE tenant_code = ${request.tenantCode}`;
    expect(row?.db_pass).toBe(sealedElsewhere);
  });

  it('gives the tenant a database that only its own role may use, migrated and without customer data', async () => {
    const tenant = await provisionTenant(service, token);
    const server = testServer();
    const own = connect(server, {
      database: tenant.dbName,
      max: 1,
      connectTimeoutSeconds: 5,
      login: { user: tenant.dbUser, password: 'tenant-db-password' },
    });
    try {
      const ledger = await own`SELECT version FROM tc_migrations`;
      expect(ledger.length).toBeGreaterThan(0);
      const [owner] = await own`SELECT tableowner FROM pg_tables WHERE tablename = 'sessions'`;
      expect(owner?.tableowner).toBe(tenant.dbUser);
      const sessions = await own`SELECT kind FROM sessions`;
      expect(sessions.map((s) => s.kind)).toEqual(['system']);
    } finally {
      await own.end();
    }
    const other = await provisionTenant(service, token);
    const intruder = connect(server, {
      database: tenant.dbName,
      max: 1,
      connectTimeoutSeconds: 5,
      login: { user: other.dbUser, password: 'tenant-db-password' },
    });
    await expect(intruder`SELECT 1`).rejects.toThrow(/permission denied/);
    await intruder.end();
  });

  it('applies the defaults of contract §4', async () => {
    const request = validRequest();
    await call('/platform/tenant/provision', request);
    const tenant = service.registry.byCode(request.tenantCode);
    expect(tenant).toMatchObject({ timezone: 'Asia/Dubai', currency: 'AED', market: 'UAE' });
  });

  it.each([['tenantCode'], ['tenantName'], ['dbUser'], ['dbPass'], ['adminEmail']])(
    'answers MISSING_PARAMETER naming %s when it is absent, null or empty',
    async (field) => {
      for (const value of [undefined, null, '', '   ']) {
        const request: Record<string, unknown> = validRequest();
        if (value === undefined) delete request[field];
        else request[field] = value;
        const body = (await call('/platform/tenant/provision', request)).json();
        expect(body.apiStatus.errorCode).toBe('MISSING_PARAMETER');
        expect(body.apiStatus.errorMessage).toContain(field);
        expect(body.apiData).toBeNull();
      }
    },
  );

  it.each([
    ['ab', 'too short'],
    ['-acme', 'leading hyphen'],
    ['acme-', 'trailing hyphen'],
    ['Acme', 'uppercase'],
    ['ac_me', 'underscore'],
    ['a'.repeat(51), 'too long'],
    ['master', 'reserved'],
    ['admin', 'reserved'],
    ['api', 'reserved'],
    ['www', 'reserved'],
    ['platform', 'reserved'],
    ['system', 'reserved'],
    ['auth', 'reserved'],
    ['static', 'reserved'],
  ])('refuses tenant code %s (%s) with INVALID_FORMAT', async (tenantCode) => {
    const body = (await call('/platform/tenant/provision', validRequest({ tenantCode }))).json();
    expect(body.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(body.apiStatus.errorMessage).toContain('tenantCode');
  });

  it('accepts codes of 3 and of 50 characters', async () => {
    const short = `${Math.random().toString(36).slice(2, 4)}z`;
    const long = `${uniqueTenantCode()}${'x'.repeat(50)}`.slice(0, 50);
    for (const tenantCode of [short, long]) {
      const body = (await call('/platform/tenant/provision', validRequest({ tenantCode }))).json();
      expect(body.apiStatus.errorCode, tenantCode).toBe('OK');
    }
  });

  it.each([
    [{ adminEmail: 'not-an-email' }, 'adminEmail'],
    [{ timezone: 'Mars/Olympus' }, 'timezone'],
    [{ currency: 'dirham' }, 'currency'],
    [{ dbUser: 'Robert"; DROP' }, 'dbUser'],
    [{ dbUser: 'postgres' }, 'dbUser'],
    [{ tenantName: 42 }, 'tenantName'],
  ])('refuses %o with INVALID_FORMAT naming the field', async (override, field) => {
    const body = (await call('/platform/tenant/provision', validRequest(override))).json();
    expect(body.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(body.apiStatus.errorMessage).toContain(field);
  });

  it('answers DUPLICATE for a taken code', async () => {
    const tenant = await provisionTenant(service, token);
    const body = (await call('/platform/tenant/provision', validRequest({ tenantCode: tenant.tenantCode }))).json();
    expect(body.apiStatus.errorCode).toBe('DUPLICATE');
  });

  it('undoes everything when the database-user step fails', async () => {
    const request = validRequest();
    const server = testServer();
    // A role of that name exists already (left by someone else): creating the tenant's role fails.
    await withConnection(server, server.database, 5, (sql) => sql.unsafe(`CREATE ROLE ${quoteIdent(request.dbUser)}`));
    const body = (await call('/platform/tenant/provision', request)).json();
    expect(body.apiStatus.errorCode).toBe('DUPLICATE');
    expect(body.apiStatus.errorMessage).toContain('database user');
    expect(await databaseExists(`tc_t_${request.tenantCode.replace(/-/g, '_')}`)).toBe(false);
    expect(await service.idp.realmExists(request.tenantCode)).toBe(false);
    const rows = await service.platformDb`SELECT 1 FROM tenants WHERE tenant_code = ${request.tenantCode}`;
    expect(rows.length).toBe(0);
    // The role that was there before is not ours to drop.
    expect(await roleExists(request.dbUser)).toBe(true);
  });

  it('keeps nothing, not even the role, when the database-user step fails after its first statement', async () => {
    const request = validRequest();
    const server = testServer();
    const inTemplate = (statements: string) =>
      withConnection(server, service.config.db.templateDatabase, 5, (sql) => sql.unsafe(statements));
    // In the template, so in the clone: an event trigger refuses the step's last statement (REVOKE … ON SCHEMA),
    // once the tenant's role is created, owns the database and its tables.
    await inTemplate(`
      CREATE FUNCTION test_refuse_revoke() RETURNS event_trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
      CREATE EVENT TRIGGER test_refuse_revoke ON ddl_command_start WHEN TAG IN ('REVOKE')
        EXECUTE FUNCTION test_refuse_revoke();`);
    try {
      const body = (await call('/platform/tenant/provision', request)).json();
      expect(body.apiStatus).toEqual({
        errorCode: 'GENERAL',
        errorMessage: 'Provisioning failed at step "database user"; nothing was kept',
      });
    } finally {
      await inTemplate('DROP EVENT TRIGGER test_refuse_revoke; DROP FUNCTION test_refuse_revoke();');
    }
    expect(await roleExists(request.dbUser)).toBe(false);
    expect(await databaseExists(`tc_t_${request.tenantCode.replace(/-/g, '_')}`)).toBe(false);
    expect(await service.idp.realmExists(request.tenantCode)).toBe(false);
    expect(await service.platformDb`SELECT 1 FROM tenants WHERE tenant_code = ${request.tenantCode}`).toHaveLength(0);
  });

  it('undoes everything when the realm step fails', async () => {
    const request = validRequest();
    // The identity provider already has a realm of that name: creating the tenant's realm fails.
    await service.idp.createRealm(request.tenantCode, 'Someone else');
    const body = (await call('/platform/tenant/provision', request)).json();
    expect(body.apiStatus.errorCode).toBe('DUPLICATE');
    expect(body.apiStatus.errorMessage).toContain('identity realm');
    expect(await databaseExists(`tc_t_${request.tenantCode.replace(/-/g, '_')}`)).toBe(false);
    expect(await roleExists(request.dbUser)).toBe(false);
    const rows = await service.platformDb`SELECT 1 FROM tenants WHERE tenant_code = ${request.tenantCode}`;
    expect(rows.length).toBe(0);
    expect(service.registry.byCode(request.tenantCode)).toBeUndefined();
  });
});

describe('tenant lifecycle', () => {
  it('suspends: the host answers 403 TENANT_UNAVAILABLE, pools close, the database refuses connections', async () => {
    const tenant = await provisionTenant(service, token);
    const before = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(before.statusCode).toBe(200);

    const suspended = (await call('/platform/tenant/suspend', { tenantId: tenant.tenantId })).json();
    expect(suspended.apiStatus.errorCode).toBe('OK');
    expect(suspended.apiData.status).toBe('SUSPENDED');

    const refused = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      apiStatus: { errorCode: 'TENANT_UNAVAILABLE', errorMessage: expect.any(String) },
      apiData: null,
    });
    const direct = connect(testServer(), {
      database: tenant.dbName,
      max: 1,
      connectTimeoutSeconds: 5,
      login: { user: tenant.dbUser, password: 'tenant-db-password' },
    });
    await expect(direct`SELECT 1`).rejects.toThrow(/not currently accepting connections/);
    await direct.end();

    const again = (await call('/platform/tenant/suspend', { tenantId: tenant.tenantId })).json();
    expect(again.apiStatus.errorCode).toBe('INVALID_STATE');

    const activated = (await call('/platform/tenant/activate', { tenantId: tenant.tenantId })).json();
    expect(activated.apiData.status).toBe('ACTIVE');
    const after = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(after.statusCode).toBe(200);

    const twice = (await call('/platform/tenant/activate', { tenantId: tenant.tenantId })).json();
    expect(twice.apiStatus.errorCode).toBe('INVALID_STATE');
  });

  it.each(['/platform/tenant/suspend', '/platform/tenant/activate', '/platform/tenant/read'])(
    '%s: unknown tenantId → NOTFOUND, malformed → INVALID_FORMAT, absent → MISSING_PARAMETER',
    async (url) => {
      const unknown = (await call(url, { tenantId: '00000000-0000-4000-8000-000000000000' })).json();
      expect(unknown.apiStatus.errorCode).toBe('NOTFOUND');
      const malformed = (await call(url, { tenantId: 'acme' })).json();
      expect(malformed.apiStatus.errorCode).toBe('INVALID_FORMAT');
      expect(malformed.apiStatus.errorMessage).toContain('tenantId');
      const absent = (await call(url, {})).json();
      expect(absent.apiStatus.errorCode).toBe('MISSING_PARAMETER');
      expect(absent.apiStatus.errorMessage).toContain('tenantId');
    },
  );

  it('refresh reloads a hand-edited row, and evicts the pools of a tenant no longer ACTIVE', async () => {
    const tenant = await provisionTenant(service, token);
    await service.app.inject({ method: 'GET', url: '/system/health', headers: { host: tenant.host } });
    await service.registry.stop(); // this node misses notifications from now on
    try {
      await service.platformDb`UPDATE tenants SET tenant_name = 'Renamed by hand' WHERE tenant_id = ${tenant.tenantId}`;
      const one = (await call('/platform/tenant/refresh', { tenantId: tenant.tenantId })).json();
      expect(one.apiStatus.errorCode).toBe('OK');
      expect(one.apiData.refreshed).toBe(1);
      expect(service.registry.byId(tenant.tenantId)?.tenantName).toBe('Renamed by hand');
      const all = (await call('/platform/tenant/refresh', {})).json();
      expect(all.apiData.refreshed).toBe(service.registry.all().length);
      const unknown = (
        await call('/platform/tenant/refresh', { tenantId: '00000000-0000-4000-8000-000000000000' })
      ).json();
      expect(unknown.apiStatus.errorCode).toBe('NOTFOUND');
    } finally {
      await service.registry.start();
    }
  });

  it('lists and reads tenants', async () => {
    const tenant = await provisionTenant(service, token);
    const list = (await call('/platform/tenant/list')).json();
    expect(list.apiData.map((t: { tenantId: string }) => t.tenantId)).toContain(tenant.tenantId);
    const read = (await call('/platform/tenant/read', { tenantId: tenant.tenantId })).json();
    expect(read.apiData).toMatchObject({
      tenantId: tenant.tenantId,
      tenantCode: tenant.tenantCode,
      status: 'ACTIVE',
      dbName: tenant.dbName,
      dbUser: tenant.dbUser,
    });
    expect(read.apiData.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});

describe('platform token', () => {
  it('is required by every platform operation: HTTP 401 with an envelope', async () => {
    for (const [url, payload] of [
      ['/platform/tenant/provision', validRequest()],
      ['/platform/tenant/suspend', { tenantId: '00000000-0000-4000-8000-000000000000' }],
      ['/platform/tenant/activate', { tenantId: '00000000-0000-4000-8000-000000000000' }],
      ['/platform/tenant/refresh', {}],
      ['/platform/tenant/read', { tenantId: '00000000-0000-4000-8000-000000000000' }],
      ['/platform/tenant/list', undefined],
    ] as const) {
      for (const bearer of [null, 'garbage', `${token}x`]) {
        const answer = await call(url, payload, bearer);
        expect(answer.statusCode, `${url} ${bearer}`).toBe(401);
        expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'NOT_LOGGED_IN' }, apiData: null });
      }
    }
  });

  it('from a tenant realm is refused', async () => {
    const tenant = await provisionTenant(service, token);
    const [row] =
      await service.platformDb`SELECT kc_admin_client_secret FROM tenants WHERE tenant_id = ${tenant.tenantId}`;
    expect(row).toBeDefined();
    // A tenant realm's own token (password grant of the web client is refused for the admin until the
    // password is changed, so use a realm-less forged request instead): any non-master issuer is refused.
    const answer = await call('/platform/tenant/list', undefined, 'eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.');
    expect(answer.statusCode).toBe(401);
  });

  it('is not served on a tenant host', async () => {
    const tenant = await provisionTenant(service, token);
    const answer = await service.app.inject({
      method: 'GET',
      url: '/platform/tenant/list',
      headers: { host: tenant.host, authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().apiStatus.errorCode).toBe('NOTFOUND');
  });
});
