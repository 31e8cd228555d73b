// SQL shared by the records of the cruise area that have one plain shape (the master entities, itineraries, template
// stops): each is described once (a RecordTable: its columns as the API names them, its filters, its write row) and
// these few statements serve them all. Answers are the API's records: columns are aliased in SQL.
import type { Fragment, Queryable } from '../../platform/database/connections.js';
import { containsPattern } from '../../platform/text.js';
import { LIST_LIMIT, presentColumns } from './cruise.shared.js';

/**
 * List filters that keep every row when their value is absent (an empty text too): codes and ids match exactly,
 * names as a case-insensitive substring (contract §7.1).
 */
const given = (text: string | undefined) => (text === undefined || text === '' ? null : text);
export const codeIs = (db: Queryable, column: string, code: string | undefined) =>
  db`(${given(code)}::text IS NULL OR ${db(column)} = ${given(code)})`;
export function nameContains(db: Queryable, column: string, name: string | undefined) {
  const pattern = given(name) === null ? null : containsPattern(name ?? '');
  return db`(${pattern}::text IS NULL OR ${db(column)} ILIKE ${pattern})`;
}
export const idIs = (db: Queryable, column: string, id: number | undefined) =>
  db`(${id ?? null}::int IS NULL OR ${db(column)} = ${id ?? null})`;

export type WriteRow = Record<string, string | number | boolean | Date | null | undefined>;

/** One master entity: where it lives and how a request becomes SQL. */
export interface RecordTable<R extends object, W, F> {
  /** As a message names one: "Company 4 not found". */
  label: string;
  table: string;
  idColumn: string;
  /** The select list, aliased to the API's field names. */
  columns(db: Queryable): Fragment;
  /** The list filters; the entity's rows the filter keeps. */
  where(db: Queryable, filter: F): Fragment;
  orderBy(db: Queryable): Fragment;
  idOf(input: W): number | undefined;
  /** The columns a write sets; undefined ones are left as they are on an update (a new row takes the defaults). */
  row(input: W): WriteRow;
  /** The DUPLICATE answer's message: what code is taken. */
  duplicate(input: W): string;
  /** The record type, for the compiler only. */
  readonly record?: R;
}

export function listRecords<R extends object, W, F>(db: Queryable, t: RecordTable<R, W, F>, filter: F): Promise<R[]> {
  return db<R[]>`
    SELECT ${t.columns(db)} FROM ${db(t.table)}
    WHERE ${t.where(db, filter)}
    ORDER BY ${t.orderBy(db)}
    LIMIT ${LIST_LIMIT}`;
}

export async function readRecord<R extends object, W, F>(
  db: Queryable,
  t: RecordTable<R, W, F>,
  id: number,
): Promise<R | undefined> {
  const [found] = await db<R[]>`SELECT ${t.columns(db)} FROM ${db(t.table)} WHERE ${db(t.idColumn)} = ${id}`;
  return found;
}

export async function insertRecord<R extends object, W, F>(
  db: Queryable,
  t: RecordTable<R, W, F>,
  row: WriteRow,
): Promise<R> {
  const [inserted] = await db<R[]>`
    INSERT INTO ${db(t.table)} ${db(row, presentColumns(row))} RETURNING ${t.columns(db)}`;
  if (inserted === undefined) throw new Error(`INSERT INTO ${t.table} returned no row`);
  return inserted;
}

/** Updates the named columns; undefined when there is no such record. */
export async function updateRecord<R extends object, W, F>(
  db: Queryable,
  t: RecordTable<R, W, F>,
  id: number,
  row: WriteRow,
): Promise<R | undefined> {
  const [updated] = await db<R[]>`
    UPDATE ${db(t.table)} SET ${db(row, presentColumns(row))}
    WHERE ${db(t.idColumn)} = ${id}
    RETURNING ${t.columns(db)}`;
  return updated;
}

/** true when a record was deleted; a record still referred to makes PostgreSQL refuse (23503). */
export async function deleteRecord<R extends object, W, F>(
  db: Queryable,
  t: RecordTable<R, W, F>,
  id: number,
): Promise<boolean> {
  const deleted = await db`DELETE FROM ${db(t.table)} WHERE ${db(t.idColumn)} = ${id} RETURNING 1`;
  return deleted.length > 0;
}
