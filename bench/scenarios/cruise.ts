// Issue 32: /cruise/searchCruises over 5,000 Active sailings (200 ships, 1,000 itineraries, each sailing with four
// ports of call and ten priced cabins), against a bare baseline through the same service stack: GET /bench/customer,
// one customer by primary key in a tenant operation of the bench's app. 10 connections, as a back office. Then the
// cabin hold: 50 concurrent /cruise/booking/create over the 10 free cabins of one sailing (5 per cabin) must book
// exactly 10, refuse 40 with INVALID_STATE and answer no 5xx. BENCH_CRUISE_SAILINGS shrinks the sailings for a quick
// check (its figures are then not the 5,000-sailing ones).
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../../src/platform/database/connections.js';
import { withConnection } from '../../src/platform/database/connections.js';
import { formatDate, addDays } from '../../src/platform/time.js';
import { tenantDatabaseName } from '../../src/platform/tenancy/tenant.js';
import { type ServerChild, startServerChild } from '../lib/child.js';
import { seedCustomers } from '../lib/customers.js';
import { httpRequest } from '../lib/http.js';
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
  equals,
  info,
  requirePostgres,
  type Scenario,
  serviceSettings,
} from '../lib/scenario.js';
import { median, round } from '../lib/stats.js';
import { provisionBenchTenant, SESSION_HEADER, tenantTargets } from '../lib/tenant.js';

const SAILINGS = Number(process.env.BENCH_CRUISE_SAILINGS ?? 5_000) || 5_000;
const SHIPS = 200;
const ITINERARIES = 1_000;
const CABINS_PER_SHIP = 10;
const CONNECTIONS = 10;
const P99_LIMIT_MS = 50;
const RATIO_TARGET = 0.3;
const CONCURRENT_CREATES = 50;

type Target = 'pk' | 'narrow' | 'area' | 'month' | 'areaMonth' | 'firstPage' | 'varied';

/** Requests of the varied search so far, in this process: each one's filters are new to the service (see below). */
let variedSent = 0;

/**
 * The n-th varied search: area (none or one of 5), start day (180), span (7-60 days), minimum duration (3-7), a
 * combination that comes again only after 291,600 requests, so no two requests of a run share a kept answer.
 */
function variedFilter(n: number, today: string, areaId: number): Record<string, number | string> {
  const area = n % 6;
  const start = Math.floor(n / 6) % 180;
  const span = 7 + (Math.floor(n / 1_080) % 54);
  const minDuration = 3 + (Math.floor(n / 58_320) % 5);
  return {
    ...(area === 0 ? {} : { areaId: areaId + area - 1 }),
    dateRangeStart: addDays(today, start),
    dateRangeEnd: addDays(today, start + span),
    minDuration,
  };
}

/**
 * 20 lines, 5 areas, 30 ports, 4 cabin types; 200 ships of 10 cabins; 1,000 Active itineraries (5 a ship, 3-14 days,
 * 4 stops each); `sailings` Active sailings spread over the next 180 days with their ports of call and a charge per
 * cabin (one in ten not available). Then VACUUM ANALYZE. Answers an area id and the sailing the hold test books.
 */
