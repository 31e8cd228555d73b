// SQL of the supplier's static data (static_countries, static_cities, static_hotels; migration 0037). The merge
// writes a batch per statement (arrays unnested), updating a row only when a value differs, so a second import of
// the same file changes nothing; rows come in ascending id order, so concurrent imports lock rows in one order.
import type { Queryable } from '../../../platform/database/connections.js';
import type { StaticRow } from './static-data.rules.js';
import { foldName } from './static-data.rules.js';

/** What one merge statement did: rows new, and rows whose values changed (the rest were the same). */
export interface MergeCount {
  inserted: number;
  updated: number;
}

function countOf(rows: ReadonlyArray<{ inserted: boolean }>): MergeCount {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

export async function mergeCountries(db: Queryable, rows: readonly StaticRow[], now: Date): Promise<MergeCount> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const written = await db<{ inserted: boolean }[]>`
    INSERT INTO static_countries AS c (country_id, country_name, country_code, name_folded, updated_at)
    SELECT r.id, r.name, r.code, r.folded, ${now}
    FROM unnest(${rows.map((row) => row.countryId)}::int[], ${rows.map((row) => row.countryName)}::text[],
                ${rows.map((row) => row.countryCode)}::text[], ${rows.map((row) => foldName(row.countryName))}::text[])
         AS r(id, name, code, folded)
    ON CONFLICT (country_id) DO UPDATE
      SET country_name = excluded.country_name, country_code = excluded.country_code,
          name_folded = excluded.name_folded, updated_at = excluded.updated_at
      WHERE (c.country_name, c.country_code) IS DISTINCT FROM (excluded.country_name, excluded.country_code)
    RETURNING (xmax = 0) AS inserted`;
  return countOf(written);
}

export async function mergeCities(db: Queryable, rows: readonly StaticRow[], now: Date): Promise<MergeCount> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const written = await db<{ inserted: boolean }[]>`
    INSERT INTO static_cities AS c (city_id, country_id, city_name, name_folded, updated_at)
    SELECT r.id, r.country_id, r.name, r.folded, ${now}
    FROM unnest(${rows.map((row) => row.cityId)}::int[], ${rows.map((row) => row.countryId)}::int[],
                ${rows.map((row) => row.cityName)}::text[], ${rows.map((row) => foldName(row.cityName))}::text[])
         AS r(id, country_id, name, folded)
    ON CONFLICT (city_id) DO UPDATE
      SET country_id = excluded.country_id, city_name = excluded.city_name, name_folded = excluded.name_folded,
          updated_at = excluded.updated_at
      WHERE (c.country_id, c.city_name) IS DISTINCT FROM (excluded.country_id, excluded.city_name)
    RETURNING (xmax = 0) AS inserted`;
  return countOf(written);
}

export async function mergeHotels(db: Queryable, rows: readonly StaticRow[], now: Date): Promise<MergeCount> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const column = <T>(pick: (row: StaticRow) => T) => rows.map(pick);
  const written = await db<{ inserted: boolean }[]>`
    INSERT INTO static_hotels AS h (hotel_id, city_id, hotel_name, name_folded, address, phone, fax, stars, stars_id,
                                    longitude, latitude, is_apartment, external_codes, updated_at)
    SELECT r.id, r.city_id, r.name, r.folded, r.address, r.phone, r.fax, r.stars::numeric, r.stars_id,
           r.longitude::numeric, r.latitude::numeric, r.is_apartment::boolean, r.codes::jsonb, ${now}
    -- booleans travel as text: postgres.js sends a list of booleans as one boolean, not as an array
    FROM unnest(${column((row) => row.hotelId)}::int[], ${column((row) => row.cityId)}::int[],
                ${column((row) => row.hotelName)}::text[], ${column((row) => foldName(row.hotelName))}::text[],
                ${column((row) => row.address)}::text[], ${column((row) => row.phone)}::text[],
                ${column((row) => row.fax)}::text[], ${column((row) => row.stars)}::text[],
                ${column((row) => row.starsId)}::int[], ${column((row) => row.longitude)}::text[],
                ${column((row) => row.latitude)}::text[], ${column((row) => String(row.isApartment))}::text[],
                ${column((row) => JSON.stringify(row.externalCodes))}::text[])
         AS r(id, city_id, name, folded, address, phone, fax, stars, stars_id, longitude, latitude, is_apartment,
              codes)
    ON CONFLICT (hotel_id) DO UPDATE
      SET city_id = excluded.city_id, hotel_name = excluded.hotel_name, name_folded = excluded.name_folded,
          address = excluded.address, phone = excluded.phone, fax = excluded.fax, stars = excluded.stars,
          stars_id = excluded.stars_id, longitude = excluded.longitude, latitude = excluded.latitude,
          is_apartment = excluded.is_apartment, external_codes = excluded.external_codes,
          updated_at = excluded.updated_at
      WHERE (h.city_id, h.hotel_name, h.address, h.phone, h.fax, h.stars, h.stars_id, h.longitude, h.latitude,
             h.is_apartment, h.external_codes)
            IS DISTINCT FROM
            (excluded.city_id, excluded.hotel_name, excluded.address, excluded.phone, excluded.fax, excluded.stars,
             excluded.stars_id, excluded.longitude, excluded.latitude, excluded.is_apartment, excluded.external_codes)
    RETURNING (xmax = 0) AS inserted`;
  return countOf(written);
}

