// Issue 14: booking look-ups and ticketing against the bare primary-key read through the same service stack
// (GET /bench/customer, as the customers and quotes scenarios). 10 connections, as a shop's customers and staff:
//   /booking/read       a guest session holding a confirmed booking's e-mail + refnum
//   /booking/getTickets the same booking's 3 tickets by id + access code (QR images made on the first read, kept)
//   /booking/confirm    of a new 3-line booking of own products per request (staff session): a fixed number of
//                       requests, each confirming a booking prepared for it, so every one tickets 3 lines
// The secret-pair rate limit is lifted (TC_RATE_LIMIT_SECRET_PAIR) so the load measures the work, not the 429.
import { rm } from 'node:fs/promises';
import { type Sql, withConnection } from '../../src/platform/database/connections.js';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
import type { TenantApi } from '../lib/api.js';
import { type ServerChild, startServerChild } from '../lib/child.js';
import {
  benchRounds,
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  profileTargets,
  profiling,
  ratio,
  summarize,
} from '../lib/measure.js';
import { atLeast, below, type Check, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { BENCH_ADMIN_PASSWORD, provisionBenchTenant, servedTenant, SESSION_HEADER } from '../lib/tenant.js';

const CONNECTIONS = 10;
const LINES = 3;
const CONFIRMS = { warmup: 50, measured: 400 };
const PREPARING_SESSIONS = 4;
const READ_RATIO = 0.5;
const TICKETS_RATIO = 0.3;
const CONFIRM_P99_MS = 100;

type Target = 'pk' | 'read' | 'tickets' | 'confirm';

interface PreparedBooking {
  requestId: number;
  refnum: string;
  accessCode: string;
}

export const bookings: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'bookings', { TC_RATE_LIMIT_SECRET_PAIR: '1000000' });
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, host, api, admin } = await provisionBenchTenant(ctx, service, 'bk');
    const email = 'layla.haddad@bench.example';
    const customer = await api.ok<{ customerId: number }>(
      '/customer/create',
      { custName: 'Layla Haddad', email, mobilePhone: '+971500000014' },
      admin.session,
    );
    const items = await ownProducts(api, admin.session);
    const sessions = [admin.session, ...(await moreAdminSessions(api, PREPARING_SESSIONS - 1))];
    const pendingCount = 1 + (CONFIRMS.warmup + CONFIRMS.measured) * rounds;
    const started = performance.now();
    const [read, ...pending] = await withConnection(pg.server, tenantDatabaseName(tenantCode), 1, (sql) =>
      prepareBookings(api, sessions, items, customer.customerId, orderNumbers(sql), pendingCount + 1),
    );
    ctx.log(`${pendingCount + 1} paid ${LINES}-line orders booked in ${Math.round(performance.now() - started)} ms`);
    if (!read) throw new Error('no booking prepared');
    await api.ok('/booking/confirm', { requestId: read.requestId }, admin.session);
    const { session: guest } = await api.ok<{ session: string }>('/auth/guest');

    const child = service;
    const { served, freshPool: freshTenantPool } = servedTenant(pg.admin, child, tenantCode);
    const post = (path: string, body: object, session: string) => ({
      port: child.port('service'),
      host,
      method: 'POST' as const,
      path,
      body: JSON.stringify(body),
      headers: { [SESSION_HEADER]: session },
    });
    let nextPending = 0;
    const targets: Record<Target, LoadTarget> = {
      pk: {
        label: '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        connections: CONNECTIONS,
        request: { port: child.port('bench'), host, path: `/bench/customer?customerId=${customer.customerId}` },
        cpu: served,
        freshPool: freshTenantPool,
      },
      read: {
        label: 'POST /booking/read by e-mail + refnum (guest session)',
        connections: CONNECTIONS,
        request: post('/booking/read', { email, refnum: read.refnum }, guest),
        profiled: child,
        cpu: served,
        freshPool: freshTenantPool,
      },
      tickets: {
        label: `POST /booking/getTickets of ${LINES} tickets by id + access code (guest session)`,
        connections: CONNECTIONS,
        request: post('/booking/getTickets', { id: read.requestId, code: read.accessCode }, guest),
        profiled: child,
        cpu: served,
        freshPool: freshTenantPool,
      },
      confirm: {
        label: `POST /booking/confirm of a new ${LINES}-line booking of own products per request (admin session)`,
        connections: CONNECTIONS,
        request: {
          ...post('/booking/confirm', { requestId: pending[0]?.requestId }, admin.session),
          amounts: CONFIRMS,
          // the first answer (before the load) takes pending[0]; the load the ones after it, each once
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ requestId: pending[++nextPending]?.requestId ?? 0 }),
          }),
          verifyBody: (body) => body.includes('"completeResult":"OK"'),
        },
        cpu: served,
        freshPool: freshTenantPool,
      },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const { confirm: _confirm, ...profiledTargets } = targets;
    const profiles = profiling() ? await profileTargets('bookings', ctx.runId, profiledTargets, ctx.log) : undefined;
    const figures = {
      pk: summarize(runs.pk),
      read: summarize(runs.read),
      tickets: summarize(runs.tickets),
      confirm: summarize(runs.confirm),
    };
    const ratios = { read: ratio(runs.read, runs.pk), tickets: ratio(runs.tickets, runs.pk) };
    const checks: Check[] = [
      loadLine(targets.pk.label, figures.pk),
      loadLine(targets.read.label, figures.read),
      loadLine(targets.tickets.label, figures.tickets),
      loadLine(targets.confirm.label, figures.confirm),
      atLeast('ratio booking/read / (pk)', ratios.read, '', READ_RATIO),
      atLeast('ratio getTickets / (pk)', ratios.tickets, '', TICKETS_RATIO),
      below(`confirm p99 at ${CONNECTIONS} connections`, figures.confirm.p99Ms, 'ms', CONFIRM_P99_MS),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        booking: { lines: LINES, refnum: read.refnum, confirms: CONFIRMS },
        medians: figures,
        ratios,
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

interface OrderItem {
  productId: number;
  unitId: number;
  unitPrice: number;
  quantity: number;
  bookDate: string;
}

/** Three own products on free sale (no inventory to set up), one line of each a booking, a month ahead. */
async function ownProducts(api: TenantApi, session: string): Promise<OrderItem[]> {
  const { categoryId } = await api.ok<{ categoryId: number }>(
    '/product/saveCategory',
    { categoryName: 'Bench' },
    session,
  );
  const bookDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const names = ['Burj Khalifa At the Top', 'Dubai Frame', 'Museum of the Future'];
  const items: OrderItem[] = [];
  for (const [i, name] of names.entries()) {
    const product = await api.ok<{ productId: number; unitId: number; productPrice: number }>(
      '/product/saveProduct',
      {
        prodCode: `BK${i + 1}`,
        prodName: name,
        productPrice: 150 + i * 25,
        publicCategoryId: categoryId,
        freeSale: true,
      },
      session,
    );
    items.push({ ...product, unitPrice: product.productPrice, quantity: 1, bookDate });
  }
  return items;
}

async function moreAdminSessions(api: TenantApi, count: number): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i++) {
    const answer = await api.ok<{ session: string }>('/user/authenticate', {
      username: 'admin',
      password: BENCH_ADMIN_PASSWORD,
    });
    sessions.push(answer.session);
  }
  return sessions;
}

