// The passenger spreadsheet's columns, shared by the template, the import and the export (spec part 2): the
// template's A-J, and the export's fourteen (A-J and four more). The import finds each by its title (contract §7.5:
// case-insensitive, `*` ignored), so a sheet may order them as it likes, and an exported sheet imports as it is;
// it also reads a Passport Expiry column.

/** A passenger field the sheet carries, by its name in the API. */
export type PaxField =
  | 'firstName'
  | 'lastName'
  | 'gender'
  | 'dateOfBirth'
  | 'nationality'
  | 'passportNumber'
  | 'passportExpiry'
  | 'phone'
  | 'email'
  | 'age'
  | 'notes'
  | 'emergencyContact'
  | 'emergencyTel'
  | 'visaRequired'
  | 'visaStatus';

export interface PaxColumn {
  field: PaxField;
  /** The column's title as the sheets show it (the template adds `*` to a required one). */
  title: string;
  required: boolean;
  /** The template's note under the title: the format a cell must have. */
  hint?: string;
  /** Width in characters. */
  width: number;
}

const column = (field: PaxField, title: string, width: number, hint?: string): PaxColumn => ({
  field,
  title,
  required: false,
  width,
  ...(hint ? { hint } : {}),
});

/** The template's columns A-J, in order. */
export const TEMPLATE_COLUMNS: readonly PaxColumn[] = [
  { ...column('firstName', 'First Name', 20), required: true },
  { ...column('lastName', 'Last Name', 20), required: true },
  column('gender', 'Gender', 10, 'M or F'),
  column('dateOfBirth', 'Date of Birth', 15, 'yyyy-MM-dd'),
  column('nationality', 'Nationality', 15),
  column('passportNumber', 'Passport Number', 18),
  column('phone', 'Phone', 18),
  column('email', 'Email', 28),
  column('age', 'Age', 8, 'whole number'),
  column('notes', 'Notes', 30),
];

/** The export's columns: the template's and four the import also reads. */
export const EXPORT_COLUMNS: readonly PaxColumn[] = [
  ...TEMPLATE_COLUMNS,
  column('emergencyContact', 'Emergency Contact', 22),
  column('emergencyTel', 'Emergency Tel', 18),
  column('visaRequired', 'Visa Required', 14, 'Yes or No'),
  column('visaStatus', 'Visa Status', 16),
];

/**
 * The columns an import reads: the export's, and Passport Expiry (no column of the spec's sheets, but what the
 * readiness check of passports needs, so a sheet may carry it).
 */
export const IMPORT_COLUMNS: readonly PaxColumn[] = [
  ...EXPORT_COLUMNS,
  column('passportExpiry', 'Passport Expiry', 15, 'yyyy-MM-dd'),
];

/** A header cell's text as titles are compared: `*` dropped, white space folded, lower case. */
export function titleKey(title: string): string {
  return title.replaceAll('*', '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The template's header text of a column: a required one is marked with `*`. */
export const headerText = (column: PaxColumn) => (column.required ? `${column.title}*` : column.title);
