// Tenant pools that scale (issue 10): a service with a cap of 50 tenant connections, the tenant primary-key
// read (`/bench/item`, which needs the tenant database) at 50 connections over 50, 200 and 500 tenants
// (BENCH_SCALE_SIZES), each size in two shapes: round-robin over the tenants and Zipf (s = 1.1; tenant i has
// rank i + 1). Baseline in the same run, over the same databases: bare Fastify + postgres.js with an LRU of
// single-connection pools capped at 50 (`bare-lru`). The tenants are provisioned once, for the largest size;
// a smaller size uses the first of them. While the service is loaded, the tenant connections PostgreSQL sees
// and the pool cache's reserved connections are sampled every 100 ms.
import { rm } from 'node:fs/promises';
import { childProvision, childStats, type ServerChild, startServerChild } from '../lib/child.js';
import { expectOk } from '../lib/http.js';
import { type LoadFigures, runLoad } from '../lib/load.js';
import { type Samples, startSampler } from '../lib/sampler.js';
import {
  atLeast,
  below,
  type Check,
  equals,
  info,
  requirePostgres,
  type Scenario,
  serviceSettings,
  tenantPrefix,
} from '../lib/scenario.js';
import { round } from '../lib/stats.js';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '50,200,500')
  .split(',')
  .map(Number)
  .filter((size) => size > 0);
const PROVISION_CONCURRENCY = 4;
const PROVISION_TIMEOUT_MS = 25 * 60_000;
const CAP = 50;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const SECONDS = 5;
const SAMPLE_MS = 100;
const ZIPF_S = 1.1;

type Shape = 'round-robin' | 'zipf';
const SHAPES: Shape[] = ['round-robin', 'zipf'];

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** Picks host indexes: in turn, or by Zipf's law over the ranks 1…n. */
function picker(shape: Shape, n: number): () => number {
  if (shape === 'round-robin') {
    let turn = 0;
    return () => turn++ % n;
  }
  const cdf: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank++) {
    total += 1 / rank ** ZIPF_S;
    cdf.push(total);
  }
  return () => {
    const x = Math.random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cdf[middle] ?? total) < x) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

function load(port: number, path: string, hosts: string[], shape: Shape, expectBody: string) {
  const pick = picker(shape, hosts.length);
  return runLoad({
    port,
    path,
    connections: CONNECTIONS,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    expectBody,
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, host: hosts[pick()] ?? 'localhost' },
    }),
  });
}

interface Run {
  size: number;
  shape: Shape;
  service: LoadFigures;
  baseline: LoadFigures;
  ratio: number;
  samples: Samples;
  rssBytes: number;
  openPools: number;
}

