// Locations and airlines of the simulator, answered from the in-memory data: case-insensitive keyword over IATA
// codes, city and airport names (cities before their airports; exact code, then prefix, then substring), and
// airlines by full or partial IATA/ICAO code or name.
import type { FlightAirline, FlightLocation } from '../port.js';
import type { Airport, City, FlightData } from './data.js';

const MAX_LOCATIONS = 20;
const MAX_AIRLINES = 20;

function cityLocation(city: City): FlightLocation {
  const name = city.name.toUpperCase();
  const main = city.airports[0];
  return {
    subType: 'CITY',
    iataCode: city.code,
    name,
    detailedName: `${name}/${city.countryCode}`,
    cityName: name,
    cityCode: city.code,
    countryName: city.countryName.toUpperCase(),
    countryCode: city.countryCode,
    regionCode: main ? regionCode(main) : '',
    timeZone: main?.timeZone,
    latitude: main?.latitude,
    longitude: main?.longitude,
  };
}

export function airportLocation(airport: Airport): FlightLocation {
  const name = airport.name.toUpperCase();
  const cityName = airport.city.toUpperCase();
  return {
    subType: 'AIRPORT',
    iataCode: airport.code,
    name,
    detailedName: `${cityName}/${airport.countryCode}:${name}`,
    cityName,
    cityCode: airport.cityCode,
    countryName: airport.countryName.toUpperCase(),
    countryCode: airport.countryCode,
    regionCode: regionCode(airport),
    timeZone: airport.timeZone,
    latitude: airport.latitude,
    longitude: airport.longitude,
  };
}

const MIDDLE_EAST = new Set(['AE', 'SA', 'QA', 'BH', 'KW', 'OM', 'YE', 'IR', 'IQ', 'JO', 'LB', 'SY', 'IL', 'PS']);

/** Amadeus's region codes, from the time zone's continent (the Middle East by country). */
function regionCode(airport: Airport): string {
  if (MIDDLE_EAST.has(airport.countryCode)) return 'MEAST';
  const continent = airport.timeZone.split('/')[0];
  if (continent === 'Europe') return 'EUROP';
  if (continent === 'Africa') return 'AFRIC';
  if (continent === 'Asia') return 'ASIA';
  if (continent === 'America') return airport.latitude < 12 ? 'SAMER' : 'NAMER';
  if (continent === 'Australia' || continent === 'Pacific') return 'SWPAC';
  return '';
}

/** 0 exact code, 1 code prefix, 2 name prefix, 3 substring; -1 no match. */
function rank(keyword: string, code: string, names: string[]): number {
  if (code === keyword) return 0;
  if (code.startsWith(keyword)) return 1;
  const lower = keyword.toLowerCase();
  let best = -1;
  for (const name of names) {
    const at = name.toLowerCase().indexOf(lower);
    if (at === 0) return 2;
    if (at > 0) best = 3;
  }
  return best;
}

export function findLocations(data: FlightData, keyword: string): FlightLocation[] {
  const key = keyword.trim().toUpperCase();
  if (!key) return [];
  const found: { rank: number; order: number; location: () => FlightLocation }[] = [];
  for (const city of data.cities.values()) {
    const r = rank(key, city.code, [city.name]);
    if (r >= 0 && (city.airports.length > 1 || city.airports[0]?.code !== city.code)) {
      found.push({ rank: r, order: 0, location: () => cityLocation(city) });
      for (const airport of city.airports) found.push({ rank: r, order: 1, location: () => airportLocation(airport) });
    }
  }
  for (const airport of data.airports.values()) {
    const r = rank(key, airport.code, [airport.name, airport.city]);
    if (r >= 0) found.push({ rank: r, order: 1, location: () => airportLocation(airport) });
  }
  found.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const seen = new Set<string>();
  const out: FlightLocation[] = [];
  for (const item of found) {
    const location = item.location();
    const id = `${location.subType}:${location.iataCode}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(location);
    if (out.length >= MAX_LOCATIONS) break;
  }
  return out;
}

/** The airport, else the city, with exactly this code. */
export function locationByCode(data: FlightData, code: string): FlightLocation | null {
  const key = code.trim().toUpperCase();
  const airport = data.airports.get(key);
  if (airport) return airportLocation(airport);
  const city = data.cities.get(key);
  return city ? cityLocation(city) : null;
}

export function findAirlines(data: FlightData, codeOrPart: string): FlightAirline[] {
  const key = codeOrPart.trim().toUpperCase();
  if (!key) return [];
  const found: { rank: number; airline: FlightAirline }[] = [];
  for (const a of data.airlines.values()) {
    const byCode = Math.min(rankCode(key, a.iataCode), a.icaoCode ? rankCode(key, a.icaoCode) : 9);
    const byName = a.name.toUpperCase().includes(key) || a.alias?.toUpperCase().includes(key) ? 3 : 9;
    const r = Math.min(byCode, byName);
    if (r < 9)
      found.push({
        rank: r,
        airline: { iataCode: a.iataCode, icaoCode: a.icaoCode, businessName: a.name, commonName: a.alias ?? a.name },
      });
  }
  found.sort((a, b) => a.rank - b.rank || a.airline.iataCode.localeCompare(b.airline.iataCode));
  return found.slice(0, MAX_AIRLINES).map((f) => f.airline);
}

function rankCode(key: string, code: string): number {
  if (code === key) return 0;
  return code.startsWith(key) ? 1 : 9;
}
