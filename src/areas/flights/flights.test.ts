// /flight/* through the API on the flight simulator (the default supplier): locations, airlines, searches kept in
// PostgreSQL with their pages, sort orders, groups and expiry, and pricing that keeps the offer's id.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaApp, defined } from '../../../test/support/api.js';
import { type Caller, guest, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { createFlightSupplier, type FlightSupplier, FlightSupplierError } from '../../integrations/flights/index.js';
import { addDays, formatDate } from '../../platform/time.js';
import { durationSeconds } from './flights.rules.js';
import { Value } from '@sinclair/typebox/value';
import {
  type Airline,
  type Location,
  Location as LocationSchema,
  OfferSet as OfferSetSchema,
  type OfferSet,
  type PricedOffer,
} from './flights.schemas.js';
import { createFlightsArea } from './index.js';

let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
let t: TestTenant;
let g: Caller;
let today: () => string;

beforeAll(async () => {
  t = await tenant(await startTestService({ clock, env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  g = await guest(t);
  today = () => formatDate(clock(), t.record.timezone);
});
afterAll(() => t.service.close());

const trip = (overrides: object = {}) => ({
  origin: 'DXB',
  destination: 'LHR',
  departureDate: addDays(today(), 20),
  returnDate: addDays(today(), 27),
  numAdults: 2,
  numChildren: 1,
  numInfants: 1,
  ...overrides,
});

const search = (overrides: object = {}, caller = g) => caller.api.ok<OfferSet>('/flight/search', trip(overrides));
const totalDuration = (offer: OfferSet['offers'][number]) =>
  offer.itineraries.reduce((sum, itinerary) => sum + durationSeconds(itinerary.duration), 0);

describe('locations and airlines', () => {
  it('finds London by LON and Emirates by EK, for a guest session', async () => {
    const london = await g.api.ok<Location[]>('/flight/getLocations', { keyword: 'LON' });
    expect(london).toContainEqual(expect.objectContaining({ iataCode: 'LON', subType: 'CITY', type: 'location' }));
    expect(london).toContainEqual(expect.objectContaining({ iataCode: 'LHR', subType: 'AIRPORT', cityCode: 'LON' }));
    const airlines = await g.api.ok<Airline[]>('/flight/getAirlines', { code: 'EK' });
    expect(airlines).toContainEqual(expect.objectContaining({ iataCode: 'EK', icaoCode: 'UAE', type: 'airline' }));
    expect(await g.api.ok<Airline[]>('/flight/getAirlines', { code: 'emir' })).toContainEqual(
      expect.objectContaining({ iataCode: 'EK' }),
    );
  });

  it('answers a keyword again (any case) alike, each row with exactly the documented fields', async () => {
    const first = await g.api.ok<Location[]>('/flight/getLocations', { keyword: 'par' });
    expect(await g.api.ok<Location[]>('/flight/getLocations', { keyword: 'PAR ' })).toEqual(first);
    expect(first.length).toBeGreaterThan(1);
    for (const row of first) expect(Object.keys(row).sort()).toEqual(Object.keys(LocationSchema.properties).sort());
  });

  it('needs a session and its parameter', async () => {
    await t.api.expectError('/flight/getLocations', { keyword: 'LON' }, 'MISSING_PARAMETER', 'session');
    await g.api.expectError('/flight/getLocations', {}, 'MISSING_PARAMETER', 'keyword');
    await g.api.expectError('/flight/getAirlines', { code: ' ' }, 'MISSING_PARAMETER', 'code');
  });
});

describe('search', () => {
  it('answers page 1 of a return trip in the tenant currency, offer ids naming the search, default order 0', async () => {
    const set = await search();
    expect(set).toMatchObject({ pageId: 1, groupType: 0, offerGroups: null });
    expect(set.totalRes).toBeGreaterThan(0);
    expect(set.offers.length).toBe(Math.min(20, set.totalRes));
    set.offers.forEach((offer, i) => {
      expect(offer.id).toBe(`${set.searchId}-${i + 1}`);
      expect(offer.currency).toBe(t.record.currency);
      expect(offer.oneWay).toBe(false);
      expect(offer.itineraries).toHaveLength(2);
      expect(offer.paxPricing.map((pax) => pax.passengerType)).toEqual(['ADULT', 'ADULT', 'CHILD', 'INFANT']);
      const segment = defined(offer.itineraries[0]?.segments[0], 'first segment');
      expect(segment.departureAirportCode).toBe('DXB');
      expect(segment.departureAirportName).not.toBe('');
      expect(segment.departureTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    });
    for (const [a, b] of set.offers.slice(1).map((offer, i) => [defined(set.offers[i], 'previous'), offer] as const)) {
      expect(
        a.grandTotal < b.grandTotal || (a.grandTotal === b.grandTotal && totalDuration(a) <= totalDuration(b)),
      ).toBe(true);
    }
  });

  it('sorts by grandTotal (1) or by total duration (2)', async () => {
    const byPrice = (await search({ sortOrder: 1 })).offers.map((offer) => offer.grandTotal);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byDuration = (await search({ sortOrder: 2 })).offers.map(totalDuration);
    expect(byDuration).toEqual([...byDuration].sort((a, b) => a - b));
  });

  it('searches a one-way trip from a city code', async () => {
    const set = await search({ origin: 'lon', destination: 'DXB', returnDate: undefined, numChildren: 0 });
    expect(set.offers.length).toBeGreaterThan(0);
    expect(set.offers.every((offer) => offer.oneWay || offer.itineraries.length === 1)).toBe(true);
  });

  it('refuses missing and malformed parameters, naming them', async () => {
    const { origin: _, ...noOrigin } = trip();
    await g.api.expectError('/flight/search', noOrigin, 'MISSING_PARAMETER', 'origin');
    await g.api.expectError('/flight/search', { ...trip(), departureDate: '' }, 'MISSING_PARAMETER', 'departureDate');
    await g.api.expectError('/flight/search', { ...trip(), numAdults: undefined }, 'MISSING_PARAMETER', 'numAdults');
    const bad: [object, string][] = [
      [{ departureDate: '2026-13-01' }, 'departureDate'],
      [{ departureDate: '01/12/2026' }, 'departureDate'],
      [{ departureDate: addDays(today(), -1) }, 'departureDate'],
      [{ departureDate: addDays(today(), 400), returnDate: undefined }, 'departureDate'],
      [{ returnDate: addDays(today(), 19) }, 'returnDate'],
      [{ origin: 'DX1' }, 'origin'],
      [{ origin: 'XXX' }, 'origin'],
      [{ destination: 'QQQ' }, 'destination'],
      [{ destination: 'DXB' }, 'destination'],
      [{ numAdults: 10, numChildren: 0, numInfants: 0 }, 'numAdults'],
      [{ numAdults: 0 }, 'numAdults'],
      [{ numAdults: 5, numChildren: 5, numInfants: 0 }, 'numChildren'],
      [{ numAdults: 5, numChildren: 4, numInfants: 1 }, 'numInfants'],
      [{ numAdults: 1, numChildren: 0, numInfants: 2 }, 'numInfants'],
      [{ numAdults: 1.5 }, 'numAdults'],
      [{ sortOrder: 3 }, 'sortOrder'],
      [{ grouping: 2 }, 'grouping'],
    ];
    for (const [overrides, naming] of bad) {
      await g.api.expectError('/flight/search', trip(overrides), 'INVALID_FORMAT', naming);
    }
  });

  it('is open to customers and staff as well', async () => {
    const [customer, agent] = [await user(t, 'customer'), await user(t, 'agent')];
    expect((await search({}, customer)).totalRes).toBeGreaterThan(0);
    expect((await search({}, agent)).totalRes).toBeGreaterThan(0);
  });
});

describe('fetchResults', () => {
  it('serves a kept search again, grouped or not; a page past the last has no offers', async () => {
    const set = await search();
    expect(await g.api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: 1 })).toEqual(set);
    const grouped = await g.api.ok<OfferSet>('/flight/fetchResults', {
      searchId: set.searchId,
      page: 1,
      grouping: 'GRP',
    });
    expect(grouped.groupType).toBe(1);
    expect(grouped.totalRes).toBe(set.totalRes);
    expect(grouped.offers).toHaveLength(set.offers.length);
    if (set.totalRes <= 20) {
      expect(new Set(grouped.offers.map((offer) => offer.id))).toEqual(new Set(set.offers.map((o) => o.id)));
    }
    const groups = defined(grouped.offerGroups, 'offerGroups');
    // every offer of the page in exactly one group, the groups in page order, each flying the same flights
    expect(groups.flatMap((group) => group.offerIds)).toEqual(grouped.offers.map((offer) => offer.id));
    for (const group of groups) {
      const members = grouped.offers.filter((offer) => group.offerIds.includes(offer.id));
      const flights = members.map((offer) =>
        offer.itineraries.flatMap((it) => it.segments.map((s) => s.carrierCode + s.flightNumber + s.departureTime)),
      );
      expect(new Set(flights.map((f) => f.join()))).toHaveProperty('size', 1);
      expect(group.lowestGrandTotal).toBe(Math.min(...members.map((offer) => offer.grandTotal)));
      expect(group.offerCount).toBe(members.length);
    }
    const after = Math.ceil(set.totalRes / 20) + 1;
    const past = await g.api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: after });
    expect(past).toMatchObject({ pageId: after, totalRes: set.totalRes, offers: [] });
    const pastGrouped = { searchId: set.searchId, page: after, grouping: 'GRP' };
    expect(await g.api.ok<OfferSet>('/flight/fetchResults', pastGrouped)).toMatchObject({
      offers: [],
      offerGroups: [],
    });
  });

  it('answers a kept page as it was stored with the search, in both views, valid against the OfferSet schema', async () => {
    const set = await search();
    const rows = await t.db(
      (sql) => sql<{ grouping: number; page: number; answer: string }[]>`
        SELECT grouping, page, answer FROM flight_search_pages WHERE search_id = ${set.searchId}
        ORDER BY grouping, page`,
    );
    const pages = Math.max(1, Math.ceil(set.totalRes / 20));
    expect(rows.map((row) => [row.grouping, row.page])).toEqual(
      [0, 1].flatMap((grouping) => Array.from({ length: pages }, (_, i) => [grouping, i + 1])),
    );
    for (const row of rows) expect(Value.Check(OfferSetSchema, JSON.parse(row.answer))).toBe(true);
    // the stored text is what is answered: changed in the table, the answer changes with it
    await t.db(
      (sql) => sql`
        UPDATE flight_search_pages SET answer = (answer::jsonb || '{"totalRes": 999}'::jsonb)::text
        WHERE search_id = ${set.searchId} AND grouping = 0 AND page = 1`,
    );
    const answer = await g.api.inject({
      method: 'POST',
      url: '/flight/fetchResults',
      payload: { session: g.session, searchId: set.searchId, page: 1 },
    });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ apiStatus: { errorCode: 'OK' }, apiData: { totalRes: 999 } });
  });

  it('keeps the grouping of a grouped search unless IND is asked', async () => {
    const set = await search({ grouping: 1 });
    expect(set.groupType).toBe(1);
    expect(set.offerGroups?.length).toBeGreaterThan(0);
    const again = await g.api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: 1 });
    expect(again).toEqual(set);
    const individual = await g.api.ok<OfferSet>('/flight/fetchResults', {
      searchId: set.searchId,
      page: 1,
      grouping: 'IND',
    });
    expect(individual).toMatchObject({ groupType: 0, offerGroups: null });
  });

  it('refuses an unknown search and bad parameters', async () => {
    await g.api.expectError('/flight/fetchResults', { searchId: 'nope', page: 1 }, 'NOTFOUND', 'Search');
    await g.api.expectError('/flight/fetchResults', { page: 1 }, 'MISSING_PARAMETER', 'searchId');
    await g.api.expectError('/flight/fetchResults', { searchId: 'x' }, 'MISSING_PARAMETER', 'page');
    await g.api.expectError('/flight/fetchResults', { searchId: 'x', page: 0 }, 'INVALID_FORMAT', 'page');
    const bad = { searchId: 'x', page: 1, grouping: 'ALL' };
    await g.api.expectError('/flight/fetchResults', bad, 'INVALID_FORMAT', 'grouping');
  });
});

