// Use cases of the supplier's static data: the searches over the imported tables and the import of a file.
import { invalidFormat, missingParameter, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { UploadedFile } from '../../../platform/http/multipart.js';
import { type ImportReport, ImportRefused, importStaticData } from './static-data.import.js';
import * as repo from './static-data.repository.js';
import { containsPattern, foldName } from './static-data.rules.js';
import {
  type GetByCityRequest,
  LIMITS,
  MAX_IMPORT_BYTES,
  type SearchByNameRequest,
  type SearchCitiesRequest,
  type StaticCity,
  type StaticCountry,
  type StaticHotel,
} from './static-data.schemas.js';

const nullableNumber = (value: string | null) => (value === null ? null : Number(value));

function toHotel(row: repo.HotelRow): StaticHotel {
  return {
    hotelId: row.hotel_id,
    name: row.hotel_name,
    address: row.address,
    phone: row.phone,
    fax: row.fax,
    stars: nullableNumber(row.stars),
    starsId: row.stars_id,
    longitude: nullableNumber(row.longitude),
    latitude: nullableNumber(row.latitude),
    isApartment: row.is_apartment,
    externalCodes: row.external_codes,
    cityId: row.city_id,
    cityName: row.city_name,
    countryId: row.country_id,
    countryName: row.country_name,
    countryCode: row.country_code,
  };
}

export async function searchCountries(ctx: TenantContext, keyword: string): Promise<StaticCountry[]> {
  const key = foldName(keyword);
  if (key === '') return [];
  const rows = await repo.selectCountriesByName(ctx.db, key, containsPattern(key), LIMITS.countries);
  return rows.map((row) => ({
    countryId: row.country_id,
    countryName: row.country_name,
    countryCode: row.country_code,
  }));
}

export async function searchCities(ctx: TenantContext, input: SearchCitiesRequest): Promise<StaticCity[]> {
  const key = foldName(input.keyword);
  if (key === '') return [];
  const rows = await repo.selectCitiesByName(ctx.db, {
    key,
    pattern: containsPattern(key),
    countryId: input.countryId,
    limit: LIMITS.cities,
  });
  return rows.map((row) => ({
    cityId: row.city_id,
    cityName: row.city_name,
    countryId: row.country_id,
    countryName: row.country_name,
    countryCode: row.country_code,
    hotels: row.hotels,
  }));
}

export async function searchByName(ctx: TenantContext, input: SearchByNameRequest): Promise<StaticHotel[]> {
  const key = foldName(input.keyword);
  if (key === '') return [];
  const rows = await repo.selectHotelsByName(ctx.db, {
    pattern: containsPattern(key),
    cityId: input.cityId,
    countryId: input.countryId,
    limit: input.limit ?? LIMITS.byNameDefault,
  });
  return rows.map(toHotel);
}

/** A page of a city's hotels: the city by id (unknown: NOTFOUND), or every city of that name (none: []). */
export async function getByCity(ctx: TenantContext, input: GetByCityRequest): Promise<StaticHotel[]> {
  const pageSize = input.pageSize ?? LIMITS.pageDefault;
  const offset = ((input.page ?? 1) - 1) * pageSize;
  let cityIds: number[];
  if (input.cityId !== undefined) {
    if (!(await repo.cityExists(ctx.db, input.cityId))) throw notFound('City');
    cityIds = [input.cityId];
  } else if (input.cityName !== undefined) {
    cityIds = await repo.selectCityIdsByName(ctx.db, foldName(input.cityName), input.countryCode?.toUpperCase());
  } else {
    throw missingParameter('cityId');
  }
  if (cityIds.length === 0) return [];
  return (await repo.selectHotelsOfCities(ctx.db, cityIds, offset, pageSize)).map(toHotel);
}

/** The employee's upload, merged as it streams; a file that cannot be imported is INVALID_FORMAT naming it. */
export async function importFile(ctx: TenantContext, file: UploadedFile | undefined): Promise<ImportReport> {
  if (!file) throw invalidFormat('file', 'must be a file part of a multipart/form-data body');
  try {
    return await importStaticData(ctx, file.stream, MAX_IMPORT_BYTES);
  } catch (error) {
    if (error instanceof ImportRefused) throw invalidFormat('file', `cannot be imported: ${error.message}`);
    throw error;
  }
}
