// Pure rules of the common utilities: the search key of country names, the web-action value set and the
// checks on its fields. No I/O.
import { isIP } from 'node:net';
import { foldText } from '../../platform/text.js';

/**
 * The form names are compared in: the platform's folded form (lower case, accents removed, spaces collapsed) with
 * typographic apostrophes made plain. The migration's `search_name` column holds this form of every name (contract §6).
 */
export function searchKey(text: string): string {
  return foldText(text).replace(/[\u2018\u2019\u02bc`´]/g, "'");
}

export { containsPattern } from '../../platform/text.js';

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
