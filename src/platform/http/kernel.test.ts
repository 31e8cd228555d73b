// The HTTP kernel through operations declared for this test on a real service and a real tenant:
// envelope, correlation id, validation codes, session carriers and refusals, error mapping.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import type { ProvisionedTestTenant } from '../../../test/support/service.js';
import { Allow } from '../auth/roles.js';
import { randomToken, sha256 } from '../crypto.js';
import { ErrorCode } from './errors.js';
import { VERBATIM } from './input.js';
import { operation, registerOperations } from './operation.js';
import { createHttpServer, newCorrelationId } from './server.js';

let service: Service;
let tenant: ProvisionedTestTenant;
let app: FastifyInstance;
const logLines: string[] = [];

const Echo = Type.Object({
  name: Type.String(),
  count: Type.Optional(Type.Integer()),
  kind: Type.Optional(Type.Union([Type.Literal('A'), Type.Literal('B')])),
  secret: Type.Optional(Type.String({ [VERBATIM]: true })),
  customer: Type.Optional(Type.Object({ email: Type.String() })),
  items: Type.Optional(Type.Array(Type.Object({ quantity: Type.Integer() }))),
});

const Caller = Type.Object({ kind: Type.String(), roles: Type.Array(Type.String()) });

/** A session row with the given roles and no user behind it (the users area makes real ones). */
async function insertSession(kind: string, roles: string[], options: { expired?: boolean } = {}) {
  const token = randomToken();
  const tenantRecord = service.registry.byCode(tenant.tenantCode);
  if (!tenantRecord) throw new Error('tenant missing');
  const lease = await service.pools.acquire(tenantRecord);
  try {
    await lease.sql`
      INSERT INTO sessions (token_hash, kind, user_id, roles, expires_at)
      VALUES (${sha256(token)}, ${kind}, NULL, ${roles},
              ${options.expired ? new Date(Date.now() - 1000) : new Date(Date.now() + 3_600_000)})`;
  } finally {
    lease.release();
  }
  return token;
}

beforeAll(async () => {
  service = await startTestService();
  tenant = await provisionTenant(service, await platformToken(service));
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  app = await createHttpServer(service.app.kernel, logger);
  registerOperations(app, [
    operation({
      path: '/test/echo',
      methods: ['GET', 'POST'],
      summary: 'echo',
      allow: Allow.anyone,
      input: Echo,
      response: Echo,
      handler: async (_ctx, input) => input,
    }),
  ]);
  registerOperations(app, [
    operation({
      path: '/test/caller',
      methods: ['POST'],
      summary: 'who calls',
      allow: Allow.anySession,
      sessionParameter: 'required',
      response: Caller,
      handler: async (ctx) => ({ kind: ctx.session?.kind ?? 'none', roles: [...ctx.roles] }),
    }),
  ]);
  registerOperations(app, [
    operation({
      path: '/test/logged-in',
      methods: ['POST'],
      summary: 'logged in only',
      allow: Allow.loggedIn,
      response: Caller,
      handler: async (ctx) => ({ kind: ctx.session?.kind ?? 'none', roles: [...ctx.roles] }),
    }),
  ]);
  registerOperations(app, [
    operation({
      path: '/test/employees',
      methods: ['POST'],
      summary: 'employees only',
      allow: Allow.employees,
      response: Caller,
      handler: async (ctx) => ({ kind: ctx.session?.kind ?? 'none', roles: [...ctx.roles] }),
    }),
  ]);
  registerOperations(app, [
    operation({
      path: '/test/cart',
      methods: ['POST'],
      summary: 'cart-like',
      allow: Allow.anySession,
      sessionParameter: 'required',
      unknownSession: ErrorCode.TOKEN_ERROR,
      response: Caller,
      handler: async (ctx) => ({ kind: ctx.session?.kind ?? 'none', roles: [...ctx.roles] }),
    }),
  ]);
  registerOperations(app, [
    operation({
      path: '/test/crash',
      methods: ['POST'],
      summary: 'fails unexpectedly',
      allow: Allow.anyone,
      response: Type.Null(),
      handler: async () => {
        throw new Error('SELECT password FROM users WHERE secret = 42');
      },
    }),
  ]);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await service.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, headers: { host: tenant.host, ...headers }, payload: payload as object });
}

