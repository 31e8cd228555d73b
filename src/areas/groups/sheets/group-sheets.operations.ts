// /groups/pax/template, /groups/pax/import, /groups/pax/exportExcel, /groups/exportSchedule: spreadsheets in and out
// (employees only, contract §3; spec part 2; §7.5 for the import's header and row numbers).
import { Allow } from '../../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../../platform/http/operation.js';
import { RawAnswer } from '../../../platform/http/raw.js';
import type { SpreadsheetImports } from '../../../platform/spreadsheets/index.js';
import {
  IMPORT_BODY_LIMIT,
  PaxExportRequest,
  PaxImportRequest,
  PaxImportResult,
  ScheduleRequest,
  Spreadsheet,
  TemplateRequest,
} from './group-sheets.schemas.js';
import { passengerTemplate, TEMPLATE_FILENAME, TEMPLATE_ROWS } from './group-sheets.template.js';
import { exportPassengers } from './pax-export.js';
import { createPaxImport } from './pax-import.service.js';
import { IMPORT_LIMITS } from './pax-import.rules.js';
import { exportSchedule } from './schedule.js';
import { XLSX_TYPE } from './sheet-writer.js';

const forEmployees = { allow: Allow.employees, tags: ['groups'], methods: ['POST'] } as const;

const template = operation({
  ...forEmployees,
  path: '/groups/pax/template',
  summary: 'The passenger spreadsheet to fill in (.xlsx attachment): columns A-J, required titles marked *',
  description:
    'First Name*, Last Name*, Gender, Date of Birth, Nationality, Passport Number, Phone, Email, Age, Notes. ' +
    `Rows 2 to ${TEMPLATE_ROWS + 1} check Gender (M or F), Date of Birth (a date, yyyy-MM-dd) and Age (a whole number).`,
  input: TemplateRequest,
  response: Spreadsheet,
  handler: async () => new RawAnswer(XLSX_TYPE, await passengerTemplate(), { filename: TEMPLATE_FILENAME }),
});

const importPax = (paxImport: ReturnType<typeof createPaxImport>) =>
  operation({
    ...forEmployees,
    path: '/groups/pax/import',
    summary:
      'Import passengers from a spreadsheet (base64): matches updated, others inserted → counts, errors, passengers',
    description:
      "The first sheet's first row is the header, matched by title (any case, * ignored, any order): the " +
      "export's fourteen columns and Passport Expiry, other titles ignored, First Name and Last Name required. " +
      'Rows are numbered as the sheet numbers them (first data row 2). ' +
      'A row matches the group’s passenger of the same last name and passport number (case and spaces aside), or ' +
      'without a passport number, of the same first and last name and none: matches are updated (columns the sheet ' +
      'lacks are kept), others inserted, all in one transaction; a row with any error is not written and is reported ' +
      'in errors (a second row with the same match as an earlier one too). dryRun: everything but the writing. ' +
      `INVALID_FORMAT naming fileData: not base64, above 5 MB, not an XLSX workbook, one that unpacks to too much (in ` +
      'all or in one part) or has too many entries, more than 64,000 cell formats (as Excel), too many rows, columns, ' +
      `cells or shared strings, a sheet of more than ${IMPORT_LIMITS.dataRows} passenger rows, one that cannot be ` +
      'read within the time or memory an import has, a header without the required titles. Formulas are read as ' +
      'their text, never evaluated. A node reads a few files at once: one more answers HTTP 429 RATE_LIMITED with ' +
      'Retry-After.',
    input: PaxImportRequest,
    response: PaxImportResult,
    records: { groupId: 'group' },
    bodyLimit: IMPORT_BODY_LIMIT,
    stopsWhenClientLeaves: true,
    handler: (ctx, input) => paxImport.importPassengers(ctx, input),
  });

const exportPax = operation({
  ...forEmployees,
  path: '/groups/pax/exportExcel',
  summary: "The group's passengers as a spreadsheet (application/octet-stream attachment named after the group)",
  description:
    'Columns: First Name, Last Name, Gender, Date of Birth, Nationality, Passport Number, Phone, Email, Age, Notes, ' +
    'Emergency Contact, Emergency Tel, Visa Required, Visa Status; one row a passenger in entry order. A text that a ' +
    'spreadsheet could take for a formula (=, +, -, @, tab, CR first) is written as text. Errors: a JSON envelope.',
  input: PaxExportRequest,
  response: Spreadsheet,
  records: { groupId: 'group' },
  handler: (ctx, input) => exportPassengers(ctx, input.groupId),
});

const schedule = operation({
  ...forEmployees,
  path: '/groups/exportSchedule',
  summary: "The groups' schedule for rangeDays days from today (.xlsx attachment): events by date with readiness",
  description:
    "From today (the tenant's date) for rangeDays days (default 30): title, date range, then the events grouped " +
    'by date: Check-in and Check-out (hotels), Transport (departures, tenant time), Activity (the group arrives, ' +
    'departs). Status: OK on green, or the readiness warnings on yellow. An unknown group: NOTFOUND.',
  input: ScheduleRequest,
  response: Spreadsheet,
  handler: (ctx, input) => exportSchedule(ctx, input),
});

/** The operations; the import reads its files through the node's spreadsheet imports. */
export function groupSheetOperations(spreadsheets: SpreadsheetImports): OperationDeclaration[] {
  return [template, importPax(createPaxImport(spreadsheets)), exportPax, schedule];
}
