// The role table of contract §3, one test per row: every kind of caller against an operation declared with
// the row's policy. Callers are real: a guest session from /auth/guest, the system session pk, and users of
// each role created by the tenant's admin and logged in through /user/authenticate.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import {
  platformToken,
  type ProvisionedTestTenant,
  provisionTenant,
  startTestService,
} from '../../../test/support/service.js';
import { operation, registerOperations } from '../http/operation.js';
import { createHttpServer } from '../http/server.js';
import { Allow, type Allowed, type Role } from './roles.js';

type Caller = 'anonymous' | 'guest' | 'system' | Exclude<Role, 'guest'>;
const CALLERS: Caller[] = ['anonymous', 'guest', 'system', 'customer', 'agent', 'employee', 'admin'];

let service: Service;
let tenant: ProvisionedTestTenant;
let app: FastifyInstance;
const tokens = new Map<Caller, string>();

async function post(target: FastifyInstance, url: string, payload: object) {
  const answer = await target.inject({ method: 'POST', url, headers: { host: tenant.host }, payload });
  return answer.json<{ apiStatus: { errorCode: string }; apiData: any }>();
}

async function loggedInAs(admin: string, role: Exclude<Role, 'guest'>): Promise<string> {
  const login = `${role}${Date.now()}`;
  const created = await post(service.app, '/user/create', {
    session: admin,
    userLogin: login,
    userEmail: `${login}@agency.example`,
    userName: role,
    roles: [role],
  });
  const temporary = created.apiData.temporaryPassword as string;
  const first = await post(service.app, '/user/authenticate', { username: login, password: temporary });
  await post(service.app, '/user/updatepwd', {
    session: first.apiData.session,
    userId: first.apiData.userId,
    password: temporary,
    newPassword: `${role} password long enough`,
  });
  return first.apiData.session as string;
}

const POLICIES: Array<[string, Allowed]> = [
  ['catalog-reads', Allow.anyone],
  ['account-entry', Allow.anyone],
  ['shopping', Allow.anySession],
  ['own-records', Allow.loggedIn],
  ['back-office', Allow.employees],
  ['agent-admin', Allow.agentOrAdmin],
  ['administration', Allow.admin],
];

beforeAll(async () => {
  service = await startTestService({ env: { TC_RATE_LIMIT_AUTHENTICATE: '1000' } });
  tenant = await provisionTenant(service, await platformToken(service));
  const first = await post(service.app, '/user/authenticate', {
    username: 'admin',
    password: tenant.adminUser.temporaryPassword,
  });
  const admin = first.apiData.session as string;
  await post(service.app, '/user/updatepwd', {
    session: admin,
    userId: first.apiData.userId,
    password: tenant.adminUser.temporaryPassword,
    newPassword: 'the admin password now',
  });
  tokens.set('admin', admin);
  tokens.set('system', tenant.systemSession);
  tokens.set('guest', (await post(service.app, '/auth/guest', {})).apiData.session);
  for (const role of ['customer', 'agent', 'employee'] as const) tokens.set(role, await loggedInAs(admin, role));

  app = await createHttpServer(service.app.kernel, pino({ level: 'silent' }));
  for (const [name, allow] of POLICIES) {
    registerOperations(app, [
      operation({
        path: `/row/${name}`,
        methods: ['POST'],
        summary: name,
        allow,
        response: Type.Object({ ok: Type.Boolean() }),
        handler: async () => ({ ok: true }),
      }),
    ]);
  }
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await service.close();
});

async function outcomes(url: string, target: FastifyInstance = app): Promise<Record<Caller, string>> {
  const result = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const token = tokens.get(caller);
    const answer = await post(target, url, token ? { session: token } : {});
    result[caller] = answer.apiStatus.errorCode;
  }
  return result;
}

const EVERYONE = {
  anonymous: 'OK',
  guest: 'OK',
  system: 'OK',
  customer: 'OK',
  agent: 'OK',
  employee: 'OK',
  admin: 'OK',
};

