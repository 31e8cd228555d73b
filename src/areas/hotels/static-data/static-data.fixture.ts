// A generated static-data file as the supplier exports it, for tests and the import bench: every field quoted, a
// quote inside one doubled, pipes inside quotes, UTF-8 names (accents, CJK, Arabic, emoji), and each country and city
// repeated on every line of its hotels. Deterministic: the same arguments give the same bytes.

export const FIXTURE_HEADER = [
  'CountryId',
  'Country',
  'IsoCode',
  'CityId',
  'City',
  'HotelID',
  'Name',
  'Address',
  'Phone',
  'Fax',
  'Stars',
  'StarsID',
  'Longitude',
  'Latitude',
  'IsApartment',
  'GiataCode',
  'ExtCode2',
  'ExtCode3',
  'ExtCode4',
];

/** Fields as the file writes them: quoted, inner quotes doubled, joined by pipes. */
export function fileLine(fields: ReadonlyArray<string | number>): string {
  return fields.map((field) => `"${String(field).replace(/"/g, '""')}"`).join('|');
}

export const FIXTURE_COUNTRIES = [
  { countryId: 1, name: 'United Arab Emirates', code: 'AE', cities: ['Dubai', 'Abu Dhabi'] },
  { countryId: 2, name: 'Côte d’Ivoire', code: 'CI', cities: ['Abidjan'] },
  { countryId: 3, name: 'España', code: 'ES', cities: ['Málaga', 'A Coruña'] },
  { countryId: 4, name: '日本', code: 'JP', cities: ['東京'] },
  { countryId: 5, name: 'Deutschland', code: 'DE', cities: ['München', 'Köln'] },
] as const;

const NAME_PARTS = ['Grand', 'Hôtel', 'Palace', 'Résidence', 'Ñandú', 'Straße', 'فندق', 'Inn 🌴', 'Suites'];

/** The fields of generated hotel `n` (1-based): its city and country cycle through the fixture's. */
export function fixtureHotel(n: number): Array<string | number> {
  const cities = FIXTURE_COUNTRIES.flatMap((country) =>
    country.cities.map((city, index) => ({ country, city, index })),
  );
  const place = cities[n % cities.length] ?? cities[0];
  if (!place) throw new Error('fixture without cities');
  const { country, city, index } = place;
  const cityId = country.countryId * 100 + index + 1;
  const name =
    n % 7 === 0
      ? `The "Quoted" | Piped Hotel ${n}`
      : `${NAME_PARTS[n % NAME_PARTS.length]} ${city} ${NAME_PARTS[(n * 3) % NAME_PARTS.length]} ${n}`;
  return [
    country.countryId,
    country.name,
    country.code,
    cityId,
    city,
    n,
    name,
    `${n} Rue de l'Église | Block ${n % 13}`,
    `+971 4 ${String(1_000_000 + n).slice(1)}`,
    n % 5 === 0 ? '' : `+971 4 ${String(2_000_000 + n).slice(1)}`,
    ((n % 9) + 2) / 2,
    (n % 9) + 2,
    (55 + (n % 1000) / 1000).toFixed(6),
    (25 + (n % 500) / 1000).toFixed(6),
    n % 10 === 0 ? 1 : 0,
    `G${n}`,
    n % 3 === 0 ? `X-${n}` : '',
    '',
    '',
  ];
}

/** The lines of a file of `hotels` generated hotels (header first), each ending with CRLF or LF. */
export function* fixtureLines(hotels: number, lineEnd = '\n'): Generator<string> {
  yield `${fileLine(FIXTURE_HEADER)}${lineEnd}`;
  for (let n = 1; n <= hotels; n++) yield `${fileLine(fixtureHotel(n))}${lineEnd}`;
}

/** The same as one text (tests: small files). */
export function fixtureFile(hotels: number, lineEnd = '\n'): string {
  return [...fixtureLines(hotels, lineEnd)].join('');
}
