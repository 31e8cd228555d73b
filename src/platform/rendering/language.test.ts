import { describe, expect, it } from 'vitest';
import { directionOf, formatMessage, languageOf } from './language.js';

describe('the language of a page', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-AE,ar;q=0.9,en;q=0.8', 'ar'],
    ['fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7', 'ar'],
    ['en-GB,ar;q=0.5', 'en'],
    ['ar;q=0.2, en;q=0.9', 'en'],
    ['ar;q=0, fr', 'en'],
    ['*', 'en'],
    ['AR-sa', 'ar'],
    ['de, ar;q=bad', 'ar'],
  ])('Accept-Language %j gives %s', (header, language) => {
    expect(languageOf(header)).toBe(language);
  });

  it('Arabic is right to left, English left to right', () => {
    expect([directionOf('ar'), directionOf('en')]).toEqual(['rtl', 'ltr']);
  });

  it('fills placeholders it knows and leaves the others', () => {
    expect(formatMessage('Try again in {seconds} s ({other}).', { seconds: 30 })).toBe('Try again in 30 s ({other}).');
  });
});
