// The role table of contract §3, one test per row: every kind of caller against an operation declared with
// the row's policy. Callers are real: a guest session from /auth/guest, the system session pk, and users of
// each role created by the tenant's admin and logged in through /user/authenticate.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, areaApp } from '../../../test/support/api.js';
import { guest, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import { operation } from '../http/operation.js';
import { Allow, type Allowed, type Role } from './roles.js';

type Caller = 'anonymous' | 'guest' | 'system' | Exclude<Role, 'guest'>;
const CALLERS: Caller[] = ['anonymous', 'guest', 'system', 'customer', 'agent', 'employee', 'admin'];

let service: Service;
let t: TestTenant;
let app: FastifyInstance;
/** Calls the app serving one operation per row of the table. */
let rows: ApiClient;
const tokens = new Map<Caller, string>();

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
  service = await startTestService();
  t = await tenant(service);
  tokens
    .set('admin', t.admin)
    .set('system', t.provisioned.systemSession)
    .set('guest', (await guest(t)).session);
  for (const role of ['customer', 'agent', 'employee'] as const) tokens.set(role, (await user(t, role)).session);

  const row = ([name, allow]: [string, Allowed]) =>
    operation({
      path: `/row/${name}`,
      methods: ['POST'],
      summary: name,
      allow,
      response: Type.Object({ ok: Type.Boolean() }),
      handler: async () => ({ ok: true }),
    });
  app = await areaApp(service, POLICIES.map(row));
  rows = t.api.on(app);
});

afterAll(async () => {
  await app.close();
  await service.close();
});

async function outcomes(url: string, api: ApiClient = rows): Promise<Record<Caller, string>> {
  const result = {} as Record<Caller, string>;
  for (const caller of CALLERS) {
    const token = tokens.get(caller);
    const answer = await api.call(url, token ? { session: token } : {});
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
      const answer = await t.api.inject({
        method: 'GET',
        url: '/auth/config',
        headers: token ? { 'x-auth-request-access-token': token } : {},
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
        await t.api.call('/user/check', { email: 'x@example.com', ...(token ? { session: token } : {}) })
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
    const real = await outcomes('/user/update', t.api);
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
    expect(await outcomes('/user/list', t.api)).toEqual(expected);
  });
});