describe('envelope and serialisation', () => {
  it('wraps an answer as { apiStatus: OK/Success, apiData }', async () => {
    const answer = await post('/test/echo', { name: 'Dubai', count: 3, ignored: 'x' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/application\/json/);
    expect(answer.json()).toEqual({
      apiStatus: { errorCode: 'OK', errorMessage: 'Success' },
      apiData: { name: 'Dubai', count: 3 },
    });
  });

  it('trims strings but keeps verbatim ones', async () => {
    const answer = await post('/test/echo', { name: '  Dubai  ', secret: ' pass word ' });
    expect(answer.json().apiData).toEqual({ name: 'Dubai', secret: ' pass word ' });
  });

  it('serves the GET form from the query string with coercion', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/test/echo?name=Abu%20Dhabi&count=7',
      headers: { host: tenant.host },
    });
    expect(answer.json().apiData).toEqual({ name: 'Abu Dhabi', count: 7 });
  });
});

describe('validation (contract §2)', () => {
  it.each([
    [{}, 'MISSING_PARAMETER', 'name'],
    [{ name: null }, 'MISSING_PARAMETER', 'name'],
    [{ name: '' }, 'MISSING_PARAMETER', 'name'],
    [{ name: '   ' }, 'MISSING_PARAMETER', 'name'],
    [{ name: 'x', customer: {} }, 'MISSING_PARAMETER', 'customer.email'],
    [{ name: 'x', count: 'three' }, 'INVALID_FORMAT', 'count'],
    [{ name: 'x', count: '3' }, 'INVALID_FORMAT', 'count'],
    [{ name: 'x', count: 1.5 }, 'INVALID_FORMAT', 'count'],
    [{ name: 42 }, 'INVALID_FORMAT', 'name'],
    [{ name: 'x', kind: 'C' }, 'INVALID_FORMAT', 'kind'],
    [{ name: 'x', items: [{ quantity: 1 }, { quantity: 'many' }] }, 'INVALID_FORMAT', 'items[1].quantity'],
  ])('%o → %s naming %s, HTTP 200, apiData null', async (payload, code, parameter) => {
    const answer = await post('/test/echo', payload);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.apiStatus.errorCode).toBe(code);
    expect(body.apiStatus.errorMessage).toContain(parameter);
    expect(body.apiData).toBeNull();
  });

  it('treats an optional parameter sent as null as absent', async () => {
    const answer = await post('/test/echo', { name: 'x', count: null });
    expect(answer.json()).toEqual({ apiStatus: { errorCode: 'OK', errorMessage: 'Success' }, apiData: { name: 'x' } });
  });
});

