// Pure rules of the common utilities: the search key of country names, the web-action value set and the
// checks on its fields. No I/O.
import { isIP } from 'node:net';

/** Letters that Unicode does not decompose into a base letter and a mark, spelled the way English does. */
const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
};

/**
 * The form names are compared in: lower case, accents removed, typographic apostrophes made plain, spaces
 * collapsed. The migration's `search_name` column holds this form of every name, so a LIKE on it is
 * case- and accent-insensitive without the `unaccent` extension (contract §6), which a server may lack.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðþłı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A LIKE pattern matching `key` anywhere, with the caller's % and _ taken literally. */
export function containsPattern(key: string): string {
  return `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The web-action types of the specification's Web action resource. */
export const WEB_ACTION_TYPES = ['PAGE_VIEW', 'CLICK', 'FORM_SUBMIT', 'SEARCH', 'ADD_TO_CART', 'PURCHASE'] as const;
export type WebActionType = (typeof WEB_ACTION_TYPES)[number];

/** `actionData` is JSON text (specification): the text must parse, whatever value it holds. */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function isIpAddress(text: string): boolean {
  return isIP(text) !== 0;
}

/** Cuts a value the service records on its own (a request header) to the column's limit, never refusing it. */
export function clip(text: string | undefined, maxLength: number): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return trimmed.length > maxLength ? trimmed.slice(0, maxLength) : trimmed;
}
