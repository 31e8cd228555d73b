// Text forms the searches of several areas share: the folded form names are stored and compared in, and LIKE
// patterns that take a caller's text literally.

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
 * Lower case, accents removed (ø, æ, ß and the like spelled out), spaces collapsed: a LIKE on a column holding this
 * form of a name is case- and accent-insensitive without the `unaccent` extension, which a server may lack.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øæœßđðþłı]/g, (letter) => FOLDED_LETTERS[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with LIKE's wildcards (% and _) and its escape character (\) taken literally. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${likeEscaped(text)}%`;
}
