// The real service in a child process, configured from the environment like main.ts (DATABASE_URL is
// required): its app listens as in production; beside it a second Fastify app on the same kernel serves
// the bench's tenant operations (defineOperation, tenant pools, sessions, as every operation):
//   GET /bench/item           one primary-key SELECT through a tenant pool (Allow.anyone)
//   GET /bench/noop           a constant (Allow.anyone), called without a session
//   GET /bench/session-noop   the same constant for any session (Allow.anySession): the kernel resolves the
//                             session through the session store (one indexed lookup, then its cache)
//   GET /bench/customer       one customer by primary key (the customers api's findById), for anyone
//   GET /bench/hold-release   hold(...) of 1 seat, then release(...) of that hold (catalog's index.ts), on the
//                             slot of ?variantId&date
// Before any tenant is provisioned, bench_items is added to the tenant template, so every tenant database has
// it. The bench asks over IPC for tenants (provisioned through service.provisioner), pool statistics, timed
// password hashes, the event-loop delay over a period, CPU profiles, and a fresh pool for a tenant.
import { performance } from 'node:perf_hooks';
import { Type } from '@sinclair/typebox';
import { hold, release } from '../../src/areas/catalog/capacity.js';
import { customersApi } from '../../src/areas/customers/index.js';
import { candidateReads } from '../../src/areas/hotels/search/accommodation-search.cache.js';
import { loadConfig } from '../../src/config.js';
import { Allow } from '../../src/platform/auth/roles.js';
import { randomToken } from '../../src/platform/crypto.js';
import { parseDatabaseUrl, withConnection } from '../../src/platform/database/connections.js';
import { operation, registerOperations } from '../../src/platform/http/operation.js';
import { createHttpServer } from '../../src/platform/http/server.js';
import { hashPassword } from '../../src/platform/passwords.js';
import { createLogger, type Service, startService } from '../../src/service.js';
import { announceReady, answerRequests, cpuProfiler, loopDelayMonitor, portOf, stopOn } from '../lib/child-side.js';
import { createItemsInTemplate, readItem } from '../lib/items.js';
import type { ChildReply, ProvisionedReply } from '../lib/protocol.js';

const MAX_TENANTS = 1_000;

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const server = parseDatabaseUrl(config.databaseUrl);
const logger = createLogger(config);
const service = await startService({ config, server, logger });
await withConnection(server, config.db.templateDatabase, 5, createItemsInTemplate);

const bench = await createHttpServer(service.app.kernel, logger);
registerOperations(bench, [
  operation({
    path: '/bench/item',
    methods: ['GET'],
    summary: 'One bench_items row by primary key',
    allow: Allow.anyone,
    response: Type.Object({ id: Type.Integer(), name: Type.String(), stock: Type.Integer() }),
    handler: (ctx) => readItem(ctx.db),
  }),
]);
const Noop = Type.Object({ session: Type.String({ description: "The session's kind, or none" }) });
registerOperations(bench, [
  operation({
    path: '/bench/noop',
    methods: ['GET'],
    summary: 'A constant, for anyone (the anonymous baseline of /bench/session-noop)',
    allow: Allow.anyone,
    response: Noop,
    handler: async (ctx) => ({ session: ctx.session?.kind ?? 'none' }),
  }),
]);
registerOperations(bench, [
  operation({
    path: '/bench/session-noop',
    methods: ['GET'],
    summary: 'The same constant, for any session',
    allow: Allow.anySession,
    response: Noop,
    handler: async (ctx) => ({ session: ctx.session?.kind ?? 'none' }),
  }),
]);
registerOperations(bench, [
  operation({
    path: '/bench/customer',
    methods: ['GET'],
    summary: "One customer by primary key through the customers api (the customers scenario's baseline)",
    allow: Allow.anyone,
    input: Type.Object({ customerId: Type.Integer({ minimum: 1 }) }),
    response: Type.Object({
      customerId: Type.Integer(),
      custName: Type.String(),
      email: Type.Union([Type.String(), Type.Null()]),
      mobilePhone: Type.Union([Type.String(), Type.Null()]),
    }),
    handler: async (ctx, input) => {
      const customer = await customersApi.findById(ctx.db, input.customerId);
      if (!customer) throw new Error(`no customer ${input.customerId}`);
      return customer;
    },
  }),
]);
/** How long the bench's holds would keep their seats; each is released at once anyway. */
const HOLD_MS = 15 * 60_000;
registerOperations(bench, [
  operation({
    path: '/bench/hold-release',
    methods: ['GET'],
    summary: 'Hold 1 seat of a slot, then release that hold: two capacity operations of a cart',
    allow: Allow.anyone,
    input: Type.Object({ variantId: Type.Integer({ minimum: 1 }), date: Type.String({ format: 'date' }) }),
    response: Type.Object({ held: Type.Boolean(), released: Type.Boolean() }),
    handler: async (ctx, input) => {
      const scope = { db: ctx.db, now: ctx.now };
      const held = await hold(
        scope,
        { variantId: input.variantId, date: input.date, quantity: 1, reference: `bench-${ctx.correlationId}` },
        new Date(ctx.now.getTime() + HOLD_MS),
      );
      if (!held.held) throw new Error(`hold refused on ${input.date}: ${held.reason}`);
      return { held: true, released: await release(scope, held.holdId) };
    },
  }),
]);
await service.app.listen({ host: '127.0.0.1', port: 0 });
await bench.listen({ host: '127.0.0.1', port: 0 });

