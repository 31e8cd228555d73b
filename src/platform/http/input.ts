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
  for (const [name, property] of Object.entries(schema.properties)) {
    if (!(name in record)) continue;
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
