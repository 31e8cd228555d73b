// What every spreadsheet we write shares: text that a spreadsheet program could take for a formula (it starts with
// =, +, -, @, a tab or a carriage return) is written as a text cell in the Text number format, so nothing runs when
// an agent opens the file or edits the cell; and a workbook streamed into one buffer.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's built-in Text format: what is typed into the cell stays text. */
const TEXT_FORMAT = '@';
const FORMULA_START = /^[=+\-@\t\r]/;

/** Whether a text would read as a formula (or a DDE call) if a spreadsheet program parsed it. */
export const looksLikeFormula = (text: string) => FORMULA_START.test(text);

/** Sets a cell to a value; a formula-like text stays text (a string cell in the Text format), never a formula. */
export function setSafeValue(cell: ExcelJS.Cell, value: string | number | boolean | Date | null): void {
  cell.value = value;
  if (typeof value === 'string' && looksLikeFormula(value)) cell.numFmt = TEXT_FORMAT;
}

/** Adds a row of values with setSafeValue (column A is the first value). */
export function addSafeRow(sheet: ExcelJS.Worksheet, values: ReadonlyArray<string | number | boolean | Date | null>) {
  const row = sheet.addRow([]);
  values.forEach((value, index) => {
    setSafeValue(row.getCell(index + 1), value);
  });
  return row;
}

/** A streaming workbook (rows are written out as they are committed) and the buffer it ends up in. */
export async function streamingWorkbook(): Promise<{
  book: ExcelJS.stream.xlsx.WorkbookWriter;
  done: () => Promise<Buffer>;
}> {
  const { stream: xlsxStream } = await loadExcelJS();
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const book = new xlsxStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  return {
    book,
    done: async () => {
      await book.commit();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}

/** A workbook built whole in memory (small sheets with validations, fills and merged cells) as a buffer. */
export async function workbookBuffer(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}
