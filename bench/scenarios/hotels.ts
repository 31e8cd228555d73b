// Issue 18 (H1): the contracted accommodation search over 200 hotels, each with a room whose calendar holds every
// night of the stays searched, made through the API by the tenant's admin (saveHotel, saveRoom,
// createRoomCalendar; the odd hotels price per person with a special weekday and a half-board supplement, the even
// ones per room). At 10 connections, a guest session, searchMode contracted (the online supplier is another
// figure): a 30-night stay for 2 adults (every hotel answers: 200 × 30 nights priced per request) and a 7-night
// stay for 2 adults and a child with half board, against (pk) GET /bench/item, a primary-key read through the kernel.
// Targets: p99 < 100 ms for the 30-night search and for (varied) stays that change with every request (3,080 of
// them in turn over 400 nights of calendar): every such search reads the calendar's month runs, which the node's
// own count of searches answered from a kept read confirms (more than 1 % is reported as a problem). BENCH_HOTELS
// shrinks the hotel count.
import { rm } from 'node:fs/promises';
import { askFor, type ServerChild, startServerChild } from '../lib/child.js';
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
import { provisionBenchTenant, tenantTargets } from '../lib/tenant.js';
import type { TenantApi } from '../lib/api.js';

const HOTELS = Number(process.env.BENCH_HOTELS ?? 200) || 200;
const CONNECTIONS = 10;
const P99_LIMIT_MS = 100;
const FIRST_NIGHT_OFFSET = 30;
const NIGHTS = 30;
/** Nights of calendar each room has (the 30 of the repeated searches first): room for thousands of stays. */
const CALENDAR_NIGHTS = 400;
const STAY_LENGTHS = [8, 9, 10, 11, 12, 13, 14, 15];

type Target = 'pk' | 'month' | 'week' | 'varied';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** One contracted hotel with a room and its calendar for every night searched. */
async function contractedHotel(api: TenantApi, session: string, n: number): Promise<void> {
  const perPerson = n % 2 === 1;
  const hotel = await api.ok<{ hotelId: number }>(
    '/hotel/saveHotel',
    {
      hotel: {
        name: `Bench Hotel ${n}`,
        area: n % 3 === 0 ? 'Marina' : 'Downtown',
        stars: 3 + (n % 3),
        fees: 7.5,
        marginValue: 12.5,
      },
    },
    session,
  );
  const room = await api.ok<{ roomId: number }>(
    '/hotel/saveRoom',
    { room: { hotelId: hotel.hotelId, name: 'Deluxe', maxOccupancy: 3, maxAdults: 2, extraBed: true } },
    session,
  );
  const rates = perPerson
    ? { rateBase: 'PAX', adultRate: 150 + n, childRate: 60, adultSdRate: 190 + n, childSdRate: 75 }
    : { rateBase: 'ROOM', baseRate: 300 + n, specDayRate: 380 + n };
  await api.ok(
    '/hotel/createRoomCalendar',
    {
      template: {
        roomId: room.roomId,
        stayDate: isoDay(FIRST_NIGHT_OFFSET),
        allotment: 20,
        mealBase: 2,
        mealSupplements: 'HB:45.5,FB:80',
        extraBedRate: 50,
        ...rates,
      },
      stayTo: isoDay(FIRST_NIGHT_OFFSET + CALENDAR_NIGHTS - 1),
      specDays: perPerson ? 'Fri,Sat' : 'NONE',
    },
    session,
  );
}