export interface CountryRow {
  country_id: number;
  country_name: string;
  country_code: string | null;
}

/** Countries whose folded name contains the pattern; names starting with the key first, then by name. */
export function selectCountriesByName(db: Queryable, key: string, pattern: string, limit: number) {
  return db<CountryRow[]>`
    SELECT country_id, country_name, country_code
    FROM static_countries
    WHERE name_folded LIKE ${pattern}
    ORDER BY starts_with(name_folded, ${key}) DESC, name_folded, country_id
    LIMIT ${limit}`;
}

export interface CityRow {
  city_id: number;
  city_name: string;
  country_id: number;
  country_name: string;
  country_code: string | null;
  hotels: number;
}

/** Cities whose folded name contains the pattern (in one country when given), names starting with the key first. */
export function selectCitiesByName(
  db: Queryable,
  query: { key: string; pattern: string; countryId?: number; limit: number },
) {
  return db<CityRow[]>`
    SELECT ci.city_id, ci.city_name, co.country_id, co.country_name, co.country_code,
           (SELECT count(*)::int FROM static_hotels h WHERE h.city_id = ci.city_id) AS hotels
    FROM static_cities ci JOIN static_countries co USING (country_id)
    WHERE ci.name_folded LIKE ${query.pattern}
      AND (${query.countryId ?? null}::int IS NULL OR ci.country_id = ${query.countryId ?? null})
    ORDER BY starts_with(ci.name_folded, ${query.key}) DESC, ci.name_folded, ci.city_id
    LIMIT ${query.limit}`;
}

export interface HotelRow {
  hotel_id: number;
  hotel_name: string;
  address: string | null;
  phone: string | null;
  fax: string | null;
  stars: string | null;
  stars_id: number | null;
  longitude: string | null;
  latitude: string | null;
  is_apartment: boolean;
  external_codes: Record<string, string>;
  city_id: number;
  city_name: string;
  country_id: number;
  country_name: string;
  country_code: string | null;
}

const HOTEL_COLUMNS = `
  h.hotel_id, h.hotel_name, h.address, h.phone, h.fax, h.stars::text AS stars, h.stars_id,
  h.longitude::text AS longitude, h.latitude::text AS latitude, h.is_apartment, h.external_codes,
  ci.city_id, ci.city_name, co.country_id, co.country_name, co.country_code`;

export interface HotelNameQuery {
  pattern: string;
  cityId: number | undefined;
  countryId: number | undefined;
  limit: number;
}

/** Hotels whose folded name contains the pattern, in a city or country when given, by name. */
export function selectHotelsByName(db: Queryable, query: HotelNameQuery) {
  return db<HotelRow[]>`
    SELECT ${db.unsafe(HOTEL_COLUMNS)}
    FROM static_hotels h
    JOIN static_cities ci USING (city_id)
    JOIN static_countries co ON co.country_id = ci.country_id
    WHERE h.name_folded LIKE ${query.pattern}
      AND (${query.cityId ?? null}::int IS NULL OR h.city_id = ${query.cityId ?? null})
      AND (${query.countryId ?? null}::int IS NULL OR ci.country_id = ${query.countryId ?? null})
    ORDER BY h.name_folded, h.hotel_id
    LIMIT ${query.limit}`;
}

export async function cityExists(db: Queryable, cityId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM static_cities WHERE city_id = ${cityId}`;
  return rows.length === 1;
}

/** The cities of that name (folded), in one country when a code is given. */
export async function selectCityIdsByName(db: Queryable, folded: string, countryCode: string | undefined) {
  const rows = await db<{ city_id: number }[]>`
    SELECT ci.city_id FROM static_cities ci JOIN static_countries co USING (country_id)
    WHERE ci.name_folded = ${folded}
      AND (${countryCode ?? null}::text IS NULL OR co.country_code = ${countryCode ?? null})`;
  return rows.map((row) => row.city_id);
}

/** A page of the hotels of these cities, by name. */
export function selectHotelsOfCities(db: Queryable, cityIds: readonly number[], offset: number, limit: number) {
  return db<HotelRow[]>`
    SELECT ${db.unsafe(HOTEL_COLUMNS)}
    FROM static_hotels h
    JOIN static_cities ci USING (city_id)
    JOIN static_countries co ON co.country_id = ci.country_id
    WHERE h.city_id = ANY(${cityIds}::int[])
    ORDER BY h.name_folded, h.hotel_id
    OFFSET ${offset} LIMIT ${limit}`;
}