export async function seedCruises(
  sql: Sql,
  sailings: number,
  today: string,
): Promise<{ areaId: number; cruiseId: number }> {
  await sql`INSERT INTO cruise_companies (company_code, company_name) SELECT 'L' || n, 'Line ' || n FROM generate_series(1, 20) n`;
  await sql`INSERT INTO cruise_areas (area_code, area_name) SELECT 'A' || n, 'Area ' || n FROM generate_series(1, 5) n`;
  await sql`
    INSERT INTO cruise_ports (port_code, port_name, country) SELECT 'P' || n, 'Port ' || n, 'AE' FROM generate_series(1, 30) n`;
  await sql`INSERT INTO cruise_cabin_types (type_code, type_name) SELECT 'T' || n, 'Type ' || n FROM generate_series(1, 4) n`;
  await sql`
    INSERT INTO cruise_ships (company_id, ship_code, ship_name)
    SELECT (SELECT min(company_id) FROM cruise_companies) + n % 20, 'S' || n, 'Ship ' || n FROM generate_series(1, ${SHIPS}::int) n`;
  await sql`
    INSERT INTO cruise_ship_cabins (ship_id, cabin_type_id, cabin_code, capacity)
    SELECT s.ship_id, (SELECT min(cabin_type_id) FROM cruise_cabin_types) + k % 4, 'C' || k, 2 + k % 3
    FROM cruise_ships s, generate_series(1, ${CABINS_PER_SHIP}::int) k`;
  await sql`
    INSERT INTO cruise_itineraries (ship_id, area_id, itinerary_code, itinerary_name, duration, description, status)
    SELECT (SELECT min(ship_id) FROM cruise_ships) + (n - 1) / 5, (SELECT min(area_id) FROM cruise_areas) + n % 5,
           'I' || n, 'Itinerary ' || n, 3 + n % 12, 'A sailing of ' || (3 + n % 12) || ' days', 'Active'
    FROM generate_series(1, ${ITINERARIES}::int) n`;
  await sql`
    INSERT INTO cruise_templates (itinerary_id, port_id, stop_seq, day_offset_arrival, day_offset_departure,
                                  arrival_time, departure_time)
    SELECT i.itinerary_id, (SELECT min(port_id) FROM cruise_ports) + (i.itinerary_id * 7 + k * 3) % 30, k,
           (k - 1) * i.duration / 3, (k - 1) * i.duration / 3, time '08:00', time '18:00'
    FROM cruise_itineraries i, generate_series(1, 4) k`;
  await sql`
    INSERT INTO cruises (itinerary_id, start_date, status)
    SELECT (SELECT min(itinerary_id) FROM cruise_itineraries) + (n - 1) % ${ITINERARIES}::int,
           ${today}::date + 1 + (n * 37) % 180, 'Active'
    FROM generate_series(1, ${sailings}::int) n`;
  await sql`
    INSERT INTO cruise_points (cruise_id, port_id, stop_seq, arrival_at, departure_at)
    SELECT c.cruise_id, t.port_id, t.stop_seq, c.start_date + t.day_offset_arrival + t.arrival_time,
           c.start_date + t.day_offset_departure + t.departure_time
    FROM cruises c JOIN cruise_templates t USING (itinerary_id)`;
  await sql`
    INSERT INTO cruise_cabin_charges (cruise_id, ship_cabin_id, price, currency, available)
    SELECT c.cruise_id, sc.ship_cabin_id, 500 + (c.cruise_id * 13 + sc.ship_cabin_id * 7) % 4000, 'AED',
           (c.cruise_id + sc.ship_cabin_id) % 10 <> 0
    FROM cruises c JOIN cruise_itineraries i USING (itinerary_id) JOIN cruise_ship_cabins sc ON sc.ship_id = i.ship_id`;
  for (const table of ['cruise_itineraries', 'cruises', 'cruise_points', 'cruise_cabin_charges', 'cruise_templates'])
    await sql`VACUUM ANALYZE ${sql(table)}`;
  const [picked] = await sql<{ area_id: number; cruise_id: number }[]>`
    SELECT min(area_id) AS area_id, (SELECT min(cruise_id) FROM cruises) AS cruise_id FROM cruise_areas`;
  if (!picked) throw new Error('no cruises were inserted');
  // The hold test's sailing: every cabin available.
  await sql`UPDATE cruise_cabin_charges SET available = true WHERE cruise_id = ${picked.cruise_id}`;
  return { areaId: picked.area_id, cruiseId: picked.cruise_id };
}

interface HoldFigures {
  ok: number;
  invalidState: number;
  other: number;
  http5xx: number;
  wallMs: number;
  cabinsBooked: number;
}

/** 50 creates at once over the sailing's 10 cabins (5 per cabin), each a new connection; what they answered. */
async function concurrentCreates(
  service: ServerChild,
  host: string,
  session: string,
  hold: { cruiseId: number; cabinIds: number[]; customerId: number },
): Promise<HoldFigures> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT_CREATES }, (_, index) =>
      httpRequest(
        service.port('service'),
        {
          method: 'POST',
          path: '/cruise/booking/create',
          host,
          headers: { [SESSION_HEADER]: session },
          body: JSON.stringify({
            cruiseId: hold.cruiseId,
            shipCabinId: hold.cabinIds[index % hold.cabinIds.length],
            customerId: hold.customerId,
            passengers: [{ firstName: 'Bench', lastName: `Passenger ${index}` }],
          }),
        },
        30_000,
      ),
    ),
  );
  const wallMs = round(performance.now() - started);
  const codes = answers.map((answer) => {
    try {
      const envelope: { apiStatus?: { errorCode?: string } } = JSON.parse(answer.body);
      return envelope.apiStatus?.errorCode ?? 'none';
    } catch {
      return 'not JSON';
    }
  });
  const okCabins = new Set(
    codes
      .map((code, index) => (code === 'OK' ? hold.cabinIds[index % hold.cabinIds.length] : undefined))
      .filter((id) => id !== undefined),
  );
  return {
    ok: codes.filter((code) => code === 'OK').length,
    invalidState: codes.filter((code) => code === 'INVALID_STATE').length,
    other: codes.filter((code) => code !== 'OK' && code !== 'INVALID_STATE').length,
    http5xx: answers.filter((answer) => answer.status >= 500).length,
    wallMs,
    cabinsBooked: okCabins.size,
  };
}

