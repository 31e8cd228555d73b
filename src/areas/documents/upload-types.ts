// What an uploaded file is, told by its bytes (contract §7.4), never by its name or the type the client declared:
// PDF, PNG, JPEG, WebP, HEIC, XLSX, DOCX, CSV and plain text are accepted; HTML, SVG (markup of any kind) and
// executables are refused, and so is anything else. Pure: the caller hands over the first bytes, the last bytes
// (where a ZIP keeps its directory) and whether the whole file was UTF-8 text without NUL bytes.

import { readZipDirectory } from '../../platform/zip-directory.js';

/** A type we accept: its media type and the extension of the names we generate for it. */
export interface UploadType {
  mediaType: string;
  extension: string;
}

export const UPLOAD_TYPES = {
  pdf: { mediaType: 'application/pdf', extension: 'pdf' },
  png: { mediaType: 'image/png', extension: 'png' },
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg' },
  webp: { mediaType: 'image/webp', extension: 'webp' },
  heic: { mediaType: 'image/heic', extension: 'heic' },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  docx: { mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  csv: { mediaType: 'text/csv; charset=utf-8', extension: 'csv' },
  text: { mediaType: 'text/plain; charset=utf-8', extension: 'txt' },
} as const satisfies Record<string, UploadType>;

/** How many leading bytes the head verdict needs (a text's first line for the CSV guess included). */
export const HEAD_BYTES = 4096;
/** How many trailing bytes are kept for a ZIP's central directory (an Office file's is a few kilobytes). */
export const TAIL_BYTES = 256 * 1024;

export type Verdict = { accepted: UploadType } | { refused: string };

/** What the first bytes say: a type, a refusal, or "look further" (a ZIP's directory, a text's whole content). */
export type HeadVerdict = Verdict | { zip: true } | { text: true };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
const asciiAt = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

const EXECUTABLES: ReadonlyArray<readonly number[]> = [
  ascii('MZ'), // Windows PE
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal (and Java class files)
  ascii('#!'), // a script with an interpreter line
];

// ISO base media brands of HEIF images; mif1/msf1 are generic HEIF and also begin AVIF files, told apart below
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The verdict of the first bytes of a file (at least HEAD_BYTES of it, or all of a shorter file). */
export function sniffHead(head: Uint8Array): HeadVerdict {
  if (head.length === 0) return { refused: 'is empty' };
  if (EXECUTABLES.some((signature) => startsWith(head, signature))) return { refused: 'is an executable' };
  if (startsWith(head, ascii('%PDF-'))) return { accepted: UPLOAD_TYPES.pdf };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { accepted: UPLOAD_TYPES.png };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { accepted: UPLOAD_TYPES.jpeg };
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return { accepted: UPLOAD_TYPES.webp };
  if (isHeic(head)) return { accepted: UPLOAD_TYPES.heic };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { zip: true };
  const markup = looksLikeMarkup(head);
  if (markup) return { refused: markup };
  return { text: true };
}

/** An ISO base media file (`ftyp` box first) whose brands are HEIF image brands and not AVIF's. */
function isHeic(head: Uint8Array): boolean {
  if (head.length < 16 || asciiAt(head, 4, 4) !== 'ftyp') return false;
  const boxSize = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0);
  const end = Math.min(boxSize, head.length);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) compatible.push(asciiAt(head, at, 4));
  if (compatible.some((brand) => AVIF_BRANDS.has(brand))) return false;
  return HEIC_BRANDS.has(asciiAt(head, 8, 4));
}

/**
 * A text whose first character (after a byte-order mark and white space) is `<` is markup: HTML, SVG or XML, any of
 * which a browser may run scripts from. Only the start is looked at: markup further down a text file is just text.
 */
function looksLikeMarkup(head: Uint8Array): string | undefined {
  let at = startsWith(head, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (at < head.length && [0x20, 0x09, 0x0a, 0x0d, 0x0c].includes(head[at] ?? 0)) at += 1;
  return head[at] === 0x3c ? 'is markup (HTML, SVG or XML)' : undefined;
}

/** The verdict on a ZIP archive from the names in its central directory: an XLSX or DOCX document, or refused. */
export function officeDocument(entryNames: readonly string[] | undefined): Verdict {
  const names = new Set(entryNames ?? []);
  if (names.has('[Content_Types].xml')) {
    if (names.has('xl/workbook.xml')) return { accepted: UPLOAD_TYPES.xlsx };
    if (names.has('word/document.xml')) return { accepted: UPLOAD_TYPES.docx };
  }
  return { refused: 'is a ZIP archive that is not an XLSX or DOCX document' };
}

/**
 * The entry names of a ZIP archive's central directory, read from the archive's last bytes (`tail`, whose end is the
 * file's end, `fileSize` bytes in all). Undefined when the directory is not (wholly) in the tail or is malformed.
 */
export function zipEntryNames(tail: Uint8Array, fileSize: number): string[] | undefined {
  return readZipDirectory(tail, fileSize)?.entries.map((entry) => entry.name);
}

/**
 * A text file's type: CSV when its first line holds a separator (comma, semicolon or tab) and the second line, if
 * there is one, holds as many of it; plain text otherwise. Both are accepted, so this only picks the label.
 */
export function textType(head: Uint8Array): UploadType {
  const lines = new TextDecoder().decode(head).split(/\r?\n/);
  const first = lines[0] ?? '';
  // the second line counts only when whole (a line follows it): the head may end in the middle of it
  const second = lines.length > 2 ? lines[1] : undefined;
  const count = (line: string, separator: string) => line.split(separator).length - 1;
  for (const separator of [',', ';', '\t']) {
    const columns = count(first, separator);
    if (columns > 0 && (second === undefined || count(second, separator) === columns)) {
      return UPLOAD_TYPES.csv;
    }
  }
  return UPLOAD_TYPES.text;
}
