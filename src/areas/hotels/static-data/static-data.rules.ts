// Pure rules of the static-data file (spec part 2, "Static data import"; research §6.3): one hotel per line, its
// country and city repeated on every line, fields separated by `|`, each field in double quotes (a quote inside
// one doubled, a `|` inside one literal), UTF-8. No I/O here: the import feeds lines in and batches rows out.

/** The columns the header must name (any case, any order); after them come four external-code columns. */
export const NAMED_COLUMNS = [
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
] as const;
type NamedColumn = (typeof NAMED_COLUMNS)[number];

/** The external-code columns kept (the file has four); more are reported as a header problem. */
export const MAX_EXTERNAL_CODES = 4;

/** Where each column is in a line: the named ones, and the external codes by their titles. */
export interface Columns {
  named: ReadonlyMap<NamedColumn, number>;
  external: ReadonlyArray<{ title: string; index: number }>;
  count: number;
}

export interface StaticRow {
  countryId: number;
  countryName: string;
  countryCode: string | null;
  cityId: number;
  cityName: string;
  hotelId: number;
  hotelName: string;
  address: string | null;
  phone: string | null;
  fax: string | null;
  /** Decimal text ("3.5"), exact. */
  stars: string | null;
  starsId: number | null;
  longitude: string | null;
  latitude: string | null;
  isApartment: boolean;
  externalCodes: Record<string, string>;
}

/** A line that cannot be used, and why (reported with its line number by the import). */
export class LineProblem extends Error {}

/** Lower case, accents removed, spaces collapsed: the form names are stored and searched in (`*_folded`). */
export { containsPattern, foldText as foldName } from '../../../platform/text.js';

/** The fields of one line. A field may be quoted ("a|b", "say ""hi""") or bare; an open quote is a problem. */
export function splitFields(line: string): string[] {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line[at] === '"') {
      let value = '';
      let from = at + 1;
      for (;;) {
        const quote = line.indexOf('"', from);
        if (quote < 0) throw new LineProblem(`field ${fields.length + 1}: a quote is not closed`);
        value += line.slice(from, quote);
        if (line[quote + 1] !== '"') {
          at = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
      fields.push(value);
      if (at < line.length && line[at] !== '|') {
        throw new LineProblem(`field ${fields.length}: text after its closing quote`);
      }
    } else {
      const bar = line.indexOf('|', at);
      fields.push(line.slice(at, bar < 0 ? line.length : bar));
      at = bar < 0 ? line.length : bar;
    }
    if (at >= line.length) return fields;
    at += 1; // past the `|`
  }
}

/** The header's columns; the file is refused when a named column is missing, or a title is there twice. */
export function readHeader(fields: readonly string[]): Columns {
  const titles = fields.map((title) => title.trim().toLowerCase());
  const byTitle = new Map(titles.map((title, index) => [title, index]));
  const named = new Map<NamedColumn, number>();
  const missing: string[] = [];
  for (const column of NAMED_COLUMNS) {
    const index = byTitle.get(column.toLowerCase());
    if (index === undefined) missing.push(column);
    else named.set(column, index);
  }
  if (missing.length > 0) throw new LineProblem(`the header lacks ${missing.join(', ')}`);
  const twice = titles.findIndex((title, index) => title !== '' && titles.indexOf(title) !== index);
  if (twice >= 0) throw new LineProblem(`the header names ${fields[twice]?.trim()} twice`);
  const taken = new Set(named.values());
  const external = fields
    .map((title, index) => ({ title: title.trim(), index }))
    .filter((column) => !taken.has(column.index) && column.title !== '');
  if (external.length > MAX_EXTERNAL_CODES) {
    throw new LineProblem(`the header has ${external.length} columns beyond the named ones; at most 4 are codes`);
  }
  return { named, external, count: fields.length };
}

/** Longest text kept of a name or an address (a line is at most 64 KiB anyway). */
const MAX_TEXT = 500;
const MAX_ID = 2_147_483_647;

/** One line's fields as a row; the first unusable value is the line's problem. */
export function toStaticRow(fields: readonly string[], columns: Columns): StaticRow {
  if (fields.length !== columns.count) {
    throw new LineProblem(`${fields.length} fields where the header has ${columns.count}`);
  }
  const text = (column: NamedColumn) => (fields[columns.named.get(column) ?? -1] ?? '').trim();
  const externalCodes: Record<string, string> = {};
  for (const { title, index } of columns.external) {
    const code = (fields[index] ?? '').trim();
    if (code !== '') externalCodes[title] = clipped(code, title);
  }
  return {
    countryId: identifier(text('CountryId'), 'CountryId'),
    countryName: required(text('Country'), 'Country'),
    countryCode: isoCode(text('IsoCode')),
    cityId: identifier(text('CityId'), 'CityId'),
    cityName: required(text('City'), 'City'),
    hotelId: identifier(text('HotelID'), 'HotelID'),
    hotelName: required(text('Name'), 'Name'),
    address: optional(text('Address'), 'Address'),
    phone: optional(text('Phone'), 'Phone'),
    fax: optional(text('Fax'), 'Fax'),
    stars: decimal(text('Stars'), 'Stars', 0, 7),
    starsId: text('StarsID') === '' ? null : identifier(text('StarsID'), 'StarsID'),
    longitude: decimal(text('Longitude'), 'Longitude', -180, 180),
    latitude: decimal(text('Latitude'), 'Latitude', -90, 90),
    isApartment: flag(text('IsApartment')),
    externalCodes,
  };
}

function identifier(value: string, column: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  if (!(id >= 1 && id <= MAX_ID)) throw new LineProblem(`${column} is not a positive integer: "${value}"`);
  return id;
}

function clipped(value: string, column: string): string {
  if (value.length > MAX_TEXT) throw new LineProblem(`${column} is longer than ${MAX_TEXT} characters`);
  return value;
}

function required(value: string, column: string): string {
  if (value === '') throw new LineProblem(`${column} is empty`);
  return clipped(value, column);
}

function optional(value: string, column: string): string | null {
  return value === '' ? null : clipped(value, column);
}

function isoCode(value: string): string | null {
  if (value === '') return null;
  if (!/^[A-Za-z]{2,3}$/.test(value)) throw new LineProblem(`IsoCode is not a country code: "${value}"`);
  return value.toUpperCase();
}

/** A decimal kept as text (exact), within bounds; empty is unknown. */
function decimal(value: string, column: string, min: number, max: number): string | null {
  if (value === '') return null;
  const number = /^[-+]?\d{1,3}(\.\d{1,7})?$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= min && number <= max)) {
    throw new LineProblem(`${column} is not a number from ${min} to ${max}: "${value}"`);
  }
  return value.replace(/^\+/, '');
}

const TRUE_FLAGS = new Set(['1', 'true', 'yes', 'y']);
const FALSE_FLAGS = new Set(['', '0', 'false', 'no', 'n']);

function flag(value: string): boolean {
  const key = value.toLowerCase();
  if (TRUE_FLAGS.has(key)) return true;
  if (FALSE_FLAGS.has(key)) return false;
  throw new LineProblem(`IsApartment is not 0/1 or true/false: "${value}"`);
}
