// /groups/pax/template: the passenger sheet to fill in (spec: columns A-J, required titles marked with `*`), with
// its cells checked as they are typed: Gender from a list (M, F), Date of Birth a date in yyyy-MM-dd, Age a whole
// number. The same for every tenant and caller; built once and kept.
import type ExcelJS from 'exceljs';
import { loadExcelJS } from './exceljs.js';
import { headerText, type PaxField, TEMPLATE_COLUMNS } from './sheet-columns.js';
import { workbookBuffer } from './sheet-writer.js';

/**
 * Rows the cell checks cover below the header: a large group's sheet (the import takes up to ten times more rows;
 * a check per cell makes the template slow to build beyond this).
 */
export const TEMPLATE_ROWS = 1000;
export const TEMPLATE_FILENAME = 'group-passengers-template.xlsx';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFC00000' } };

const refusal = { showErrorMessage: true, errorStyle: 'stop', allowBlank: true } as const;
const CELL_CHECKS: Partial<Record<PaxField, ExcelJS.DataValidation>> = {
  gender: { ...refusal, type: 'list', formulae: ['"M,F"'], errorTitle: 'Gender', error: 'M or F' },
  dateOfBirth: {
    ...refusal,
    type: 'date',
    operator: 'between',
    formulae: [new Date(Date.UTC(1900, 0, 1)), new Date(Date.UTC(2100, 11, 31))],
    errorTitle: 'Date of Birth',
    error: 'A date (yyyy-MM-dd)',
  },
  age: {
    ...refusal,
    type: 'whole',
    operator: 'between',
    formulae: [0, 150],
    errorTitle: 'Age',
    error: 'A whole number from 0 to 150',
  },
};

// exceljs writes a check given to each cell of a column as one range
function addCellChecks(sheet: ExcelJS.Worksheet): void {
  TEMPLATE_COLUMNS.forEach((column, index) => {
    const check = CELL_CHECKS[column.field];
    if (!check) return;
    for (let row = 2; row <= TEMPLATE_ROWS + 1; row += 1) sheet.getCell(row, index + 1).dataValidation = check;
  });
}

async function buildTemplate(): Promise<Buffer> {
  const { Workbook } = await loadExcelJS();
  const book = new Workbook();
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
