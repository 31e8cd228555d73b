// Tenant no-op and tenant primary-key read against bare Fastify baselines, every server in a child
// process, measured one after another in the same run:
//   (a) bare Fastify, hello JSON            (b) the service, GET /auth/config on a tenant host
//   (c) bare Fastify + postgres.js, 1 row   (d) a tenant operation reading the same row through the kernel
// Targets: (b)/(a) ≥ 0.70; (d)/(c) for information. BENCH_ROUNDS=n (1-5) repeats the four runs; figures are
// then medians, and a ratio is the median of the rounds' ratios (each round's pair ran back to back).
import { rm } from 'node:fs/promises';
import { loadConfig } from '../../src/config.js';
import { withConnection } from '../../src/platform/database/connections.js';
import { childProvision, type ServerChild, startServerChild } from '../lib/child.js';
import { createItems } from '../lib/items.js';
import {
  benchRounds,
  type LoadTarget,
  loadLine,
  loadProblems,
  loadSettings,
  measureTargets,
  ratio,
  summarize,
} from '../lib/measure.js';
import { databaseUrl } from '../lib/postgres.js';
import {
  atLeast,
  type Check,
  info,
  requirePostgres,
  type Scenario,
  serviceSettings,
  tenantPrefix,
} from '../lib/scenario.js';

type Target = 'a' | 'b' | 'c' | 'd';
const LABELS: Record<Target, string> = {
  a: '(a) bare Fastify hello',
  b: '(b) tenant GET /auth/config',
  c: '(c) bare Fastify + postgres.js PK select',
  d: '(d) tenant operation PK select',
};

export const noop: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const baselineDb = `tc_bench_${ctx.runId}_baseline`;
  await pg.admin.unsafe(`CREATE DATABASE ${baselineDb}`);
  await withConnection(pg.server, baselineDb, 5, createItems);
  const settings = await serviceSettings(ctx, 'noop');
  const poolSize = loadConfig(settings.env).db.poolSize;
  const children: ServerChild[] = [];
  try {
    const hello = await startServerChild('bare-hello.ts', {});
    children.push(hello);
    const bareDb = await startServerChild('bare-db.ts', {
      DATABASE_URL: databaseUrl(pg, baselineDb),
      BENCH_POOL_SIZE: String(poolSize),
    });
    children.push(bareDb);
    const service = await startServerChild('service.ts', settings.env);
    children.push(service);
    const provisioned = await childProvision(
      service,
      { count: 1, concurrency: 1, prefix: tenantPrefix(ctx, 'n') },
      120_000,
    );
    const host = `${provisioned.tenantCodes[0]}.localhost`;

    const targets: Record<Target, LoadTarget> = {
      a: { label: LABELS.a, request: { port: hello.port('http'), path: '/hello' } },
      b: { label: LABELS.b, request: { port: service.port('service'), path: '/auth/config', host } },
      c: { label: LABELS.c, request: { port: bareDb.port('http'), path: '/item' } },
      d: { label: LABELS.d, request: { port: service.port('bench'), path: '/bench/item', host } },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log });
    const figures = { a: summarize(runs.a), b: summarize(runs.b), c: summarize(runs.c), d: summarize(runs.d) };
    const checks: Check[] = (['a', 'b', 'c', 'd'] as const).map((target) => loadLine(LABELS[target], figures[target]));
    const ratios = { ba: ratio(runs.b, runs.a), dc: ratio(runs.d, runs.c) };
    checks.push(atLeast('ratio (b)/(a)', ratios.ba, '', 0.7), info('ratio (d)/(c)', ratios.dc));
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: { ...loadSettings(rounds), baselinePoolSize: poolSize, medians: figures, ratios, runs },
    };
  } finally {
    for (const child of children.reverse()) await child.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
