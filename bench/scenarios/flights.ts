// Issue 15: flights on the simulator (the default supplier), against bare baselines measured in the same run:
//   /flight/search        DXB → LHR a month ahead, 2 adults (guest session), 10 connections: p99 < 150 ms
//   /flight/fetchResults  page 1 of a kept search (guest session), 10 connections, ≥ 0.5 × (pk)
//   /flight/getLocations  keyword "LON" (guest session), ≥ 0.5 × bare Fastify hello (both at 50 connections)
// (pk) is GET /bench/item, one primary-key read through the kernel and the tenant's pool; (hello) bare Fastify;
// (bytes) bare Fastify answering POST /body with the very bytes getLocations answers (about 5 KB): how much of the
// gap to (hello) is taking a POST's body and writing an answer of that size (bare Fastify reads the body as a
// stream; the service reads a body that came whole in one go, so it can come close to (bytes) or pass it).
import { rm } from 'node:fs/promises';
import { childProvision, type ServerChild, startServerChild } from '../lib/child.js';
import { tenantApi } from '../lib/api.js';
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
import {
  atLeast,
  below,
  type Check,
  requirePostgres,
  type Scenario,
  serviceSettings,
  tenantPrefix,
} from '../lib/scenario.js';
import { servedTenant, SESSION_HEADER } from '../lib/tenant.js';

const BACK_OFFICE_CONNECTIONS = 10;
const SEARCH_P99_MS = 150;

type Target = 'hello' | 'bytes' | 'pk' | 'search' | 'results' | 'locations';

export const flights: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'flights');
  const children: ServerChild[] = [];
  try {
    const service = await startServerChild('service.ts', settings.env);
    children.push(service);
    const provisioned = await childProvision(
      service,
      { count: 1, concurrency: 1, prefix: tenantPrefix(ctx, 'fl') },
      120_000,
    );
    const tenantCode = provisioned.tenantCodes[0] ?? '';
    const host = `${tenantCode}.localhost`;
    const api = tenantApi(service.port('service'), host);
    const { session } = await api.ok<{ session: string }>('/auth/guest');
    const departureDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const searchBody = { origin: 'DXB', destination: 'LHR', departureDate, numAdults: 2 };
    const kept = await api.ok<{ searchId: string; totalRes: number }>('/flight/search', searchBody, session);
    ctx.log(`search ${kept.searchId}: ${kept.totalRes} offers`);
    const locationsBody = JSON.stringify(await api.call('/flight/getLocations', { keyword: 'LON' }, session));
    const hello = await startServerChild('bare-hello.ts', { BENCH_BARE_BODY: locationsBody });
    children.push(hello);
    const { served } = servedTenant(pg.admin, service, tenantCode);
    const post = (path: string, body: object) => ({
      port: service.port('service'),
      host,
      method: 'POST' as const,
      path,
      body: JSON.stringify(body),
      headers: { [SESSION_HEADER]: session },
    });
    const targets: Record<Target, LoadTarget> = {
      hello: { label: '(hello) bare Fastify hello', request: { port: hello.port('http'), path: '/hello' } },
      bytes: {
        label: `(bytes) bare Fastify answering getLocations' ${locationsBody.length} bytes`,
        request: { port: hello.port('http'), method: 'POST', path: '/body', body: JSON.stringify({ keyword: 'LON' }) },
      },
      pk: {
        label: '(pk) GET /bench/item: one row by primary key through the kernel',
        connections: BACK_OFFICE_CONNECTIONS,
        request: { port: service.port('bench'), path: '/bench/item', host },
        cpu: served,
      },
      search: {
        label: 'POST /flight/search DXB-LHR, 2 adults (guest session)',
        connections: BACK_OFFICE_CONNECTIONS,
        // every answer has a new searchId: checked for its shape, not compared
        request: { ...post('/flight/search', searchBody), verifyBody: (body) => body.includes('"searchId"') },
        profiled: service,
        cpu: served,
      },
      results: {
        label: 'POST /flight/fetchResults page 1 of a kept search (guest session)',
        connections: BACK_OFFICE_CONNECTIONS,
        request: post('/flight/fetchResults', { searchId: kept.searchId, page: 1 }),
        profiled: service,
        cpu: served,
      },
      locations: {
        label: 'POST /flight/getLocations "LON" (guest session)',
        request: post('/flight/getLocations', { keyword: 'LON' }),
        profiled: service,
        cpu: served,
      },
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const { hello: _hello, bytes: _bytes, pk: _pk, ...profiled } = targets;
    const profiles = profiling() ? await profileTargets('flights', ctx.runId, profiled, ctx.log) : undefined;
    const figures = Object.fromEntries(
      (Object.keys(targets) as Target[]).map((key) => [key, summarize(runs[key])]),
    ) as Record<Target, ReturnType<typeof summarize>>;
    const ratios = {
      results: ratio(runs.results, runs.pk),
      locations: ratio(runs.locations, runs.hello),
      locationsToBytes: ratio(runs.locations, runs.bytes),
      bytesToHello: ratio(runs.bytes, runs.hello),
    };
    const checks: Check[] = [
      ...(Object.keys(targets) as Target[]).map((key) => loadLine(targets[key].label, figures[key])),
      below(`search p99 at ${BACK_OFFICE_CONNECTIONS} connections`, figures.search.p99Ms, 'ms', SEARCH_P99_MS),
      atLeast('ratio fetchResults / (pk)', ratios.results, '', 0.5),
      atLeast('ratio getLocations / (hello)', ratios.locations, '', 0.5),
      { figure: 'ratio (bytes) / (hello): the same answer from bare Fastify', value: ratios.bytesToHello, unit: '' },
      { figure: 'ratio getLocations / (bytes)', value: ratios.locationsToBytes, unit: '' },
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        search: { ...searchBody, searchId: kept.searchId, totalRes: kept.totalRes },
        medians: figures,
        ratios,
        runs,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    for (const child of children.reverse()) await child.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
