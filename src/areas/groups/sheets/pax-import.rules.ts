// The passenger import's rules, pure: the header row matched by title (contract §7.5), each row read into a
// passenger or into errors naming the sheet's row, the field and the raw value, and the key a row matches a stored
// passenger by. No I/O: the sheet's rows come in, typed rows and errors go out.
import { invalidFormat } from '../../../platform/http/errors.js';
import type { CellValue, SheetRow } from '../../../platform/spreadsheets/index.js';
import { IMPORT_COLUMNS, type PaxField, titleKey } from './sheet-columns.js';
import { cellText, parseCell } from './sheet-cells.js';

export const IMPORT_LIMITS = {
  /** The file, decoded (spec: 5 MB). */
  fileBytes: 5 * 1024 * 1024,
  /** Passenger rows after the header: a group of many coaches; one more and the file is refused. */
  dataRows: 10_000,
  /** Columns read from a row (the export has 14; others are ignored). */
  columns: 40,
} as const;

/** A passenger as a row gives it: every sheet field, null where the cell is empty. */
export interface ImportedPax {
  firstName: string;
  lastName: string;
  gender: 'M' | 'F' | null;
  dateOfBirth: string | null;
  nationality: string | null;
  passportNumber: string | null;
  passportExpiry: string | null;
  phone: string | null;
  email: string | null;
  age: number | null;
  notes: string | null;
  emergencyContact: string | null;
  emergencyTel: string | null;
  visaRequired: boolean | null;
  visaStatus: string | null;
}

/** A refused cell (or row), as pax/import answers it. */
export interface RowError {
  rowNumber: number;
  fieldName: string;
  errorMessage: string;
  rawValue: string | null;
}

export interface ParsedSheet {
  /** Data rows read (every non-empty row after the header). */
  totalProcessed: number;
  /** Rows without an error, in sheet order, each with its match key. */
  rows: Array<{ rowNumber: number; pax: ImportedPax; key: string }>;
  errors: RowError[];
  /** Rows with at least one error. */
  failed: number;
}

/** Where each known column is, by field; an unknown title is ignored, a required one missing is refused. */
export function matchHeader(parameter: string, header: SheetRow | undefined): Map<PaxField, number> {
  if (!header) throw invalidFormat(parameter, 'has no header row');
  const byTitle = new Map(IMPORT_COLUMNS.map((column) => [titleKey(column.title), column]));
  const found = new Map<PaxField, number>();
  header.cells.forEach((cell, index) => {
    const column = cell === undefined ? undefined : byTitle.get(titleKey(cellText(cell)));
    if (!column) return;
    if (found.has(column.field)) throw invalidFormat(parameter, `has two columns titled ${column.title}`);
    found.set(column.field, index);
  });
  const missing = IMPORT_COLUMNS.filter((column) => column.required && !found.has(column.field));
  if (missing.length > 0) {
    const titles = missing.map((column) => column.title).join(', ');
    throw invalidFormat(parameter, `has no column ${titles} in its first row (the header)`);
  }
  return found;
}

/**
 * Reads the data rows (all rows after the header) into passengers and errors. `today` (the tenant's date) bounds a
 * date of birth. Two rows with one match key: the later one is refused, so a file never updates a passenger twice.
 */
export function parseRows(header: Map<PaxField, number>, rows: readonly SheetRow[], today: string): ParsedSheet {
  const parsed: ParsedSheet = { totalProcessed: rows.length, rows: [], errors: [], failed: 0 };
  const rowOfKey = new Map<string, number>();
  for (const row of rows) {
    const { pax, errors } = readRow(header, row, today);
    if (pax) {
      const key = matchKey(pax);
      const earlier = rowOfKey.get(key);
      if (earlier === undefined) {
        rowOfKey.set(key, row.rowNumber);
        parsed.rows.push({ rowNumber: row.rowNumber, pax, key });
        continue;
      }
      errors.push(duplicateOf(row.rowNumber, pax, earlier));
    }
    parsed.errors.push(...errors);
    parsed.failed += 1;
  }
  return parsed;
}

function duplicateOf(rowNumber: number, pax: ImportedPax, earlier: number): RowError {
  const field = pax.passportNumber === null ? 'lastName' : 'passportNumber';
  const what = pax.passportNumber === null ? 'name and no passport number' : 'last name and passport number';
  return {
    rowNumber,
    fieldName: field,
    errorMessage: `Has the same ${what} as row ${earlier}`,
    rawValue: field === 'passportNumber' ? pax.passportNumber : pax.lastName,
  };
}

function readRow(header: Map<PaxField, number>, row: SheetRow, today: string) {
  const errors: RowError[] = [];
  const values: Partial<Record<PaxField, unknown>> = {};
  for (const column of IMPORT_COLUMNS) {
    const index = header.get(column.field);
    const cell: CellValue | undefined = index === undefined ? undefined : row.cells[index];
    const result = parseCell(column, cell, today);
    if ('error' in result) {
      errors.push({
        rowNumber: row.rowNumber,
        fieldName: column.field,
        errorMessage: `${column.title} ${result.error}`,
        rawValue: cell === undefined ? null : cellText(cell),
      });
    } else {
      values[column.field] = result.value;
    }
  }
  return { pax: errors.length === 0 ? toPax(values) : undefined, errors };
}

function toPax(values: Partial<Record<PaxField, unknown>>): ImportedPax {
  const text = (field: PaxField) => (typeof values[field] === 'string' ? String(values[field]) : null);
  const gender = values.gender === 'M' || values.gender === 'F' ? values.gender : null;
  return {
    firstName: text('firstName') ?? '',
    lastName: text('lastName') ?? '',
    gender,
    dateOfBirth: text('dateOfBirth'),
    nationality: text('nationality'),
    passportNumber: text('passportNumber'),
    passportExpiry: text('passportExpiry'),
    phone: text('phone'),
    email: text('email'),
    age: typeof values.age === 'number' ? values.age : null,
    notes: text('notes'),
    emergencyContact: text('emergencyContact'),
    emergencyTel: text('emergencyTel'),
    visaRequired: typeof values.visaRequired === 'boolean' ? values.visaRequired : null,
    visaStatus: text('visaStatus'),
  };
}

/**
 * What a row matches a stored passenger of the group by (spec: last name plus passport number). A passenger without
 * a passport number matches one of the same first and last name that has none either, so importing a file twice
 * updates rather than duplicates it too. Names compare case-insensitively, passport numbers without spaces.
 */
export function matchKey(pax: Pick<ImportedPax, 'firstName' | 'lastName' | 'passportNumber'>): string {
  const last = pax.lastName.toLowerCase();
  return pax.passportNumber === null
    ? `name\u0000${last}\u0000${pax.firstName.toLowerCase()}`
    : `passport\u0000${last}\u0000${passportKey(pax.passportNumber)}`;
}

/** A passport number as compared: upper case, without spaces. */
export const passportKey = (passport: string) => passport.replace(/\s+/g, '').toUpperCase();
