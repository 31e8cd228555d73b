// The rows of a spreadsheet's first sheet, streamed: cells come out as plain values (text, number, boolean, date) and
// a row count past the bound is refused as soon as it is reached, so a sheet of a hundred thousand rows is never
// held whole. A formula cell reads as its formula's text: nothing is evaluated, and a result the file claims for
// it is never taken for data. Runs in an import's worker thread (sheet-worker.ts), where exceljs is loaded.
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { ApiError, invalidFormat } from '../http/errors.js';
import type { FirstSheetRead } from './limits.js';

/** A cell as a rule reads it: what the sheet holds, a formula as its text. */
export type CellValue = string | number | boolean | Date;

/** A row of the sheet: its number as the sheet shows it (the first row is 1) and its cells by column (A = 0). */
export interface SheetRow {
  rowNumber: number;
  cells: Array<CellValue | undefined>;
}

/**
 * Every non-empty row of the first sheet, read from an archive that passed checkSpreadsheetArchive (its records in
 * reading order). More than `dataRows` rows after the first: INVALID_FORMAT naming `parameter`, as is a file the
 * reader cannot parse.
 */
export async function readFirstSheet(
  parameter: string,
  records: readonly Buffer[],
  read: FirstSheetRead,
): Promise<SheetRow[]> {
  const source = Readable.from(records);
  const { stream: xlsxStream } = (await import('exceljs')).default;
  const reader = new xlsxStream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // dates are numbers with a date format: the styles tell them apart
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const cells = cellsOf(row, read.columnsRead);
        if (cells.every((cell) => cell === undefined)) continue;
        if (rows.length > read.dataRows) {
          throw invalidFormat(parameter, `has more than ${read.dataRows} rows of ${read.rowsOf}`);
        }
        rows.push({ rowNumber: row.number, cells });
      }
      break;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw invalidFormat(parameter, 'is not a spreadsheet we can read');
  } finally {
    source.destroy();
  }
  return rows;
}

function cellsOf(row: ExcelJS.Row, columns: number): Array<CellValue | undefined> {
  const cells: Array<CellValue | undefined> = [];
  for (let column = 1; column <= columns; column += 1) cells.push(plainValue(row.getCell(column).value));
  while (cells.length > 0 && cells[cells.length - 1] === undefined) cells.pop();
  return cells;
}

/** A cell's value as data: formulas as their text, rich text and hyperlinks as their text, errors as their code. */
export function plainValue(value: ExcelJS.CellValue): CellValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : plainValue(value.text);
  if ('error' in value) return value.error;
  return undefined;
}
