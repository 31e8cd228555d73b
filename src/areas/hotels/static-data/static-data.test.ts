// The supplier's static data through the API: an employee imports the generated file (quotes, pipes inside quotes,
// UTF-8 names, repeated rows, malformed lines), a second import changes nothing, a changed file updates; then the
// searches: countries for anyone, hotels by name and by city for employees; another tenant sees none of it.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../test/support/api.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { FIXTURE_HEADER, fileLine, fixtureFile, fixtureHotel, fixtureLines } from './static-data.fixture.js';
import { IMPORT_BATCH_ROWS, type ImportReport, ImportRefused, importStaticData } from './static-data.import.js';
import type { StaticCity, StaticCountry, StaticHotel } from './static-data.schemas.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  other = await tenant(service);
  agent = await user(t, 'agent');
});
afterAll(() => t.service.close());

interface Answer<T> {
  apiStatus: { errorCode: string; errorMessage: string };
  apiData: T | null;
}

/** POST /hotel/importStaticData as a browser's FormData: the session field first, then the file part. */
async function importFile(api: ApiClient, content: string | Buffer, field = 'file'): Promise<Answer<ImportReport>> {
  const boundary = `----tc${Math.random().toString(16).slice(2)}`;
  const head = (name: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${head('session')}${api.session}\r\n${head(field, 'static.txt')}`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const answer = await api.inject({
    method: 'POST',
    url: '/hotel/importStaticData',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return answer.json<Answer<ImportReport>>();
}

const counts = (tt: TestTenant) =>
  tt.db(async (sql) => {
    const [row] = await sql<{ countries: number; cities: number; hotels: number }[]>`
      SELECT (SELECT count(*)::int FROM static_countries) AS countries,
             (SELECT count(*)::int FROM static_cities) AS cities,
             (SELECT count(*)::int FROM static_hotels) AS hotels`;
    return row;
  });

/** 40 hotels; line 9 (hotel 8) is repeated as line 42, two lines are malformed. */
const FILE = [
  fixtureFile(40, '\r\n'),
  `${fileLine(fixtureHotel(8))}\r\n`,
  `"1"|"United Arab Emirates"|"AE"|"101"|"Dubai"|"notanumber"|"Bad"|""|""|""|""|""|""|""|"0"|""|""|""|""\r\n`,
  '"1"|"open quote\r\n',
].join('');

describe('the import', () => {
  it('merges the file: countries and cities collapsed, hotels inserted, malformed lines reported and skipped', async () => {
    const answer = await importFile(agent.api, FILE);
    expect(answer.apiStatus.errorCode).toBe('OK');
    expect(answer.apiData).toEqual({
      dataLines: 43,
      linesMerged: 41,
      linesSkipped: 2,
      countries: { inserted: 5, updated: 0 },
      cities: { inserted: 8, updated: 0 },
      hotels: { inserted: 40, updated: 0 },
      problems: [
        { lineNumber: 43, message: 'HotelID is not a positive integer: "notanumber"' },
        { lineNumber: 44, message: 'field 2: a quote is not closed' },
      ],
      problemsNotListed: 0,
    });
    expect(await counts(t)).toEqual({ countries: 5, cities: 8, hotels: 40 });
  });

  it('keeps names as written: quotes, pipes inside quotes and UTF-8', async () => {
    const [hotel] = await agent.api.ok<StaticHotel[]>('/hotel/searchByName', { keyword: 'quoted" | piped hotel 7' });
    expect(hotel).toMatchObject({
      hotelId: 7,
      name: 'The "Quoted" | Piped Hotel 7',
      address: "7 Rue de l'Église | Block 7",
    });
    const tokyo = await agent.api.ok<StaticHotel[]>('/hotel/getByCity', { cityName: '東京' });
    expect(tokyo.length).toBeGreaterThan(0);
    expect(tokyo.every((row) => row.countryName === '日本' && row.cityName === '東京')).toBe(true);
  });

  it('is idempotent: the same file again changes nothing', async () => {
    const answer = await importFile(agent.api, FILE);
    expect(answer.apiData).toMatchObject({
      linesMerged: 41,
      countries: { inserted: 0, updated: 0 },
      cities: { inserted: 0, updated: 0 },
      hotels: { inserted: 0, updated: 0 },
    });
    expect(await counts(t)).toEqual({ countries: 5, cities: 8, hotels: 40 });
  });

  it('updates what changed: a renamed hotel and country, a new hotel', async () => {
    const renamed = fixtureHotel(3);
    renamed[6] = 'Renamed Hotel Three';
    const country = fixtureHotel(16);
    country[1] = 'Emirates (UAE)';
    // hotel 41 is in the same country: a country's last line in the file names it
    const file = [fileLine(FIXTURE_HEADER), fileLine(renamed), fileLine(fixtureHotel(41)), fileLine(country)].join(
      '\n',
    );
    const answer = await importFile(agent.api, file);
    expect(answer.apiData).toMatchObject({
      countries: { inserted: 0, updated: 1 },
      hotels: { inserted: 1, updated: 1 },
    });
    const [hotel] = await agent.api.ok<StaticHotel[]>('/hotel/searchByName', { keyword: 'renamed hotel three' });
    expect(hotel?.hotelId).toBe(3);
  });

  it('refuses a file without the header, or lacking a named column, and changes nothing', async () => {
    const before = await counts(t);
    const noHeader = await importFile(agent.api, fileLine(fixtureHotel(99)));
    expect(noHeader.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(noHeader.apiStatus.errorMessage).toContain('file');
    const lacking = await importFile(agent.api, `${fileLine(FIXTURE_HEADER.slice(1))}\n${fileLine(fixtureHotel(98))}`);
    expect(lacking.apiStatus.errorMessage).toContain('the header lacks CountryId');
    const empty = await importFile(agent.api, '');
    expect(empty.apiStatus.errorCode).toBe('INVALID_FORMAT');
    expect(await counts(t)).toEqual(before);
  });

  it('refuses a file over its bound as it streams, after a batch was merged, and changes nothing', async () => {
    const before = await counts(t);
    const lines = [...fixtureLines(IMPORT_BATCH_ROWS + 500)];
    const bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
    const refused = await t
      .db((sql) => importStaticData({ db: sql, now: new Date() }, Readable.from(lines), bytes - 100))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(ImportRefused);
    expect(await counts(t)).toEqual(before);
  });

  it('answers INVALID_FORMAT for a request without a file part; guests and customers are refused', async () => {
    await agent.api.expectError('/hotel/importStaticData', { file: 'x' }, 'INVALID_FORMAT', 'file');
    const customer = await user(t, 'customer');
    expect((await importFile(customer.api, FILE)).apiStatus.errorCode).toBe('FORBIDDEN');
    const visitor = await guest(t);
    expect((await importFile(visitor.api, FILE)).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
  });
});

describe('the searches', () => {
  it('searchCountries: anyone, a substring in any case and without accents, at most 20', async () => {
    const anonymous = t.api.as(undefined);
    expect(await anonymous.ok<StaticCountry[]>('/hotel/searchCountries', { keyword: 'COTE' })).toEqual([
      { countryId: 2, countryName: 'Côte d’Ivoire', countryCode: 'CI' },
    ]);
    const names = await anonymous.ok<StaticCountry[]>('/hotel/searchCountries', { keyword: 'e' });
    expect(names.map((country) => country.countryName)).toEqual([
      'Emirates (UAE)',
      'España',
      'Côte d’Ivoire',
      'Deutschland',
    ]);
    expect(await anonymous.ok('/hotel/searchCountries', { keyword: '%' })).toEqual([]);
    await anonymous.expectError('/hotel/searchCountries', {}, 'MISSING_PARAMETER', 'keyword');
    await anonymous.expectError('/hotel/searchCountries', { keyword: 'x'.repeat(201) }, 'INVALID_FORMAT', 'keyword');
  });

  it('searchCountries answers at most 20', async () => {
    const lines = [fileLine(FIXTURE_HEADER)];
    for (let n = 1; n <= 25; n++) {
      const hotel = fixtureHotel(1000 + n);
      hotel[0] = 100 + n;
      hotel[1] = `Landia ${n}`;
      hotel[2] = '';
      hotel[3] = 9000 + n;
      hotel[4] = `Landia City ${n}`;
      lines.push(fileLine(hotel));
    }
    expect((await importFile(agent.api, lines.join('\n'))).apiStatus.errorCode).toBe('OK');
    expect(await t.api.as(undefined).ok<StaticCountry[]>('/hotel/searchCountries', { keyword: 'landia' })).toHaveLength(
      20,
    );
  });

  it('searchCities: employees, a substring of the name, narrowed by country, with the hotel count', async () => {
    const cities = await agent.api.ok<StaticCity[]>('/hotel/searchCities', { keyword: 'a' });
    expect(cities.map((city) => city.cityName)).toEqual([
      'A Coruña',
      'Abidjan',
      'Abu Dhabi',
      'Dubai',
      ...Array.from({ length: 25 }, (_, n) => `Landia City ${n + 1}`).sort(),
      'Málaga',
    ]);
    const [malaga] = await agent.api.ok<StaticCity[]>('/hotel/searchCities', { keyword: 'MALA' });
    expect(malaga).toMatchObject({ cityName: 'Málaga', countryName: 'España', countryCode: 'ES', cityId: 301 });
    const dubai = await agent.api.ok<StaticHotel[]>('/hotel/getByCity', { cityId: 101, pageSize: 500 });
    const [dubaiCity] = await agent.api.ok<StaticCity[]>('/hotel/searchCities', { keyword: 'dubai', countryId: 1 });
    expect(dubaiCity?.hotels).toBe(dubai.length);
    expect(await agent.api.ok('/hotel/searchCities', { keyword: 'dubai', countryId: 3 })).toEqual([]);
    await agent.api.expectError('/hotel/searchCities', {}, 'MISSING_PARAMETER', 'keyword');
    const customer = await user(t, 'customer');
    await customer.api.expectError('/hotel/searchCities', { keyword: 'a' }, 'FORBIDDEN');
  });

  it('searchByName: employees, narrowed by city or country, limited', async () => {
    const palaces = await agent.api.ok<StaticHotel[]>('/hotel/searchByName', { keyword: 'PALACE' });
    expect(palaces.length).toBeGreaterThan(2);
    expect(palaces.every((hotel) => hotel.name.toLowerCase().includes('palace'))).toBe(true);
    const cityId = palaces[0]?.cityId;
    const inCity = await agent.api.ok<StaticHotel[]>('/hotel/searchByName', { keyword: 'palace', cityId });
    expect(inCity.length).toBeGreaterThan(0);
    expect(inCity.every((hotel) => hotel.cityId === cityId)).toBe(true);
    expect(await agent.api.ok('/hotel/searchByName', { keyword: 'palace', limit: 1 })).toHaveLength(1);
    expect(await agent.api.ok('/hotel/searchByName', { keyword: 'no such hotel' })).toEqual([]);
    await agent.api.expectError('/hotel/searchByName', { keyword: 'x', limit: 500 }, 'INVALID_FORMAT', 'limit');
    await agent.api.expectError('/hotel/searchByName', {}, 'MISSING_PARAMETER', 'keyword');
    const visitor = await guest(t);
    await visitor.api.expectError('/hotel/searchByName', { keyword: 'palace' }, 'NOT_LOGGED_IN');
  });

  it('getByCity: by id or whole name, paged by name; an unknown id is NOTFOUND, neither is MISSING_PARAMETER', async () => {
    const dubai = await agent.api.ok<StaticHotel[]>('/hotel/getByCity', { cityId: 101 });
    expect(dubai.length).toBeGreaterThan(3);
    expect(dubai.every((hotel) => hotel.cityName === 'Dubai')).toBe(true);
    const byName = await agent.api.ok<StaticHotel[]>('/hotel/getByCity', { cityName: 'dubai', countryCode: 'ae' });
    expect(byName.map((hotel) => hotel.hotelId)).toEqual(dubai.map((hotel) => hotel.hotelId));
    const second = await agent.api.ok<StaticHotel[]>('/hotel/getByCity', { cityId: 101, page: 2, pageSize: 2 });
    expect(second.map((hotel) => hotel.hotelId)).toEqual(dubai.slice(2, 4).map((hotel) => hotel.hotelId));
    expect(await agent.api.ok('/hotel/getByCity', { cityName: 'dubai', countryCode: 'FR' })).toEqual([]);
    await agent.api.expectError('/hotel/getByCity', { cityId: 999_999 }, 'NOTFOUND');
    await agent.api.expectError('/hotel/getByCity', {}, 'MISSING_PARAMETER', 'cityId');
    await agent.api.expectError(
      '/hotel/getByCity',
      { cityName: 'x', countryCode: 'A1' },
      'INVALID_FORMAT',
      'countryCode',
    );
  });

  it("another tenant sees none of this tenant's static data", async () => {
    const otherAgent = await user(other, 'agent');
    await otherAgent.api.expectError('/hotel/getByCity', { cityId: 101 }, 'NOTFOUND');
    expect(await otherAgent.api.ok('/hotel/searchByName', { keyword: 'palace' })).toEqual([]);
    expect(await other.api.as(undefined).ok('/hotel/searchCountries', { keyword: 'e' })).toEqual([]);
  });
});
