// Issue 31: the ticket supplier's catalog kept per tenant. One service child on the simulator's catalog (the
// default supplier) with TC_TICKET_CATALOG_SYNC_HOURS=24: its periodic round syncs the new tenant's copy on its own;
// the sync's time is the run's own record (ts_sync_state: completed − started). Then, at 50 connections, against
// (c) the bare Fastify + postgres.js primary-key read: POST /ticketsupplier/experiences of the city with the most
// experiences (page 1, 50 experiences) and POST /ticketsupplier/availability of one of its products for 14 days,
// kept (the node's 60 s copy: the first request asks the simulator, then every request is answered from the copy
// but for one a minute).
import { performance } from 'node:perf_hooks';
import { withConnection } from '../../src/platform/database/connections.js';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
import { addDays, formatDate } from '../../src/platform/time.js';
import { resetPool } from '../lib/child.js';
import {
  benchRounds,
  CONNECTIONS,
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
import { atLeast, below, type Check, info, requirePostgres, type Scenario } from '../lib/scenario.js';
import { startBenchStage } from '../lib/stage.js';
import { round } from '../lib/stats.js';
import { BENCH_ADMIN_PASSWORD, servedTenant } from '../lib/tenant.js';

const SYNC_LIMIT_S = 60;
const RATIO_TARGET = 0.5;
const P99_LIMIT_MS = 20;
const RANGE_DAYS = 14;

type Target = 'c' | 'experiences' | 'availability';

interface SyncedCopy {
  syncS: number;
  /** From provisioning to the copy's completion: the round's wait for the tenant included. */
  waitedS: number;
  rows: Record<string, number>;
  cityCode: string;
  cityExperiences: number;
  productId: string;
}

/** Waits for the round's first sync of the tenant; answers its time and what it copied. */
async function syncedCopy(server: Parameters<typeof withConnection>[0], tenantCode: string): Promise<SyncedCopy> {
  const started = performance.now();
  return withConnection(server, tenantDatabaseName(tenantCode), 2, async (sql) => {
    for (;;) {
      const [state] = await sql`SELECT run_started_at, last_completed_at, last_error FROM ts_sync_state`;
      if (state?.last_completed_at) {
        const syncS = (state.last_completed_at.getTime() - state.run_started_at.getTime()) / 1000;
        const rows: Record<string, number> = {};
        for (const table of ['ts_countries', 'ts_cities', 'ts_experiences', 'ts_products', 'ts_variants', 'ts_tags']) {
          rows[table] = (await sql`SELECT count(*)::int AS n FROM ${sql(table)}`)[0]?.n ?? 0;
        }
        const [city] = await sql`
          SELECT city_code, count(*)::int AS n FROM ts_experiences GROUP BY city_code ORDER BY n DESC LIMIT 1`;
        const [product] = await sql`SELECT product_id FROM ts_products WHERE city_code = ${city?.city_code} LIMIT 1`;
        const waitedS = (performance.now() - started) / 1000;
        return {
          syncS,
          waitedS,
          rows,
          cityCode: city?.city_code,
          cityExperiences: city?.n,
          productId: product?.product_id,
        };
      }
      if (state?.last_error) throw new Error(`the sync failed: ${state.last_error}`);
      if (performance.now() - started > 180_000) throw new Error('the sync did not complete within 180 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

export const ticketSupplier: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const stage = await startBenchStage(ctx, 'ticket_supplier', {
    tenantTag: 'ts',
    adminPassword: BENCH_ADMIN_PASSWORD,
    env: { TC_TICKET_CATALOG_SYNC_HOURS: '24' },
  });
  try {
    const { bareDb, service, poolSize, tenantCode, host, api } = stage;
    const copy = await syncedCopy(pg.server, tenantCode);
    ctx.log(`sync of the simulator's catalog: ${round(copy.syncS, 2)} s (${JSON.stringify(copy.rows)})`);
    const dateFrom = addDays(formatDate(new Date(), 'UTC'), 7);
    const range = { productId: copy.productId, dateFrom, dateTo: addDays(dateFrom, RANGE_DAYS - 1) };
    const page = { cityId: copy.cityCode };
    await api.ok('/ticketsupplier/availability', range);
    await api.ok('/ticketsupplier/experiences', page);
    const { served, freshPool } = servedTenant(pg.admin, service, tenantCode);
    const post = (label: string, path: string, body: object): LoadTarget => ({
      label,
      request: { port: service.port('service'), host, method: 'POST', path, body: JSON.stringify(body) },
      profiled: service,
      cpu: served,
      freshPool,
    });
    const targets: Record<Target, LoadTarget> = {
      c: {
        label: '(c) bare Fastify + postgres.js PK select',
        request: { port: bareDb.port('http'), path: '/item' },
        cpu: { pid: bareDb.pid, applicationName: 'tc-bench-baseline' },
        freshPool: () => resetPool(bareDb),
      },
      experiences: post(
        `POST /ticketsupplier/experiences (city of ${copy.cityExperiences}, page of 50)`,
        '/ticketsupplier/experiences',
        page,
      ),
      availability: post(
        `POST /ticketsupplier/availability (${RANGE_DAYS} days, kept)`,
        '/ticketsupplier/availability',
        range,
      ),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('ticket-supplier', ctx.runId, targets, ctx.log) : undefined;
    const figures = {
      c: summarize(runs.c),
      experiences: summarize(runs.experiences),
      availability: summarize(runs.availability),
    };
    const ratios = { experiences: ratio(runs.experiences, runs.c), availability: ratio(runs.availability, runs.c) };
    const checks: Check[] = [
      below("full sync of the simulator's catalog", round(copy.syncS, 2), 's', SYNC_LIMIT_S),
      info('experiences copied', copy.rows.ts_experiences ?? 0),
      ...(Object.keys(targets) as Target[]).map((key) => loadLine(targets[key].label, figures[key])),
      atLeast('ratio experiences/(c)', ratios.experiences, '', RATIO_TARGET),
      below(`experiences p99 at ${CONNECTIONS} connections`, figures.experiences.p99Ms, 'ms', P99_LIMIT_MS),
      atLeast('ratio availability (kept)/(c)', ratios.availability, '', RATIO_TARGET),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        baselinePoolSize: poolSize,
        sync: { seconds: round(copy.syncS, 2), waitedSeconds: round(copy.waitedS, 1), rows: copy.rows },
        experiences: { cityCode: copy.cityCode, cityExperiences: copy.cityExperiences },
        availability: range,
        medians: figures,
        ratios,
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await stage.stop();
  }
};
