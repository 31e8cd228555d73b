// Locations and airlines of the Amadeus supplier against the loopback fake: Airport & City Search by keyword (LON
// finds London, its city and airports), an exact code, accents taken off, keywords Amadeus cannot take answered
// without a call; the whole airline list asked for once and searched by a part of a code or a name; both kept in
// the TTL cache (a day), failures never kept; trimmed and padded answers still map.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusFake, startAmadeusFake } from '../../../../test/support/amadeus-fake.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import { FlightSupplierError } from '../port.js';
import { createTtlCache } from './cache.js';
import { createAmadeusFlightSupplier } from './index.js';
import { AIRLINES_PATH, amadeusKeyword, LOCATIONS_PATH, locationOf, matchingAirlines } from './reference.js';

let fake: AmadeusFake;
const log = { warn: () => {} };
let now = Date.now();

beforeAll(async () => {
  fake = await startAmadeusFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
});

function supplier() {
  const settings = { url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, timeoutMs: 10_000 };
  return createAmadeusFlightSupplier(settings, { log, now: () => now });
}

const locationCalls = () => fake.requests.filter((r) => r.path === LOCATIONS_PATH);

describe('Amadeus locations', () => {
  it('LON finds London: the city first, then its airports, mapped with the address flattened', async () => {
    const found = await supplier().findLocations('lon');

    expect(found.map((l) => `${l.subType} ${l.iataCode}`)).toEqual([
      'CITY LON',
      'AIRPORT LHR',
      'AIRPORT LGW',
      'AIRPORT STN',
    ]);
    expect(found[1]).toEqual({
      subType: 'AIRPORT',
      iataCode: 'LHR',
      name: 'HEATHROW',
      detailedName: 'LONDON/GB:HEATHROW',
      cityName: 'LONDON',
      cityCode: 'LON',
      countryName: 'UNITED KINGDOM',
      countryCode: 'GB',
      regionCode: 'EUROP',
      latitude: 51.47294,
      longitude: -0.45061,
    });
    const [call] = locationCalls();
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      subType: 'AIRPORT,CITY',
      keyword: 'LON',
      'page[limit]': '20',
      sort: 'analytics.travelers.score',
      view: 'FULL',
    });
  });

  it('finds a keyword that starts a word of a name, with its accents taken off', async () => {
    const found = await supplier().findLocations('Gâtwick');
    expect(found.map((l) => l.iataCode)).toEqual(['LGW']);
    expect(locationCalls()[0]?.query.get('keyword')).toBe('GATWICK');
  });

  it('a keyword Amadeus cannot take matches nothing, without a call', async () => {
    const flights = supplier();
    expect(await flights.findLocations('   ')).toEqual([]);
    expect(await flights.findLocations('东京')).toEqual([]);
    expect(await flights.findLocations('a&b')).toEqual([]);
    expect(locationCalls()).toHaveLength(0);
    expect(amadeusKeyword(' São  Paulo ')).toBe('SAO PAULO');
  });

  it('keeps answers a day per keyword, whatever its case', async () => {
    const flights = supplier();
    await flights.findLocations('DUBAI');
    await flights.findLocations('dubai');
    expect(locationCalls()).toHaveLength(1);
    now += 24 * 60 * 60 * 1000 + 1;
    await flights.findLocations('dubai');
    expect(locationCalls()).toHaveLength(2);
  });

  it('concurrent look-ups of one keyword share one call; a caller giving up fails no other', async () => {
    const flights = supplier();
    fake.delayMs = 200;
    try {
      // its rejection is awaited at once: it comes while the others still wait
      const abandoned = rejectionOf(flights.findLocations('new york', AbortSignal.timeout(50)), FlightSupplierError);
      const [a, b] = await Promise.all([flights.findLocations('NEW YORK'), flights.findLocations('New York')]);
      expect((await abandoned).kind).toBe('timeout');
      expect(a.map((l) => l.iataCode)).toEqual(['NYC', 'JFK']);
      expect(b).toEqual(a);
      expect(locationCalls()).toHaveLength(1);
    } finally {
      fake.delayMs = 0;
    }
  });

  it('a failure is not kept: the next look-up asks again', async () => {
    const flights = supplier();
    fake.failNext('server-error');
    expect((await rejectionOf(flights.findLocations('PARIS'), FlightSupplierError)).kind).toBe('unavailable');
    expect((await flights.findLocations('PARIS')).map((l) => l.iataCode)).toEqual(['PAR', 'CDG']);
  });

  it('a location by its exact code: the airport of that code before the city, unknown codes null', async () => {
    const flights = supplier();
    expect((await flights.locationByCode('dxb'))?.subType).toBe('AIRPORT');
    expect(await flights.locationByCode('LON')).toMatchObject({ subType: 'CITY', iataCode: 'LON', cityCode: 'LON' });
    expect(await flights.locationByCode('ZZZ')).toBeNull();
    expect(await flights.locationByCode('LONDON')).toBeNull();
  });

  it('a location missing optional fields or carrying unknown ones still maps; another subType is skipped', () => {
    expect(locationOf({ subType: 'CITY', iataCode: 'lon' })).toEqual({
      subType: 'CITY',
      iataCode: 'LON',
      name: 'LON',
      detailedName: 'LON',
      cityName: 'LON',
      cityCode: 'LON',
      countryName: '',
      countryCode: '',
      regionCode: '',
    });
    expect(
      locationOf({
        subType: 'AIRPORT',
        iataCode: 'LHR',
        name: 'HEATHROW',
        rank: '1',
        tags: ['x'],
        geoCode: { latitude: 'n' },
      }),
    ).toMatchObject({ iataCode: 'LHR', name: 'HEATHROW', cityName: '', cityCode: '' });
    expect(locationOf({ subType: 'POINT_OF_INTEREST', iataCode: 'XXX' })).toBeUndefined();
    expect(locationOf({ subType: 'CITY' })).toBeUndefined();
    expect(locationOf('LON')).toBeUndefined();
  });
});