export const tenantsScale: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const largest = Math.max(...SIZES);
  const settings = await serviceSettings(ctx, 'scale', { TC_DB_MAX_CONNECTIONS: String(CAP) });
  let service: ServerChild | undefined;
  let baseline: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const idle = await childStats(service);
    const prefix = tenantPrefix(ctx, 's');
    const provisioned = await childProvision(
      service,
      { count: largest, concurrency: PROVISION_CONCURRENCY, prefix },
      PROVISION_TIMEOUT_MS,
    );
    ctx.log(`provisioned ${largest} tenants in ${round(provisioned.totalMs / 1000, 1)} s`);
    // Steady state, not provisioning's aftermath: hundreds of databases just created leave PostgreSQL a checkpoint's
    // worth of writes, which otherwise lands on the first run (measured: 0.40 instead of 0.74–0.90 at 50 tenants).
    await pg.admin.unsafe('CHECKPOINT');
    baseline = await startServerChild('bare-lru.ts', { DATABASE_URL: pg.url, BENCH_LRU_CAP: String(CAP) });
    const servicePort = service.port('bench');
    const baselinePort = baseline.port('http');
    // Tenant codes in the order they were asked for (`<prefix><i>`), so size n is tenants 0…n-1.
    const codes = Array.from({ length: largest }, (_, i) => `${prefix}${i}`);
    const missing = codes.filter((code) => !provisioned.tenantCodes.includes(code));
    if (missing.length > 0) throw new Error(`tenants not provisioned: ${missing.slice(0, 5).join(', ')}`);
    const firstHost = `${codes[0]}.localhost`;
    const serviceBody = await expectOk(servicePort, '/bench/item', firstHost);
    const baselineBody = await expectOk(baselinePort, '/item', firstHost);

    const runs: Run[] = [];
    let order = 0;
    for (const size of SIZES) {
      const hosts = codes.slice(0, size).map((code) => `${code}.localhost`);
      for (const shape of SHAPES) {
        const measureService = async () => {
          if (!service) throw new Error('no service');
          const sampler = startSampler({
            admin: pg.admin,
            child: service,
            applicationName: `travel-commerce:${prefix}%`,
            intervalMs: SAMPLE_MS,
            maxMs: (WARMUP_SECONDS + SECONDS + 30) * 1000,
          });
          const figures = await load(servicePort, '/bench/item', hosts, shape, serviceBody);
          return { figures, samples: await sampler.stop() };
        };
        const measureBaseline = () => load(baselinePort, '/item', hosts, shape, baselineBody);
        // The targets alternate which runs first.
        let measured: Awaited<ReturnType<typeof measureService>>;
        let bare: LoadFigures;
        if (order++ % 2 === 0) {
          measured = await measureService();
          bare = await measureBaseline();
        } else {
          bare = await measureBaseline();
          measured = await measureService();
        }
        const stats = await childStats(service);
        const run: Run = {
          size,
          shape,
          service: measured.figures,
          baseline: bare,
          ratio: round(measured.figures.requestsPerSecond / Math.max(1, bare.requestsPerSecond), 2),
          samples: measured.samples,
          rssBytes: stats.rssBytes,
          openPools: stats.openPools,
        };
        runs.push(run);
        ctx.log(
          `${size} tenants, ${shape}: service ${run.service.requestsPerSecond} req/s (p99 ${run.service.p99Ms} ms, ` +
            `${run.service.failures} failed), baseline ${run.baseline.requestsPerSecond} req/s ` +
            `(p99 ${run.baseline.p99Ms} ms, ${run.baseline.failures} failed): ${run.ratio}; ` +
            `max ${run.samples.maxTenantConnections} tenant connections seen, ${run.samples.maxReservedConnections} reserved; ` +
            `RSS ${mib(run.rssBytes)} MiB`,
        );
      }
    }

    const checks: Check[] = [
      info(
        `provision ${largest} tenants, ${PROVISION_CONCURRENCY} at a time`,
        round(provisioned.totalMs / 1000, 1),
        's',
      ),
    ];
    const problems: string[] = [];
    for (const run of runs) {
      const name = `${run.size} tenants, ${run.shape}`;
      checks.push(
        atLeast(`${name}: service / baseline req/s`, run.ratio, '', 0.5),
        info(
          `${name}: req/s service / baseline (p99 ms)`,
          `${round(run.service.requestsPerSecond)} (${run.service.p99Ms}) / ${round(run.baseline.requestsPerSecond)} (${run.baseline.p99Ms})`,
        ),
        equals(`${name}: failed requests`, run.service.failures, '', 0),
        below(`${name}: max tenant connections (pg_stat_activity)`, run.samples.maxTenantConnections, '', CAP, true),
        below(`${name}: max reserved connections (pools.stats)`, run.samples.maxReservedConnections, '', CAP, true),
      );
      if (run.shape === 'zipf') checks.push(below(`${name}: p99`, run.service.p99Ms, 'ms', 250));
      if (run.service.failures > 0) {
        problems.push(`${name}: ${run.service.failures} failed: ${JSON.stringify(run.service.statusCodes)}`);
      }
    }
    const last = runs[runs.length - 1];
    if (last) {
      checks.push(
        info(
          `RSS with ${largest} tenants cached (idle before provisioning)`,
          `${mib(last.rssBytes)} (${mib(idle.rssBytes)})`,
          'MiB',
        ),
      );
    }
    if (service.output.errorLines > 0) {
      problems.push(
        `the service logged ${service.output.errorLines} error lines; last ones:\n${service.output.tail(10)}`,
      );
    }
    return {
      checks,
      problems,
      details: {
        sizes: SIZES,
        cap: CAP,
        connections: CONNECTIONS,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
        zipfS: ZIPF_S,
        provisioning: { count: largest, concurrency: PROVISION_CONCURRENCY, totalMs: round(provisioned.totalMs) },
        memory: { idle },
        runs: runs.map(({ samples, ...run }) => ({
          ...run,
          samples: {
            samples: samples.samples,
            maxTenantConnections: samples.maxTenantConnections,
            maxReservedConnections: samples.maxReservedConnections,
            maxOpenPools: samples.maxOpenPools,
            missedStats: samples.missedStats,
          },
        })),
      },
    };
  } finally {
    await baseline?.stop().catch((error: unknown) => ctx.log(String(error)));
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
