// The import's pure rules: the header matched by title (contract §7.5), each cell read or refused with the sheet's
// row number, the field and the raw value, and the match key that makes a second import update, not duplicate.
import { describe, expect, it } from 'vitest';
import { matchHeader, matchKey, parseRows } from './pax-import.rules.js';
import type { SheetRow } from '../../../platform/spreadsheets/index.js';

const TODAY = '2026-11-28';
const row = (rowNumber: number, ...cells: Array<string | number | boolean | Date | undefined>): SheetRow => ({
  rowNumber,
  cells,
});
const HEADER = row(1, 'First Name*', 'Last Name*', 'Gender', 'Date of Birth', 'Nationality', 'Passport Number');

describe('the header row', () => {
  it('is matched by title: any case, `*` and extra spaces ignored, any order, unknown titles skipped', () => {
    const header = matchHeader('fileData', row(1, 'Comment', ' LAST  name ', 'first name*', 'visa required'));
    expect(Object.fromEntries(header)).toEqual({ lastName: 1, firstName: 2, visaRequired: 3 });
  });

  it('must have the required columns, once each', () => {
    expect(() => matchHeader('fileData', row(1, 'First Name', 'Gender'))).toThrow(
      'Parameter fileData has no column Last Name',
    );
    expect(() => matchHeader('fileData', row(1, 'First Name', 'Last Name', 'last name*'))).toThrow(
      'has two columns titled Last Name',
    );
    expect(() => matchHeader('fileData', undefined)).toThrow('has no header row');
  });
});

describe('the data rows', () => {
  const parse = (...rows: SheetRow[]) => parseRows(matchHeader('fileData', HEADER), rows, TODAY);

  it('read every field: dates from date cells or text, numbers typed as numbers as their digits', () => {
    const parsed = parse(
      row(2, ' Ann ', 'Lee', 'f', new Date(Date.UTC(1990, 4, 3)), 'GB', 'ab 12345'),
      row(3, 'Bob', 'Khan', 'Male', '1985-12-31', undefined, 123456789),
    );
    expect(parsed).toMatchObject({ totalProcessed: 2, failed: 0, errors: [] });
    expect(parsed.rows.map((r) => r.pax)).toEqual([
      expect.objectContaining({ firstName: 'Ann', gender: 'F', dateOfBirth: '1990-05-03', passportNumber: 'AB12345' }),
      expect.objectContaining({
        firstName: 'Bob',
        gender: 'M',
        dateOfBirth: '1985-12-31',
        passportNumber: '123456789',
      }),
    ]);
  });

  it('refuse a row with every error named: row number, field, message and raw value', () => {
    const parsed = parse(row(2, 'Ann', 'Lee'), row(7, '', 'Lee', 'X', '2031-01-01', 'GB', 'A1'));
    expect(parsed.failed).toBe(1);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.errors).toEqual([
      { rowNumber: 7, fieldName: 'firstName', errorMessage: 'First Name is required', rawValue: '' },
      { rowNumber: 7, fieldName: 'gender', errorMessage: 'Gender must be M or F', rawValue: 'X' },
      {
        rowNumber: 7,
        fieldName: 'dateOfBirth',
        errorMessage: 'Date of Birth is in the future',
        rawValue: '2031-01-01',
      },
      {
        rowNumber: 7,
        fieldName: 'passportNumber',
        errorMessage: 'Passport Number must be 4 to 20 letters or digits',
        rawValue: 'A1',
      },
    ]);
  });

  it.each([
    ['Date of Birth', '1990-02-30', 'is not a calendar date'],
    ['Date of Birth', '03/05/1990', 'must be a date (yyyy-MM-dd)'],
    ['Passport Expiry', '2031-13-01', 'is not a calendar date'],
    ['Age', 12.5, 'must be a whole number from 0 to 150'],
    ['Age', '151', 'must be a whole number from 0 to 150'],
    ['Email', 'ann at example.com', 'is not an e-mail address'],
    ['Phone', 'call me', 'is not a telephone number'],
    ['Visa Required', 'maybe', 'must be Yes or No'],
    ['Notes', 'x'.repeat(4001), 'is longer than 4000 characters'],
    ['Nationality', 'a\u0000b', 'holds a character that cannot be stored'],
  ])('refuse %s %j: %s', (title, value, why) => {
    const parsed = parseRows(
      matchHeader('fileData', row(1, 'First Name', 'Last Name', title)),
      [row(2, 'Ann', 'Lee', value)],
      TODAY,
    );
    expect(parsed.errors.map((error) => error.errorMessage)).toEqual([`${title} ${why}`]);
  });

  it('read a Passport Expiry column too (no column of the spec, what the passport readiness check needs)', () => {
    const header = matchHeader('fileData', row(1, 'First Name', 'Last Name', 'passport expiry'));
    const parsed = parseRows(header, [row(2, 'Ann', 'Lee', new Date(Date.UTC(2031, 5, 30)))], TODAY);
    expect(parsed.rows[0]?.pax.passportExpiry).toBe('2031-06-30');
  });

  it('keep a formula read as text as text (never evaluated)', () => {
    const parsed = parse(row(2, '=1+1', '@SUM(A1)'));
    expect(parsed.rows[0]?.pax).toMatchObject({ firstName: '=1+1', lastName: '@SUM(A1)' });
  });

  it('refuse a second row with the same match key, naming the first', () => {
    const parsed = parse(
      row(2, 'Ann', 'Lee', '', '', '', 'AB12345'),
      row(3, 'Anne', 'LEE', '', '', '', 'ab 12345'),
      row(4, 'Cy', 'Ng'),
      row(5, 'cy', 'NG'),
    );
    expect(parsed.rows.map((r) => r.rowNumber)).toEqual([2, 4]);
    expect(parsed.errors).toEqual([
      expect.objectContaining({
        rowNumber: 3,
        fieldName: 'passportNumber',
        errorMessage: 'Has the same last name and passport number as row 2',
      }),
      expect.objectContaining({
        rowNumber: 5,
        fieldName: 'lastName',
        errorMessage: 'Has the same name and no passport number as row 4',
      }),
    ]);
  });
});

it('a match key: last name and passport, or both names when there is no passport', () => {
  expect(matchKey({ firstName: 'A', lastName: 'Lee', passportNumber: 'ab 1' })).toBe(
    matchKey({ firstName: 'B', lastName: 'LEE', passportNumber: 'AB1' }),
  );
  expect(matchKey({ firstName: 'A', lastName: 'Lee', passportNumber: null })).not.toBe(
    matchKey({ firstName: 'B', lastName: 'Lee', passportNumber: null }),
  );
});
