// Issue 13: /customer/search by substring over 100,000 customers of one tenant (the trigram indexes of migration
// 0018), against a bare baseline through the same service stack: GET /bench/customer, one customer by primary key
// (the customers api's findById) in a tenant operation of the bench's app. 10 connections, as a back office.
// BENCH_CUSTOMERS shrinks the table for a quick check (its figures are then not the 100,000-customer ones).
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { withConnection } from '../../src/platform/database/connections.js';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
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
import { below, type Check, info, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { round } from '../lib/stats.js';
import { provisionBenchTenant, tenantTargets } from '../lib/tenant.js';
import { seedCustomers } from '../lib/customers.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000) || 100_000;
const CONNECTIONS = 10;
const P99_LIMIT_MS = 50;

type Target = 'pk' | 'name' | 'email';

export const customers: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'customers');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'cu');
    const started = performance.now();
    const seeded = await withConnection(pg.server, tenantDatabaseName(tenantCode), 5, (sql) =>
      seedCustomers(sql, CUSTOMERS),
    );
    const seedMs = performance.now() - started;
    ctx.log(`${CUSTOMERS} customers inserted and analysed in ${round(seedMs)} ms`);
    // The filters the load sends, checked once: a surname shared by a thirtieth of the customers (the answer is
    // a page of 50, the default), and part of one person's e-mail address (about one customer in 900).
    const byName = { custName: 'hadda' };
    const byEmail = { email: 'mariam.hadd', method: 'partial' };
    for (const filter of [byName, byEmail]) {
      const rows = await api.ok<unknown[]>('/customer/search', filter, admin.session);
      if (rows.length === 0) throw new Error(`/customer/search ${JSON.stringify(filter)} found nobody`);
      ctx.log(`/customer/search ${JSON.stringify(filter)}: ${rows.length} rows`);
    }

    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const search = (label: string, filter: object): LoadTarget =>
      target.operation(label, '/customer/search', filter, admin.session);
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${seeded.middleId}`,
      ),
      name: search(`POST /customer/search ${JSON.stringify(byName)} (employee session)`, byName),
      email: search(`POST /customer/search ${JSON.stringify(byEmail)} (employee session)`, byEmail),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('customers', ctx.runId, targets, ctx.log) : undefined;

    const keys = Object.keys(targets) as Target[];
    const figures = Object.fromEntries(keys.map((key) => [key, summarize(runs[key])])) as Record<
      Target,
      ReturnType<typeof summarize>
    >;
    const ratios = { name: ratio(runs.name, runs.pk), email: ratio(runs.email, runs.pk) };
    const checks: Check[] = keys.map((key) => loadLine(targets[key].label, figures[key]));
    checks.push(info('ratio search by name / (pk)', ratios.name));
    checks.push(info('ratio search by e-mail / (pk)', ratios.email));
    for (const key of ['name', 'email'] as const) {
      checks.push(below(`search ${key} p99 at ${CONNECTIONS} connections`, figures[key].p99Ms, 'ms', P99_LIMIT_MS));
    }
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        customers: { count: CUSTOMERS, seedMs: round(seedMs), filters: { byName, byEmail } },
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