describe('price', () => {
  it('re-prices an offer keeping its id, amounts as strings, a traveler per passenger', async () => {
    const set = await search();
    const offer = defined(set.offers[1] ?? set.offers[0], 'an offer');
    const priced = await g.api.ok<PricedOffer>('/flight/price', { flightOfferId: offer.id });
    expect(priced.id).toBe(offer.id);
    expect(priced.type).toBe('flight-offer');
    expect(priced.price.currency).toBe(t.record.currency);
    expect(Number(priced.price.grandTotal)).toBe(offer.grandTotal);
    expect(priced.price.grandTotal).toMatch(/^\d+\.\d{2}$/);
    expect(priced.travelerPricings.map((tp) => tp.travelerType)).toEqual(['ADULT', 'ADULT', 'CHILD', 'HELD_INFANT']);
    const fares = defined(priced.travelerPricings[0], 'traveler').fareDetailsBySegment;
    expect(fares).toHaveLength(offer.itineraries.flatMap((it) => it.segments).length);
    expect(
      defined(fares[0], 'fare').includedCheckedBags.weightUnit === 'KG' || fares[0]?.includedCheckedBags.quantity,
    ).toBeTruthy();
    expect(priced.itineraries).toEqual(offer.itineraries);
  });

  it('takes the passengers of the search, with dates of birth fitting their type', async () => {
    const set = await search();
    const flightOfferId = defined(set.offers[0], 'offer').id;
    const departure = addDays(today(), 20);
    const passengers = [
      { passengerId: 'P1', type: 'ADULT', dateOfBirth: '1980-05-01' },
      { passengerId: 'P2', type: 'ADULT' },
      { passengerId: 'P3', type: 'CHILD', dateOfBirth: addDays(departure, -365 * 5) },
      { passengerId: 'P4', type: 'INFANT', dateOfBirth: addDays(departure, -200) },
    ];
    const priced = await g.api.ok<PricedOffer>('/flight/price', { flightOfferId, passengers });
    expect(priced.id).toBe(flightOfferId);
    expect(priced.travelerPricings).toHaveLength(4);
    const wrong: [object[], string][] = [
      [passengers.slice(0, 3), 'passengers'],
      [[...passengers.slice(0, 3), { passengerId: 'P1', type: 'INFANT' }], 'passengerId'],
      [[{ ...passengers[0], dateOfBirth: addDays(departure, -365 * 3) }, ...passengers.slice(1)], 'dateOfBirth'],
      [
        [...passengers.slice(0, 3), { passengerId: 'P4', type: 'INFANT', dateOfBirth: addDays(today(), 5) }],
        'dateOfBirth',
      ],
      [[...passengers.slice(0, 3), { passengerId: 'P4', type: 'PET' }], 'type'],
      [[...passengers.slice(0, 3), { passengerId: 'P4', type: 'INFANT', dateOfBirth: '2025-02-30' }], 'dateOfBirth'],
    ];
    for (const [list, naming] of wrong) {
      await g.api.expectError('/flight/price', { flightOfferId, passengers: list }, 'INVALID_FORMAT', naming);
    }
    await g.api.expectError('/flight/price', { passengers }, 'MISSING_PARAMETER', 'flightOfferId');
  });

  it('refuses an offer of no kept search with NOTFOUND', async () => {
    const set = await search();
    for (const flightOfferId of ['nonsense', `${set.searchId}-0`, `${set.searchId}-${set.totalRes + 1}`, 'abc-1']) {
      await g.api.expectError('/flight/price', { flightOfferId }, 'NOTFOUND', 'Flight offer');
    }
  });
});

