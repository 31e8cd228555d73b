// 500 tenants on one node with the default cap of 50 tenant connections: provision them (4 at a time,
// in the service's own process), then drive the tenant primary-key read round-robin over all 500 hosts,
// so nearly every request needs a pool the cache must open, evicting another. Sampled every 100 ms:
// the tenant connections PostgreSQL sees and the connections the pool cache reserves.
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { childProvision, childStats, type ServerChild, startServerChild } from '../lib/child.js';
import { expectOk, httpGet } from '../lib/http.js';
import { runLoad } from '../lib/load.js';
import { startSampler } from '../lib/sampler.js';
import { below, equals, info, requirePostgres, type Scenario, serviceSettings, tenantPrefix } from '../lib/scenario.js';
import { max, median, round } from '../lib/stats.js';

const TENANTS = Number(process.env.BENCH_TENANTS ?? 500);
const PROVISION_CONCURRENCY = 4;
const PROVISION_TIMEOUT_MS = 15 * 60_000;
const CAP = 50;
const CONNECTIONS = 50;
const SECONDS = 10;
const SAMPLE_MS = 100;
const SINGLE_REQUESTS = 20;

const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

export const tenants500: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const settings = await serviceSettings(ctx, 'tenants500', { TC_DB_MAX_CONNECTIONS: String(CAP) });
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const idle = await childStats(service);
    const prefix = tenantPrefix(ctx, 't');
    const provisioned = await childProvision(
      service,
      { count: TENANTS, concurrency: PROVISION_CONCURRENCY, prefix },
      PROVISION_TIMEOUT_MS,
    );
    ctx.log(
      `provisioned ${TENANTS} tenants in ${round(provisioned.totalMs / 1000, 1)} s ` +
        `(median ${round(median(provisioned.durationsMs))} ms each, ${PROVISION_CONCURRENCY} at a time)`,
    );
    const hosts = provisioned.tenantCodes.map((code) => `${code}.localhost`);
    const port = service.port('bench');
    const expectBody = await expectOk(port, '/bench/item', hosts[0]);

    let turn = 0;
    const sampler = startSampler({
      admin: pg.admin,
      child: service,
      applicationName: `travel-commerce:${prefix}%`,
      intervalMs: SAMPLE_MS,
      maxMs: (SECONDS + 30) * 1000,
    });
    const load = await runLoad({
      port,
      path: '/bench/item',
      connections: CONNECTIONS,
      warmupSeconds: 0,
      seconds: SECONDS,
      expectBody,
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, host: hosts[turn++ % hosts.length] ?? 'localhost' },
      }),
    });
    const samples = await sampler.stop();
    const after = await childStats(service);
    const single = await coldAndWarmRequests(port, hosts, turn);
    ctx.log(
      `round-robin: ${load.requestsPerSecond} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
        `${load.failures} failed, max ${samples.maxTenantConnections} tenant connections ` +
        `(reserved ≤ ${samples.maxReservedConnections}), RSS ${mib(after.rssBytes)} MiB`,
    );

    const problems: string[] = [];
    if (load.failures > 0) {
      problems.push(
        `${load.failures} of ${load.requests + load.errors} requests failed: status codes ${JSON.stringify(load.statusCodes)}, ` +
          `${load.errors} socket errors (${load.timeouts} timeouts), ${load.mismatches} unexpected bodies`,
      );
    }
    if (samples.maxTenantConnections > CAP) {
      problems.push(`PostgreSQL saw ${samples.maxTenantConnections} tenant connections, above the cap of ${CAP}`);
    }
    if (samples.maxReservedConnections > CAP) {
      problems.push(`the pool cache reserved ${samples.maxReservedConnections} connections, above the cap of ${CAP}`);
    }
    if (service.output.errorLines > 0) {
      problems.push(
        `the service logged ${service.output.errorLines} error lines; last ones:\n${service.output.tail(10)}`,
      );
    }
    return {
      checks: [
        info(
          `provision ${TENANTS} tenants, ${PROVISION_CONCURRENCY} at a time`,
          round(provisioned.totalMs / 1000, 1),
          's',
        ),
        info(
          'provision median / max under load',
          `${round(median(provisioned.durationsMs))} / ${round(max(provisioned.durationsMs))}`,
          'ms',
        ),
        below('max tenant connections (pg_stat_activity)', samples.maxTenantConnections, '', CAP, true),
        below('max reserved connections (pools.stats)', samples.maxReservedConnections, '', CAP, true),
        equals('failed requests', load.failures, '', 0),
        info('round-robin req/s (p50 / p99 ms)', `${round(load.requestsPerSecond)} (${load.p50Ms} / ${load.p99Ms})`),
        info('one request alone: closed pool / open pool', `${single.coldMedianMs} / ${single.warmMedianMs}`, 'ms'),
        info('RSS after the run (idle before provisioning)', `${mib(after.rssBytes)} (${mib(idle.rssBytes)})`, 'MiB'),
      ],
      problems,
      details: {
        tenants: TENANTS,
        cap: CAP,
        connections: CONNECTIONS,
        seconds: SECONDS,
        provisioning: {
          concurrency: PROVISION_CONCURRENCY,
          totalMs: round(provisioned.totalMs),
          medianMs: round(median(provisioned.durationsMs)),
          maxMs: round(max(provisioned.durationsMs)),
        },
        load,
        samples,
        singleRequests: single,
        memory: { idle, after },
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};

/**
 * Requests one at a time, after the load: to a tenant whose pool the round-robin evicted long ago (the pool
 * is opened: connection, authentication, first query), then again to the same tenant (its pool is open).
 */
async function coldAndWarmRequests(port: number, hosts: string[], turn: number) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < Math.min(SINGLE_REQUESTS, hosts.length); i++) {
    const host = hosts[(turn + Math.floor(hosts.length / 2) + i) % hosts.length] ?? 'localhost';
    for (const times of [cold, warm]) {
      const started = performance.now();
      const answer = await httpGet(port, '/bench/item', host, 5_000);
      times.push(performance.now() - started);
      if (answer.status !== 200)
        throw new Error(`GET /bench/item on ${host} answered ${answer.status}: ${answer.body}`);
    }
  }
  return {
    requests: cold.length,
    coldMedianMs: round(median(cold), 1),
    warmMedianMs: round(median(warm), 1),
    coldMs: cold.map((ms) => round(ms, 1)),
    warmMs: warm.map((ms) => round(ms, 1)),
  };
}
