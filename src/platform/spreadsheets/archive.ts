// What a spreadsheet sent for import must be before anything unpacks it: an XLSX (a ZIP with the workbook part)
// whose entries, each of them and all together, really inflate to a bounded size, and whose parts hold no more cell
// formats, shared strings, rows, columns and cells than their bounds (part-counts.ts). A ZIP bomb declares a huge
// size (refused from the directory alone) or lies about it (refused as soon as inflating passes the declared size),
// and an archive with data outside its directory (entries the directory hides, which a streaming reader would still
// unpack) is refused: the entries must tile the archive up to its directory. Inflating streams in small chunks that
// are counted and dropped, so the check needs little memory whatever the archive claims.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { invalidFormat } from '../http/errors.js';
import { readZipDirectory, type ZipDirectoryEntry } from '../zip-directory.js';
import { SPREADSHEET_BOUNDS, type SpreadsheetLimits } from './limits.js';
import { type CellTally, counterOf, type PartCounter, PartRefusal, partCap } from './part-counts.js';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_LENGTH = 30;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x01;
const SIZES_AFTER_DATA = 0x08;
const INFLATE_CHUNK = 64 * 1024;

const notASpreadsheet = (parameter: string, why: string) =>
  invalidFormat(parameter, `is not an XLSX spreadsheet: ${why}`);

/**
 * Refuses (INVALID_FORMAT naming `parameter`) bytes that are not an XLSX archive safe to unpack; else answers its
 * entries' records (slices of `bytes`) in the order a streaming reader reads them best, then the directory (which a
 * streaming reader reads as the end, without following its offsets).
 */
export async function checkSpreadsheetArchive(
  parameter: string,
  bytes: Buffer,
  limits: SpreadsheetLimits,
): Promise<Buffer[]> {
  if (bytes.length < LOCAL_HEADER_LENGTH || bytes.readUInt32LE(0) !== LOCAL_SIGNATURE) {
    throw notASpreadsheet(parameter, 'it is no ZIP archive');
  }
  const directory = readZipDirectory(bytes, bytes.length);
  if (!directory) throw notASpreadsheet(parameter, 'its ZIP directory is missing or damaged');
  const { entries } = directory;
  if (entries.length > SPREADSHEET_BOUNDS.entries) {
    throw notASpreadsheet(parameter, `it holds more than ${SPREADSHEET_BOUNDS.entries} entries`);
  }
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw notASpreadsheet(parameter, 'it has no workbook');
  }
  refuseDeclaredSizes(parameter, entries);
  const records = entryRecords(bytes, entries, directory.directoryOffset);
  if (typeof records === 'string') throw notASpreadsheet(parameter, records);
  const tally: CellTally = { cells: 0 };
  for (const entry of entries) {
    const size = await inflatedSize(dataOf(bytes, entry), entry, counterOf(entry.name, limits, tally), parameter);
    if (size !== entry.uncompressedSize) {
      throw notASpreadsheet(parameter, `its entry ${entry.name} does not inflate to the size it declares`);
    }
  }
  return [...readingOrder(bytes, records), bytes.subarray(directory.directoryOffset)];
}

/** Every part within its own cap and all of them within the archive's, by the sizes the directory declares. */
function refuseDeclaredSizes(parameter: string, entries: readonly ZipDirectoryEntry[]): void {
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (declared > SPREADSHEET_BOUNDS.uncompressedBytes) {
    throw tooLarge(parameter, 'unpacks to', SPREADSHEET_BOUNDS.uncompressedBytes);
  }
  for (const entry of entries) {
    const cap = partCap(entry.name);
    if (entry.uncompressedSize > cap) throw tooLarge(parameter, `has a part ${entry.name} that unpacks to`, cap);
  }
}

function tooLarge(parameter: string, what: string, cap: number) {
  const mib = cap / 1024 / 1024;
  return invalidFormat(parameter, `${what} more than ${mib} MiB (a spreadsheet this large is refused)`);
}

/** Where an entry's compressed data starts (after its local header, name and extra field). */
function dataStart(bytes: Buffer, entry: ZipDirectoryEntry): number {
  const at = entry.localHeaderOffset;
  return at + LOCAL_HEADER_LENGTH + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
}

