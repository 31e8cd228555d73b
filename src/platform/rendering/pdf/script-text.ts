// Text in any script the embedded fonts hold (pdf-fonts.ts), laid out into lines that the drawing primitives place.
// Each paragraph (a line of the given text) takes its direction from its first strong character, as HTML's
// dir="auto" and <bdi> do, so an Arabic name reads right to left inside an English document and "Pickup: فندق"
// keeps its label first. The Unicode bidirectional algorithm (bidi-js) orders and mirrors what is shown; each
// character gets a face by its script (Arabic letters in the Arabic face, the rest in Noto Sans, what it lacks in
// Noto Sans Math); fontkit shapes each run of one face and one direction (Arabic joining and ligatures
// through the font's GSUB and GPOS tables). Characters no face holds (CJK, emoji, for now) are drawn as one
// UNSUPPORTED_TEXT_MARK per run. Lines wrap at spaces; a word wider than its box is cut between characters.
import type { EmbeddingLevels } from 'bidi-js';
import { type Face, type FontFamily, type FontWeight, type ShapedRun, type TextKit, textKitOf } from './pdf-fonts.js';

/** What stands for a run of characters none of the embedded fonts holds. */
export const UNSUPPORTED_TEXT_MARK = '?';

/** Line height in ems; every line of a size has the same height, whatever its scripts. */
export const LINE_HEIGHT = 1.25;
// Where the baseline sits below the top of its line, in ems: one baseline for every face on a line.
const BASELINE = 0.95;

// pdfkit shapes a text given OpenType features in one run; without, it shapes word by word and joins the words in
// their logical order, which would reverse the order of Arabic words. No feature is added: the fonts' defaults.
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = [];

// Characters that belong to the character before them: combining marks (Arabic vowel signs among them), joiners,
// variation selectors.
const JOINS_PREVIOUS = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
// Invisible format characters (bidi marks and isolates, zero-width space, BOM): they steer bidi and draw nothing.
const INVISIBLE = /^\p{Cf}$/u;
const ARABIC = /^\p{Script=Arabic}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const ARABIC_FIRST: readonly FontFamily[] = ['arabic', 'latin', 'symbols'];
const SPACE = /^\s$/u;

export interface TextStyleFont {
  weight: FontWeight;
  size: number;
}

/** A character, or one with its marks, in the face that draws it, at its bidi level. */
interface Cluster {
  text: string;
  face: Face;
  level: number;
  /** its code units in the paragraph: [start, end) */
  start: number;
  end: number;
  unsupported: boolean;
}

/** Text of one face in one direction, as handed to pdfkit, and its width in points. */
interface Piece {
  text: string;
  face: Face;
  width: number;
  /** fontkit lays the text out right to left (Arabic letters) */
  rightToLeft: boolean;
}

/** One line, its pieces from left to right. */
export interface TextLine {
  pieces: Piece[];
  width: number;
}

export const lineHeight = (size: number): number => size * LINE_HEIGHT;

/**
 * The text's lines no wider than `maxWidth` (a paragraph per line of the text; undefined: no wrapping). Tabs become
 * spaces and control characters are dropped.
 */
export function layoutText(
  doc: PDFKit.PDFDocument,
  text: string,
  font: TextStyleFont,
  maxWidth: number | undefined,
): TextLine[] {
  const kit = textKitOf(doc);
  const cleaned = text
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')
    .replace(/\t/g, ' ')
    .replace(/[^\P{Cc}\n]/gu, '');
  return cleaned.split('\n').flatMap((paragraph) => {
    const levels = kit.bidi.getEmbeddingLevels(paragraph, 'auto');
    const clusters = clustersOf(kit, font.weight, paragraph, levels);
    return lineRanges(clusters, font.size, maxWidth).map(([from, to]) =>
      visualLine(kit, paragraph, levels, clusters.slice(from, to), font.size),
    );
  });
}

/** The width of the text on one line (newlines count as spaces). */
export function textWidth(doc: PDFKit.PDFDocument, text: string, font: TextStyleFont): number {
  return Math.max(0, ...layoutText(doc, text.replace(/\s*\n\s*/g, ' '), font, undefined).map((line) => line.width));
}

/** Draws a line with the top of its line box at `top`, starting at `x`, in the document's current colour. */
export function drawTextLine(doc: PDFKit.PDFDocument, line: TextLine, x: number, top: number, size: number): void {
  let left = x;
  for (const piece of line.pieces) {
    const y = top + (BASELINE - piece.face.ascent) * size;
    // left to right, pdfkit may shape word by word, which it caches
    const options = piece.rightToLeft ? { lineBreak: false, features: WHOLE_RUN } : { lineBreak: false };
    doc.font(piece.face.name).fontSize(size).text(piece.text, left, y, options);
    left += piece.width;
  }
}

// ---- characters and their faces ----

