// One cell of the passenger sheet read into its field's value, or refused with the reason. Cells come as the sheet
// holds them (text, number, boolean, date): a passport or phone number typed as a number is its digits, a date of
// birth may be a date cell or yyyy-MM-dd text, and any text is checked for what the database cannot keep.
import { isUnstorableText } from '../../../platform/http/input.js';
import { LIMITS } from '../groups/index.js';
import type { PaxColumn, PaxField } from './sheet-columns.js';
import type { CellValue } from '../../../platform/spreadsheets/index.js';

export type CellResult = { value: string | number | boolean | null } | { error: string };

/** A cell as text: numbers as written (no exponent for whole ones), dates as yyyy-MM-dd, booleans as Yes/No. */
export function cellText(cell: CellValue): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return Number.isInteger(cell) && Math.abs(cell) < 1e21 ? cell.toFixed(0) : String(cell);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PASSPORT = /^[A-Z0-9]{4,20}$/;
const PHONE = /^\+?[0-9 ()./-]{5,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EARLIEST_DATE = '1900-01-01';

const TEXT_LENGTH: Partial<Record<PaxField, number>> = {
  firstName: LIMITS.names,
  lastName: LIMITS.names,
  notes: LIMITS.notes,
  emergencyContact: LIMITS.names,
};
const OTHER_TEXT_LENGTH = 100;

/** The field's value of a cell (null when empty), or why it is refused; `today` bounds a date of birth. */
export function parseCell(column: PaxColumn, cell: CellValue | undefined, today: string): CellResult {
  const text = cell === undefined ? '' : cellText(cell).trim();
  if (text === '') return column.required ? { error: 'is required' } : { value: null };
  if (isUnstorableText(text)) return { error: 'holds a character that cannot be stored' };
  switch (column.field) {
    case 'gender':
      return gender(text);
    case 'dateOfBirth':
      return dateOfBirth(text, today);
    case 'passportExpiry':
      return calendarDate(text);
    case 'passportNumber':
      return matches(text.replace(/\s+/g, '').toUpperCase(), PASSPORT, 'must be 4 to 20 letters or digits');
    case 'phone':
    case 'emergencyTel':
      return phone(text);
    case 'email':
      return text.length <= 254 ? matches(text, EMAIL, 'is not an e-mail address') : { error: 'is too long' };
    case 'age':
      return age(cell, text);
    case 'visaRequired':
      return yesNo(text);
    default:
      return limited(text, TEXT_LENGTH[column.field] ?? OTHER_TEXT_LENGTH);
  }
}

const matches = (text: string, pattern: RegExp, why: string): CellResult =>
  pattern.test(text) ? { value: text } : { error: why };

const limited = (text: string, length: number): CellResult =>
  text.length <= length ? { value: text } : { error: `is longer than ${length} characters` };

function gender(text: string): CellResult {
  const value = { m: 'M', male: 'M', f: 'F', female: 'F' }[text.toLowerCase()];
  return value ? { value } : { error: 'must be M or F' };
}

/** A yyyy-MM-dd text naming a real day from 1900 on. */
function calendarDate(text: string): CellResult {
  const parts = ISO_DATE.exec(text);
  if (!parts) return { error: 'must be a date (yyyy-MM-dd)' };
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return { error: 'is not a calendar date' };
  }
  if (text < EARLIEST_DATE) return { error: `is before ${EARLIEST_DATE}` };
  return { value: text };
}

function dateOfBirth(text: string, today: string): CellResult {
  const date = calendarDate(text);
  return 'value' in date && text > today ? { error: 'is in the future' } : date;
}

function phone(text: string): CellResult {
  const digits = text.replace(/\D/g, '').length;
  return PHONE.test(text) && digits >= 5 ? { value: text } : { error: 'is not a telephone number' };
}

function age(cell: CellValue | undefined, text: string): CellResult {
  const value = typeof cell === 'number' ? cell : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return Number.isInteger(value) && value >= 0 && value <= 150
    ? { value }
    : { error: 'must be a whole number from 0 to 150' };
}

function yesNo(text: string): CellResult {
  const value = { yes: true, y: true, true: true, no: false, n: false, false: false }[text.toLowerCase()];
  return value === undefined ? { error: 'must be Yes or No' } : { value };
}