describe('expiry', () => {
  it('keeps a search 30 minutes, then answers NOTFOUND and deletes it with the next search', async () => {
    const set = await search();
    const flightOfferId = defined(set.offers[0], 'offer').id;
    try {
      offsetMs = 29 * 60_000;
      await g.api.ok('/flight/fetchResults', { searchId: set.searchId, page: 1 });
      await g.api.ok('/flight/price', { flightOfferId });
      offsetMs = 30 * 60_000 + 1000;
      await g.api.expectError('/flight/fetchResults', { searchId: set.searchId, page: 1 }, 'NOTFOUND', 'Search');
      await g.api.expectError('/flight/price', { flightOfferId }, 'NOTFOUND', 'Flight offer');
      const kept = () => t.db((db) => db`SELECT 1 FROM flight_searches WHERE search_id = ${set.searchId}`);
      expect(await kept()).toHaveLength(1);
      await search({ departureDate: addDays(today(), 21), returnDate: undefined });
      expect(await kept()).toHaveLength(0);
    } finally {
      offsetMs = 0;
    }
  });
});

/** The simulator's offers for three days in a row: more than a page. */
function busySupplier(simulator: FlightSupplier): FlightSupplier {
  return {
    ...simulator,
    async searchOffers(request) {
      const days = await Promise.all(
        [0, 1, 2].map((day) =>
          simulator.searchOffers({ ...request, departureDate: addDays(request.departureDate, day) }),
        ),
      );
      return days.flat().map((offer, i) => ({ ...offer, id: String(i + 1) }));
    },
  };
}