function clustersOf(kit: TextKit, weight: FontWeight, paragraph: string, levels: EmbeddingLevels): Cluster[] {
  const clusters: Cluster[] = [];
  let end = 0;
  for (const character of paragraph) {
    const start = end;
    end += character.length;
    const previous = clusters.at(-1);
    const level = levels.levels[start] ?? 0;
    const role = roleOf(kit, weight, character, level);
    if (role.kind === 'joins') {
      // a mark the face of its letter lacks is left out rather than drawn apart
      if (previous && !previous.unsupported && covers(previous.face, character)) previous.text += character;
      if (previous) previous.end = end;
      continue;
    }
    if (role.kind === 'invisible') continue;
    if (role.kind === 'drawn') {
      clusters.push({ text: role.text, face: role.face, level, start, end, unsupported: false });
    } else if (previous?.unsupported && previous.end === start) {
      previous.end = end; // one mark for the whole run
    } else {
      const latin = kit.face('latin', weight);
      clusters.push({ text: UNSUPPORTED_TEXT_MARK, face: latin, level, start, end, unsupported: true });
    }
  }
  return clusters;
}

/** What a character is to the layout: a mark joining the one before, invisible, drawn in a face, or in none. */
type CharacterRole =
  | { kind: 'joins' }
  | { kind: 'invisible' }
  | { kind: 'drawn'; text: string; face: Face }
  | { kind: 'unsupported' };

// A character's role depends only on it, the weight and the direction it is in, and finding it (Unicode property
// tests, a cmap look-up in each face) was most of the layout's time: each is found once per process.
const roles = new WeakMap<TextKit, Map<string, CharacterRole>>();
const MAX_ROLES = 20_000;

function roleOf(kit: TextKit, weight: FontWeight, character: string, level: number): CharacterRole {
  const rightToLeft = level % 2 === 1;
  const key = `${weight}${rightToLeft ? '<' : '>'}${character}`;
  let known = roles.get(kit);
  if (!known) {
    known = new Map();
    roles.set(kit, known);
  }
  const found = known.get(key);
  if (found) return found;
  let role: CharacterRole;
  if (JOINS_PREVIOUS.test(character)) role = { kind: 'joins' };
  else if (INVISIBLE.test(character)) role = { kind: 'invisible' };
  else {
    // in a right-to-left run, brackets and the like are drawn mirrored
    const shown = rightToLeft ? (kit.bidi.getMirroredCharacter(character) ?? character) : character;
    const drawn = drawnAs(kit, weight, shown, level);
    role = drawn ? { kind: 'drawn', ...drawn } : { kind: 'unsupported' };
  }
  if (known.size >= MAX_ROLES) known.clear();
  known.set(key, role);
  return role;
}

const covers = (face: Face, text: string): boolean =>
  [...text].every((character) => face.font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0));

/**
 * The character in the face that has it, or else its compatibility form (full-width Ａ as A, ㎞ as km) in one face
 * that has all of it; undefined when no face can draw it.
 */
function drawnAs(kit: TextKit, weight: FontWeight, character: string, level: number) {
  const face = faceFor(kit, weight, character, level);
  if (face) return { text: character, face };
  const compatible = character.normalize('NFKC');
  const first = [...compatible][0];
  if (compatible === character || first === undefined) return undefined;
  const compatibleFace = faceFor(kit, weight, first, level);
  return compatibleFace && covers(compatibleFace, compatible) ? { text: compatible, face: compatibleFace } : undefined;
}

/**
 * The face that draws a character: Arabic letters, and the spaces and punctuation between right-to-left text, in
 * the Arabic face, so that a run of Arabic words is shaped as one; anything else in the Latin face first.
 */
function faceFor(kit: TextKit, weight: FontWeight, character: string, level: number): Face | undefined {
  const arabicFirst = ARABIC.test(character) || (level % 2 === 1 && !LETTER_OR_DIGIT.test(character));
  const families = arabicFirst ? ARABIC_FIRST : kit.families;
  for (const family of families) {
    const face = kit.face(family, weight);
    if (covers(face, character)) return face;
  }
  return undefined;
}

// ---- lines ----

// Enough for the words of many documents; past it the cache starts again.
const MAX_SHAPED_RUNS = 20_000;

/** The text shaped in the face, measured once per process. */
function shaped(face: Face, text: string): ShapedRun {
  const known = face.runs.get(text);
  if (known) return known;
  const run = face.font.layout(text, WHOLE_RUN);
  const result = { advance: run.advanceWidth / face.font.unitsPerEm, rightToLeft: run.direction === 'rtl' };
  if (face.runs.size >= MAX_SHAPED_RUNS) face.runs.clear();
  face.runs.set(text, result);
  return result;
}

/** Width of clusters in logical order: one shaped run per face. */
function logicalWidth(clusters: readonly Cluster[], size: number): number {
  let width = 0;
  let index = 0;
  while (index < clusters.length) {
    const face = clusters[index]?.face;
    let text = '';
    while (index < clusters.length && clusters[index]?.face === face) text += clusters[index++]?.text ?? '';
    if (face) width += shaped(face, text).advance * size;
  }
  return width;
}

