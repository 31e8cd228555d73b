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
import { expectOk } from '../lib/http.js';
import { createItems } from '../lib/items.js';
import { type LoadFigures, type LoadOptions, runLoad } from '../lib/load.js';
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
import { median, round } from '../lib/stats.js';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const SECONDS = 5;

type Target = 'a' | 'b' | 'c' | 'd';
const LABELS: Record<Target, string> = {
  a: '(a) bare Fastify hello',
  b: '(b) tenant GET /auth/config',
  c: '(c) bare Fastify + postgres.js PK select',
  d: '(d) tenant operation PK select',
};

export const noop: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = Math.min(5, Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1) || 1));
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

    const targets: Record<Target, Pick<LoadOptions, 'port' | 'path' | 'host'>> = {
      a: { port: hello.port('http'), path: '/hello' },
      b: { port: service.port('service'), path: '/auth/config', host },
      c: { port: bareDb.port('http'), path: '/item' },
      d: { port: service.port('bench'), path: '/bench/item', host },
    };
    const runs: Record<Target, LoadFigures[]> = { a: [], b: [], c: [], d: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const target of ['a', 'b', 'c', 'd'] as const) {
        const options = targets[target];
        const expectBody = await expectOk(options.port, options.path, options.host);
        const figures = await runLoad({
          ...options,
          connections: CONNECTIONS,
          warmupSeconds: WARMUP_SECONDS,
          seconds: SECONDS,
          expectBody,
        });
        runs[target].push(figures);
        ctx.log(
          `${LABELS[target]}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
            `${figures.failures} failed${rounds > 1 ? ` (round ${round})` : ''}`,
        );
      }
    }

    const summary = (target: Target) => ({
      requestsPerSecond: median(runs[target].map((run) => run.requestsPerSecond)),
      p50Ms: median(runs[target].map((run) => run.p50Ms)),
      p99Ms: median(runs[target].map((run) => run.p99Ms)),
      failures: runs[target].reduce((sum, run) => sum + run.failures, 0),
    });
    const figures = { a: summary('a'), b: summary('b'), c: summary('c'), d: summary('d') };
    const checks: Check[] = [];
    for (const target of ['a', 'b', 'c', 'd'] as const) {
      const { requestsPerSecond, p50Ms, p99Ms } = figures[target];
      checks.push(info(`${LABELS[target]} req/s (p50 / p99 ms)`, `${round(requestsPerSecond)} (${p50Ms} / ${p99Ms})`));
    }
    checks.push(atLeast('ratio (b)/(a)', ratio(runs.b, runs.a), '', 0.7), info('ratio (d)/(c)', ratio(runs.d, runs.c)));
    const problems: string[] = [];
    for (const target of ['a', 'b', 'c', 'd'] as const) {
      if (figures[target].failures > 0) {
        const last = runs[target].at(-1);
        problems.push(
          `${LABELS[target]}: ${figures[target].failures} failed requests (${JSON.stringify(last?.statusCodes)})`,
        );
      }
    }
    if (service.output.errorLines > 0) {
      problems.push(`the service logged ${service.output.errorLines} error lines\n${service.output.tail()}`);
    }
    return {
      checks,
      problems,
      details: {
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
        rounds,
        baselinePoolSize: poolSize,
        medians: figures,
        ratios: { ba: ratio(runs.b, runs.a), dc: ratio(runs.d, runs.c) },
        runs,
      },
    };
  } finally {
    for (const child of children.reverse()) await child.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

/** The median over the rounds of ours / baseline. */
function ratio(ours: LoadFigures[], baseline: LoadFigures[]): number {
  return round(median(ours.map((run, i) => run.requestsPerSecond / (baseline[i]?.requestsPerSecond ?? Number.NaN))), 3);
}
