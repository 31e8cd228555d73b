// What the agency's settings may hold, beyond their schema: a tax registration number of its market's form, a
// telephone number, texts of a few lines. Pure checks; each refusal names the setting (INVALID_FORMAT).
import { invalidFormat } from '../../platform/http/errors.js';

export const SETTINGS_LIMITS = {
  taxRegistrationNumber: 40,
  legalName: 200,
  address: 400,
  addressLines: 6,
  phone: 40,
  bankDetails: 600,
  bankDetailsLines: 8,
  quoteTerms: 4000,
} as const;

/** A UAE Tax Registration Number: 15 digits (the Federal Tax Authority's form, e.g. 100123456700003). */
const UAE_TRN = /^\d{15}$/;
/** Elsewhere: letters and digits, with the separators national numbers use (DE 123456789, GB 123 4567 89). */
const ANY_TAX_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/;
const PHONE = /^\+?[0-9 ()\-./]+$/;

/** The tax registration number as the tenant's market requires it, or refused naming the setting. */
export function checkTaxRegistrationNumber(value: string, market: string): string {
  if (market.toUpperCase() === 'UAE') {
    const digits = value.replace(/[\s-]/g, '');
    if (!UAE_TRN.test(digits))
      throw invalidFormat('taxRegistrationNumber', 'must be a UAE TRN of 15 digits, e.g. 100123456700003');
    return digits;
  }
  if (!ANY_TAX_NUMBER.test(value))
    throw invalidFormat('taxRegistrationNumber', 'may hold letters, digits, spaces, dots, hyphens and slashes');
  return value;
}

export function checkPhone(value: string): string {
  const digits = value.replace(/\D/g, '').length;
  if (!PHONE.test(value) || digits < 5) {
    throw invalidFormat('phone', 'must be a telephone number: digits, spaces and + ( ) - . /, at least 5 digits');
  }
  return value;
}

/** A one-line text: no line breaks or other control characters. */
export function checkOneLine(name: string, value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalidFormat(name, 'must be one line');
  return value;
}

/**
 * A text of at most `maxLines` lines: line breaks normalised to \n, trailing spaces of each line removed, no other
 * control characters (a tab becomes a space).
 */
export function checkLines(name: string, value: string, maxLines: number): string {
  const lines = value
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.trimEnd());
  if (lines.length > maxLines) throw invalidFormat(name, `must have at most ${maxLines} lines`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (lines.some((line) => /[\u0000-\u001f\u007f]/.test(line))) throw invalidFormat(name, 'holds control characters');
  return lines.join('\n');
}
