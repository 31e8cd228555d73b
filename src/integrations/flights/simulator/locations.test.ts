// The simulator's data and look-ups: real airports, metropolitan cities and airlines from the OpenFlights data
// packages, keyword search ranked exact code → prefix → substring, airlines by code or name.
import { describe, expect, it } from 'vitest';
import { loadFlightData } from './data.js';
import { createFlightSimulator } from './index.js';

const simulator = createFlightSimulator({ clock: () => new Date('2026-11-25T10:00:00Z') });

describe('flight simulator data', () => {
  it('loads the airports, cities and airlines once, in well under a second (measured, not asserted)', () => {
    const data = loadFlightData();
    console.info(
      `flight data: ${data.airports.size} airports, ${data.cities.size} cities, ${data.airlines.size} airlines ` +
        `in ${data.loadMs.toFixed(0)} ms`,
    );
    expect(data.airports.size).toBeGreaterThan(5000);
    expect(data.airlines.size).toBeGreaterThan(500);
    for (const code of ['DXB', 'LHR', 'CDG', 'JFK', 'DOH', 'IST', 'SIN', 'SYD', 'GRU']) {
      expect(data.airports.get(code), code).toBeDefined();
    }
  });

  it('gives every airport its country code and name, coordinates and IANA time zone', () => {
    const data = loadFlightData();
    expect(data.airports.get('LHR')).toMatchObject({
      name: 'London Heathrow Airport',
      city: 'London',
      cityCode: 'LON',
      countryCode: 'GB',
      countryName: 'United Kingdom',
      timeZone: 'Europe/London',
    });
    expect(data.airports.get('DXB')).toMatchObject({ cityCode: 'DXB', countryCode: 'AE', timeZone: 'Asia/Dubai' });
    expect(data.airports.get('IST')?.name).toBe('Istanbul Airport');
    expect(data.airports.get('SAW')?.countryCode).toBe('TR');
    for (const airport of data.airports.values()) {
      expect(airport.countryCode, airport.code).toMatch(/^[A-Z]{2}$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: airport.timeZone }), airport.code).not.toThrow();
    }
  });
});

describe('findLocations', () => {
  it('finds London, the city first and then its airports, for LON in any case', async () => {
    for (const keyword of ['LON', 'lon']) {
      const found = await simulator.findLocations(keyword);
      expect(found[0]).toMatchObject({
        subType: 'CITY',
        iataCode: 'LON',
        name: 'LONDON',
        cityCode: 'LON',
        countryCode: 'GB',
        countryName: 'UNITED KINGDOM',
        regionCode: 'EUROP',
      });
      const airports = found.filter((l) => l.cityCode === 'LON' && l.subType === 'AIRPORT').map((l) => l.iataCode);
      expect(airports).toEqual(expect.arrayContaining(['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN']));
      expect(found.length).toBeLessThanOrEqual(20);
    }
  });

  it('ranks an exact airport code first, then names', async () => {
    const dxb = await simulator.findLocations('dxb');
    expect(dxb[0]).toMatchObject({ iataCode: 'DXB', cityName: 'DUBAI', regionCode: 'MEAST' });
    const paris = await simulator.findLocations('Paris');
    expect(paris[0]).toMatchObject({ subType: 'CITY', iataCode: 'PAR' });
    expect(paris.map((l) => l.iataCode)).toEqual(expect.arrayContaining(['CDG', 'ORY']));
    const heathrow = await simulator.findLocations('heathrow');
    expect(heathrow[0]).toMatchObject({
      subType: 'AIRPORT',
      iataCode: 'LHR',
      detailedName: 'LONDON/GB:LONDON HEATHROW AIRPORT',
    });
  });

  it('answers a repeated keyword (any case) with the same frozen array, which no caller can change', async () => {
    const first = await simulator.findLocations('Dubai');
    expect(Object.isFrozen(first)).toBe(true);
    expect(Reflect.set(first, 'length', 0)).toBe(false);
    expect(first.length).toBeGreaterThan(1);
    const again = await simulator.findLocations('DUBAI');
    expect(again).toBe(first);
    expect(again[0]).toMatchObject({ subType: 'CITY', iataCode: 'DXB' });
    expect(again.map((l) => l.iataCode)).toEqual(expect.arrayContaining(['DXB', 'DWC']));
  });

  it('answers [] for no match or a blank keyword', async () => {
    expect(await simulator.findLocations('zzqx')).toEqual([]);
    expect(await simulator.findLocations('  ')).toEqual([]);
  });

  it('knows a code exactly: an airport, else a city, else null', async () => {
    expect(await simulator.locationByCode('JFK')).toMatchObject({ subType: 'AIRPORT', cityCode: 'NYC' });
    expect(await simulator.locationByCode('nyc')).toMatchObject({ subType: 'CITY', iataCode: 'NYC' });
    expect(await simulator.locationByCode('QQQ')).toBeNull();
  });
});

describe('findAirlines', () => {
  it('finds Emirates by EK, its ICAO code or part of its name', async () => {
    const emirates = { iataCode: 'EK', icaoCode: 'UAE', businessName: 'Emirates' };
    expect((await simulator.findAirlines('EK'))[0]).toMatchObject(emirates);
    expect((await simulator.findAirlines('ek'))[0]).toMatchObject(emirates);
    expect((await simulator.findAirlines('UAE'))[0]).toMatchObject(emirates);
    expect(await simulator.findAirlines('emirat')).toEqual(expect.arrayContaining([expect.objectContaining(emirates)]));
  });

  it('takes a partial code and answers [] for nothing', async () => {
    const q = await simulator.findAirlines('Q');
    expect(q.length).toBeGreaterThan(0);
    expect(q.length).toBeLessThanOrEqual(20);
    expect(q.every((a) => a.iataCode.startsWith('Q') || a.icaoCode?.startsWith('Q') || /q/i.test(a.businessName))).toBe(
      true,
    );
    expect(await simulator.findAirlines('xqzv')).toEqual([]);
  });
});
