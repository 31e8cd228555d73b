// /cruise/cruise/manifest: a sailing's passengers per cabin as a spreadsheet for employees (not in the contract; the
// name is recorded in docs/decisions.md). One row a passenger of each booking that is not cancelled, by cabin code.
// A text a spreadsheet program could take for a formula (=, +, -, @, tab, CR first) is written as a text cell.
import type ExcelJS from 'exceljs';
import { notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import { formatDateTime } from '../../../platform/time.js';
import { manifestRows, sailingTitle } from './bookings.repository.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMNS = [
  { title: 'Cabin', width: 10 },
  { title: 'Cabin Name', width: 22 },
  { title: 'Cabin Type', width: 16 },
  { title: 'Booking', width: 10 },
  { title: 'Status', width: 12 },
  { title: 'Customer', width: 24 },
  { title: 'First Name', width: 18 },
  { title: 'Last Name', width: 18 },
  { title: 'Date of Birth', width: 14 },
  { title: 'Nationality', width: 14 },
  { title: 'Passport Number', width: 18 },
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

// exceljs takes about a second to load: loaded on the first manifest, not when the service starts.
let loaded: Promise<typeof ExcelJS> | undefined;
const loadExcelJS = () => {
  loaded ??= import('exceljs').then((module) => module.default);
  return loaded;
};

function addRow(sheet: ExcelJS.Worksheet, values: ReadonlyArray<string | number | null>) {
  const row = sheet.addRow([...values]);
  values.forEach((value, index) => {
    // Excel's Text format: what looks like a formula stays text
    if (typeof value === 'string' && FORMULA_START.test(value)) row.getCell(index + 1).numFmt = '@';
  });
  return row;
}

export async function sailingManifest(ctx: TenantContext, cruiseId: number): Promise<RawAnswer> {
  const title = await sailingTitle(ctx.db, cruiseId);
  if (!title) throw notFound('Cruise');
  const rows = await manifestRows(ctx.db, cruiseId);
  const { Workbook } = await loadExcelJS();
  const book = new Workbook();
  const sheet = book.addWorksheet('Manifest', { views: [{ state: 'frozen', ySplit: 3 }] });
  sheet.columns = COLUMNS.map((column) => ({ width: column.width }));
  addRow(sheet, [
    `${title.itinerary_name} (${title.itinerary_code}), ${title.ship_name}, from ${title.start_date}`,
  ]).font = { bold: true };
  addRow(sheet, [`${rows.length} passengers; made ${formatDateTime(ctx.now, ctx.tenant.timezone)}`]);
  addRow(
    sheet,
    COLUMNS.map((column) => column.title),
  ).font = { bold: true };
  for (const row of rows) {
    addRow(sheet, [
      row.cabin_code,
      row.cabin_name,
      row.type_name,
      row.booking_id,
      row.status,
      row.customer_name,
      row.first_name,
      row.last_name,
      row.date_of_birth,
      row.nationality,
      row.passport_number,
    ]);
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  const filename = `manifest ${title.itinerary_code} ${title.start_date}.xlsx`;
  return new RawAnswer(XLSX_TYPE, buffer, { filename });
}
