import { describe, expect, it } from 'vitest';
import { clip, containsPattern, isIpAddress, isJsonText, searchKey } from './common.rules.js';

describe('searchKey', () => {
  it.each([
    ["Côte d'Ivoire", "cote d'ivoire"],
    ['Åland Islands', 'aland islands'],
    ['CURAÇAO', 'curacao'],
    ['Saint Barthélemy', 'saint barthelemy'],
    ['Türkiye', 'turkiye'],
    ['Færøerne  Ø', 'faeroerne o'],
    ['Côte d’Ivoire', "cote d'ivoire"],
    ['İstanbul', 'istanbul'],
  ])('%s → %s', (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});

describe('rules', () => {
  it('takes %, _ and \\ literally in a contains pattern', () => {
    expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });

  it('accepts any JSON text as actionData, nothing else', () => {
    for (const text of ['{"a":1}', '[1,2]', '"text"', '42', 'null']) expect(isJsonText(text)).toBe(true);
    for (const text of ['{a:1}', "{'a':1}", 'undefined', '{"a":1']) expect(isJsonText(text)).toBe(false);
  });

  it('knows IPv4 and IPv6 addresses', () => {
    for (const text of ['203.0.113.7', '::1', '2001:db8::1', '::ffff:127.0.0.1']) expect(isIpAddress(text)).toBe(true);
    for (const text of ['localhost', '999.1.1.1', '1.2.3']) expect(isIpAddress(text)).toBe(false);
  });

  it('clips a header to size and drops an empty one', () => {
    expect(clip('x'.repeat(600), 512)).toHaveLength(512);
    expect(clip('  ', 512)).toBeUndefined();
    expect(clip(undefined, 512)).toBeUndefined();
  });
});