describe('contract §3 role table', () => {
  it('row 1: catalog reads, /common, ticket-supplier reads, /hotel/searchCountries, /auth/*: everyone', async () => {
    expect(await outcomes('/row/catalog-reads')).toEqual(EVERYONE);
    // /auth/config is a real operation of that row.
    for (const caller of CALLERS) {
      const token = tokens.get(caller);
      const answer = await service.app.inject({
        method: 'GET',
        url: '/auth/config',
        headers: { host: tenant.host, ...(token ? { 'x-auth-request-access-token': token } : {}) },
      });
      expect(answer.statusCode, caller).toBe(200);
    }
  });

  it('row 2: authenticate, register, activate, check, reset, trip requests, company lookup: everyone', async () => {
    expect(await outcomes('/row/account-entry')).toEqual(EVERYONE);
    const check = {} as Record<Caller, string>;
    for (const caller of CALLERS) {
      const token = tokens.get(caller);
      check[caller] = (
        await post(service.app, '/user/check', { email: 'x@example.com', ...(token ? { session: token } : {}) })
      ).apiStatus.errorCode;
    }
    expect(check).toEqual(EVERYONE);
  });

  it('row 3: flights, carts, booking create/confirm/read/verifyAccess/getTickets/voucher: any session', async () => {
    expect(await outcomes('/row/shopping')).toEqual({ ...EVERYONE, anonymous: 'NOT_LOGGED_IN' });
  });

  it('row 4: booking readall, my quotes, /user/update, /user/updatepwd: logged-in users', async () => {
    const expected = { ...EVERYONE, anonymous: 'NOT_LOGGED_IN', guest: 'NOT_LOGGED_IN', system: 'NOT_LOGGED_IN' };
    expect(await outcomes('/row/own-records')).toEqual(expected);
    // /user/update of that row marks session R: without one it is MISSING_PARAMETER.
    const real = await outcomes('/user/update', service.app);
    expect(real).toMatchObject({ anonymous: 'MISSING_PARAMETER', guest: 'NOT_LOGGED_IN', system: 'NOT_LOGGED_IN' });
    // Logged-in callers pass the policy; the record is not theirs (no userId) → validation, not a refusal.
    for (const caller of ['customer', 'agent', 'employee', 'admin'] as const)
      expect(real[caller]).toBe('MISSING_PARAMETER');
  });

  it('row 7: customers, quotes, uploads, groups, visas, hotels, trip offers, cruises, catalog writes: employees', async () => {
    expect(await outcomes('/row/back-office')).toEqual({
      anonymous: 'NOT_LOGGED_IN',
      guest: 'NOT_LOGGED_IN',
      system: 'NOT_LOGGED_IN',
      customer: 'FORBIDDEN',
      agent: 'OK',
      employee: 'OK',
      admin: 'OK',
    });
  });

  it('row 8: /blm/*, /offline/*, /cruise/booking/*: agents and admins', async () => {
    expect(await outcomes('/row/agent-admin')).toEqual({
      anonymous: 'NOT_LOGGED_IN',
      guest: 'NOT_LOGGED_IN',
      system: 'NOT_LOGGED_IN',
      customer: 'FORBIDDEN',
      agent: 'OK',
      employee: 'FORBIDDEN',
      admin: 'OK',
    });
  });

  it('tenant administration (/user/list, setRoles, create): admins only', async () => {
    const expected = {
      anonymous: 'NOT_LOGGED_IN',
      guest: 'NOT_LOGGED_IN',
      system: 'NOT_LOGGED_IN',
      customer: 'FORBIDDEN',
      agent: 'FORBIDDEN',
      employee: 'FORBIDDEN',
      admin: 'OK',
    };
    expect(await outcomes('/row/administration')).toEqual(expected);
    expect(await outcomes('/user/list', service.app)).toEqual(expected);
  });
});
