// A WOFF 1.0 font as the plain OpenType (SFNT) file it wraps: every table inflated once, when the fonts load.
// fontkit reads a WOFF font's tables by inflating them on every read, and pdfkit's subsetting reads the glyph table
// once per glyph it copies, so a document drawing a few symbols from a WOFF face (Noto Sans Math, pdf-fonts.ts)
// spent tens of milliseconds inflating the same table again and again. The SFNT file has the same tables, so fontkit
// draws and subsets it exactly as before. Format: https://www.w3.org/TR/WOFF/ (header, table directory, tables
// zlib-compressed when that is smaller) and the OpenType table directory.
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_BYTES = 44;
const WOFF_ENTRY_BYTES = 20;
const SFNT_HEADER_BYTES = 12;
const SFNT_ENTRY_BYTES = 16;

interface Table {
  tag: number;
  checksum: number;
  data: Buffer;
}

/** True when the bytes are a WOFF 1.0 file. */
export function isWoff(bytes: Buffer): boolean {
  return bytes.length >= WOFF_HEADER_BYTES && bytes.readUInt32BE(0) === WOFF_SIGNATURE;
}

function tablesOf(woff: Buffer): Table[] {
  const count = woff.readUInt16BE(12);
  const tables: Table[] = [];
  for (let index = 0; index < count; index += 1) {
    const entry = WOFF_HEADER_BYTES + index * WOFF_ENTRY_BYTES;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error(`WOFF table ${index} inflates to ${data.length} bytes, not ${length}`);
    tables.push({ tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data });
  }
  return tables;
}

const padded = (length: number) => (length + 3) & ~3;

/** The SFNT file of a WOFF 1.0 file: its flavor, its tables in the directory's order, each on a 4-byte boundary. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (!isWoff(woff)) throw new Error('not a WOFF 1.0 file');
  const tables = tablesOf(woff);
  const directoryEnd = SFNT_HEADER_BYTES + tables.length * SFNT_ENTRY_BYTES;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), directoryEnd);
  const sfnt = Buffer.alloc(size);
  const power = 2 ** Math.floor(Math.log2(Math.max(tables.length, 1)));
  sfnt.writeUInt32BE(woff.readUInt32BE(4), 0); // flavor: the sfnt version
  sfnt.writeUInt16BE(tables.length, 4);
  sfnt.writeUInt16BE(power * 16, 6); // searchRange
  sfnt.writeUInt16BE(Math.log2(power), 8); // entrySelector
  sfnt.writeUInt16BE(tables.length * 16 - power * 16, 10); // rangeShift
  let offset = directoryEnd;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER_BYTES + index * SFNT_ENTRY_BYTES;
    sfnt.writeUInt32BE(table.tag, entry);
    sfnt.writeUInt32BE(table.checksum, entry + 4);
    sfnt.writeUInt32BE(offset, entry + 8);
    sfnt.writeUInt32BE(table.data.length, entry + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
