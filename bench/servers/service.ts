// The real service in a child process, configured from the environment like main.ts (DATABASE_URL is
// required): its app listens as in production; beside it a second Fastify app on the same kernel serves
// the bench's tenant operation GET /bench/item (one primary-key SELECT through a tenant pool). Before any
// tenant is provisioned, bench_items is added to the tenant template, so every tenant database has it.
// The bench asks over IPC for tenants (provisioned through service.provisioner) and for pool statistics.
import { performance } from 'node:perf_hooks';
import { Type } from '@sinclair/typebox';
import { loadConfig } from '../../src/config.js';
import { Allow } from '../../src/platform/auth/roles.js';
import { randomToken } from '../../src/platform/crypto.js';
import { parseDatabaseUrl, withConnection } from '../../src/platform/database/connections.js';
import { defineOperation } from '../../src/platform/http/operation.js';
import { createHttpServer } from '../../src/platform/http/server.js';
import { createLogger, type Service, startService } from '../../src/service.js';
import { announceReady, answerRequests, portOf, stopOn } from '../lib/child-side.js';
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
defineOperation(bench, {
  path: '/bench/item',
  methods: ['GET'],
  summary: 'One bench_items row by primary key',
  allow: Allow.anyone,
  response: Type.Object({ id: Type.Integer(), name: Type.String(), stock: Type.Integer() }),
  handler: (ctx) => readItem(ctx.db),
});
await service.app.listen({ host: '127.0.0.1', port: 0 });
await bench.listen({ host: '127.0.0.1', port: 0 });

stopOn(async () => {
  await bench.close();
  await service.close();
});
answerRequests(async (request): Promise<ChildReply> => {
  if (request.kind === 'stats') {
    const memory = process.memoryUsage();
    return {
      kind: 'stats',
      ...service.pools.stats(),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      tenants: service.registry.all().length,
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
  const durationsMs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const tenantCode = `${prefix}${next++}`;
      const begun = performance.now();
      await service.provisioner.provision({
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
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return { kind: 'provisioned', tenantCodes, durationsMs, totalMs: performance.now() - started };
}
