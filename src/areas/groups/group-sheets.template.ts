// /groups/pax/template: the passenger sheet to fill in (spec: columns A-J, required titles marked with `*`), with
// its cells checked as they are typed: Gender from a list (M, F), Date of Birth a date in yyyy-MM-dd, Age a whole
// number. The same for every tenant and caller; built once and kept.
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS } from './pax-import.rules.js';
import { headerText, TEMPLATE_COLUMNS } from './sheet-columns.js';
import { workbookBuffer } from './sheet-writer.js';

/** Rows the cell checks cover below the header (the import takes at most this many passengers). */
export const TEMPLATE_ROWS = IMPORT_LIMITS.dataRows;
export const TEMPLATE_FILENAME = 'group-passengers-template.xlsx';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFC00000' } };

/** The column letter of a template column (A for the first). */
const letterOf = (field: string) => String.fromCharCode(65 + TEMPLATE_COLUMNS.findIndex((c) => c.field === field));

function addCellChecks(sheet: ExcelJS.Worksheet): void {
  const range = (field: string) => `${letterOf(field)}2:${letterOf(field)}${TEMPLATE_ROWS + 1}`;
  const refusal = { showErrorMessage: true, errorStyle: 'stop', allowBlank: true } as const;
  sheet.dataValidations.add(range('gender'), {
    ...refusal,
    type: 'list',
    formulae: ['"M,F"'],
    errorTitle: 'Gender',
    error: 'M or F',
  });
  sheet.dataValidations.add(range('dateOfBirth'), {
    ...refusal,
    type: 'date',
    operator: 'between',
    formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(2100, 11, 31))],
    errorTitle: 'Date of Birth',
    error: 'A date (yyyy-MM-dd)',
  });
  sheet.dataValidations.add(range('age'), {
    ...refusal,
    type: 'whole',
    operator: 'between',
    formulae: [0, 150],
    errorTitle: 'Age',
    error: 'A whole number from 0 to 150',
  });
}

async function buildTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Passengers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = TEMPLATE_COLUMNS.map((column) => ({
    header: headerText(column),
    key: column.field,
    width: column.width,
    ...(column.field === 'dateOfBirth' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
    // typed numbers keep their digits and leading zeros
    ...(column.field === 'passportNumber' || column.field === 'phone' ? { style: { numFmt: '@' } } : {}),
  }));
  const header = sheet.getRow(1);
  TEMPLATE_COLUMNS.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.fill = HEADER_FILL;
    cell.font = column.required ? REQUIRED_FONT : { bold: true };
    if (column.hint) cell.note = column.hint;
  });
  addCellChecks(sheet);
  return workbookBuffer(book);
}

let template: Promise<Buffer> | undefined;

/** The template's bytes (built on first use; a failed build is tried again next time). */
export function passengerTemplate(): Promise<Buffer> {
  template ??= buildTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}