export const hotels: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'hotels');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'ho');
    const started = Date.now();
    for (let n = 1; n <= HOTELS; n += 4) {
      await Promise.all(
        [0, 1, 2, 3].filter((i) => n + i <= HOTELS).map((i) => contractedHotel(api, admin.session, n + i)),
      );
    }
    ctx.log(
      `${HOTELS} hotels with ${CALENDAR_NIGHTS} nights of calendar made through the API in ${Date.now() - started} ms`,
    );
    const { session } = await api.ok<{ session: string }>('/auth/guest');
    const checkin = isoDay(FIRST_NIGHT_OFFSET);
    const month = {
      checkin: dmy(checkin),
      checkout: dmy(isoDay(FIRST_NIGHT_OFFSET + NIGHTS)),
      adults: 2,
      children: 0,
      searchMode: 'contracted',
    };
    const week = {
      checkin: dmy(checkin),
      checkout: dmy(isoDay(FIRST_NIGHT_OFFSET + 7)),
      adults: 2,
      children: 1,
      childAges: [6],
      meals: 'HB',
      searchMode: 'contracted',
    };
    for (const body of [month, week]) {
      const answer = await api.ok<{ results: unknown[] }>('/hotel/searchAccommodation', body, session);
      if (answer.results.length !== HOTELS)
        throw new Error(`search found ${answer.results.length} of ${HOTELS} hotels`);
    }
    const child = service;
    const target = tenantTargets(pg.admin, child, tenantCode, CONNECTIONS);
    const search = (label: string, body: object): LoadTarget =>
      target.operation(label, '/hotel/searchAccommodation', body, session);
    // every check-in day × 8 lengths (8-15 nights), in turn: 3,080 stays, more than a run asks for twice
    const checkins = CALENDAR_NIGHTS - Math.max(...STAY_LENGTHS);
    const stays = Array.from({ length: checkins * STAY_LENGTHS.length }, (_, i) => {
      const from = FIRST_NIGHT_OFFSET + (i % checkins);
      const nights = STAY_LENGTHS[Math.floor(i / checkins)] ?? 8;
      return JSON.stringify({ ...month, checkin: dmy(isoDay(from)), checkout: dmy(isoDay(from + nights)) });
    });
    let turn = 0;
    const varied = search('POST /hotel/searchAccommodation 8-15 nights, another stay each request (guest)', month);
    varied.request = {
      ...varied.request,
      setupRequest: (request) => ({ ...request, body: stays[turn++ % stays.length] ?? '' }),
      verifyBody: (body) => body.includes('"errorCode":"OK"') && body.includes('"resultSource":"DIRECT"'),
    };
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead('(pk) GET /bench/item: one row by primary key through the kernel', '/bench/item'),
      month: search(`POST /hotel/searchAccommodation ${NIGHTS} nights, 2 adults, ${HOTELS} hotels (guest)`, month),
      week: search(`POST /hotel/searchAccommodation 7 nights, 2 adults + child, HB, ${HOTELS} hotels (guest)`, week),
      varied,
    };
    const { varied: _varied, ...repeated } = targets;
    const measuring = { rounds, log: ctx.log, admin: pg.admin };
    const repeatedRuns = await measureTargets(repeated, measuring);
    // the node's own count of the new stays' searches answered from a kept read (the figure is of reads)
    const before = await askFor(child, { kind: 'stats' }, 'stats', 10_000);
    const variedRuns = await measureTargets({ varied }, measuring);
    const after = await askFor(child, { kind: 'stats' }, 'stats', 10_000);
    const keptShare = percent(
      after.hotelSearches.kept - before.hotelSearches.kept,
      after.hotelSearches.kept + after.hotelSearches.read - before.hotelSearches.kept - before.hotelSearches.read,
    );
    const runs = { ...repeatedRuns, ...variedRuns };
    const { pk: _pk, ...profiled } = targets;
    const profiles = profiling() ? await profileTargets('hotels', ctx.runId, profiled, ctx.log) : undefined;
    const keys = Object.keys(targets) as Target[];
    const figures = Object.fromEntries(keys.map((key) => [key, summarize(runs[key])])) as Record<
      Target,
      ReturnType<typeof summarize>
    >;
    const ratios = {
      month: ratio(runs.month, runs.pk),
      week: ratio(runs.week, runs.pk),
      varied: ratio(runs.varied, runs.pk),
    };
    const checks: Check[] = [
      ...keys.map((key) => loadLine(targets[key].label, figures[key])),
      below(`search ${NIGHTS} nights p99 at ${CONNECTIONS} connections`, figures.month.p99Ms, 'ms', P99_LIMIT_MS),
      info('ratio search 30 nights / (pk)', ratios.month),
      info('ratio search 7 nights / (pk)', ratios.week),
      info('ratio search of varied stays / (pk)', ratios.varied),
      below(`search of a new stay p99 at ${CONNECTIONS} connections`, figures.varied.p99Ms, 'ms', P99_LIMIT_MS),
      info('new stays: searches answered from a kept read (%)', keptShare),
    ];
    const problems = loadProblems(targets, runs, service);
    if (keptShare > 1) problems.push(`new stays: ${keptShare} % of the searches were answered from a kept read`);
    return {
      checks,
      problems,
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        hotels: HOTELS,
        nights: NIGHTS,
        searches: { month, week },
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
