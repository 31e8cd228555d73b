// Fastify compiles every route's request schemas when the app becomes ready: for the few hundred operations of
// the service that was about half a second of a cold start. A route's validator is compiled on its first request
// instead, and kept; a route never called is never compiled.
import type { ValidateFunction } from 'ajv';

/** What Fastify calls: the validation, whose errors it reads from the function afterwards. */
export interface FirstUseValidator {
  (data: unknown): boolean;
  errors?: ValidateFunction['errors'];
}

export function compileOnFirstUse(compile: () => ValidateFunction): FirstUseValidator {
  let compiled: ValidateFunction | undefined;
  const validate: FirstUseValidator = (data) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}
