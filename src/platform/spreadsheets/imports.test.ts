// The node's spreadsheet imports with real worker threads started from the TypeScript sources (as under
// `node --import tsx`): a workbook read in a worker, a refusal made there, and the worker ended, its slot given back,
// on the deadline, when the client leaves and at shutdown; one import more than the node runs at once is a 429.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.js';
import { createSpreadsheetImports, type SpreadsheetFile, type SpreadsheetImportSettings } from './imports.js';

const SETTINGS: SpreadsheetImportSettings = { concurrency: 2, deadlineMs: 60_000, memoryMb: 128 };
const LIMITS = { rows: 20_000, columns: 1024, cells: 1_000_000, sharedStrings: 1_000_000 };
const READ = { dataRows: 10_000, rowsOf: 'passengers', columnsRead: 10 };

/** A header and `rows` rows: a first and last name, a date, then `extra` cells more. */
async function workbook(rows: number, extra = 0): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Passengers');
  sheet.addRow(['First Name', 'Last Name', 'Date of Birth']);
  for (let n = 0; n < rows; n += 1) {
    const more = Array.from({ length: extra }, (_, column) => `Note ${n}/${column}`);
    sheet.addRow([`First ${n}`, `Last ${n}`, new Date(Date.UTC(1990, 0, 1 + n)), ...more]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const fileOf = (bytes: Buffer): SpreadsheetFile => ({ parameter: 'fileData', bytes, limits: LIMITS, read: READ });

/** The rejection of `promise`, which must reject. */
async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(outcome)}`);
  return outcome;
}

describe('an import in a worker thread', () => {
  it('reads the first sheet there and answers its rows, dates as dates', async () => {
    const imports = createSpreadsheetImports(SETTINGS);
    const rows = await imports.readFirstSheet(fileOf(await workbook(3)));
    expect(rows.map((row) => row.rowNumber)).toEqual([1, 2, 3, 4]);
    expect(rows[3]?.cells).toEqual(['First 2', 'Last 2', new Date(Date.UTC(1990, 0, 3))]);
    expect(imports.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('answers the refusals made there as the envelope errors they are', async () => {
    const imports = createSpreadsheetImports(SETTINGS);
    const refused = await rejectionOf(imports.readFirstSheet(fileOf(Buffer.from('First Name,Last Name\n'))));
    expect(refused).toMatchObject({ code: 'INVALID_FORMAT', httpStatus: 200 });
    expect(refused.message).toContain('Parameter fileData is not an XLSX spreadsheet');
    const many = await rejectionOf(
      imports.readFirstSheet({ ...fileOf(await workbook(20)), read: { ...READ, dataRows: 5 } }),
    );
    expect(many.message).toBe('Parameter fileData has more than 5 rows of passengers');
  });

  it('is ended on its deadline: the file is refused, naming it, the thread stops working and its slot is free', async () => {
    // reading this file takes seconds of a CPU (exceljs loads, then 10,000 rows of 20 cells): the deadline comes first
    const imports = createSpreadsheetImports({ ...SETTINGS, concurrency: 1, deadlineMs: 1_000 });
    const file = fileOf(await workbook(10_000, 20));
    const started = performance.now();
    const late = await rejectionOf(imports.readFirstSheet(file));
    expect(late).toMatchObject({ code: 'INVALID_FORMAT', message: 'Parameter fileData could not be read within 1 s' });
    expect(performance.now() - started).toBeLessThan(5_000);
    // the answer comes once the thread has stopped: from then on the process does next to nothing (a worker still
    // reading would use most of a CPU), and the slot is free
    const cpu = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(300);
    expect(imports.load().running).toBe(0);
  });

  it('refuses a file whose reading needs more memory than an import has, naming it', async () => {
    // 10,000 rows of 20 distinct strings: exceljs keeps the shared strings, which a heap of 24 MiB cannot hold
    const imports = createSpreadsheetImports({ ...SETTINGS, memoryMb: 24 });
    const refused = await rejectionOf(imports.readFirstSheet(fileOf(await workbook(10_000, 20))));
    expect(refused).toMatchObject({
      code: 'INVALID_FORMAT',
      message: 'Parameter fileData needs more than the 24 MiB an import may use',
    });
    expect(imports.load().running).toBe(0);
  });

  it('refuses one import more than the node runs at once with 429 RATE_LIMITED and Retry-After', async () => {
    const imports = createSpreadsheetImports({ ...SETTINGS, concurrency: 1 });
    const file = fileOf(await workbook(500));
    const first = imports.readFirstSheet(file);
    const busy = await rejectionOf(imports.readFirstSheet(file));
    expect(busy).toMatchObject({ code: 'RATE_LIMITED', httpStatus: 429, headers: { 'retry-after': '5' } });
    expect(await first).toHaveLength(501);
    // the slot is free again
    expect(await imports.readFirstSheet(file)).toHaveLength(501);
  });

  it('ends the worker when the client leaves', async () => {
    const imports = createSpreadsheetImports(SETTINGS);
    const client = new AbortController();
    const reading = rejectionOf(imports.readFirstSheet(fileOf(await workbook(10_000)), client.signal));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(imports.load().running).toBe(1);
    client.abort();
    expect((await reading).message).toBe('The client left before the file was read');
    expect(imports.load().running).toBe(0);
  });

  it('ends every import under way at shutdown (503) and refuses new ones', async () => {
    const imports = createSpreadsheetImports(SETTINGS);
    const file = fileOf(await workbook(10_000));
    const readings = [rejectionOf(imports.readFirstSheet(file)), rejectionOf(imports.readFirstSheet(file))];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = performance.now();
    await imports.stop();
    expect(performance.now() - stopping).toBeLessThan(2_000);
    for (const refused of await Promise.all(readings))
      expect(refused).toMatchObject({ code: 'GENERAL', httpStatus: 503 });
    expect(await rejectionOf(imports.readFirstSheet(file))).toMatchObject({ httpStatus: 503 });
    expect(imports.load().running).toBe(0);
  });
});