describe('transport-level failures', () => {
  it('answers malformed JSON with 400 INVALID_FORMAT', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { host: tenant.host, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'INVALID_FORMAT' }, apiData: null });
  });

  it('answers a body over 1 MiB with 413 INVALID_FORMAT', async () => {
    const answer = await post('/test/echo', { name: 'x'.repeat(1024 * 1024 + 10) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'INVALID_FORMAT' }, apiData: null });
  });

  it('accepts a POST with a JSON content type and no body', async () => {
    const token = await insertSession('guest', ['guest']);
    const answer = await app.inject({
      method: 'POST',
      url: '/test/caller',
      headers: { host: tenant.host, 'content-type': 'application/json', 'x-auth-request-access-token': token },
    });
    expect(answer.json().apiStatus.errorCode).toBe('OK');
  });

  it('answers an unknown route with 404 NOTFOUND', async () => {
    const answer = await post('/test/nowhere', {});
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'NOTFOUND' }, apiData: null });
  });

  it('answers an unexpected failure with 500 GENERAL, without internals, and logs it with the correlation id', async () => {
    const answer = await post('/test/crash', {}, { 'x-correlation-id': 'crash-123' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'GENERAL' }, apiData: null });
    expect(answer.body).not.toMatch(/SELECT|password|secret|at .*\.ts/);
    const logged = logLines.find((line) => line.includes('crash-123'));
    expect(logged).toBeDefined();
    expect(logged).toContain('"correlationId":"crash-123"');
  });

  it('answers a tenant operation on the bare base domain with 404', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { host: TEST_BASE_DOMAIN },
      payload: { name: 'x' },
    });
    expect(answer.statusCode).toBe(404);
  });

  it.each(['unknown-agency.localhost', 'a.b.localhost'])(
    'refuses host %s with 403 TENANT_UNAVAILABLE',
    async (host) => {
      const answer = await app.inject({ method: 'POST', url: '/test/echo', headers: { host }, payload: { name: 'x' } });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'TENANT_UNAVAILABLE' }, apiData: null });
    },
  );

  it('finds the tenant whatever the spelling of its host (port, case, final dot), again and again', async () => {
    const [code] = tenant.host.split('.');
    for (const host of [`${code}.localhost:8080`, `${code?.toUpperCase()}.LOCALHOST`, `${code}.localhost.`]) {
      for (let i = 0; i < 2; i++) expect((await post('/test/echo', { name: 'x' }, { host })).statusCode).toBe(200);
    }
    const ipv6 = await post('/test/echo', { name: 'x' }, { host: '[::1]:8080' });
    expect(ipv6.statusCode).toBe(404);
  });

  it('treats an IP address host as the bare base domain', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { host: '127.0.0.1:8080' },
      payload: { name: 'x' },
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('correlation id', () => {
  it('echoes a given X-Correlation-ID', async () => {
    const answer = await post('/test/echo', { name: 'x' }, { 'x-correlation-id': 'abc-123' });
    expect(answer.headers['x-correlation-id']).toBe('abc-123');
  });

  it('generates an 8-character one when absent or unusable', async () => {
    for (const headers of [{}, { 'x-correlation-id': 'bad value with spaces' }] as Record<string, string>[]) {
      const answer = await post('/test/echo', { name: 'x' }, headers);
      expect(String(answer.headers['x-correlation-id'])).toMatch(/^[A-Za-z0-9_-]{8}$/);
    }
  });

  it('draws distinct 8-character ids, across draws of random bytes', () => {
    const drawn = Array.from({ length: 3000 }, newCorrelationId);
    for (const id of drawn) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
  });

  it('is present on refusals too', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/x',
      headers: { host: 'nobody.localhost', 'x-correlation-id': 'r-1' },
    });
    expect(answer.headers['x-correlation-id']).toBe('r-1');
  });
});

