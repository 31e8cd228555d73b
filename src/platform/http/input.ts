// Request input rules of contract §2 and §5 applied before schema validation:
// - a parameter sent as null or as an empty string counts as absent (so a required one is MISSING_PARAMETER);
// - strings are trimmed, except those marked verbatim (passwords, tokens, file contents).
import type { TSchema } from '@sinclair/typebox';
import { ApiError, ErrorCode } from './errors.js';

/** Marks a string schema whose value must reach the handler exactly as sent. */
export const VERBATIM = 'x-verbatim';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  [VERBATIM]?: boolean;
}

function acceptsNull(schema: JsonSchema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  return schema.anyOf?.some(acceptsNull) ?? false;
}

export function normalizeInput(schema: TSchema, value: unknown): unknown {
  return normalize(schema as JsonSchema, value);
}

function normalize(schema: JsonSchema, value: unknown): unknown {
  if (typeof value === 'string') {
    // A verbatim value keeps its spaces, but one of spaces only is as absent as an empty one.
    if (schema[VERBATIM]) return value.trim() === '' ? '' : value;
    return value.trim();
  }
  if (Array.isArray(value)) {
    const items = schema.items;
    return items ? value.map((item) => normalize(items, item)) : value;
  }
  if (value === null || typeof value !== 'object' || !schema.properties) return value;
  const record = value as Record<string, unknown>;
  const properties = schema.properties;
  for (const name in properties) {
    if (!(name in record)) continue;
    const property = properties[name] as JsonSchema;
    const normalized = normalize(property, record[name]);
    if ((normalized === null || normalized === '') && !acceptsNull(property)) delete record[name];
    else record[name] = normalized;
  }
  return record;
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns the first schema-validation issue into the contract's error, naming the parameter. */
export function validationFailure(issues: readonly ValidationIssue[]): ApiError {
  const issue = issues[0];
  if (!issue) return new ApiError(ErrorCode.INVALID_FORMAT, 'Invalid request');
  const at = parameterName(issue.instancePath);
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    return new ApiError(ErrorCode.MISSING_PARAMETER, `Missing parameter: ${at ? `${at}.${missing}` : missing}`);
  }
  const why =
    issue.keyword === 'enum'
      ? `must be one of ${String((issue.params.allowedValues as unknown[]) ?? '')}`
      : (issue.message ?? 'is invalid');
  return new ApiError(ErrorCode.INVALID_FORMAT, `Parameter ${at || 'body'} ${why}`);
}

/** '/items/0/quantity' → 'items[0].quantity' */
function parameterName(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

/** NUL, or a UTF-16 surrogate without its partner: no text column can hold it (contract §7.1). */
const NUL = '\u0000';
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, 'g');

/** NUL or any surrogate: most text has neither, and this one-class scan is cheaper than the pairing check. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this looks for.
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

export function isUnstorableText(text: string): boolean {
  if (!NUL_OR_SURROGATE.test(text)) return false;
  return text.includes(NUL) || UNPAIRED_SURROGATE.test(text);
}

/** The text with each such character shown as `?` (a name quoted in a message). */
function printable(text: string): string {
  return text.replaceAll(NUL, '?').replace(UNPAIRED_SURROGATES, '?');
}

interface Visit {
  value: unknown;
  parent: Visit | undefined;
  key: string | number | undefined;
}

/**
 * The parameter (`customer.email`, `items[0].code`) of the first string or key holding NUL or an unpaired
 * surrogate anywhere in a parsed body, query or path parameters; undefined when there is none. Iterative, so
 * a deeply nested body cannot overflow the stack; the name is built only for the value found.
 */
export function unstorableParameter(value: unknown): string | undefined {
  if (isFlatAndStorable(value)) return undefined;
  const pending: Visit[] = [{ value, parent: undefined, key: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (isUnstorableText(current)) return nameOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], parent: visit, key: index });
      }
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] ?? ['', undefined];
        if (isUnstorableText(key)) return nameOf({ value: child, parent: visit, key: printable(key) });
        pending.push({ value: child, parent: visit, key });
      }
    }
  }
  return undefined;
}

/**
 * Absent, empty, or an object of plain values whose keys and texts are all storable: most requests. Checked without
 * the walk's allocations; anything nested (or anything to name) goes through the walk.
 */
function isFlatAndStorable(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const field = record[key];
    if (isUnstorableText(key)) return false;
    if (typeof field === 'string') {
      if (isUnstorableText(field)) return false;
    } else if (field !== null && typeof field === 'object') return false;
  }
  return true;
}

function nameOf(visit: Visit): string {
  const parts: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) parts.push(at.key);
  return parts.reduceRight<string>(
    (name, part) => (typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${part}` : part),
    '',
  );
}

/** The contract's answer to such a value (an operation's error, HTTP 200). */
export function unstorableInput(parameter: string): ApiError {
  return new ApiError(
    ErrorCode.INVALID_FORMAT,
    `Parameter ${parameter || 'body'} holds a NUL character or an unpaired surrogate`,
  );
}
