// SQL of the passenger import (db/tenant/0033_groups.sql, group_pax): the group locked for the import, and the
// file's rows matched, updated and inserted in one statement each way, whatever their number (arrays unnested, no
// round trip per row). A row matches the group's passenger of the same last name (any case) and passport number
// (spaces and case aside), or, without a passport number, of the same first and last name and no passport number.
import type { Queryable } from '../../../platform/database/connections.js';
import type { ImportedPax } from './pax-import.rules.js';
import type { PaxField } from './sheet-columns.js';

/** Whether the group exists; its row stays locked until the transaction ends, so imports of one group queue. */
export async function lockGroupForImport(tx: Queryable, groupId: number): Promise<boolean> {
  const [row] = await tx`SELECT group_id FROM groups WHERE group_id = ${groupId} FOR UPDATE`;
  return row !== undefined;
}

/**
 * The file's rows as the statements take them: one array per column, a row's place (`ord`) first. Booleans travel
 * as text: postgres.js types an array by its first element, so `[false, …]` would be sent as one boolean.
 */
const importInput = (db: Queryable, rows: readonly ImportedPax[]) => {
  const column = <T>(pick: (pax: ImportedPax) => T) => rows.map(pick);
  return db`
    SELECT * FROM unnest(
      ${rows.map((_, index) => index)}::int[], ${column((p) => p.firstName)}::text[],
      ${column((p) => p.lastName)}::text[], ${column((p) => p.gender)}::text[],
      ${column((p) => p.dateOfBirth)}::date[], ${column((p) => p.age)}::smallint[],
      ${column((p) => p.nationality)}::text[], ${column((p) => p.passportNumber)}::text[],
      ${column((p) => p.passportExpiry)}::date[],
      ${column((p) => p.phone)}::text[], ${column((p) => p.email)}::text[], ${column((p) => p.notes)}::text[],
      ${column((p) => p.emergencyContact)}::text[], ${column((p) => p.emergencyTel)}::text[],
      ${column((p) => (p.visaRequired === null ? null : String(p.visaRequired)))}::text[]::boolean[],
      ${column((p) => p.visaStatus)}::text[]
    ) AS i(ord, first_name, last_name, gender, date_of_birth, age, nationality, passport_number, passport_expiry,
           phone, email, notes, emergency_contact, emergency_tel, visa_required, visa_status)`;
};

/** Each input row's match: the group's earliest passenger it matches, if any (`ord` is the row's place). */
const matchesOf = (db: Queryable, groupId: number) => db`
  SELECT DISTINCT ON (i.ord) i.ord, p.pax_id
  FROM input i
  JOIN group_pax p ON p.group_id = ${groupId} AND lower(p.last_name) = lower(i.last_name)
   AND CASE WHEN i.passport_number IS NULL
         THEN p.passport_number IS NULL AND lower(p.first_name) = lower(i.first_name)
         ELSE upper(regexp_replace(p.passport_number, '\\s', '', 'g')) = i.passport_number END
  ORDER BY i.ord, p.pax_id`;

/** How many of the rows would update a passenger (the rest would be new), for a dry run. */
export async function countMatches(db: Queryable, groupId: number, rows: readonly ImportedPax[]): Promise<number> {
  if (rows.length === 0) return 0;
  const [row] = await db<Array<{ matched: number }>>`
    WITH input AS (${importInput(db, rows)}), matched AS (${matchesOf(db, groupId)})
    SELECT count(*)::int AS matched FROM matched`;
  return row?.matched ?? 0;
}

export interface ImportWrite {
  updatedPaxIds: number[];
  insertedPaxIds: number[];
}

/**
 * Updates the matched passengers and inserts the others, in sheet order. A field whose column the sheet has is set
 * from it (an empty cell clears it); a field the sheet has no column for keeps its stored value. Run inside the
 * transaction that locked the group (lockGroupForImport).
 */
export async function upsertImportedPax(
  tx: Queryable,
  groupId: number,
  rows: readonly ImportedPax[],
  present: readonly PaxField[],
): Promise<ImportWrite> {
  if (rows.length === 0) return { updatedPaxIds: [], insertedPaxIds: [] };
  const sheet = (field: PaxField, column: string) =>
    tx`${tx(column)} = CASE WHEN ${field} = ANY(${present}::text[]) THEN i.${tx(column)} ELSE p.${tx(column)} END`;
  const written = await tx<Array<{ pax_id: number; inserted: boolean }>>`
    WITH input AS (${importInput(tx, rows)}),
    matched AS (${matchesOf(tx, groupId)}),
    updated AS (
      UPDATE group_pax p SET
        first_name = i.first_name, last_name = i.last_name, ${sheet('gender', 'gender')},
        ${sheet('dateOfBirth', 'date_of_birth')}, ${sheet('age', 'age')}, ${sheet('nationality', 'nationality')},
        ${sheet('passportNumber', 'passport_number')}, ${sheet('passportExpiry', 'passport_expiry')},
        ${sheet('phone', 'phone')}, ${sheet('email', 'email')},
        ${sheet('notes', 'notes')}, ${sheet('emergencyContact', 'emergency_contact')},
        ${sheet('emergencyTel', 'emergency_tel')}, ${sheet('visaRequired', 'visa_required')},
        ${sheet('visaStatus', 'visa_status')}, updated_at = now()
      FROM input i JOIN matched m ON m.ord = i.ord
      WHERE p.pax_id = m.pax_id
      RETURNING p.pax_id),
    inserted AS (
      INSERT INTO group_pax (group_id, first_name, last_name, gender, date_of_birth, age, nationality,
                             passport_number, passport_expiry, phone, email, notes, emergency_contact, emergency_tel,
                             visa_required, visa_status)
      SELECT ${groupId}, i.first_name, i.last_name, i.gender, i.date_of_birth, i.age, i.nationality,
             i.passport_number, i.passport_expiry, i.phone, i.email, i.notes, i.emergency_contact, i.emergency_tel,
             i.visa_required, i.visa_status
      FROM input i WHERE NOT EXISTS (SELECT 1 FROM matched m WHERE m.ord = i.ord)
      ORDER BY i.ord
      RETURNING pax_id)
    SELECT pax_id, false AS inserted FROM updated
    UNION ALL SELECT pax_id, true AS inserted FROM inserted`;
  return {
    updatedPaxIds: written.filter((row) => !row.inserted).map((row) => row.pax_id),
    insertedPaxIds: written.filter((row) => row.inserted).map((row) => row.pax_id),
  };
}