/** A word and the spaces after it, as cluster indexes. */
interface Word {
  from: number;
  /** the end of its letters, where its spaces start */
  letters: number;
  to: number;
  width: number;
  spaceWidth: number;
}

function wordsOf(clusters: readonly Cluster[], size: number): Word[] {
  const words: Word[] = [];
  let index = 0;
  while (index < clusters.length) {
    const from = index;
    while (index < clusters.length && !SPACE.test(clusters[index]?.text ?? '')) index += 1;
    const letters = index;
    while (index < clusters.length && SPACE.test(clusters[index]?.text ?? '')) index += 1;
    const width = logicalWidth(clusters.slice(from, letters), size);
    words.push({ from, letters, to: index, width, spaceWidth: logicalWidth(clusters.slice(letters, index), size) });
  }
  return words;
}

/** Greedy wrapping at spaces: each line as a range of clusters without its trailing spaces. */
function lineRanges(clusters: readonly Cluster[], size: number, maxWidth: number | undefined): Array<[number, number]> {
  const words = wordsOf(clusters, size);
  if (maxWidth === undefined) return [[0, words.at(-1)?.letters ?? 0]];
  const lines: Array<[number, number]> = [];
  let start = 0;
  let end = 0;
  let width = 0;
  for (const word of words) {
    if (end > start && width + word.width > maxWidth) {
      lines.push([start, end]);
      start = word.from;
      width = 0;
    }
    if (word.width > maxWidth && start === word.from) {
      // a word wider than the box: whole lines of its characters, the rest goes on as a line's start
      const pieces = cutWord(clusters, word, size, maxWidth);
      lines.push(...pieces.slice(0, -1));
      start = pieces.at(-1)?.[0] ?? word.from;
      width = logicalWidth(clusters.slice(start, word.letters), size);
    } else {
      width += word.width;
    }
    end = word.letters;
    width += word.spaceWidth;
  }
  if (end > start || lines.length === 0) lines.push([start, end]);
  return lines;
}

function cutWord(clusters: readonly Cluster[], word: Word, size: number, maxWidth: number): Array<[number, number]> {
  const pieces: Array<[number, number]> = [];
  let start = word.from;
  let width = 0;
  for (let index = word.from; index < word.letters; index += 1) {
    const cluster = clusters[index];
    const clusterWidth = cluster ? logicalWidth([cluster], size) : 0;
    if (index > start && width + clusterWidth > maxWidth) {
      pieces.push([start, index]);
      start = index;
      width = 0;
    }
    width += clusterWidth;
  }
  pieces.push([start, word.letters]);
  return pieces;
}

// ---- visual order ----

/** The line's clusters in visual order, joined into pieces of one face and one bidi level, each shaped. */
function visualLine(
  kit: TextKit,
  paragraph: string,
  levels: EmbeddingLevels,
  clusters: readonly Cluster[],
  size: number,
): TextLine {
  const first = clusters[0];
  const last = clusters.at(-1);
  if (!first || !last) return { pieces: [], width: 0 };
  const owner = new Map<number, Cluster>();
  for (const cluster of clusters) {
    for (let unit = cluster.start; unit < cluster.end; unit += 1) owner.set(unit, cluster);
  }
  const order = Array.from({ length: last.end - first.start }, (_, offset) => first.start + offset);
  for (const [from, to] of kit.bidi.getReorderSegments(paragraph, levels, first.start, last.end - 1)) {
    if (from === undefined || to === undefined) continue;
    const flipped = order.slice(from - first.start, to - first.start + 1).reverse();
    order.splice(from - first.start, flipped.length, ...flipped);
  }
  const visual: Cluster[] = [];
  for (const unit of order) {
    const cluster = owner.get(unit);
    if (cluster && visual.at(-1) !== cluster) visual.push(cluster);
  }
  const groups: Array<{ face: Face; level: number; clusters: Cluster[] }> = [];
  for (const cluster of visual) {
    const group = groups.at(-1);
    if (group && group.face === cluster.face && group.level === cluster.level) group.clusters.push(cluster);
    else groups.push({ face: cluster.face, level: cluster.level, clusters: [cluster] });
  }
  const pieces = groups.map((group) => shapedPiece(group.face, group.clusters, size));
  return { pieces, width: pieces.reduce((sum, piece) => sum + piece.width, 0) };
}

/**
 * The text pdfkit is given for clusters in visual order. fontkit lays out a text whose script is right to left
 * (Arabic) backwards, so such a text is given reversed: in logical order for Arabic words, which fontkit shapes and
 * turns to visual order (and reversed twice for Arabic-Indic digits, which stay left to right).
 */
function shapedPiece(face: Face, group: readonly Cluster[], size: number): Piece {
  const visual = group.map((cluster) => cluster.text).join('');
  const reversed = [...group]
    .reverse()
    .map((cluster) => cluster.text)
    .join('');
  const text = shaped(face, visual).rightToLeft ? reversed : visual;
  const run = shaped(face, text);
  return { text, face, width: run.advance * size, rightToLeft: run.rightToLeft };
}
