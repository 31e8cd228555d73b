import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileOnFirstUse } from './compile-on-first-use.js';

describe('validators compiled on first use', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

  it('compiles nothing until the first validation, then once, and reports its errors', () => {
    const ajv = new Ajv();
    let compilations = 0;
    const validate = compileOnFirstUse(() => {
      compilations += 1;
      return ajv.compile(schema);
    });
    expect(compilations).toBe(0);
    expect(validate({ n: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ n: 'one' })).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/n');
    expect(validate({ n: 2 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compilations).toBe(1);
  });
});
