// What every part of the cruise area shares: the role policy, schema pieces, and the one translation of the
// database's refusals (a code taken, a record still referred to, a parent that does not exist) into the contract's
// codes, so no write path answers a constraint name.
import { type TSchema, Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { PgCode, pgErrorCode } from '../../platform/database/connections.js';
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import { Nullable, RecordId } from '../../platform/http/schema.js';

/** Contract §3: /cruise/* for employees (agent, employee, admin); /cruise/booking/* declares its own. */
export const employeePolicy = { allow: Allow.employees, tags: ['cruise'] } as const;

export const LIST_LIMIT = 1000;

export const Id = RecordId;
export const Code = (description: string) => Type.String({ minLength: 1, maxLength: 40, description });
export const Name = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
export const OptionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, description }));
export const DateOnly = (description: string) =>
  Type.String({ format: 'date', description: `${description} (yyyy-MM-dd)` });
export const HHMM_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const TimeOfDay = (description: string) =>
  Type.String({ pattern: HHMM_PATTERN, description: `${description} (HH:mm, the port's local time)` });
/** A plain string enum (not a union of literals) so a wrong value is answered "must be one of …". */
export const enumOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description }));
export const NullableText = (description: string) => Nullable(Type.String({ description }));
export const Optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** One property under a key the caller names, typed by that key (schemas alike but for their field names). */
export const keyed = <K extends string, T extends TSchema>(key: K, schema: T) => ({ [key]: schema }) as Record<K, T>;
/** A stop's place in its itinerary or sailing: template stops and cruise points share the bounds. */
export const StopSeq = (owner: string) =>
  Type.Integer({ minimum: 0, maximum: 1000, description: `Order of the stop, unique per ${owner}` });
/** A status move's request: the record's id and the status asked for (`status` describes the moves allowed). */
export const StatusChangeRequest = <K extends string, S extends TSchema>(idKey: K, idDescription: string, status: S) =>
  Type.Object({ ...keyed(idKey, Id(idDescription)), status });

/** Tables of the area as a sentence names them (what refers to a record a delete was refused for). */
const TABLE_LABELS: Record<string, string> = {
  cruise_companies: 'companies',
  cruise_areas: 'areas',
  cruise_ships: 'ships',
  cruise_cabin_types: 'cabin types',
  cruise_charge_types: 'charge types',
  cruise_ports: 'ports',
  cruise_ship_cabins: 'ship cabins',
  cruise_itineraries: 'itineraries',
  cruise_templates: 'cruise templates',
  cruises: 'cruises',
  cruise_points: 'cruise points',
  cruise_cabin_price_templates: 'cabin price templates',
  cruise_other_charge_templates: 'other-charge templates',
  cruise_cabin_charges: 'cruise cabin charges',
  cruise_other_charges: 'cruise other charges',
  cruise_bookings: 'cruise bookings',
  cruise_booking_add_ons: 'cruise booking add-ons',
};

/** Referenced columns as a request names the record (a write naming a parent that does not exist). */
const PARENT_LABELS: Record<string, string> = {
  company_id: 'Company',
  area_id: 'Area',
  ship_id: 'Ship',
  cabin_type_id: 'Cabin type',
  charge_type_id: 'Charge type',
  port_id: 'Port',
  ship_cabin_id: 'Ship cabin',
  itinerary_id: 'Itinerary',
  cruise_id: 'Cruise',
};

function constraintOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'constraint_name' in error) {
    return typeof error.constraint_name === 'string' ? error.constraint_name : '';
  }
  return '';
}

/** The table a constraint named by PostgreSQL's default (`<table>_<columns>_fkey|key`) belongs to. */
function tableOfConstraint(constraint: string): string | undefined {
  return Object.keys(TABLE_LABELS)
    .filter((table) => constraint.startsWith(`${table}_`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * Rethrows a database refusal of a write to `table` as the contract's answer: a unique code taken → DUPLICATE
 * (`duplicateMessage`); a parent id that does not exist → NOTFOUND naming it; a record still referred to (a delete)
 * → INVALID_STATE naming what refers to it (`subject`, e.g. "Ship 4"). Anything else is rethrown as it is.
 */
export function refusalOf(table: string, subject: string, duplicateMessage: string) {
  return (error: unknown): never => {
    const code = pgErrorCode(error);
    if (code === PgCode.uniqueViolation) throw new ApiError(ErrorCode.DUPLICATE, duplicateMessage);
    if (code !== PgCode.foreignKeyViolation) throw error;
    const constraint = constraintOf(error);
    const owner = tableOfConstraint(constraint);
    if (owner === table) {
      const column = constraint.slice(table.length + 1).replace(/_fkey$/, '');
      throw new ApiError(ErrorCode.NOTFOUND, `${PARENT_LABELS[column] ?? column} not found`);
    }
    const referrer = owner === undefined ? 'other records' : (TABLE_LABELS[owner] ?? owner);
    throw new ApiError(ErrorCode.INVALID_STATE, `${subject} is still referred to by ${referrer}`);
  };
}

/** The columns of a row that hold a value: an update names only them, so it keeps what its request did not name. */
export function presentColumns<T extends Record<string, unknown>>(row: T): Array<Extract<keyof T, string>> {
  const columns: Array<Extract<keyof T, string>> = [];
  for (const column in row) if (row[column] !== undefined) columns.push(column);
  return columns;
}

export const invalidState = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);
