// Requests and answers of the static-data operations: /hotel/searchCountries, searchByName, getByCity, and the
// employee import of the supplier's file.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, RecordId } from '../../../platform/http/schema.js';

const Keyword = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** Hotels per answer of searchByName and per page of getByCity. */
export const LIMITS = {
  countries: 20,
  cities: 50,
  byNameDefault: 50,
  byNameMax: 200,
  pageDefault: 100,
  pageMax: 500,
} as const;

/** The largest file the import operation takes (the supplier's full export is about 50 MB). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export const SearchCountriesRequest = Type.Object({
  keyword: Keyword('Part of the country name (any case, accents ignored)'),
});

export const StaticCountry = Type.Object({
  countryId: Type.Integer({ description: "The supplier's country id" }),
  countryName: Type.String(),
  countryCode: Nullable(Type.String({ description: 'ISO code as the supplier gives it' })),
});
export type StaticCountry = Static<typeof StaticCountry>;

export const SearchCitiesRequest = Type.Object({
  keyword: Keyword('Part of the city name (any case, accents ignored)'),
  countryId: Type.Optional(RecordId("Only cities of this country (the supplier's country id)")),
});
export type SearchCitiesRequest = Static<typeof SearchCitiesRequest>;

export const StaticCity = Type.Object({
  cityId: Type.Integer({ description: "The supplier's city id: the cityCode of the online hotel search" }),
  cityName: Type.String(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  countryCode: Nullable(Type.String()),
  hotels: Type.Integer({ description: 'Hotels of the city in the static data' }),
});
export type StaticCity = Static<typeof StaticCity>;

export const SearchByNameRequest = Type.Object({
  keyword: Keyword('Part of the hotel name (any case, accents ignored)'),
  cityId: Type.Optional(RecordId("Only hotels of this city (the supplier's city id)")),
  countryId: Type.Optional(RecordId("Only hotels of this country (the supplier's country id)")),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: LIMITS.byNameMax,
      description: `Most hotels answered (default ${LIMITS.byNameDefault})`,
    }),
  ),
});
export type SearchByNameRequest = Static<typeof SearchByNameRequest>;

export const GetByCityRequest = Type.Object({
  cityId: Type.Optional(RecordId("The supplier's city id (this or cityName is required)")),
  cityName: Type.Optional(Keyword('The whole city name (any case, accents ignored), when cityId is not given')),
  countryCode: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2,3}$', description: 'With cityName: only the city of that country' }),
  ),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'Page from 1 (default 1)' })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: LIMITS.pageMax, description: `Hotels a page (default ${LIMITS.pageDefault})` }),
  ),
});
export type GetByCityRequest = Static<typeof GetByCityRequest>;

export const StaticHotel = Type.Object({
  hotelId: Type.Integer({ description: "The supplier's hotel id" }),
  name: Type.String(),
  address: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  fax: Nullable(Type.String()),
  stars: Nullable(Type.Number({ description: 'Display value, e.g. 3.5' })),
  starsId: Nullable(Type.Integer({ description: "The supplier's star code (1 = 1 star … 11 = 6 stars)" })),
  longitude: Nullable(Type.Number()),
  latitude: Nullable(Type.Number()),
  isApartment: Type.Boolean(),
  externalCodes: Type.Record(Type.String(), Type.String(), {
    description: "The file's external-code columns, by their header titles (empty ones left out)",
  }),
  cityId: Type.Integer(),
  cityName: Type.String(),
  countryId: Type.Integer(),
  countryName: Type.String(),
  countryCode: Nullable(Type.String()),
});
export type StaticHotel = Static<typeof StaticHotel>;

export const ImportRequest = Type.Object({
  file: Type.String({
    format: 'binary',
    description:
      'The static-data file (a multipart file part; fields sent after it are not read, so send `session` first ' +
      'or as a header)',
  }),
});

const MergeCount = Type.Object({ inserted: Type.Integer(), updated: Type.Integer() });

export const ImportReport = Type.Object({
  dataLines: Type.Integer({ description: 'Lines after the header that hold text' }),
  linesMerged: Type.Integer(),
  linesSkipped: Type.Integer({ description: 'Lines that could not be used (listed in problems)' }),
  countries: MergeCount,
  cities: MergeCount,
  hotels: MergeCount,
  problems: Type.Array(Type.Object({ lineNumber: Type.Integer(), message: Type.String() }), {
    description: 'The first 100 skipped lines, by line number (the header is line 1)',
  }),
  problemsNotListed: Type.Integer(),
});
