// Pure rules of the contracted inventory: text filters and the limits of its lists.
import { containsPattern } from '../../../platform/text.js';

export const LIMITS = {
  /** listHotels and hotelLookup answer at most this many hotels. */
  hotelRows: 500,
} as const;

/** A case-insensitive substring filter (contract §7.1) as a LIKE pattern: lower-cased, wildcards escaped. */
export function substringPattern(text: string | undefined): string | null {
  if (text === undefined) return null;
  return containsPattern(text.toLowerCase());
}
