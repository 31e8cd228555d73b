// The online supplier's static data (spec part 2): country search for anyone (contract §3), hotel searches and the
// file import for employees.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import * as staticData from './static-data.service.js';
import {
  GetByCityRequest,
  ImportReport,
  ImportRequest,
  LIMITS,
  MAX_IMPORT_BYTES,
  SearchByNameRequest,
  SearchCitiesRequest,
  SearchCountriesRequest,
  StaticCity,
  StaticCountry,
  StaticHotel,
} from './static-data.schemas.js';
import { hotelStaff } from '../hotel-policy.js';

const tags = ['hotel'] as const;

const searchCountries = operation({
  allow: Allow.anyone,
  tags,
  path: '/hotel/searchCountries',
  methods: ['POST'],
  summary: `Countries of the supplier's static data whose name contains keyword (any case, accents ignored), at most ${LIMITS.countries}`,
  description: 'Names starting with the keyword come first, then by name. No match answers [].',
  input: SearchCountriesRequest,
  response: Type.Array(StaticCountry),
  handler: (ctx, input) => staticData.searchCountries(ctx, input.keyword),
});

const searchCities = operation({
  ...hotelStaff,
  tags,
  path: '/hotel/searchCities',
  methods: ['POST'],
  summary: `Cities of the supplier's static data whose name contains keyword (any case, accents ignored), at most ${LIMITS.cities}`,
  description:
    "Added: a city's cityId is the cityCode the online hotel search takes (GoGlobal's CityId). Names starting with " +
    'the keyword come first, then by name; countryId narrows the search; each city counts its hotels. No match: [].',
  input: SearchCitiesRequest,
  response: Type.Array(StaticCity),
  handler: (ctx, input) => staticData.searchCities(ctx, input),
});

const searchByName = operation({
  ...hotelStaff,
  tags,
  path: '/hotel/searchByName',
  methods: ['POST'],
  summary: "Hotels of the supplier's static data whose name contains keyword (any case, accents ignored), by name",
  description: `At most limit (default ${LIMITS.byNameDefault}, up to ${LIMITS.byNameMax}); cityId and countryId narrow the search. No match answers [].`,
  input: SearchByNameRequest,
  response: Type.Array(StaticHotel),
  handler: (ctx, input) => staticData.searchByName(ctx, input),
});

const getByCity = operation({
  ...hotelStaff,
  tags,
  path: '/hotel/getByCity',
  methods: ['POST'],
  summary: "A page of a city's hotels in the supplier's static data, by name",
  description:
    'The city is cityId (unknown: NOTFOUND), else cityName, the whole name in any case (every city of that name, ' +
    'or the one of countryCode; none: []); neither: MISSING_PARAMETER naming cityId. ' +
    `Pages from 1, pageSize hotels each (default ${LIMITS.pageDefault}, up to ${LIMITS.pageMax}).`,
  input: GetByCityRequest,
  response: Type.Array(StaticHotel),
  handler: (ctx, input) => staticData.getByCity(ctx, input),
});

const importStaticData = operation({
  ...hotelStaff,
  tags,
  path: '/hotel/importStaticData',
  methods: ['POST'],
  summary: "Merge the supplier's static-data file (multipart, file part `file`) into its countries, cities and hotels",
  description:
    'The pipe-delimited, double-quoted UTF-8 file with the header CountryId|Country|IsoCode|CityId|City|HotelID|' +
    'Name|Address|Phone|Fax|Stars|StarsID|Longitude|Latitude|IsApartment and up to four external-code columns (any ' +
    'order, any case). Existing rows are updated where a value differs, new ones inserted, repeated countries and ' +
    'cities collapsed; repeating an import changes nothing. A line that cannot be used is skipped and reported with ' +
    `its line number. A file without that header, or over ${MAX_IMPORT_BYTES / 1024 / 1024} MiB, answers ` +
    'INVALID_FORMAT naming file and changes nothing. The same import runs from the command line: ' +
    '`npm run hotels:import -- FILE --tenant CODE`.',
  input: ImportRequest,
  response: ImportReport,
  multipartFile: 'file',
  bodyLimit: MAX_IMPORT_BYTES,
  handler: (ctx) => staticData.importFile(ctx, ctx.file),
});

export function staticDataOperations(): OperationDeclaration[] {
  return [searchCountries, searchCities, searchByName, getByCity, importStaticData];
}