function dataOf(bytes: Buffer, entry: ZipDirectoryEntry): Buffer {
  const start = dataStart(bytes, entry);
  return bytes.subarray(start, start + entry.compressedSize);
}

/** An entry with the span of its whole record in the archive: local header, data and any data descriptor. */
interface EntryRecord {
  entry: ZipDirectoryEntry;
  start: number;
  end: number;
}

/**
 * The entries' records, when they lie end to end from the archive's first byte to its directory (else why not):
 * each local header where the directory says, a method we read, no encryption, and after its data at most a data
 * descriptor before the next entry.
 */
function entryRecords(
  bytes: Buffer,
  entries: readonly ZipDirectoryEntry[],
  directoryOffset: number,
): EntryRecord[] | string {
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const records: EntryRecord[] = [];
  let expected = 0;
  for (const entry of ordered) {
    const at = entry.localHeaderOffset;
    if (at !== expected || at + LOCAL_HEADER_LENGTH > directoryOffset || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) {
      return 'its entries do not match its directory';
    }
    if (entry.method !== STORED && entry.method !== DEFLATED) return `its entry ${entry.name} uses an unknown method`;
    if (entry.flags & ENCRYPTED) return `its entry ${entry.name} is encrypted`;
    expected = dataStart(bytes, entry) + entry.compressedSize;
    if (entry.flags & SIZES_AFTER_DATA) expected += descriptorLength(bytes, expected);
    if (expected > directoryOffset) return 'its entries do not match its directory';
    records.push({ entry, start: at, end: expected });
  }
  return expected === directoryOffset ? records : 'it holds data outside its directory';
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const sheetNumber = (name: string) => Number(WORKSHEET.exec(name)?.[1] ?? Number.POSITIVE_INFINITY);

/**
 * The records in the order a streaming reader wants them: every part a sheet refers to (shared strings, styles, the
 * workbook's relationships) before the sheets, and the sheets by number. Excel writes the sheets first, and a
 * streaming reader would then park them in temporary files until the shared strings come.
 */
function readingOrder(bytes: Buffer, records: readonly EntryRecord[]): Buffer[] {
  const parts = records.filter((record) => !WORKSHEET.test(record.entry.name));
  const sheets = records
    .filter((record) => WORKSHEET.test(record.entry.name))
    .sort((a, b) => sheetNumber(a.entry.name) - sheetNumber(b.entry.name));
  return [...parts, ...sheets].map((record) => bytes.subarray(record.start, record.end));
}

/** A data descriptor's length: 16 bytes with its optional signature, 12 without (ZIP64 descriptors are not read). */
function descriptorLength(bytes: Buffer, at: number): number {
  return at + 4 <= bytes.length && bytes.readUInt32LE(at) === DESCRIPTOR_SIGNATURE ? 16 : 12;
}

/**
 * How many bytes an entry's `data` inflates to, each chunk read by the part's `counter`, stopping as soon as it passes
 * the size the entry declares; -1 when it passes it or is no whole deflate stream; INVALID_FORMAT naming `parameter`
 * when a count passes its bound. Streams through zlib and counts, holding no output.
 */
async function inflatedSize(
  data: Buffer,
  entry: ZipDirectoryEntry,
  counter: PartCounter | undefined,
  parameter: string,
): Promise<number> {
  const chunks = entry.method === STORED ? slices(data) : undefined;
  let size = 0;
  const reader = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > entry.uncompressedSize) return done(new Error('inflates past its declared size'));
      try {
        counter?.write(chunk);
        done();
      } catch (error) {
        done(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
  try {
    if (chunks) await pipeline(Readable.from(chunks), reader);
    else await pipeline(Readable.from([data]), createInflateRaw({ chunkSize: INFLATE_CHUNK }), reader);
  } catch (error) {
    if (error instanceof PartRefusal) throw invalidFormat(parameter, error.message);
    return -1;
  }
  return size;
}

/** A stored entry's data in inflating-sized slices (views, no copies). */
function slices(data: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += INFLATE_CHUNK) parts.push(data.subarray(at, at + INFLATE_CHUNK));
  return parts;
}