/** A supplier that is down: its message must not reach the answer. */
function failingSupplier(simulator: FlightSupplier, kind: 'unavailable' | 'timeout' | 'rate-limited'): FlightSupplier {
  const fail = async (): Promise<never> => {
    throw new FlightSupplierError(kind, 'secret supplier detail 503');
  };
  return { ...simulator, searchOffers: fail, priceOffer: fail, findLocations: fail, findAirlines: fail };
}

describe('with other suppliers', () => {
  let apps: FastifyInstance[] = [];
  const appWith = async (supplier: FlightSupplier) => {
    const app = await areaApp(t.service, createFlightsArea({ flightSupplier: supplier }).operations);
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
  });
  const simulator = () => createFlightSupplier(t.service.config, { clock });

  it('pages a search of more than 20 offers', async () => {
    const api = g.api.on(await appWith(busySupplier(simulator())));
    const set = await api.ok<OfferSet>('/flight/search', trip({ returnDate: undefined, numChildren: 0 }));
    expect(set.totalRes).toBeGreaterThan(20);
    expect(set.offers).toHaveLength(20);
    const second = await api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: 2 });
    expect(second.offers.length).toBe(Math.min(20, set.totalRes - 20));
    expect(defined(second.offers[0], 'first of page 2').id).toBe(`${set.searchId}-21`);
    const all = [...set.offers, ...second.offers].map((offer) => offer.grandTotal);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const grouped = await api.ok<OfferSet>('/flight/fetchResults', {
      searchId: set.searchId,
      page: 2,
      grouping: 'GRP',
    });
    expect(grouped.offers).toHaveLength(second.offers.length);
    // the default node serves the page this app's search stored
    const elsewhere = await g.api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: 2 });
    expect(elsewhere).toEqual(second);
  });

  it('answers API_ERROR when the supplier fails, without its message', async () => {
    for (const kind of ['unavailable', 'timeout', 'rate-limited'] as const) {
      const api = g.api.on(await appWith(failingSupplier(simulator(), kind)));
      for (const [path, body] of [
        ['/flight/search', trip()],
        ['/flight/getLocations', { keyword: 'LON' }],
        ['/flight/getAirlines', { code: 'EK' }],
      ] as const) {
        const answer = await api.expectError(path, body, 'API_ERROR', 'flight supplier');
        expect(answer.apiStatus.errorMessage).not.toContain('secret');
      }
    }
    const set = await search();
    const api = g.api.on(await appWith(failingSupplier(simulator(), 'unavailable')));
    await api.expectError('/flight/price', { flightOfferId: defined(set.offers[0], 'offer').id }, 'API_ERROR');
  });
});
