// /groups/pax/exportExcel: a group's passengers as a spreadsheet (spec: fourteen columns, an attachment named after
// the group, application/octet-stream). Rows are streamed into the workbook as they are written, and every text a
// spreadsheet program could take for a formula is written as text (sheet-writer.ts).
import type ExcelJS from 'exceljs';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { type PaxRow, selectGroup, selectGroupPax } from '../groups/index.js';
import { EXPORT_COLUMNS, type PaxField } from './sheet-columns.js';
import { looksLikeFormula, setSafeValue, streamingWorkbook } from './sheet-writer.js';

type Cell = string | number | null;

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');

const CELL_OF: Readonly<Record<PaxField, (pax: PaxRow) => Cell>> = {
  firstName: (pax) => pax.first_name,
  lastName: (pax) => pax.last_name,
  gender: (pax) => pax.gender,
  dateOfBirth: (pax) => pax.date_of_birth,
  nationality: (pax) => pax.nationality,
  passportNumber: (pax) => pax.passport_number,
  passportExpiry: (pax) => pax.passport_expiry,
  phone: (pax) => pax.phone,
  email: (pax) => pax.email,
  age: (pax) => pax.age,
  notes: (pax) => pax.notes,
  emergencyContact: (pax) => pax.emergency_contact,
  emergencyTel: (pax) => pax.emergency_tel,
  visaRequired: (pax) => yesNo(pax.visa_required),
  visaStatus: (pax) => pax.visa_status,
};

function addPaxRow(sheet: ExcelJS.Worksheet, pax: PaxRow): void {
  const values = EXPORT_COLUMNS.map((column) => CELL_OF[column.field](pax));
  const row = sheet.addRow(values);
  // only a formula-like text needs a cell of its own (its Text format); the rest go in as one row
  values.forEach((value, index) => {
    if (typeof value === 'string' && looksLikeFormula(value)) setSafeValue(row.getCell(index + 1), value);
  });
  row.commit();
}

/** The passengers' workbook: a header row of the fourteen titles, then one row a passenger in entry order. */
export async function passengerWorkbook(passengers: readonly PaxRow[]): Promise<Buffer> {
  const { book, done } = await streamingWorkbook();
  const sheet = book.addWorksheet('Passengers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ key: column.field, width: column.width }));
  const header = sheet.addRow(EXPORT_COLUMNS.map((column) => column.title));
  header.font = { bold: true };
  header.commit();
  for (const pax of passengers) addPaxRow(sheet, pax);
  sheet.commit();
  return done();
}

/** The attachment's name: the group's name, as a file name keeps it. */
export const exportFileName = (groupName: string) => `${groupName.trim() || 'group'} passengers.xlsx`;

/** The export's use case: NOTFOUND for a group the tenant does not have. */
export async function exportPassengers(ctx: TenantContext, groupId: number): Promise<RawAnswer> {
  const group = await selectGroup(ctx.db, groupId);
  if (!group) throw notFound('Group');
  const workbook = await passengerWorkbook(await selectGroupPax(ctx.db, groupId));
  return new RawAnswer('application/octet-stream', workbook, { filename: exportFileName(group.group_name) });
}
