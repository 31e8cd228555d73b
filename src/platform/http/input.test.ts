// The request input rules applied before validation (input.ts), on values: the unstorable-text scan (its quick path
// for flat bodies and its walk for nested ones must name the same parameter) and the normalisation by schema.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { isUnstorableText, normalizeInput, unstorableParameter, VERBATIM } from './input.js';

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\uD83Dy';
const LONE_LOW = '\uDE00z';
const PAIR = 'ok \uD83D\uDE00';

describe('isUnstorableText', () => {
  it.each([
    ['plain', 'London', false],
    ['empty', '', false],
    ['a surrogate pair (an emoji)', PAIR, false],
    ['NUL', NUL, true],
    ['a high surrogate alone', LONE_HIGH, true],
    ['a low surrogate alone', LONE_LOW, true],
    ['a high surrogate at the end', 'end\uD83D', true],
    ['a pair, then a lone low one', `${PAIR}\uDE00`, true],
  ])('%s', (_what, text, unstorable) => {
    expect(isUnstorableText(text)).toBe(unstorable);
  });
});

describe('unstorableParameter', () => {
  it.each([
    ['nothing', undefined, undefined],
    ['an empty object', {}, undefined],
    ['flat storable values', { keyword: 'LON', page: 1, ok: true, none: null, emoji: PAIR }, undefined],
    ['a flat value', { keyword: 'LON', name: NUL }, 'name'],
    ['a flat key', { [LONE_HIGH]: 1 }, 'x?y'],
    ['a nested value', { customer: { email: LONE_LOW } }, 'customer.email'],
    ['an array element', { items: [{ code: 'A' }, { code: NUL }] }, 'items[1].code'],
    ['a string alone', NUL, ''],
    ['a nested storable body', { items: [{ code: 'A', tags: ['x', PAIR] }] }, undefined],
  ])('%s', (_what, value, parameter) => {
    expect(unstorableParameter(value)).toBe(parameter);
  });

  it('names the first one in the order sent', () => {
    expect(unstorableParameter({ a: 'fine', b: NUL, c: LONE_HIGH })).toBe('b');
    expect(unstorableParameter({ a: { x: 1 }, b: NUL })).toBe('b');
  });
});

describe('normalizeInput', () => {
  const schema = Type.Object({
    name: Type.String(),
    password: Type.String({ [VERBATIM]: true }),
    note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    items: Type.Array(Type.Object({ code: Type.String() })),
  });

  it('trims, keeps verbatim strings, drops empty and null values unless null is allowed (a verbatim one of spaces is empty)', () => {
    const value = {
      name: '  Ann ',
      password: ' secret ',
      note: null,
      items: [{ code: ' A1 ' }, { code: '' }],
      x: ' y ',
    };
    expect(normalizeInput(schema, value)).toEqual({
      name: 'Ann',
      password: ' secret ',
      note: null,
      items: [{ code: 'A1' }, {}],
      x: ' y ',
    });
    expect(normalizeInput(schema, { name: '   ', password: '   ' })).toEqual({});
  });
});
