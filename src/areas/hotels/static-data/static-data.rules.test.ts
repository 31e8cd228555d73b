// The static-data file's rules on tables: fields, header, rows, and lines read from a stream in pieces.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FIXTURE_HEADER, fileLine } from './static-data.fixture.js';
import { linesOf } from './static-data.lines.js';
import { foldName, LineProblem, readHeader, splitFields, toStaticRow } from './static-data.rules.js';

describe('splitFields', () => {
  it.each([
    ['"a"|"b"|"c"', ['a', 'b', 'c']],
    ['"a|b"|"c"', ['a|b', 'c']],
    ['"say ""hi"""|""', ['say "hi"', '']],
    ['bare|"quoted"|', ['bare', 'quoted', '']],
    ['"Zürich – 東京 🌴"', ['Zürich – 東京 🌴']],
    ['', ['']],
  ])('%s', (line, fields) => {
    expect(splitFields(line)).toEqual(fields);
  });

  it.each([
    ['"open|"b"', 'text after its closing quote'],
    ['"never closed', 'a quote is not closed'],
    ['"a"x|"b"', 'text after its closing quote'],
  ])('refuses %s', (line, message) => {
    expect(() => splitFields(line)).toThrow(message);
  });
});

describe('readHeader', () => {
  it('finds the named columns in any case and order, and the external codes by title', () => {
    const columns = readHeader(['hotelid', ...FIXTURE_HEADER.filter((title) => title !== 'HotelID')]);
    expect(columns.named.get('HotelID')).toBe(0);
    expect(columns.named.get('CountryId')).toBe(1);
    expect(columns.external.map((column) => column.title)).toEqual(['GiataCode', 'ExtCode2', 'ExtCode3', 'ExtCode4']);
  });

  it.each([
    [FIXTURE_HEADER.filter((title) => title !== 'Name'), 'the header lacks Name'],
    [[...FIXTURE_HEADER, 'Extra'], 'at most 4 are codes'],
    [[...FIXTURE_HEADER.slice(0, 15), 'City'], 'names City twice'],
  ])('refuses a header: %s', (titles, message) => {
    expect(() => readHeader(titles)).toThrow(message);
  });
});

const COLUMNS = readHeader(FIXTURE_HEADER);
const GOOD = ['1', 'United Arab Emirates', 'ae', '101', 'Dubai', '55', 'Hôtel "Bleu" | Plage', '', '', '', '4.5', '8'];
const line = (changes: Record<number, string> = {}) => {
  const fields = [...GOOD, '55.2', '25.1', '0', 'G55', '', '', ''];
  for (const [at, value] of Object.entries(changes)) fields[Number(at)] = value;
  return fields;
};

describe('toStaticRow', () => {
  it('reads a line: trimmed values, empty optional ones null, decimals exact as text, codes by title', () => {
    expect(toStaticRow(line({ 7: ' 1 Beach Rd ' }), COLUMNS)).toEqual({
      countryId: 1,
      countryName: 'United Arab Emirates',
      countryCode: 'AE',
      cityId: 101,
      cityName: 'Dubai',
      hotelId: 55,
      hotelName: 'Hôtel "Bleu" | Plage',
      address: '1 Beach Rd',
      phone: null,
      fax: null,
      stars: '4.5',
      starsId: 8,
      longitude: '55.2',
      latitude: '25.1',
      isApartment: false,
      externalCodes: { GiataCode: 'G55' },
    });
  });

  it.each([
    [{ 14: 'true' }, true],
    [{ 14: '1' }, true],
    [{ 14: '' }, false],
    [{ 14: 'FALSE' }, false],
  ])('IsApartment %o', (changes, isApartment) => {
    expect(toStaticRow(line(changes), COLUMNS).isApartment).toBe(isApartment);
  });

  it.each([
    [{ 0: 'x' }, 'CountryId is not a positive integer'],
    [{ 0: '0' }, 'CountryId is not a positive integer'],
    [{ 5: '99999999999' }, 'HotelID is not a positive integer'],
    [{ 6: ' ' }, 'Name is empty'],
    [{ 4: '' }, 'City is empty'],
    [{ 2: 'A1' }, 'IsoCode is not a country code'],
    [{ 10: '9' }, 'Stars is not a number from 0 to 7'],
    [{ 12: '181' }, 'Longitude is not a number from -180 to 180'],
    [{ 13: '1e3' }, 'Latitude is not a number'],
    [{ 14: 'maybe' }, 'IsApartment is not 0/1'],
    [{ 6: 'n'.repeat(501) }, 'Name is longer than 500 characters'],
  ])('refuses %o', (changes, message) => {
    expect(() => toStaticRow(line(changes), COLUMNS)).toThrow(LineProblem);
    expect(() => toStaticRow(line(changes), COLUMNS)).toThrow(message);
  });

  it('refuses a line with fewer or more fields than the header', () => {
    expect(() => toStaticRow(GOOD, COLUMNS)).toThrow('12 fields where the header has 19');
    expect(() => toStaticRow([...line(), 'more'], COLUMNS)).toThrow('20 fields where the header has 19');
  });
});

describe('foldName', () => {
  it.each([
    ['  Côte   d’Ivoire ', 'côte d’ivoire'.normalize('NFD').replace(/\p{M}/gu, '')],
    ['MÜNCHEN', 'munchen'],
    ['Straße Łódź Ærø', 'strasse lodz aero'],
    ['東京', '東京'],
  ])('%s', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });
});

describe('linesOf', () => {
  const read = async (chunks: Array<Buffer | string>, max?: number) => {
    const lines = [];
    for await (const line of linesOf(Readable.from(chunks), max)) lines.push(line);
    return lines;
  };

  it('joins lines cut between chunks, a UTF-8 character cut in two included; CRLF, LF and a BOM', async () => {
    const bytes = Buffer.from(`\uFEFF${fileLine(['a', 'Zürich'])}\r\n${fileLine(['b', '東京'])}\n"c"`);
    const chunks = [...bytes].map((byte) => Buffer.from([byte]));
    expect(await read(chunks)).toEqual([
      { lineNumber: 1, text: '"a"|"Zürich"' },
      { lineNumber: 2, text: '"b"|"東京"' },
      { lineNumber: 3, text: '"c"' },
    ]);
  });

  it('answers a line over the bound as too long without keeping it, and goes on with the next', async () => {
    expect(await read(['"a"\n', 'x'.repeat(30), 'x'.repeat(30), '\n"b"\n'], 40)).toEqual([
      { lineNumber: 1, text: '"a"' },
      { lineNumber: 2, tooLong: true },
      { lineNumber: 3, text: '"b"' },
    ]);
  });
});