/** The order number of an invoice (createInvoice answers invoice numbers), read from the tenant's database. */
function orderNumbers(sql: Sql) {
  return async (invoiceNumber: string) => {
    const [row] = await sql<{ order_num: string }[]>`
      SELECT o.order_num FROM invoices i JOIN sales_orders o USING (sales_order_id)
      WHERE i.invoice_number = ${invoiceNumber}`;
    if (!row) throw new Error(`no order of invoice ${invoiceNumber}`);
    return row.order_num;
  };
}

/** `count` paid orders of the customer booked (PENDING), made by the sessions in parallel, each its own cart. */
async function prepareBookings(
  api: TenantApi,
  sessions: readonly string[],
  items: readonly OrderItem[],
  customerId: number,
  orderOf: (invoiceNumber: string) => Promise<string>,
  count: number,
): Promise<PreparedBooking[]> {
  const prepared: PreparedBooking[] = new Array(count);
  let next = 0;
  const worker = async (session: string) => {
    for (let i = next++; i < count; i = next++) {
      await api.ok('/cart/create', {}, session);
      await api.ok('/cart/addItem', { items }, session);
      const { invoices } = await api.ok<{ invoices: string[] }>(
        '/cart/createInvoice',
        { paid: true, customer: { customerId } },
        session,
      );
      const orderNum = await orderOf(invoices[0] ?? '');
      const booking = await api.ok<{ bookingrequestid: number; refnum: string; accessCode: string }>(
        '/booking/create',
        { orderNum },
        session,
      );
      prepared[i] = { requestId: booking.bookingrequestid, refnum: booking.refnum, accessCode: booking.accessCode };
    }
  };
  await Promise.all(sessions.map(worker));
  return prepared;
}