describe('Amadeus airlines', () => {
  const airlineCalls = () => fake.requests.filter((r) => r.path === AIRLINES_PATH);

  it('asks for the whole list once and finds by a part of a code or a name', async () => {
    const flights = supplier();
    expect(await flights.findAirlines('ek')).toEqual([
      { iataCode: 'EK', icaoCode: 'UAE', businessName: 'EMIRATES', commonName: 'EMIRATES' },
    ]);
    expect((await flights.findAirlines('E')).map((a) => a.iataCode)).toEqual(['EK', 'EY', 'AF']);
    expect((await flights.findAirlines('qtr')).map((a) => a.iataCode)).toEqual(['QR']);
    expect((await flights.findAirlines('airways')).map((a) => a.iataCode)).toEqual(['BA', 'EY', 'QR']);
    expect(await flights.findAirlines('zz')).toEqual([]);
    expect(await flights.findAirlines(' ')).toEqual([]);
    expect(airlineCalls()).toHaveLength(1);
    expect([...(airlineCalls()[0]?.query.keys() ?? [])]).toEqual([]);
  });

  it('asks again after a day', async () => {
    const flights = supplier();
    await flights.findAirlines('BA');
    now += 24 * 60 * 60 * 1000 + 1;
    await flights.findAirlines('BA');
    expect(airlineCalls()).toHaveLength(2);
  });
});

describe('airline matching', () => {
  it('answers at most 20', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ iataCode: `X${i}`, businessName: `AIR ${i}` }));
    expect(matchingAirlines(many, 'air')).toHaveLength(20);
  });
});

describe('TTL cache', () => {
  it('forgets the oldest written key past its size', () => {
    const cache = createTtlCache<number>({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([3, undefined, 4]);
  });
});
