// What a city needs that a supplier may not say (Tiqets gives neither): its IANA timezone, looked up by the city's
// name in its country (`city-timezones`), and its country's currency (`countries-list`, by alpha-2 code). A city
// the look-up does not know takes its country's timezone when the whole country has one; otherwise it stays null
// (a storefront then shows the product's dates without a zone, which is still right for a day ticket).
import cityTimezones from 'city-timezones';
import { countries } from 'countries-list';

const countryZones = new Map<string, string | null>();
const countriesByCode = new Map(Object.entries(countries));

/** The one timezone every known city of the country shares; null when the country spans several. */
function zoneOfCountry(iso2: string): string | null {
  const known = countryZones.get(iso2);
  if (known !== undefined) return known;
  const zones = new Set(cityTimezones.findFromIsoCode(iso2).map((city) => city.timezone));
  const zone = zones.size === 1 ? ([...zones][0] ?? null) : null;
  countryZones.set(iso2, zone);
  return zone;
}

const plain = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();

/** The timezone of a city named `name` in the country `iso2` (ISO 3166-1 alpha-2); null when not known. */
export function timezoneOf(name: string, iso2: string | null): string | null {
  if (!iso2) return null;
  const country = iso2.toUpperCase();
  const wanted = plain(name);
  const matches = cityTimezones
    .lookupViaCity(name)
    .filter((city) => city.iso2 === country && plain(city.city_ascii ?? city.city) === wanted);
  // Several cities of one name in one country (Springfield): the most populous one.
  const best = matches.sort((a, b) => b.pop - a.pop)[0];
  return best?.timezone ?? zoneOfCountry(country);
}

/** The currency of the country `iso2` (its first one: the legal tender a ticket is priced in); null when unknown. */
export function currencyOf(iso2: string | null): string | null {
  if (!iso2) return null;
  const currency = countriesByCode.get(iso2.toUpperCase())?.currency[0];
  return currency && /^[A-Z]{3}$/.test(currency) ? currency : null;
}