stopOn(async () => {
  await bench.close();
  await service.close();
});
const loopDelay = loopDelayMonitor();
const profile = cpuProfiler();
answerRequests(async (request): Promise<ChildReply> => {
  if (request.kind === 'hash-timing') return { kind: 'hash-timing', durationsMs: await timeHashes(request.count) };
  if (request.kind === 'loop-delay') return loopDelay(request);
  if (request.kind === 'profile') return profile(request);
  if (request.kind === 'reset-pool') {
    const tenant = request.tenantCode ? service.registry.byCode(request.tenantCode) : undefined;
    if (!tenant) throw new Error(`no tenant ${request.tenantCode}`);
    await service.pools.evict(tenant.tenantId);
    return { kind: 'pool-reset' };
  }
  if (request.kind === 'stats') {
    const memory = process.memoryUsage();
    return {
      kind: 'stats',
      ...service.pools.stats(),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      tenants: service.registry.all().length,
      hotelSearches: candidateReads.counts(),
    };
  }
  return provisionMany(service, request.count, request.concurrency, request.prefix);
});
announceReady({ service: portOf(service.app), bench: portOf(bench) });

/** Provisions `count` tenants `<prefix><i>`, `concurrency` at a time. */
async function provisionMany(
  service: Service,
  count: number,
  concurrency: number,
  prefix: string,
): Promise<ProvisionedReply> {
  if (count > MAX_TENANTS) throw new Error(`at most ${MAX_TENANTS} tenants`);
  const started = performance.now();
  const tenantCodes: string[] = [];
  const adminPasswords: string[] = [];
  const durationsMs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const tenantCode = `${prefix}${next++}`;
      const begun = performance.now();
      const provisioned = await service.provisioner.provision({
        tenantCode,
        tenantName: `Bench ${tenantCode}`,
        dbUser: `u_${tenantCode.replace(/-/g, '_')}`,
        dbPass: randomToken(16),
        adminEmail: `owner@${tenantCode}.example`,
        adminUsername: 'admin',
        timezone: 'Asia/Dubai',
        currency: 'AED',
        market: 'UAE',
      });
      durationsMs.push(performance.now() - begun);
      tenantCodes.push(tenantCode);
      adminPasswords.push(provisioned.adminUser.temporaryPassword);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { kind: 'provisioned', tenantCodes, adminPasswords, durationsMs, totalMs: performance.now() - started };
}

/** `count` password hashes of the service, one after another, each timed. */
async function timeHashes(count: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < Math.min(count, 50); i++) {
    const started = performance.now();
    await hashPassword(`bench password ${i} ${randomToken(8)}`);
    durations.push(performance.now() - started);
  }
  return durations;
}