describe('session carriers and refusals (contract §3)', () => {
  it('reads the token from each of the four carriers', async () => {
    const token = await insertSession('guest', ['guest']);
    const answers = await Promise.all([
      post('/test/caller', {}, { 'x-auth-request-access-token': token }),
      post('/test/caller', {}, { authorization: `Bearer ${token}` }),
      post('/test/caller', { session: token }),
      app.inject({ method: 'POST', url: `/test/caller?session=${token}`, headers: { host: tenant.host }, payload: {} }),
    ]);
    for (const answer of answers) expect(answer.json().apiData).toEqual({ kind: 'guest', roles: ['guest'] });
  });

  it('takes the first of header, bearer, body, query when several are present', async () => {
    const [header, bearer, body, query] = await Promise.all([
      insertSession('user', ['agent']),
      insertSession('user', ['employee']),
      insertSession('user', ['admin']),
      insertSession('user', ['customer']),
    ]);
    const all = (headers: Record<string, string>, payload: object, url = `/test/caller?session=${query}`) =>
      app.inject({ method: 'POST', url, headers: { host: tenant.host, ...headers }, payload });
    const roleOf = async (promise: ReturnType<typeof all>) => (await promise).json().apiData.roles[0];
    expect(
      await roleOf(
        all({ 'x-auth-request-access-token': header, authorization: `Bearer ${bearer}` }, { session: body }),
      ),
    ).toBe('agent');
    expect(await roleOf(all({ authorization: `Bearer ${bearer}` }, { session: body }))).toBe('employee');
    expect(await roleOf(all({}, { session: body }))).toBe('admin');
    expect(await roleOf(all({}, {}))).toBe('customer');
  });

  it('answers MISSING_PARAMETER session where the specification marks it required', async () => {
    const body = (await post('/test/caller', {})).json();
    expect(body.apiStatus).toEqual({
      errorCode: 'MISSING_PARAMETER',
      errorMessage: expect.stringContaining('session'),
    });
  });

  it('answers NOT_LOGGED_IN where a session is needed but not marked required', async () => {
    expect((await post('/test/employees', {})).json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });

  it('answers an unknown or expired token with NOT_LOGGED_IN, and with TOKEN_ERROR on cart operations', async () => {
    const expired = await insertSession('guest', ['guest'], { expired: true });
    for (const token of ['unknown-token', expired]) {
      expect((await post('/test/caller', { session: token })).json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
      expect((await post('/test/cart', { session: token })).json().apiStatus.errorCode).toBe('TOKEN_ERROR');
    }
  });

  it('ignores an unknown token on an operation anyone may call', async () => {
    expect((await post('/test/echo', { name: 'x', session: 'unknown' })).json().apiStatus.errorCode).toBe('OK');
  });

  it('answers NOT_LOGGED_IN to a guest or the system session where a logged-in user is needed', async () => {
    const guest = await insertSession('guest', ['guest']);
    expect((await post('/test/logged-in', { session: guest })).json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    expect((await post('/test/logged-in', { session: tenant.systemSession })).json().apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
  });

  it('accepts the system session pk as a guest session', async () => {
    const body = (await post('/test/caller', { session: tenant.systemSession })).json();
    expect(body.apiData).toEqual({ kind: 'system', roles: ['guest'] });
  });

  it('answers FORBIDDEN to a logged-in user whose role is not allowed', async () => {
    const customer = await insertSession('user', ['customer']);
    expect((await post('/test/employees', { session: customer })).json().apiStatus.errorCode).toBe('FORBIDDEN');
    const agent = await insertSession('user', ['agent']);
    expect((await post('/test/employees', { session: agent })).json().apiStatus.errorCode).toBe('OK');
  });

  it('does not know a token of another tenant', async () => {
    const other = await provisionTenant(service, await platformToken(service));
    const answer = await post('/test/caller', { session: other.systemSession });
    expect(answer.json().apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });

  it('never writes a query-string token to the log', async () => {
    const token = await insertSession('guest', ['guest']);
    logLines.length = 0;
    await app.inject({
      method: 'POST',
      url: `/test/crash?session=${token}&password=hunter2`,
      headers: { host: tenant.host },
      payload: {},
    });
    const all = logLines.join('\n');
    expect(all).toContain('/test/crash');
    expect(all).not.toContain(token);
    expect(all).not.toContain('hunter2');
  });
});

describe('OpenAPI', () => {
  it('documents every operation of the service at /openapi.json, and serves /docs', async () => {
    const answer = await service.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect(answer.statusCode).toBe(200);
    const document = answer.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/platform/tenant/provision',
      '/platform/tenant/suspend',
      '/platform/tenant/activate',
      '/platform/tenant/refresh',
      '/platform/tenant/list',
      '/platform/tenant/read',
      '/system/health',
      '/system/ready',
      '/auth/config',
      '/realms/{realm}/protocol/openid-connect/token',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const provision = document.paths['/platform/tenant/provision'].post;
    expect(provision.requestBody.content['application/json'].schema.required).toContain('tenantCode');
    expect(provision.responses['200']).toBeDefined();
    const docs = await service.app.inject({ method: 'GET', url: '/docs/', headers: { host: TEST_BASE_DOMAIN } });
    expect(docs.statusCode).toBe(200);
  });
});
