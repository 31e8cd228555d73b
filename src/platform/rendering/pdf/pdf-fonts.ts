// The fonts every PDF embeds, so that every script a customer's data holds is drawn: Noto Sans (Latin, Greek,
// Cyrillic, the common symbols), Noto Sans Math (the arrows and maths signs Noto Sans lacks, e.g. "→" in a flight's
// route) and Vazirmatn (Arabic and Persian letters, shaped by fontkit's OpenType engine, which pdfkit uses).
// Not Noto Sans Arabic: the Noto Arabic fonts draw a dotted letter as its dotless skeleton plus dot glyphs, so ر
// and ز (or ب ت ث ن ي) share a glyph and the PDF's text (copy, search, screen readers) reads wrong. Vazirmatn has a
// glyph per letter form and no ligature but the required lam-alef (a ligature's letters may read back swapped in
// right-to-left text). All are SIL OFL fonts from npm packages (package.json), read from node_modules with the
// first PDF, never at start-up: fontkit and bidi-js load with them. Only the faces a document uses are embedded,
// as subsets.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Bidi } from 'bidi-js';
import type { Font } from 'fontkit';
import { isWoff, woffToSfnt } from './woff.js';

export type FontWeight = 'regular' | 'bold';

/** The kinds of font a character is looked up in (script-text.ts). */
export type FontFamily = 'latin' | 'arabic' | 'symbols';

/**
 * One font, its tables parsed once per process and shared by every document, so a document does not parse them
 * again (that took most of a PDF's time). The text layout measures with `font`; pdfkit draws with a font object of
 * the document's own (`forDocument`), since the PDF's text layer depends on its glyph objects.
 */
export interface Face {
  /** The font's PostScript name, the name pdfkit registers it under and the PDF lists. */
  name: string;
  family: FontFamily;
  /** the font shared by every document, for measuring */
  font: Font;
  /**
   * A font object for one document that shares the parsed tables with `font`. fontkit keeps one glyph object per
   * glyph id in a font and keeps the code points it was first made with (a glyph first made as a part of another
   * glyph in a subset has none); pdfkit writes the PDF's ToUnicode map (what copy, search and screen readers read)
   * from the code points of the glyphs it lays out. With a font shared across documents, a glyph made by an earlier
   * document gave later ones wrong or missing letters (the ه of "الهاشمي" read as nothing).
   */
  forDocument(): Font;
  /** the ascender in ems: pdfkit puts a text's top this far above its baseline */
  ascent: number;
  /** Shaped texts already measured (script-text.ts): shaping is the costly part of drawing text. */
  runs: Map<string, ShapedRun>;
}

/** A text as fontkit shapes it in a face: its advance in ems, and whether it was laid out right to left. */
export interface ShapedRun {
  advance: number;
  rightToLeft: boolean;
}

/** What drawing text needs: the faces of each family and weight, and the bidirectional algorithm. */
export interface TextKit {
  face(family: FontFamily, weight: FontWeight): Face;
  /** The faces a character is looked up in when its script does not choose one. */
  families: readonly FontFamily[];
  bidi: Bidi;
}

interface FaceFile {
  family: FontFamily;
  weights: readonly FontWeight[];
  /** the file, as a module path inside its package */
  file: string;
}

const FACE_FILES: readonly FaceFile[] = [
  { family: 'latin', weights: ['regular'], file: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
  { family: 'latin', weights: ['bold'], file: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
  { family: 'arabic', weights: ['regular'], file: 'vazirmatn/fonts/ttf/Vazirmatn-Regular.ttf' },
  { family: 'arabic', weights: ['bold'], file: 'vazirmatn/fonts/ttf/Vazirmatn-Bold.ttf' },
  // one weight only (Noto Sans Math has no bold); the package's one file holds the whole font
  {
    family: 'symbols',
    weights: ['regular', 'bold'],
    file: '@fontsource/noto-sans-math/files/noto-sans-math-latin-400-normal.woff',
  },
];

let loading: Promise<TextKit> | undefined;

/** The fonts and the bidi algorithm, loaded once, with the first PDF. */
export function loadTextKit(): Promise<TextKit> {
  loading ??= readTextKit().catch((error: unknown) => {
    loading = undefined; // a failed read is tried again by the next PDF
    throw error;
  });
  return loading;
}

async function readTextKit(): Promise<TextKit> {
  const fontkit = await import('fontkit');
  const require = createRequire(import.meta.url);
  // bidi-js is a CommonJS module whose export is the factory (its types declare it as an ES default export)
  const bidiFactory: () => Bidi = require('bidi-js');
  const faces = new Map<string, Face>();
  await Promise.all(
    FACE_FILES.map(async ({ family, weights, file }) => {
      const stored = await readFile(require.resolve(file));
      // a WOFF file is unwrapped once: fontkit would inflate its tables again on every read (woff.ts)
      const bytes = isWoff(stored) ? woffToSfnt(stored) : stored;
      const open = (): Font => {
        const font = fontkit.create(bytes);
        if (!('unitsPerEm' in font)) throw new Error(`${file} is a font collection, not one font`);
        return font;
      };
      const font = open();
      const ascent = font.ascent / font.unitsPerEm;
      const forDocument = () => withTablesOf(font, open());
      const face = { name: font.postscriptName, family, font, forDocument, ascent, runs: new Map() };
      for (const weight of weights) faces.set(`${family}/${weight}`, face);
    }),
  );
  return {
    face(family, weight) {
      const face = faces.get(`${family}/${weight}`);
      if (!face) throw new Error(`No ${weight} font for ${family}`);
      return face;
    },
    families: ['latin', 'symbols', 'arabic'],
    bidi: bidiFactory(),
  };
}

/** fontkit's store of the tables it has decoded, by tag, filled as they are first read (fontkit 2.0). */
interface DecodedTables {
  _tables: Record<string, unknown>;
}

/**
 * `fresh` (a font just opened: only its table directory read) reading the tables `parsed` has decoded and will
 * decode. The tables are data read from the same bytes, never changed once decoded; the glyph objects, the layout
 * engine and the cmap lookup stay `fresh`'s own. fontkit has no public way to share them.
 */
function withTablesOf(parsed: Font, fresh: Font): Font {
  const tables = (parsed as unknown as DecodedTables)._tables;
  if (typeof tables !== 'object' || tables === null) throw new Error('fontkit keeps its decoded tables elsewhere');
  (fresh as unknown as DecodedTables)._tables = tables;
  return fresh;
}

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /** pdfkit (0.20) takes a fontkit font as well (PDFFontFactory.open); @types/pdfkit (0.17) does not say so. */
      registerFont(name: string, src: Font): this;
    }
  }
}

const kits = new WeakMap<PDFKit.PDFDocument, TextKit>();

/** Registers every face with the document (pdfkit embeds those that are used) and keeps the kit for drawing. */
export function useTextKit(doc: PDFKit.PDFDocument, kit: TextKit): void {
  const registered = new Set<string>();
  for (const family of kit.families) {
    for (const weight of ['regular', 'bold'] as const) {
      const face = kit.face(family, weight);
      if (!registered.has(face.name)) doc.registerFont(face.name, face.forDocument());
      registered.add(face.name);
    }
  }
  kits.set(doc, kit);
}

/** The kit of a document made by pdfBytes. */
export function textKitOf(doc: PDFKit.PDFDocument): TextKit {
  const kit = kits.get(doc);
  if (!kit) throw new Error('The document was not made by pdfBytes: it has no fonts');
  return kit;
}