/** The search with new filters on every request (a first read each time); any OK array answer counts. */
function variedSearch(base: LoadTarget, today: string, areaId: number): LoadTarget {
  return {
    ...base,
    label:
      'POST /cruise/searchCruises with new filters every request (area, start day, span, minDuration: first reads, ' +
      'up to 20 rows, employee session)',
    request: {
      ...base.request,
      body: JSON.stringify(variedFilter(0, today, areaId)),
      setupRequest: (request) => ({ ...request, body: JSON.stringify(variedFilter(variedSent++, today, areaId)) }),
      verifyBody: (body) => body.startsWith('{"apiStatus":{"errorCode":"OK"') && body.includes('"apiData":['),
    },
  };
}

/**
 * Searches with new filters, each right after the tenant's cruise content version moved on (as any write moves it),
 * so nothing the node keeps applies: the cold cost of a search (version, page ids, the page's sailings), alone.
 */
async function searchesAfterWrites(
  server: Parameters<typeof withConnection>[0],
  tenantCode: string,
  searchOnce: (filter: object) => Promise<unknown[]>,
  filterOf: (n: number) => object,
): Promise<{ count: number; medianMs: number; maxMs: number }> {
  const times: number[] = [];
  await withConnection(server, tenantDatabaseName(tenantCode), 5, async (sql) => {
    for (let n = 0; n < 50; n++) {
      await sql`UPDATE cruise_content_version SET version = version + 1`;
      const started = performance.now();
      await searchOnce(filterOf(500_000 + n));
      times.push(performance.now() - started);
    }
  });
  return { count: times.length, medianMs: round(median(times)), maxMs: round(Math.max(...times)) };
}

