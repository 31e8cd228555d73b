import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { compileOnFirstUse, serializeOnFirstUse } from './compile-on-first-use.js';

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

describe('serializers built on first use', () => {
  it('builds nothing until the first answer, then once', () => {
    let builds = 0;
    const serialize = serializeOnFirstUse(() => {
      builds += 1;
      return (data) => JSON.stringify({ kept: (data as { kept: unknown }).kept });
    });
    expect(builds).toBe(0);
    expect(serialize({ kept: 1, dropped: 2 })).toBe('{"kept":1}');
    expect(serialize({ kept: 'two' })).toBe('{"kept":"two"}');
    expect(builds).toBe(1);
  });
});
