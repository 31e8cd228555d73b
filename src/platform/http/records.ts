// Record ids in requests (contract §7.1): an operation declares which of its parameters name a record and of which
// kind (`records: { docnum: 'invoice', 'customer.customerId': 'customer' }`); the area owning a kind supplies its
// reader, "may this caller read this record"; the kernel asks it after validation and before the handler, and a
// record the caller may not read is answered NOTFOUND exactly as a missing one. One mechanism, so an operation
// cannot forget the check its area's reads make, and new areas inherit it by declaring their ids.
import { notFound } from './errors.js';
import type { TenantContext } from './operation.js';

/** A record id as a request carries it (an integer id, a document or payment number). */
export type RecordId = string | number;

export interface RecordReader {
  /** Names the record in the NOTFOUND message, as the area's own reads do ("Invoice not found"). */
  noun: string;
  /** True when the record exists and the caller may read it. */
  mayRead(ctx: TenantContext, id: RecordId): Promise<boolean>;
}

/** The readers of every record kind, by kind ('customer', 'invoice', …). */
export type RecordReaders = Readonly<Record<string, RecordReader>>;

/** Parameter path (`docnum`, or one level nested: `customer.customerId`) → record kind. */
export type RecordParameters = Readonly<Record<string, string>>;

/** The readers of all areas in one map; a kind has one owner, so a second reader of it is a wiring mistake. */
export function mergeRecordReaders(all: ReadonlyArray<RecordReaders | undefined>): RecordReaders {
  const merged: Record<string, RecordReader> = {};
  for (const readers of all) {
    for (const [kind, reader] of Object.entries(readers ?? {})) {
      if (merged[kind]) throw new Error(`record kind ${kind} has two readers`);
      merged[kind] = reader;
    }
  }
  return merged;
}

/** Fails at start-up when an operation declares a kind no area reads: never a request served unchecked. */
export function readersFor(path: string, records: RecordParameters | undefined, readers: RecordReaders) {
  const bound: Array<{ parameter: string; reader: RecordReader }> = [];
  for (const [parameter, kind] of Object.entries(records ?? {})) {
    const reader = readers[kind];
    if (!reader) throw new Error(`${path} declares ${parameter} as a ${kind} record, but no area reads ${kind}`);
    bound.push({ parameter, reader });
  }
  return bound;
}

/** The value at a dotted parameter path of the validated input, when it is an id. */
function idAt(input: unknown, parameter: string): RecordId | undefined {
  let value: unknown = input;
  for (const key of parameter.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

/** Refuses the request with NOTFOUND when any declared record id names a record the caller may not read. */
export async function refuseUnreadableRecords(
  ctx: TenantContext,
  bound: ReadonlyArray<{ parameter: string; reader: RecordReader }>,
  input: unknown,
): Promise<void> {
  for (const { parameter, reader } of bound) {
    const id = idAt(input, parameter);
    if (id !== undefined && !(await reader.mayRead(ctx, id))) throw notFound(reader.noun);
  }
}
