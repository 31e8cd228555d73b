// Issue 28, item 7: an idle node with many tenants holds at most a few connections for its background work. A
// service with the default cap (50) provisions 200 tenants (4 at a time, in its own process), then is left idle
// for a few rounds of periodic work (15 s each) while the tenant connections PostgreSQL sees (pg_stat_activity)
// and the pool cache's reserved connections are sampled every 250 ms. Before the per-tenant round, each area swept
// every tenant on its own and an idle node held about 5 connections per tenant, the cap with 10 tenants.
import { rm } from 'node:fs/promises';
import { childProvision, type ServerChild, startServerChild } from '../lib/child.js';
import { sleep } from '../lib/env.js';
import { startSampler } from '../lib/sampler.js';
import { below, info, requirePostgres, type Scenario, serviceSettings, tenantPrefix } from '../lib/scenario.js';
import { round } from '../lib/stats.js';

const TENANTS = Number(process.env.BENCH_IDLE_TENANTS ?? 200);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 50);
const PROVISION_CONCURRENCY = 4;
const PROVISION_TIMEOUT_MS = 15 * 60_000;
const SAMPLE_MS = 250;
/** "At most a few": the round's two lanes and the outbox's kicked passes. */
const TARGET = 5;

export const idleNode: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const settings = await serviceSettings(ctx, 'idle_node');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const prefix = tenantPrefix(ctx, 'i');
    const provisioned = await childProvision(
      service,
      { count: TENANTS, concurrency: PROVISION_CONCURRENCY, prefix },
      PROVISION_TIMEOUT_MS,
    );
    ctx.log(`provisioned ${TENANTS} tenants in ${round(provisioned.totalMs / 1000, 1)} s; idle for ${IDLE_SECONDS} s`);
    const sampler = startSampler({
      admin: pg.admin,
      child: service,
      applicationName: `travel-commerce:${prefix}%`,
      intervalMs: SAMPLE_MS,
      maxMs: (IDLE_SECONDS + 10) * 1000,
    });
    await sleep(IDLE_SECONDS * 1000);
    const samples = await sampler.stop();
    ctx.log(
      `idle: max ${samples.maxTenantConnections} tenant connections seen, ${samples.maxReservedConnections} reserved, ` +
        `${samples.maxOpenPools} pools open at most (${samples.samples} samples)`,
    );
    const problems: string[] = [];
    if (service.output.errorLines > 0) {
      problems.push(
        `the service logged ${service.output.errorLines} error lines; last ones:\n${service.output.tail(10)}`,
      );
    }
    return {
      checks: [
        below('idle: max tenant connections (pg_stat_activity)', samples.maxTenantConnections, '', TARGET, true),
        below('idle: max reserved connections (pools.stats)', samples.maxReservedConnections, '', TARGET, true),
        info('idle: most pools open at once', samples.maxOpenPools),
        info(
          `provision ${TENANTS} tenants, ${PROVISION_CONCURRENCY} at a time`,
          round(provisioned.totalMs / 1000, 1),
          's',
        ),
      ],
      problems,
      details: { tenants: TENANTS, idleSeconds: IDLE_SECONDS, sampleMs: SAMPLE_MS, samples },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
