// Issue 17: /visa/searchapplication over 20,000 visa applications of one tenant (with 50,000 applicants, 2,000
// customers), against a bare baseline through the same service stack: GET /bench/customer, one customer by primary
// key in a tenant operation of the bench's app. 10 connections, as a back office. BENCH_VISA_APPLICATIONS shrinks
// the table for a quick check (its figures are then not the 20,000-application ones).
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../../src/platform/database/connections.js';
import { withConnection } from '../../src/platform/database/connections.js';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
import { type ServerChild, startServerChild } from '../lib/child.js';
import { seedCustomers } from '../lib/customers.js';
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

const APPLICATIONS = Number(process.env.BENCH_VISA_APPLICATIONS ?? 20_000) || 20_000;
const CUSTOMERS = 2_000;
const CONNECTIONS = 10;
const P99_LIMIT_MS = 50;

type Target = 'pk' | 'newest' | 'filtered' | 'travel' | 'customer';

/**
 * `count` applications spread over the customers, ten destinations, the five visa types and the six statuses, travel
 * dates over two years, made over the last year; 1 to 4 applicants each. Then VACUUM ANALYZE.
 */
async function seedApplications(sql: Sql, count: number): Promise<{ customerId: number }> {
  await sql`
    WITH c AS (SELECT array_agg(customer_id ORDER BY customer_id) AS ids,
                      array_agg(cust_name ORDER BY customer_id) AS names FROM customers),
         d AS (SELECT array_agg(country_code ORDER BY country_code) AS codes,
                      array_agg(country_name ORDER BY country_code) AS names
               FROM countries WHERE country_code IN ('FR', 'DE', 'IT', 'GB', 'US', 'JP', 'TH', 'IN', 'CA', 'AU'))
    INSERT INTO visa_applications (application_number, customer_id, customer_name, destination_country,
                                   destination_country_name, visa_type, travel_date, return_date, status, created_at,
                                   updated_at)
    SELECT 'VA-2026-' || lpad(n::text, 5, '0'), c.ids[1 + n % cardinality(c.ids)],
           c.names[1 + n % cardinality(c.ids)], d.codes[1 + n % 10], d.names[1 + n % 10],
           (ARRAY['TOURIST', 'BUSINESS', 'TRANSIT', 'STUDENT', 'WORK'])[1 + n % 5],
           date '2026-01-01' + (n * 37) % 730, date '2026-01-01' + (n * 37) % 730 + 14,
           (ARRAY['NEW', 'IN_PROGRESS', 'SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELLED'])[1 + (n / 7) % 6],
           now() - make_interval(mins => ${count}::int - n), now() - make_interval(mins => ${count}::int - n)
    FROM generate_series(1, ${count}::int) n, c, d`;
  await sql`
    INSERT INTO visa_applicants (application_id, first_name, last_name, passport_number, nationality,
                                 nationality_name, date_of_birth, created_at, updated_at)
    SELECT a.application_id, 'Traveller', 'Number' || k, 'P' || lpad((a.application_id * 10 + k)::text, 9, '0'), 'AE',
           'United Arab Emirates', date '1980-01-01' + (a.application_id % 9000), a.created_at, a.created_at
    FROM visa_applications a
    CROSS JOIN LATERAL generate_series(1, 1 + a.application_id % 4) k`;
  await sql`VACUUM ANALYZE visa_applications`;
  await sql`VACUUM ANALYZE visa_applicants`;
  const [busy] = await sql<{ customer_id: number }[]>`
    SELECT customer_id FROM visa_applications GROUP BY customer_id ORDER BY count(*) DESC, customer_id LIMIT 1`;
  if (!busy) throw new Error('no visa applications were inserted');
  return { customerId: busy.customer_id };
}

export const visas: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'visas');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'vi');
    const started = performance.now();
    const seeded = await withConnection(pg.server, tenantDatabaseName(tenantCode), 5, async (sql) => {
      const { middleId } = await seedCustomers(sql, CUSTOMERS);
      return { middleId, ...(await seedApplications(sql, APPLICATIONS)) };
    });
    const seedMs = performance.now() - started;
    ctx.log(`${APPLICATIONS} visa applications (and their applicants) inserted and analysed in ${round(seedMs)} ms`);
    // The searches the load sends, checked once: the newest page (100 rows), a status and destination (a page of
    // 100 out of ~330), a month of travel dates (~830 rows, the newest 100 answered), one customer's (10 rows).
    const filters: Record<Exclude<Target, 'pk'>, object> = {
      newest: {},
      filtered: { status: 'IN_PROGRESS', destinationCountry: 'FR' },
      travel: { fromDate: '2026-06-01', toDate: '2026-06-30' },
      customer: { customerId: seeded.customerId },
    };
    for (const filter of Object.values(filters)) {
      const rows = await api.ok<unknown[]>('/visa/searchapplication', filter, admin.session);
      if (rows.length === 0) throw new Error(`/visa/searchapplication ${JSON.stringify(filter)} found nothing`);
      ctx.log(`/visa/searchapplication ${JSON.stringify(filter)}: ${rows.length} rows`);
    }

    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const search = (filter: object): LoadTarget =>
      target.operation(
        `POST /visa/searchapplication ${JSON.stringify(filter)} (employee session)`,
        '/visa/searchapplication',
        filter,
        admin.session,
      );
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${seeded.middleId}`,
      ),
      newest: search(filters.newest),
      filtered: search(filters.filtered),
      travel: search(filters.travel),
      customer: search(filters.customer),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('visas', ctx.runId, targets, ctx.log) : undefined;

    const searches = ['newest', 'filtered', 'travel', 'customer'] as const;
    const figures = {
      pk: summarize(runs.pk),
      newest: summarize(runs.newest),
      filtered: summarize(runs.filtered),
      travel: summarize(runs.travel),
      customer: summarize(runs.customer),
    };
    const checks: Check[] = (['pk', ...searches] as const).map((key) => loadLine(targets[key].label, figures[key]));
    const ratios = Object.fromEntries(searches.map((key) => [key, ratio(runs[key], runs.pk)]));
    for (const key of searches) {
      checks.push(info(`ratio search ${key} / (pk)`, ratios[key] ?? 0));
      checks.push(below(`search ${key} p99 at ${CONNECTIONS} connections`, figures[key].p99Ms, 'ms', P99_LIMIT_MS));
    }
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        applications: { count: APPLICATIONS, customers: CUSTOMERS, seedMs: round(seedMs), filters },
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