export const cruise: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'cruise');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin, host } = await provisionBenchTenant(ctx, service, 'cr');
    const today = formatDate(new Date(), 'Asia/Dubai');
    const started = performance.now();
    const seeded = await withConnection(pg.server, tenantDatabaseName(tenantCode), 5, async (sql) => {
      const { middleId } = await seedCustomers(sql, 1_000);
      const cruises = await seedCruises(sql, SAILINGS, today);
      const cabins = await sql<{ ship_cabin_id: number }[]>`
        SELECT ship_cabin_id FROM cruise_cabin_charges WHERE cruise_id = ${cruises.cruiseId} ORDER BY ship_cabin_id`;
      return { middleId, ...cruises, cabinIds: cabins.map((row) => row.ship_cabin_id) };
    });
    const seedMs = performance.now() - started;
    ctx.log(
      `${SAILINGS} sailings of ${ITINERARIES} itineraries on ${SHIPS} ships inserted and analysed in ${round(seedMs)} ms`,
    );

    // The searches the load sends, checked once: an area's week-long sailings of one week (a few rows), an area's
    // 7-10-day sailings, a month, an area's month, and everything from today, each its first page (20 sailings at
    // most). Each is the same request over and over, so after the first the node answers its kept copy (one
    // primary-key read of the tenant's cruise content version); 'varied' sends new filters with every request, so
    // each is a first read: the page's statement runs every time.
    const filters: Record<Exclude<Target, 'pk' | 'varied'>, object> = {
      narrow: {
        areaId: seeded.areaId,
        minDuration: 7,
        maxDuration: 7,
        dateRangeStart: addDays(today, 60),
        dateRangeEnd: addDays(today, 74),
      },
      area: { areaId: seeded.areaId, minDuration: 7, maxDuration: 10 },
      month: { dateRangeStart: addDays(today, 60), dateRangeEnd: addDays(today, 90) },
      areaMonth: { areaId: seeded.areaId, dateRangeStart: addDays(today, 60), dateRangeEnd: addDays(today, 90) },
      firstPage: {},
    };
    const rows: Record<string, number> = {};
    for (const [key, filter] of Object.entries(filters)) {
      const found = await api.ok<unknown[]>('/cruise/searchCruises', filter, admin.session);
      if (found.length === 0) throw new Error(`/cruise/searchCruises ${JSON.stringify(filter)} found nothing`);
      rows[key] = found.length;
      ctx.log(`/cruise/searchCruises ${JSON.stringify(filter)}: ${found.length} sailings`);
    }

    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const search = (key: Exclude<Target, 'pk' | 'varied'>): LoadTarget =>
      target.operation(
        `POST /cruise/searchCruises ${JSON.stringify(filters[key])} (${rows[key]} rows, employee session)`,
        '/cruise/searchCruises',
        filters[key],
        admin.session,
      );
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${seeded.middleId}`,
      ),
      narrow: search('narrow'),
      area: search('area'),
      month: search('month'),
      areaMonth: search('areaMonth'),
      firstPage: search('firstPage'),
      varied: variedSearch(target.operation('', '/cruise/searchCruises', {}, admin.session), today, seeded.areaId),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('cruise', ctx.runId, targets, ctx.log) : undefined;

    ctx.log(`varied searches sent (each with filters of its own): ${variedSent}`);
    const afterWrite = await searchesAfterWrites(
      pg.server,
      tenantCode,
      (filter) => api.ok<unknown[]>('/cruise/searchCruises', filter, admin.session),
      (n) => variedFilter(n, today, seeded.areaId),
    );
    ctx.log(
      `a search right after a write (nothing kept under the new version), one at a time: ${JSON.stringify(afterWrite)}`,
    );
    const searches = ['narrow', 'area', 'month', 'areaMonth', 'firstPage', 'varied'] as const;
    const figures = Object.fromEntries((['pk', ...searches] as const).map((key) => [key, summarize(runs[key])]));
    const checks: Check[] = (['pk', ...searches] as const).map((key) =>
      loadLine(targets[key].label, figures[key] ?? summarize(runs[key])),
    );
    const ratios = Object.fromEntries(searches.map((key) => [key, ratio(runs[key], runs.pk)]));
    // The figures are checked for both kinds: kept (a repeated search) and first read (varied).
    for (const key of searches) {
      const kind = key === 'varied' ? 'first read' : 'kept';
      checks.push(atLeast(`ratio search ${key} (${kind}) / (pk)`, ratios[key] ?? 0, '×', RATIO_TARGET));
      checks.push(
        below(
          `search ${key} (${kind}) p99 at ${CONNECTIONS} connections`,
          figures[key]?.p99Ms ?? 0,
          'ms',
          P99_LIMIT_MS,
        ),
      );
    }

    const customer = await api.ok<{ customerId: number }>(
      '/customer/create',
      { custName: 'Bench Cruiser', email: 'bench.cruiser@example.com', mobilePhone: '+971500000000' },
      admin.session,
    );
    const hold = await concurrentCreates(child, host, admin.session, {
      cruiseId: seeded.cruiseId,
      cabinIds: seeded.cabinIds,
      customerId: customer.customerId,
    });
    ctx.log(`${CONCURRENT_CREATES} concurrent creates over ${seeded.cabinIds.length} cabins: ${JSON.stringify(hold)}`);
    checks.push(equals('concurrent creates booked', hold.ok, 'bookings', seeded.cabinIds.length));
    checks.push(equals('concurrent creates refused INVALID_STATE', hold.invalidState, 'answers', 40));
    checks.push(equals('concurrent creates answered otherwise', hold.other, 'answers', 0));
    checks.push(equals('concurrent creates answered 5xx', hold.http5xx, 'answers', 0));
    checks.push(equals('cabins booked (one booking each)', hold.cabinsBooked, 'cabins', seeded.cabinIds.length));
    checks.push(info('wall time of the 50 creates', hold.wallMs, 'ms'));
    checks.push(
      info('search right after a write, alone (median / max)', `${afterWrite.medianMs} / ${afterWrite.maxMs}`, 'ms'),
    );
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        sailings: { count: SAILINGS, itineraries: ITINERARIES, ships: SHIPS, seedMs: round(seedMs), filters, rows },
        variedSearches: { sent: variedSent, distinctUntil: 291_600, example: variedFilter(0, today, seeded.areaId) },
        medians: figures,
        ratios,
        runs,
        concurrentCreates: hold,
        searchAfterWrite: afterWrite,
        ...(profiles ? { profiles } : {}),
      },
    };
  } finally {
    await service?.stop().catch((error: unknown) => ctx.log(String(error)));
    await rm(settings.dataDir, { recursive: true, force: true });
  }
};
