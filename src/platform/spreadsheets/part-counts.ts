// What a spreadsheet's parts hold, counted while they inflate, chunk by chunk, before any parser sees them: the cell
// formats of the styles (a reader keeps every one), the shared strings, and each sheet's rows, columns and cells.
// Counting reads start tags only, whatever their namespace prefix, and keeps no more than the tail of a chunk that
// a tag straddles; a count past its bound stops the inflating at once, so a part of millions of `<xf/>` costs the
// few hundred kilobytes before the first one too many.
import type { SpreadsheetLimits } from './limits.js';
import { SPREADSHEET_BOUNDS } from './limits.js';

/** Why a part is refused: the words after "Parameter fileData …". */
export class PartRefusal extends Error {}

/** Reads a part's inflated bytes as they come; throws PartRefusal once a count passes its bound. */
export interface PartCounter {
  write(chunk: Buffer): void;
}

/** A start tag of `names` (any prefix) and its attributes; the name must end where the tag or an attribute starts. */
const startTags = (names: readonly string[]) =>
  new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?(${names.join('|')})(?=[\\s/>])([^<>]*)>`, 'g');

// A tag longer than this is no tag a workbook writes: its start is dropped rather than carried on (one element less
// counted, at most, per this many bytes).
const LONGEST_CARRIED_TAG = 64 * 1024;

/** Feeds `onTag` every start tag of `names` in a stream of chunks, tags cut between two chunks included. */
function tagReader(names: readonly string[], onTag: (name: string, attributes: string) => void): PartCounter {
  const pattern = startTags(names);
  let carried = '';
  return {
    write(chunk) {
      const text = carried + chunk.toString('latin1');
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match; match = pattern.exec(text)) onTag(match[1] ?? '', match[2] ?? '');
      const open = text.lastIndexOf('<');
      const unfinished = open >= 0 && text.indexOf('>', open) < 0 && text.length - open <= LONGEST_CARRIED_TAG;
      carried = unfinished ? text.slice(open) : '';
    },
  };
}

/** `A` is 1, `XFD` 16384; the column of a cell reference such as `r="AB12"` or `r='$C$3'`. */
const CELL_REFERENCE = /\br\s*=\s*["']\$?([A-Za-z]{1,4})/;

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** The cell formats of xl/styles.xml (cellXfs and cellStyleXfs together, as Excel counts them). */
function stylesCounter(): PartCounter {
  let formats = 0;
  return tagReader(['xf'], () => {
    formats += 1;
    if (formats > SPREADSHEET_BOUNDS.cellFormats) {
      throw new PartRefusal(`has more than ${SPREADSHEET_BOUNDS.cellFormats} cell formats (Excel's own limit)`);
    }
  });
}

function sharedStringsCounter(limits: SpreadsheetLimits): PartCounter {
  let strings = 0;
  return tagReader(['si'], () => {
    strings += 1;
    if (strings > limits.sharedStrings) throw new PartRefusal(`has more than ${limits.sharedStrings} shared strings`);
  });
}

/** Cells of the whole workbook, shared by the counters of its sheets. */
export interface CellTally {
  cells: number;
}

function sheetCounter(limits: SpreadsheetLimits, tally: CellTally): PartCounter {
  let rows = 0;
  let cellsInRow = 0;
  const tooWide = () => new PartRefusal(`has a row of more than ${limits.columns} columns`);
  return tagReader(['row', 'c'], (name, attributes) => {
    if (name === 'row') {
      rows += 1;
      cellsInRow = 0;
      if (rows > limits.rows) throw new PartRefusal(`has a sheet of more than ${limits.rows} rows`);
      return;
    }
    cellsInRow += 1;
    tally.cells += 1;
    if (cellsInRow > limits.columns) throw tooWide();
    const letters = CELL_REFERENCE.exec(attributes)?.[1];
    if (letters !== undefined && columnNumber(letters) > limits.columns) throw tooWide();
    if (tally.cells > limits.cells) throw new PartRefusal(`has more than ${limits.cells} cells`);
  });
}

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** The counter of the part named `name`, or undefined for a part nothing is counted in. */
export function counterOf(name: string, limits: SpreadsheetLimits, tally: CellTally): PartCounter | undefined {
  if (name === 'xl/styles.xml') return stylesCounter();
  if (name === 'xl/sharedStrings.xml') return sharedStringsCounter(limits);
  if (WORKSHEET.test(name)) return sheetCounter(limits, tally);
  return undefined;
}

/** The most a part named `name` may inflate to. */
export function partCap(name: string): number {
  if (name === 'xl/styles.xml') return SPREADSHEET_BOUNDS.stylesBytes;
  if (name === 'xl/sharedStrings.xml') return SPREADSHEET_BOUNDS.sharedStringsBytes;
  if (WORKSHEET.test(name)) return SPREADSHEET_BOUNDS.uncompressedBytes;
  return SPREADSHEET_BOUNDS.otherPartBytes;
}
