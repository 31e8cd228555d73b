// Schema helpers shared by every area.
import { type Static, type TSchema, type TUnsafe, Type } from '@sinclair/typebox';

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
