// The offline ticket inventory through the API: load, list, reserve for a cart, and what the cart's payment does
// (markSold, release); every refusal, the agent/admin role policy, and reservations racing for the same ticket.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../test/support/api.js';
import { guest, product, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { adminSession, startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { Service } from '../../service.js';
import type { OfflineTicket } from './index.js';
import { markSoldForReference, releaseForReference, ticketsForReference } from './offline-tickets.sales.js';

const TIMEZONE = 'Asia/Dubai'; // the provisioning default
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const today = () => formatDate(clock(), TIMEZONE);

let service: Service;
let t: TestTenant;
let app: FastifyInstance;
/** Calls the area's app, without a session unless the body names one. */
let api: ApiClient;
let admin: string;
let agent: string;
let productId: number;
let otherProductId: number;
const sessions = new Map<string, string>();

const load = (tickets: object[], session = agent, product = productId) =>
  api.ok<OfflineTicket[]>('/offline/ticket/load', { session, productId: product, tickets });
const list = (filter: object = {}) => api.ok<OfflineTicket[]>('/offline/ticket/list', { session: agent, ...filter });
const reserve = (ticketIds: number[], blmCartReference: string, session = admin) =>
  api.ok<OfflineTicket[]>('/offline/sale/reserveForCart', { session, ticketIds, blmCartReference });
const ids = (tickets: OfflineTicket[]) => tickets.map((ticket) => ticket.ticketId);
const byId = async (ticketId: number) => (await list()).find((ticket) => ticket.ticketId === ticketId);

let sequence = 0;
/** Codes unique across the file, so tests do not depend on each other's tickets. */
const code = (prefix = 'T') => `${prefix}-${++sequence}`;

beforeAll(async () => {
  service = await startTestService({ clock, env: { TC_RATE_LIMIT_GUEST: '1000' } });
  t = await tenant(service);
  app = service.app;
  api = t.api.on(app);
  admin = t.admin;
  productId = (await product(t)).productId;
  otherProductId = (await product(t)).productId;
  agent = (await user(t, 'agent')).session;
  sessions.set('agent', agent).set('admin', admin).set('system', t.provisioned.systemSession);
  for (const role of ['customer', 'employee'] as const) sessions.set(role, (await user(t, role)).session);
  sessions.set('guest', (await guest(t)).session);
});

afterAll(async () => {
  await service?.close();
});

describe('the life of an offline ticket', () => {
  it('load → list → reserveForCart → payment success (markSold) → list SOLD', async () => {
    const validUntil = addDays(today(), 30);
    const loaded = await load([{ code: 'DXB-001', validUntil }, { code: '  DXB-002  ' }, { code: 'dxb-001' }]);
    expect(loaded).toEqual([
      {
        ticketId: expect.any(Number),
        productId,
        code: 'DXB-001',
        validUntil,
        status: 'AVAILABLE',
        cartReference: null,
        reservedAt: null,
        soldAt: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      },
      expect.objectContaining({ code: 'DXB-002', validUntil: null, status: 'AVAILABLE' }),
      // codes are case-sensitive: another ticket
      expect.objectContaining({ code: 'dxb-001' }),
    ]);
    expect(loaded[0]?.createdAt.slice(0, 10)).toBe(today());
    const [first, second, third] = ids(loaded);
    if (first === undefined || second === undefined || third === undefined) throw new Error('three tickets');

    // newest first: the later ticket of one load first
    const available = await list({ status: 'AVAILABLE', productId });
    expect(ids(available).slice(0, 3)).toEqual([third, second, first]);
    expect(await list({ productId: otherProductId })).toEqual([]);

    const reserved = await reserve([second, first], 'ORD-1001');
    expect(ids(reserved)).toEqual([second, first]);
    for (const ticket of reserved) {
      expect(ticket).toMatchObject({ status: 'RESERVED', cartReference: 'ORD-1001', soldAt: null });
      expect(ticket.reservedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    }
    expect(ids(await list({ status: 'RESERVED' }))).toEqual([second, first]);

    const sold = await t.db((db) => markSoldForReference(db, 'ORD-1001', clock()));
    expect(sold).toEqual([
      { ticketId: first, code: 'DXB-001', productId },
      { ticketId: second, code: 'DXB-002', productId },
    ]);
    const soldList = await list({ status: 'SOLD' });
    expect(ids(soldList)).toEqual([second, first]);
    expect(soldList[0]).toMatchObject({ status: 'SOLD', cartReference: 'ORD-1001', soldAt: expect.any(String) });

    // A repeated success callback answers the same tickets and changes nothing.
    offsetMs += 5_000;
    expect(await t.db((db) => markSoldForReference(db, 'ORD-1001', clock()))).toEqual(sold);
    expect(await list({ status: 'SOLD' })).toEqual(soldList);
    const forReference = await t.db((db) => ticketsForReference(db, 'ORD-1001'));
    expect(forReference.map((ticket) => [ticket.ticketId, ticket.status])).toEqual([
      [first, 'SOLD'],
      [second, 'SOLD'],
    ]);
    expect((await byId(third))?.status).toBe('AVAILABLE');

    await api.expectError(
      '/offline/sale/reserveForCart',
      { session: admin, ticketIds: [first], blmCartReference: 'ORD-2' },
      'INVALID_STATE',
      `${first}`,
    );
  });

  it('answers tickets already reserved for the same reference again, unchanged', async () => {
    const [a, b, c] = ids(await load([{ code: code() }, { code: code() }, { code: code() }]));
    if (a === undefined || b === undefined || c === undefined) throw new Error('three tickets');
    const once = await reserve([a, b], 'ORD-IDEMPOTENT', agent);
    offsetMs += 2_000;
    expect(await reserve([a, b], 'ORD-IDEMPOTENT', agent)).toEqual(once);
    // A larger request for the same cart adds the new ticket and keeps the others as they were.
    const more = await reserve([c, a, b], 'ORD-IDEMPOTENT');
    expect(ids(more)).toEqual([c, a, b]);
    expect(more.slice(1)).toEqual(once);
    expect(more[0]?.reservedAt).not.toBe(once[0]?.reservedAt);
  });

  it('a cancelled sale (releaseForReference) gives the tickets back to the inventory', async () => {
    const [a, b] = ids(await load([{ code: code() }, { code: code() }]));
    if (a === undefined || b === undefined) throw new Error('two tickets');
    await reserve([a, b], 'ORD-CANCELLED');
    const released = await t.db((db) => releaseForReference(db, 'ORD-CANCELLED', clock()));
    expect(released.map((ticket) => ticket.ticketId)).toEqual([a, b]);
    expect(await byId(a)).toMatchObject({ status: 'AVAILABLE', cartReference: null, reservedAt: null });
    expect(await t.db((db) => releaseForReference(db, 'ORD-CANCELLED', clock()))).toEqual([]);
    expect(await t.db((db) => ticketsForReference(db, 'ORD-CANCELLED'))).toEqual([]);
    expect(ids(await reserve([b], 'ORD-NEXT'))).toEqual([b]);
  });
});

describe('reserveForCart creates nothing else (issue 14, item 7)', () => {
  it('reserves for a back-office cart reference with no quote, sales order or payment link made', async () => {
    const counts = async () => ({
      ...(await t.db(async (db) => {
        const [row] = await db<{ quotes: number; orders: number }[]>`
          SELECT (SELECT count(*)::int FROM quotes) AS quotes, (SELECT count(*)::int FROM sales_orders) AS orders`;
        return row;
      })),
      links: (await service.platformDb<{ n: number }[]>`SELECT count(*)::int AS n FROM payment_simulator_orders`)[0]?.n,
    });
    const before = await counts();
    const tickets = ids(await load([{ code: code('BLM') }, { code: code('BLM') }]));
    const reserved = await reserve(tickets, 'TQ-2026-00042', agent);
    expect(reserved.map((ticket) => [ticket.ticketId, ticket.status, ticket.cartReference])).toEqual(
      tickets.map((ticketId) => [ticketId, 'RESERVED', 'TQ-2026-00042']),
    );
    expect(await counts()).toEqual(before);
  });
});

describe('reservations are all or nothing, and safe when they race', () => {
  it('20 concurrent reservations of one ticket for different references: exactly one succeeds', async () => {
    const [ticket] = ids(await load([{ code: code('RACE') }]));
    if (ticket === undefined) throw new Error('one ticket');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call<OfflineTicket[]>('/offline/sale/reserveForCart', {
          session: i % 2 ? agent : admin,
          ticketIds: [ticket],
          blmCartReference: `RACE-${i}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.apiStatus.errorCode);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'INVALID_STATE')).toHaveLength(19);
    const winner = answers.find((answer) => answer.apiStatus.errorCode === 'OK')?.apiData?.[0];
    expect(await byId(ticket)).toMatchObject({ status: 'RESERVED', cartReference: winner?.cartReference });
  });

  it('overlapping requests in opposite orders wait for each other instead of deadlocking', async () => {
    const [a, b] = ids(await load([{ code: code('PAIR') }, { code: code('PAIR') }]));
    if (a === undefined || b === undefined) throw new Error('two tickets');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api.call<OfflineTicket[]>('/offline/sale/reserveForCart', {
          session: admin,
          ticketIds: i % 2 ? [a, b] : [b, a],
          blmCartReference: `PAIR-${i}`,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.apiStatus.errorCode);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'INVALID_STATE')).toHaveLength(9);
  });

  it('reserves none when one ticket is taken or missing', async () => {
    const [free, taken] = ids(await load([{ code: code() }, { code: code() }]));
    if (free === undefined || taken === undefined) throw new Error('two tickets');
    await reserve([taken], 'ORD-OTHER');
    await api.expectError(
      '/offline/sale/reserveForCart',
      { session: admin, ticketIds: [free, taken], blmCartReference: 'ORD-MINE' },
      'INVALID_STATE',
      `${taken}`,
    );
    await api.expectError(
      '/offline/sale/reserveForCart',
      { session: admin, ticketIds: [free, 999_999], blmCartReference: 'ORD-MINE' },
      'NOTFOUND',
      '999999',
    );
    expect(await byId(free)).toMatchObject({ status: 'AVAILABLE', cartReference: null });
    expect(await t.db((db) => ticketsForReference(db, 'ORD-MINE'))).toEqual([]);
  });
});

describe('refusals name the parameter or the record at fault', () => {
  const LOAD = '/offline/ticket/load';
  const RESERVE = '/offline/sale/reserveForCart';

  it('MISSING_PARAMETER for each required field (absent, null or empty)', async () => {
    const cases: Array<[string, object, string]> = [
      [LOAD, { tickets: [{ code: 'X' }] }, 'productId'],
      [LOAD, { productId: null, tickets: [{ code: 'X' }] }, 'productId'],
      [LOAD, { productId }, 'tickets'],
      [LOAD, { productId, tickets: [{ validUntil: addDays(today(), 1) }] }, 'tickets[0].code'],
      [LOAD, { productId, tickets: [{ code: 'X' }, { code: '   ' }] }, 'tickets[1].code'],
      [RESERVE, { blmCartReference: 'ORD-1' }, 'ticketIds'],
      [RESERVE, { ticketIds: [1] }, 'blmCartReference'],
      [RESERVE, { ticketIds: [1], blmCartReference: '' }, 'blmCartReference'],
    ];
    for (const [url, payload, parameter] of cases) {
      await api.expectError(url, { session: agent, ...payload }, 'MISSING_PARAMETER', parameter);
    }
  });

  it('INVALID_FORMAT for a wrong type, value, date or size', async () => {
    const ticket = { code: 'FMT' };
    const cases: Array<[string, object, string]> = [
      [LOAD, { productId: 'one', tickets: [ticket] }, 'productId'],
      [LOAD, { productId, tickets: [] }, 'tickets'],
      [LOAD, { productId, tickets: 'FMT' }, 'tickets'],
      [LOAD, { productId, tickets: Array.from({ length: 1001 }, (_, i) => ({ code: `N${i}` })) }, 'tickets'],
      [LOAD, { productId, tickets: [{ code: 'x'.repeat(201) }] }, 'tickets[0].code'],
      [LOAD, { productId, tickets: [{ code: 42 }] }, 'tickets[0].code'],
      [LOAD, { productId, tickets: [ticket, { code: 'B', validUntil: '31/12/2030' }] }, 'tickets[1].validUntil'],
      [LOAD, { productId, tickets: [{ code: 'B', validUntil: '2030-02-30' }] }, 'tickets[0].validUntil'],
      [
        LOAD,
        { productId, tickets: [ticket, { code: 'B', validUntil: addDays(today(), -1) }] },
        'tickets[1].validUntil',
      ],
      ['/offline/ticket/list', { status: 'LOST' }, 'status'],
      ['/offline/ticket/list', { productId: 0 }, 'productId'],
      [RESERVE, { ticketIds: 'all', blmCartReference: 'R' }, 'ticketIds'],
      [RESERVE, { ticketIds: [], blmCartReference: 'R' }, 'ticketIds'],
      [RESERVE, { ticketIds: [1, 'x'], blmCartReference: 'R' }, 'ticketIds[1]'],
      [RESERVE, { ticketIds: [0], blmCartReference: 'R' }, 'ticketIds[0]'],
      [RESERVE, { ticketIds: [1.5], blmCartReference: 'R' }, 'ticketIds[0]'],
      [RESERVE, { ticketIds: [7, 7], blmCartReference: 'R' }, 'ticketIds'],
      [RESERVE, { ticketIds: Array.from({ length: 101 }, (_, i) => i + 1), blmCartReference: 'R' }, 'ticketIds'],
      [RESERVE, { ticketIds: [1], blmCartReference: 'R'.repeat(101) }, 'blmCartReference'],
    ];
    for (const [url, payload, parameter] of cases) {
      await api.expectError(url, { session: agent, ...payload }, 'INVALID_FORMAT', parameter);
    }
    // today is still good for the whole day
    expect(await load([{ code: code(), validUntil: today() }])).toHaveLength(1);
  });

  it('NOTFOUND for an unknown product or ticket', async () => {
    await api.expectError(LOAD, { session: agent, productId: 999_999, tickets: [{ code: 'X' }] }, 'NOTFOUND', '999999');
    await api.expectError(
      RESERVE,
      { session: agent, ticketIds: [999_998], blmCartReference: 'R' },
      'NOTFOUND',
      '999998',
    );
  });

  it('DUPLICATE for a code loaded before or sent twice; nothing of the request is loaded', async () => {
    const existing = code('DUP');
    await load([{ code: existing }]);
    const fresh = code('DUP');
    await api.expectError(
      LOAD,
      { session: agent, productId, tickets: [{ code: fresh }, { code: ` ${existing} ` }] },
      'DUPLICATE',
      existing,
    );
    await api.expectError(
      LOAD,
      { session: agent, productId, tickets: [{ code: 'TWICE' }, { code: fresh }, { code: 'TWICE' }] },
      'DUPLICATE',
      'TWICE',
    );
    expect((await list({ productId })).map((ticket) => ticket.code)).not.toContain(fresh);
    // the same code is another ticket for another product, and the refused one loads on its own
    expect(await load([{ code: existing }], agent, otherProductId)).toHaveLength(1);
    expect(await load([{ code: fresh }])).toHaveLength(1);
  });
});

describe('role policy: agents and admins only (contract §3)', () => {
  const OPERATIONS = ['/offline/ticket/load', '/offline/ticket/list', '/offline/sale/reserveForCart'];

  it.each(OPERATIONS)('%s refuses everyone else before looking at the input', async (url) => {
    const outcome = async (caller: string) => {
      const session = sessions.get(caller);
      return (await api.call(url, session ? { session } : {})).apiStatus.errorCode;
    };
    expect({
      anonymous: await outcome('anonymous'),
      guest: await outcome('guest'),
      system: await outcome('system'),
      customer: await outcome('customer'),
      employee: await outcome('employee'),
      unknown: (await api.call(url, { session: 'not-a-session' })).apiStatus.errorCode,
    }).toEqual({
      anonymous: 'NOT_LOGGED_IN',
      guest: 'NOT_LOGGED_IN',
      system: 'NOT_LOGGED_IN',
      customer: 'FORBIDDEN',
      employee: 'FORBIDDEN',
      unknown: 'NOT_LOGGED_IN',
    });
  });

  it('serves agents and admins', async () => {
    for (const caller of ['agent', 'admin']) {
      const session = sessions.get(caller) ?? '';
      const [ticket] = ids(await load([{ code: code(caller) }], session));
      if (ticket === undefined) throw new Error('one ticket');
      expect(ids(await api.ok<OfflineTicket[]>('/offline/ticket/list', { session, status: 'AVAILABLE' }))).toContain(
        ticket,
      );
      const [reserved] = await reserve([ticket], `ORD-${caller}`, session);
      expect(reserved).toMatchObject({ ticketId: ticket, status: 'RESERVED', cartReference: `ORD-${caller}` });
    }
  });
});

describe('API reference', () => {
  it('documents the three operations in /openapi.json', async () => {
    const answer = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'localhost' } });
    const { paths } = answer.json<{ paths: Record<string, { post?: { tags?: string[] } }> }>();
    for (const path of ['/offline/ticket/load', '/offline/ticket/list', '/offline/sale/reserveForCart']) {
      expect(paths[path]?.post?.tags, path).toEqual(['offline tickets']);
    }
  });
});

describe('validity', () => {
  it('refuses to reserve a ticket whose last valid day has passed', async () => {
    const [lastDay, later] = ids(
      await load([
        { code: code('EXP'), validUntil: today() },
        { code: code('EXP'), validUntil: addDays(today(), 2) },
      ]),
    );
    if (lastDay === undefined || later === undefined) throw new Error('two tickets');
    offsetMs += 24 * 3_600_000;
    // A day later every session has been idle too long: log in again.
    admin = await adminSession(service, t.provisioned);
    await api.expectError(
      '/offline/sale/reserveForCart',
      { session: admin, ticketIds: [later, lastDay], blmCartReference: 'ORD-LATE' },
      'INVALID_STATE',
      `Offline ticket ${lastDay} expired`,
    );
    expect(ids(await reserve([later], 'ORD-LATE'))).toEqual([later]);
  });
});
