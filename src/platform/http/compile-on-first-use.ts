// Fastify compiles every route's request schemas and response serializers when the app becomes ready: for the few
// hundred operations of the service that was about half a second of a cold start (validators), then a quarter of a
// second more (serializers). A route's validator and serializer are compiled on its first use instead, and kept; a
// route never called is never compiled. A broken schema so shows on its operation's first call (the hostile-input
// walk calls every operation).
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

/** A route's response serializer, built by `build` on its first answer, then kept. */
export function serializeOnFirstUse(build: () => (data: unknown) => string): (data: unknown) => string {
  let compiled: ((data: unknown) => string) | undefined;
  return (data) => {
    compiled ??= build();
    return compiled(data);
  };
}
