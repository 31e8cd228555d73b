// Text for the standard PDF fonts. The documents use the Helvetica family that every PDF reader carries, so no
// font file is read or embedded; those fonts hold only the Windows-1252 (WinAnsi) characters, Latin-1 plus a few
// such as € – — ‘ ’ “ ” • …. Other text gets a readable fallback instead of broken glyphs: Latin letters lose
// accents Windows-1252 lacks (ş → s, Ł → L), compatibility forms are decomposed (ﬁ → fi, full-width Ａ → A),
// Arabic-Indic digits become 0-9, and any other run of characters (Arabic, Hebrew, CJK, emoji…) becomes one
// UNSUPPORTED_TEXT_MARK. Showing those scripts would need an embedded Unicode font and, for Arabic, shaping and
// right-to-left layout. PDF metadata (Title, Author) keep the original text: they are not drawn with a font.

/** What replaces a run of characters the standard fonts cannot show. */
export const UNSUPPORTED_TEXT_MARK = '?';

// Characters above U+00FF that Windows-1252 places in 0x80-0x9F (pdfkit maps them to their WinAnsi codes).
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

// Characters outside Windows-1252 with a plain equivalent that Unicode decomposition does not give.
const PLAIN_EQUIVALENTS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ẞ: 'SS',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u200e': '',
  '\u200f': '',
  '\ufeff': '',
};

function isHelveticaCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x0a ||
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff && codePoint !== 0xad) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

function isHelveticaText(text: string): boolean {
  for (const character of text) {
    if (!isHelveticaCharacter(character.codePointAt(0) ?? 0)) return false;
  }
  return true;
}

/** A replacement the standard fonts can show, or undefined when the character has none. */
function fallbackFor(character: string): string | undefined {
  const equivalent = PLAIN_EQUIVALENTS[character];
  if (equivalent !== undefined) return equivalent;
  const codePoint = character.codePointAt(0) ?? 0;
  if (codePoint >= 0x660 && codePoint <= 0x669) return String(codePoint - 0x660); // Arabic-Indic digits
  if (codePoint >= 0x6f0 && codePoint <= 0x6f9) return String(codePoint - 0x6f0); // Eastern Arabic-Indic digits
  if (/\s/u.test(character)) return ' ';
  if (/\p{Cc}|\p{Cf}|\p{M}/u.test(character)) return ''; // controls, invisible format marks, stray accents
  const decomposed = character.normalize('NFKD').replace(/\p{M}/gu, '');
  return decomposed !== '' && isHelveticaText(decomposed) ? decomposed : undefined;
}

/**
 * Text the built-in Helvetica fonts can show (see the top of this file). Newlines are kept;
 * tabs and other spaces become plain spaces, control characters are dropped.
 */
export function toHelveticaText(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n').normalize('NFC');
  let out = '';
  let pendingSpace = ''; // whitespace after an unsupported run, dropped if another unsupported run follows
  let inUnsupportedRun = false;
  for (const character of normalized) {
    const codePoint = character.codePointAt(0) ?? 0;
    const shown = isHelveticaCharacter(codePoint) ? character : fallbackFor(character);
    if (shown === undefined) {
      if (!inUnsupportedRun) out += pendingSpace + UNSUPPORTED_TEXT_MARK;
      pendingSpace = '';
      inUnsupportedRun = true;
    } else if (inUnsupportedRun && (shown === ' ' || shown === '')) {
      pendingSpace += shown;
    } else {
      out += pendingSpace + shown;
      pendingSpace = '';
      inUnsupportedRun = false;
    }
  }
  return out + pendingSpace;
}
