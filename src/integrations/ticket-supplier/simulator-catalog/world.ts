// The simulated catalog's countries and cities, chosen by rule from the installed data packages (no hand-typed
// rows): the countries whose cities hold the most people in city-timezones' data, among those whose currency the
// price table knows, and each country's biggest cities. Names and currencies from countries-list, the ISO numeric
// code (the country's id) and official name from i18n-iso-countries, coordinates and zones from city-timezones.
import cityTimezones from 'city-timezones';
import { countries as countryData } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import type { CatalogCity, CatalogCountry } from '../catalog.js';

/** Countries in the catalog. */
export const COUNTRY_COUNT = 60;
/** A country's biggest cities at most. */
export const CITIES_PER_COUNTRY = 8;
/** In whatever ranking, these are in (the contract names their cities). */
const ALWAYS = ['AE', 'FR', 'GB'];

/**
 * Units of a currency one euro buys, roughly (fixed: prices must not move with markets). A EUR base price times
 * this is the local price; a country whose currency is not here is not in the catalog.
 */
export const EUR_RATES: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.1,
  GBP: 0.85,
  CHF: 0.95,
  AED: 4,
  SAR: 4.1,
  QAR: 4,
  OMR: 0.42,
  BHD: 0.41,
  KWD: 0.34,
  JOD: 0.78,
  ILS: 4,
  EGP: 53,
  MAD: 11,
  TND: 3.4,
  TRY: 37,
  ZAR: 20,
  KES: 140,
  INR: 92,
  LKR: 330,
  THB: 38,
  MYR: 4.9,
  SGD: 1.45,
  IDR: 17_500,
  PHP: 63,
  VND: 27_500,
  CNY: 7.8,
  HKD: 8.5,
  TWD: 35,
  JPY: 165,
  KRW: 1500,
  AUD: 1.65,
  NZD: 1.8,
  CAD: 1.5,
  MXN: 20,
  BRL: 6,
  CLP: 1000,
  COP: 4400,
  PEN: 4.1,
  NOK: 11.7,
  SEK: 11.4,
  DKK: 7.46,
  PLN: 4.3,
  CZK: 25,
  HUF: 400,
  RON: 5,
  ISK: 150,
  GEL: 3,
};

export interface WorldCity extends CatalogCity {
  population: number;
  /** ISO 3166-1 alpha-2 of its country. */
  countryCode: string;
  currency: string;
}

export interface World {
  countries: CatalogCountry[];
  cities: WorldCity[];
}

type Alpha2 = keyof typeof countryData;

const currencyOf = (code: string): string | undefined => countryData[code as Alpha2]?.currency[0];

/** The ISO numeric code without its leading zeros ("36" for AU): the id reads as the spec's integer countryId. */
const numericOf = (code: string): number => Number(isoCountries.alpha2ToNumeric(code) ?? Number.NaN);

function rankedCountries(): string[] {
  const people = new Map<string, number>();
  for (const city of cityTimezones.cityMapping) {
    people.set(city.iso2, (people.get(city.iso2) ?? 0) + city.pop);
  }
  const known = [...people]
    .filter(([code]) => {
      const currency = currencyOf(code);
      return currency !== undefined && currency in EUR_RATES && Number.isInteger(numericOf(code));
    })
    // Most people first; the code breaks ties so the order never depends on the data's order.
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code]) => code);
  const chosen = [...new Set([...ALWAYS, ...known])].slice(0, COUNTRY_COUNT);
  return chosen.sort((a, b) => numericOf(a) - numericOf(b));
}

function countryOf(code: string): CatalogCountry {
  const name = countryData[code as Alpha2].name;
  const official = isoCountries.getName(code, 'en', { select: 'official' }) ?? null;
  // ISO's inverted forms ("Taiwan, Province of China") are index names, not the names a buyer is shown.
  const full = official !== null && official !== name && !official.includes(',') ? official : null;
  return { id: String(numericOf(code)), name, code, fullName: full };
}

/** Closer than this to a bigger city, a city is the same place (København and Copenhagen) or its suburb. */
const SAME_PLACE_KM = 20;

/** Equirectangular distance: close enough at a city's scale. */
function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6371;
}

/** The country's biggest cities, one per name and place; id: the country's id, then the rank (Dubai: 78401). */
function citiesOf(country: CatalogCountry, byCountry: Map<string, cityTimezones.CityData[]>): WorldCity[] {
  const code = country.code as string;
  const currency = currencyOf(code) as string;
  const biggest: cityTimezones.CityData[] = [];
  const ranked = (byCountry.get(code) ?? []).slice().sort((a, b) => b.pop - a.pop || a.city.localeCompare(b.city));
  for (const city of ranked) {
    if (biggest.length === CITIES_PER_COUNTRY) break;
    if (!biggest.some((kept) => kept.city === city.city || kmBetween(kept, city) < SAME_PLACE_KM)) biggest.push(city);
  }
  return biggest.map((city, index) => ({
    id: String(Number(country.id) * 100 + index + 1),
    name: city.city,
    countryId: country.id,
    latitude: Number(city.lat.toFixed(6)),
    longitude: Number(city.lng.toFixed(6)),
    timezone: city.timezone,
    currency,
    population: Math.round(city.pop),
    countryCode: code,
  }));
}

export function buildWorld(): World {
  const byCountry = new Map<string, cityTimezones.CityData[]>();
  for (const city of cityTimezones.cityMapping) {
    const list = byCountry.get(city.iso2) ?? [];
    list.push(city);
    byCountry.set(city.iso2, list);
  }
  const countries = rankedCountries().map(countryOf);
  return { countries, cities: countries.flatMap((country) => citiesOf(country, byCountry)) };
}
