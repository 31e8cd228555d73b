// The static-data import: the supplier's pipe-delimited file (static-data.rules.ts) merged into static_countries,
// static_cities and static_hotels as it streams in, a batch of lines per statement. Memory holds one batch and the
// countries and cities met so far (a few thousand), never the file. A line that cannot be used is reported with its
// line number and skipped; a file that cannot be read at all (no header, a named column missing, too large) is
// refused. One transaction: a refused or failed import leaves the tables as they were, and repeating an import
// changes nothing (rows are updated only where a value differs).
import type { Sql, TransactionSql } from '../../../platform/database/connections.js';
import { withTransaction } from '../../../platform/database/transaction.js';
import { linesOf } from './static-data.lines.js';
import * as repo from './static-data.repository.js';
import {
  type Columns,
  LineProblem,
  readHeader,
  type StaticRow,
  splitFields,
  toStaticRow,
} from './static-data.rules.js';

/**
 * Lines merged per statement: enough that a statement's round trip is small beside its rows; few enough that a
 * batch's objects die young (bench hotel-import: 2,000 a statement left the service's RSS 145 MiB above idle, 500
 * 78 MiB, at the same pace).
 */
export const IMPORT_BATCH_ROWS = 500;
/** Problems listed in the report; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 100;

export interface LineReport {
  lineNumber: number;
  message: string;
}

export interface ImportReport {
  /** Lines after the header that held text. */
  dataLines: number;
  linesMerged: number;
  linesSkipped: number;
  countries: repo.MergeCount;
  cities: repo.MergeCount;
  hotels: repo.MergeCount;
  /** The first problems, by line number; `problemsNotListed` more were found. */
  problems: LineReport[];
  problemsNotListed: number;
}

/** The file as a whole cannot be imported; nothing was changed. */
export class ImportRefused extends Error {}

export interface ImportScope {
  db: Sql;
  now: Date;
}

interface ImportState {
  columns: Columns | undefined;
  /** The batch's rows by hotel, and its countries and cities by id (the last line of each wins). */
  batch: Map<number, StaticRow>;
  batchCountries: Map<number, StaticRow>;
  batchCities: Map<number, StaticRow>;
  /** Countries and cities merged by this import, with their values: a repeated one is not written again. */
  countriesSeen: Map<number, string>;
  citiesSeen: Map<number, string>;
  report: ImportReport;
}

export async function importStaticData(
  scope: ImportScope,
  source: AsyncIterable<Buffer | string>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<ImportReport> {
  const state: ImportState = {
    columns: undefined,
    batch: new Map(),
    batchCountries: new Map(),
    batchCities: new Map(),
    countriesSeen: new Map(),
    citiesSeen: new Map(),
    report: emptyReport(),
  };
  await withTransaction(scope, async (tx) => {
    for await (const line of linesOf(bounded(source, maxBytes))) {
      if ('tooLong' in line) tooLong(state, line.lineNumber);
      else if (line.text.trim() !== '') takeLine(state, line.lineNumber, line.text);
      if (state.batch.size >= IMPORT_BATCH_ROWS) await flush(tx, state, scope.now);
    }
    if (!state.columns) throw new ImportRefused('the file is empty: it has no header line');
    await flush(tx, state, scope.now);
  });
  return state.report;
}

function emptyReport(): ImportReport {
  const none = () => ({ inserted: 0, updated: 0 });
  return {
    dataLines: 0,
    linesMerged: 0,
    linesSkipped: 0,
    countries: none(),
    cities: none(),
    hotels: none(),
    problems: [],
    problemsNotListed: 0,
  };
}

/** The source's chunks, refused once they add up to more than `maxBytes`. */
async function* bounded(source: AsyncIterable<Buffer | string>, maxBytes: number) {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > maxBytes) throw new ImportRefused(`the file is larger than ${maxBytes} bytes`);
    yield chunk;
  }
}

function takeLine(state: ImportState, lineNumber: number, text: string): void {
  if (state.columns) state.report.dataLines += 1;
  try {
    const fields = splitFields(text);
    if (!state.columns) {
      state.columns = readHeader(fields);
      return;
    }
    const row = toStaticRow(fields, state.columns);
    // a hotel repeated within a batch: its last line wins, as it would across batches
    state.batch.delete(row.hotelId);
    state.batch.set(row.hotelId, row);
    state.batchCountries.set(row.countryId, row);
    state.batchCities.set(row.cityId, row);
    state.report.linesMerged += 1;
  } catch (error) {
    if (!(error instanceof LineProblem)) throw error;
    if (!state.columns) throw new ImportRefused(`line ${lineNumber}: ${error.message}`);
    problem(state, lineNumber, error.message);
  }
}

function tooLong(state: ImportState, lineNumber: number): void {
  if (!state.columns) throw new ImportRefused(`line ${lineNumber}: the header line is too long`);
  state.report.dataLines += 1;
  problem(state, lineNumber, 'the line is too long');
}

function problem(state: ImportState, lineNumber: number, message: string): void {
  state.report.linesSkipped += 1;
  if (state.report.problems.length < MAX_LISTED_PROBLEMS) state.report.problems.push({ lineNumber, message });
  else state.report.problemsNotListed += 1;
}

/** The batch's countries and cities not merged yet (or changed since), then its hotels; ascending ids. */
async function flush(tx: TransactionSql, state: ImportState, now: Date): Promise<void> {
  const rows = [...state.batch.values()];
  const countries = newOrChanged(state.batchCountries, state.countriesSeen, (row) => row.countryId, countryValues);
  const cities = newOrChanged(state.batchCities, state.citiesSeen, (row) => row.cityId, cityValues);
  state.batch.clear();
  state.batchCountries.clear();
  state.batchCities.clear();
  if (rows.length === 0) return;
  add(state.report.countries, await repo.mergeCountries(tx, countries, now));
  add(state.report.cities, await repo.mergeCities(tx, cities, now));
  add(state.report.hotels, await repo.mergeHotels(tx, rows.sort(byHotelId), now));
}

const countryValues = (row: StaticRow) => JSON.stringify([row.countryName, row.countryCode]);
const cityValues = (row: StaticRow) => JSON.stringify([row.countryId, row.cityName]);
const byHotelId = (a: StaticRow, b: StaticRow) => a.hotelId - b.hotelId;

/** The batch's rows (one per id) whose values this import has not written yet, by id. */
function newOrChanged(
  batch: ReadonlyMap<number, StaticRow>,
  seen: Map<number, string>,
  idOf: (row: StaticRow) => number,
  valuesOf: (row: StaticRow) => string,
): StaticRow[] {
  const pending: StaticRow[] = [];
  for (const [id, row] of batch) {
    const values = valuesOf(row);
    if (seen.get(id) === values) continue;
    seen.set(id, values);
    pending.push(row);
  }
  return pending.sort((a, b) => idOf(a) - idOf(b));
}

function add(total: repo.MergeCount, more: repo.MergeCount): void {
  total.inserted += more.inserted;
  total.updated += more.updated;
}
