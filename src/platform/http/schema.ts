// Schema helpers shared by every area.
import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';
import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * A value that may be null. A scalar becomes JSON Schema `type: [T, "null"]`, which fast-json-stringify writes
 * directly; an `anyOf` of T and null costs a schema check per value when an answer is serialised.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  if (typeof schema.type === 'string' && SCALARS.has(schema.type)) {
    // A plain JSON copy: TypeBox's own markers would still say "string" where the type is now a list.
    const json: Record<string, unknown> = JSON.parse(JSON.stringify(schema));
    return Type.Unsafe<Static<T> | null>({ ...json, type: [schema.type, 'null'] });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
}

/** Marks a record id (RecordId below): the validator checks the value itself, after any coercion (server.ts). */
export const RECORD_ID = 'x-record-id';

/**
 * The largest id of each kind of identity column in db/tenant: `integer` (most), and `bigint` as far as a JSON
 * number holds it exactly (2^53 - 1).
 */
const LARGEST_ID = { integer: 2_147_483_647, bigint: Number.MAX_SAFE_INTEGER } as const;
export type IdColumn = keyof typeof LARGEST_ID;

/**
 * The id of a tenant record, as a body, query or path parameter: a whole number from 1 to what its column holds.
 * Anything else (1.5, 0, 1e308, 2^53, Infinity) is INVALID_FORMAT naming the parameter, never a query PostgreSQL
 * refuses. The range is checked twice on purpose: `minimum`/`maximum` say it in the OpenAPI document, and the
 * `x-record-id` keyword enforces it, because Ajv coerces a query's "Infinity" to a number and then skips the range
 * checks of a value that is not finite.
 */
export function RecordId(description?: string, column: IdColumn = 'integer') {
  return Type.Integer({
    minimum: 1,
    maximum: LARGEST_ID[column],
    [RECORD_ID]: column,
    ...(description ? { description } : {}),
  });
}

/** The `x-record-id` keyword for Ajv: the value is an integer its column can hold. */
const validRecordId: SchemaValidateFunction = (column: IdColumn, value: unknown) => {
  const largest = LARGEST_ID[column] ?? LARGEST_ID.integer;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= largest) return true;
  validRecordId.errors = [
    { keyword: RECORD_ID, message: `must be a whole number from 1 to ${largest}`, params: { column } },
  ];
  return false;
};

export const recordIdKeyword: FuncKeywordDefinition = {
  keyword: RECORD_ID,
  schemaType: 'string',
  errors: true,
  validate: validRecordId,
};
