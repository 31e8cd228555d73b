// Request and answer schemas of the passenger spreadsheets and the schedule (/groups/pax/template, pax/import,
// pax/exportExcel, /groups/exportSchedule; spec part 2, contract §7.5).
import { type Static, Type } from '@sinclair/typebox';
import { VERBATIM } from '../../../platform/http/input.js';
import { Nullable } from '../../../platform/http/schema.js';
import { Id, Passenger } from '../groups/index.js';

/**
 * The import's JSON body: the base64 of a 5 MB file (4/3 of it, 6.67 MiB) with room for the other parameters and
 * the line breaks some encoders add every 76 characters.
 */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
/** Groups one schedule covers. */
export const SCHEDULE_MAX_GROUPS = 100;
/** Days a schedule covers at most. */
export const SCHEDULE_MAX_DAYS = 366;

export const Spreadsheet = Type.String({
  description: 'The .xlsx file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) as an attachment',
});

export const PaxImportRequest = Type.Object({
  groupId: Id('The group the passengers join'),
  fileData: Type.String({
    description:
      'The .xlsx file in base64 (standard alphabet, padded; a data: URL prefix and line breaks allowed), at most 5 MB decoded',
    [VERBATIM]: true,
  }),
  fileName: Type.Optional(Type.String({ maxLength: 1000, description: "The file's name (kept in no record)" })),
  dryRun: Type.Optional(
    Type.Boolean({
      description:
        'true: read and check the file and count what it would insert and update, writing nothing (importedPax is [])',
    }),
  ),
});
export type PaxImportRequest = Static<typeof PaxImportRequest>;

export const RowError = Type.Object({
  rowNumber: Type.Integer({ description: "The sheet's row number (the header is row 1, the first data row 2)" }),
  fieldName: Type.String({ description: 'The passenger field (firstName, dateOfBirth, …) the cell is for' }),
  errorMessage: Type.String(),
  rawValue: Nullable(Type.String({ description: 'The cell as text; null when empty' })),
});

export const PaxImportResult = Type.Object({
  totalProcessed: Type.Integer({ description: 'Data rows read (non-empty rows after the header)' }),
  inserted: Type.Integer({ description: 'New passengers (a dry run: that would be new)' }),
  updated: Type.Integer({ description: 'Passengers updated (a dry run: that would be)' }),
  failed: Type.Integer({ description: 'Rows with at least one error: nothing of them is written' }),
  errors: Type.Array(RowError),
  importedPax: Type.Array(Passenger, { description: 'The passengers written, in the order they were entered' }),
  dryRun: Type.Boolean(),
});
export type PaxImportResult = Static<typeof PaxImportResult>;

export const PaxExportRequest = Type.Object({ groupId: Id('The group') });

export const ScheduleRequest = Type.Object({
  groupIds: Type.Array(Id('A group'), {
    minItems: 1,
    maxItems: SCHEDULE_MAX_GROUPS,
    description: `The groups (at most ${SCHEDULE_MAX_GROUPS}; one unknown: NOTFOUND)`,
  }),
  rangeDays: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SCHEDULE_MAX_DAYS,
      description: "Days covered from today (the tenant's date) on, today included; default 30",
    }),
  ),
});
export type ScheduleRequest = Static<typeof ScheduleRequest>;

export const TemplateRequest = Type.Object({});
