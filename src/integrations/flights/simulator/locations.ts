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

interface SearchIndex {
  cities: { city: City; code: string; names: string[] }[];
  airports: { airport: Airport; code: string; names: string[] }[];
  /** Answers by upper-cased keyword (bounded: cleared when full). */
  answers: Map<string, readonly FlightLocation[]>;
}

const indexes = new WeakMap<FlightData, SearchIndex>();
const MAX_CACHED = 2000;

/** Lower-cased names kept beside the data once, and the answers given so far. */
function searchIndex(data: FlightData): SearchIndex {
  let index = indexes.get(data);
  if (!index) {
    index = {
      // a city that is only its own airport is found as that airport
      cities: [...data.cities.values()]
        .filter((city) => city.airports.length > 1 || city.airports[0]?.code !== city.code)
        .map((city) => ({ city, code: city.code, names: [city.name.toLowerCase()] })),
      airports: [...data.airports.values()].map((airport) => ({
        airport,
        code: airport.code,
        names: [airport.name.toLowerCase(), airport.city.toLowerCase()],
      })),
      answers: new Map(),
    };
    indexes.set(data, index);
  }
  return index;
}

/** 0 exact code, 1 code prefix, 2 name prefix, 3 substring; -1 no match. */
function rank(key: string, lower: string, code: string, names: string[]): number {
  if (code === key) return 0;
  if (code.startsWith(key)) return 1;
  let best = -1;
  for (const name of names) {
    const at = name.indexOf(lower);
    if (at === 0) return 2;
    if (at > 0) best = 3;
  }
  return best;
}

const NO_LOCATIONS: readonly FlightLocation[] = Object.freeze([]);

/** The same keyword (any case) answers the same frozen array while it stays cached. */
export function findLocations(data: FlightData, keyword: string): readonly FlightLocation[] {
  const key = keyword.trim().toUpperCase();
  if (!key) return NO_LOCATIONS;
  const index = searchIndex(data);
  let answer = index.answers.get(key);
  if (!answer) {
    answer = Object.freeze(rankedLocations(index, key));
    if (index.answers.size >= MAX_CACHED) index.answers.clear();
    index.answers.set(key, answer);
  }
  return answer;
}

/** Best matches first: by rank, a city before the airports (its own first), at most MAX_LOCATIONS. */
function rankedLocations(index: SearchIndex, key: string): FlightLocation[] {
  const lower = key.toLowerCase();
  const cities: City[][] = [[], [], [], []];
  const airports: Airport[][] = [[], [], [], []];
  for (const entry of index.cities) {
    const r = rank(key, lower, entry.code, entry.names);
    if (r >= 0) cities[r]?.push(entry.city);
  }
  for (const entry of index.airports) {
    const r = rank(key, lower, entry.code, entry.names);
    if (r >= 0) airports[r]?.push(entry.airport);
  }
  const out: FlightLocation[] = [];
  const seen = new Set<string>();
  const add = (id: string, location: () => FlightLocation) => {
    if (out.length < MAX_LOCATIONS && !seen.has(id)) {
      seen.add(id);
      out.push(location());
    }
  };
  for (let r = 0; r < 4 && out.length < MAX_LOCATIONS; r++) {
    for (const city of cities[r] ?? []) add(`C${city.code}`, () => cityLocation(city));
    for (const city of cities[r] ?? []) {
      for (const airport of city.airports) add(`A${airport.code}`, () => airportLocation(airport));
    }
    for (const airport of airports[r] ?? []) add(`A${airport.code}`, () => airportLocation(airport));
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

const airlineAnswers = new WeakMap<FlightData, Map<string, FlightAirline[]>>();

export function findAirlines(data: FlightData, codeOrPart: string): FlightAirline[] {
  const key = codeOrPart.trim().toUpperCase();
  if (!key) return [];
  let answers = airlineAnswers.get(data);
  if (!answers) {
    answers = new Map();
    airlineAnswers.set(data, answers);
  }
  let answer = answers.get(key);
  if (!answer) {
    answer = rankedAirlines(data, key);
    if (answers.size >= MAX_CACHED) answers.clear();
    answers.set(key, answer);
  }
  return answer.slice();
}

function rankedAirlines(data: FlightData, key: string): FlightAirline[] {
  const found: { rank: number; airline: FlightAirline }[] = [];
  for (const a of data.airlines.values()) {
    const byCode = Math.min(rankCode(key, a.iataCode), a.icaoCode ? rankCode(key, a.icaoCode) : 9);
    const byName = a.name.toUpperCase().includes(key) || a.alias?.toUpperCase().includes(key) ? 3 : 9;
    const rank = Math.min(byCode, byName);
    if (rank < 9) {
      const airline = {
        iataCode: a.iataCode,
        icaoCode: a.icaoCode,
        businessName: a.name,
        commonName: a.alias ?? a.name,
      };
      found.push({ rank, airline });
    }
  }
  found.sort((a, b) => a.rank - b.rank || a.airline.iataCode.localeCompare(b.airline.iataCode));
  return found.slice(0, MAX_AIRLINES).map((f) => f.airline);
}

function rankCode(key: string, code: string): number {
  if (code === key) return 0;
  return code.startsWith(key) ? 1 : 9;
}
