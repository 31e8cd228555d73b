// Issue 33: POST /tripmaker/itinerary/get and /tripmaker/itinerary/costs of an itinerary of 30 components (4 flights
// of a kept simulator search, 4 hotels valued by the hotel simulator, 8 activities, 10 services of which 3 in EUR
// converted at the tenant's rate, 4 exclusions), with an employee's session, each against a bare primary-key read
// through the same service stack: GET /bench/customer, one customer by primary key in a tenant operation of the
// bench's app. 10 connections, as a back office; each must reach half the baseline's req/s.
import { rm } from 'node:fs/promises';
import { createHotelSimulator } from '../../src/integrations/hotels/simulator/index.js';
import { addDays, formatDate } from '../../src/platform/time.js';
import type { TenantApi } from '../lib/api.js';
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
import { atLeast, type Check, requirePostgres, type Scenario, serviceSettings } from '../lib/scenario.js';
import { provisionBenchTenant, tenantTargets } from '../lib/tenant.js';

const CONNECTIONS = 10;
const RATIO_TARGET = 0.5;

type Target = 'pk' | 'get' | 'costs';

/** The 30 components, added through the API as an employee would. */
async function fillItinerary(api: TenantApi, session: string, itineraryId: number, start: string): Promise<number> {
  const add = (path: string, body: object) => api.ok(`/tripmaker/itinerary/${path}`, { itineraryId, ...body }, session);
  const search = await api.ok<{ offers: Array<{ id: string }> }>(
    '/flight/search',
    { origin: 'DXB', destination: 'LHR', departureDate: start, returnDate: addDays(start, 6), numAdults: 2 },
    session,
  );
  for (const offer of search.offers.slice(0, 4)) await add('add-flight', { flightOffer: offer, marginValue: 8 });
  const hotels = createHotelSimulator({ clock: () => new Date() });
  const rooms = [{ adults: 2, childAges: [] }];
  const offers = await hotels.search({ cityCode: 'LON', arrivalDate: start, nights: 6, rooms, currency: 'AED' });
  for (const offer of offers.slice(0, 4)) {
    const hotelOffer = {
      offerId: offer.offerCode,
      hotelName: offer.hotelName,
      roomType: offer.roomTypes[0],
      boardType: offer.roomBasis,
    };
    await add('add-accommodation', { hotelOffer, checkInDate: start, nights: 6, marginValue: 12.5 });
  }
  for (let i = 0; i < 8; i++) {
    await add('add-activity', { title: `Tour ${i + 1}`, costPrice: 120 + i, dayNumber: 1 + (i % 7), marginValue: 15 });
  }
  for (let i = 0; i < 10; i++) {
    const currency = i < 3 ? { currency: 'EUR' } : {};
    const cost = { cost: 80 + i * 3.5, marginType: 'FIXED', marginValue: 10 };
    await add('add-service', { serviceType: 'TRANSFER', description: `Transfer ${i + 1}`, ...cost, ...currency });
  }
  for (let i = 0; i < 4; i++) await add('add-exclusion', { description: `Not included ${i + 1}` });
  const got = await api.ok<{ components: unknown[] }>('/tripmaker/itinerary/get', { itineraryId }, session);
  return got.components.length;
}

export const tripPlanning: Scenario = async (ctx) => {
  const pg = requirePostgres(ctx);
  const rounds = benchRounds();
  const settings = await serviceSettings(ctx, 'trip_planning');
  let service: ServerChild | undefined;
  try {
    service = await startServerChild('service.ts', settings.env);
    const { tenantCode, api, admin } = await provisionBenchTenant(ctx, service, 'tp');
    const customer = await api.ok<{ customerId: number }>(
      '/customer/create',
      { custName: 'Amira Hashimi', email: 'amira@bench.example', mobilePhone: '+971500000009' },
      admin.session,
    );
    const today = formatDate(new Date(), 'Asia/Dubai');
    const rate = { fromCurrency: 'EUR', toCurrency: 'AED', rate: 4.0123, validFrom: addDays(today, -1) };
    await api.ok('/cruise/exchangerate/write', rate, admin.session);
    const start = addDays(today, 30);
    const project = await api.ok<{ projectId: number }>(
      '/tripmaker/project/create',
      {
        projectName: 'London week',
        customerId: customer.customerId,
        startDate: start,
        endDate: addDays(start, 6),
        adults: 2,
      },
      admin.session,
    );
    const itinerary = await api.ok<{ itineraryId: number }>(
      '/tripmaker/itinerary/create',
      { projectId: project.projectId, itineraryName: 'Option A' },
      admin.session,
    );
    const components = await fillItinerary(api, admin.session, itinerary.itineraryId, start);
    ctx.log(`itinerary ${itinerary.itineraryId} of ${components} components`);

    const target = tenantTargets(pg.admin, service, tenantCode, CONNECTIONS);
    const body = { itineraryId: itinerary.itineraryId };
    const targets: Record<Target, LoadTarget> = {
      pk: target.benchRead(
        '(pk) GET /bench/customer: one customer by primary key through the kernel (anyone)',
        `/bench/customer?customerId=${customer.customerId}`,
      ),
      get: target.operation(
        `POST /tripmaker/itinerary/get of ${components} components (employee session)`,
        '/tripmaker/itinerary/get',
        body,
        admin.session,
      ),
      costs: target.operation(
        `POST /tripmaker/itinerary/costs of ${components} components (employee session)`,
        '/tripmaker/itinerary/costs',
        body,
        admin.session,
      ),
    };
    const runs = await measureTargets(targets, { rounds, log: ctx.log, admin: pg.admin });
    const profiles = profiling() ? await profileTargets('trip-planning', ctx.runId, targets, ctx.log) : undefined;
    const figures = { pk: summarize(runs.pk), get: summarize(runs.get), costs: summarize(runs.costs) };
    const ratios = { get: ratio(runs.get, runs.pk), costs: ratio(runs.costs, runs.pk) };
    const checks: Check[] = [
      loadLine(targets.pk.label, figures.pk),
      loadLine(targets.get.label, figures.get),
      loadLine(targets.costs.label, figures.costs),
      atLeast('ratio itinerary/get / (pk)', ratios.get, '', RATIO_TARGET),
      atLeast('ratio itinerary/costs / (pk)', ratios.costs, '', RATIO_TARGET),
    ];
    return {
      checks,
      problems: loadProblems(targets, runs, service),
      details: {
        ...loadSettings(rounds),
        connections: CONNECTIONS,
        itinerary: { components },
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
