// Airport & City Search (GET /v1/reference-data/locations, subType AIRPORT,CITY) and Airline Code Lookup (GET
// /v1/reference-data/airlines), mapped to the port's locations and airlines and kept in a TTL cache: reference data
// changes seldom, and a page typing a keyword asks for it often. Amadeus takes a keyword of A-Za-z0-9./:-'()" only:
// accents are taken off first, and a keyword still outside that set matches nothing without a call. Airline Code
// Lookup takes exact codes only, while the port finds airlines by a part of their code or name: the whole list is
// asked for once (the call without airlineCodes) and searched here.
import type { FlightAirline, FlightLocation } from '../port.js';
import type { AmadeusClient } from './client.js';
import { createSingleFlight, createTtlCache } from './cache.js';
import { list, record, text } from '../../amadeus/read.js';

export const LOCATIONS_PATH = '/v1/reference-data/locations';
export const AIRLINES_PATH = '/v1/reference-data/airlines';
/** Locations asked per keyword (the first page Amadeus ranks by travelers), and airlines answered at most. */
export const LOCATION_LIMIT = 20;
export const AIRLINE_LIMIT = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEYWORD_ENTRIES = 2_000;

export interface ReferenceData {
  findLocations(keyword: string, signal?: AbortSignal): Promise<readonly FlightLocation[]>;
  locationByCode(iataCode: string, signal?: AbortSignal): Promise<FlightLocation | null>;
  findAirlines(codeOrPart: string, signal?: AbortSignal): Promise<FlightAirline[]>;
}

/** The keyword as Amadeus takes it (upper case, accents off), or undefined when it cannot match anything. */
const NO_LOCATIONS: readonly FlightLocation[] = Object.freeze([]);

export function amadeusKeyword(keyword: string): string | undefined {
  const plain = keyword
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
  return plain !== '' && /^[A-Z0-9./:()'" -]+$/.test(plain) ? plain : undefined;
}

export function locationOf(value: unknown): FlightLocation | undefined {
  const raw = record(value);
  const subType = text(raw?.subType)?.toUpperCase();
  const iataCode = text(raw?.iataCode)?.toUpperCase();
  if (!raw || (subType !== 'AIRPORT' && subType !== 'CITY') || !iataCode) return undefined;
  const address = record(raw.address);
  const geo = record(raw.geoCode);
  const name = text(raw.name) ?? iataCode;
  const latitude = geo?.latitude;
  const longitude = geo?.longitude;
  return {
    subType,
    iataCode,
    name,
    detailedName: text(raw.detailedName) ?? name,
    cityName: text(address?.cityName) ?? (subType === 'CITY' ? name : ''),
    cityCode: text(address?.cityCode)?.toUpperCase() ?? (subType === 'CITY' ? iataCode : ''),
    countryName: text(address?.countryName) ?? '',
    countryCode: text(address?.countryCode)?.toUpperCase() ?? '',
    regionCode: text(address?.regionCode) ?? '',
    ...(typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : {}),
  };
}

export function airlineOf(value: unknown): FlightAirline | undefined {
  const raw = record(value);
  const iataCode = text(raw?.iataCode)?.toUpperCase();
  if (!raw || !iataCode) return undefined;
  const icaoCode = text(raw.icaoCode)?.toUpperCase();
  const commonName = text(raw.commonName);
  return {
    iataCode,
    ...(icaoCode ? { icaoCode } : {}),
    businessName: text(raw.businessName) ?? commonName ?? iataCode,
    ...(commonName ? { commonName } : {}),
  };
}

function mapped<T>(answer: unknown, map: (value: unknown) => T | undefined): T[] {
  return list(record(answer)?.data).flatMap((item) => {
    const value = map(item);
    return value ? [value] : [];
  });
}

/** Code matches first (exact, then prefix), then names containing the part; alphabetical by code within each; 20. */
export function matchingAirlines(airlines: FlightAirline[], codeOrPart: string): FlightAirline[] {
  const part = codeOrPart.trim().toUpperCase();
  if (part === '') return [];
  const rank = (a: FlightAirline): number => {
    if (a.iataCode === part || a.icaoCode === part) return 0;
    if (a.iataCode.startsWith(part) || a.icaoCode?.startsWith(part)) return 1;
    const names = `${a.businessName}\n${a.commonName ?? ''}`.toUpperCase();
    return names.includes(part) ? 2 : 3;
  };
  return airlines
    .map((airline) => ({ airline, rank: rank(airline) }))
    .filter((entry) => entry.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.airline.iataCode.localeCompare(b.airline.iataCode))
    .slice(0, AIRLINE_LIMIT)
    .map((entry) => entry.airline);
}

export function createReferenceData(client: AmadeusClient, now: () => number): ReferenceData {
  const locations = createTtlCache<readonly FlightLocation[]>({ ttlMs: DAY_MS, maxEntries: KEYWORD_ENTRIES, now });
  const airlines = createTtlCache<FlightAirline[]>({ ttlMs: DAY_MS, maxEntries: 1, now });
  const locationLoads = createSingleFlight<readonly FlightLocation[]>();
  const airlineLoads = createSingleFlight<FlightAirline[]>();

  async function loadLocations(keyword: string): Promise<readonly FlightLocation[]> {
    const query: Record<string, string> = {
      subType: 'AIRPORT,CITY',
      keyword,
      'page[limit]': String(LOCATION_LIMIT),
      sort: 'analytics.travelers.score',
      view: 'FULL',
    };
    const found = mapped(await client.call({ method: 'GET', path: LOCATIONS_PATH, query }), locationOf);
    locations.set(keyword, found);
    return found;
  }

  async function findLocations(keyword: string, signal?: AbortSignal): Promise<readonly FlightLocation[]> {
    const wanted = amadeusKeyword(keyword);
    if (!wanted) return NO_LOCATIONS;
    return locations.get(wanted) ?? (await locationLoads(wanted, () => loadLocations(wanted), signal));
  }

  async function allAirlines(signal?: AbortSignal): Promise<FlightAirline[]> {
    const load = async () => {
      const found = mapped(await client.call({ method: 'GET', path: AIRLINES_PATH }), airlineOf);
      airlines.set('all', found);
      return found;
    };
    return airlines.get('all') ?? (await airlineLoads('all', load, signal));
  }

  return {
    findLocations,
    async locationByCode(iataCode, signal) {
      const code = iataCode.trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(code)) return null;
      const found = await findLocations(code, signal);
      return (
        found.find((l) => l.iataCode === code && l.subType === 'AIRPORT') ??
        found.find((l) => l.iataCode === code) ??
        null
      );
    },
    async findAirlines(codeOrPart, signal) {
      if (codeOrPart.trim() === '') return [];
      return matchingAirlines(await allAirlines(signal), codeOrPart);
    },
  };
}
