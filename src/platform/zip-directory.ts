// A ZIP archive's central directory, read from the archive's last bytes: the entries unzip tools trust (local
// headers may defer their sizes to data descriptors). Used to tell an Office document by its entry names (the
// documents area's uploads) and to bound what an archive inflates to before anything unpacks it (spreadsheet
// imports: a zip bomb declares or hides a huge uncompressed size).

/** One entry as the central directory describes it. */
export interface ZipDirectoryEntry {
  name: string;
  /** General-purpose flags (bit 3: sizes in a data descriptor after the data; bit 0: encrypted). */
  flags: number;
  /** 0 stored, 8 deflated; anything else is a method we do not read. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts, from the archive's first byte. */
  localHeaderOffset: number;
}

/** Where the directory sits and what it lists. */
export interface ZipDirectory {
  entries: ZipDirectoryEntry[];
  /** The directory's first byte, from the archive's first byte: every entry's data lies before it. */
  directoryOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_LENGTH = 22;
const CENTRAL_HEADER_LENGTH = 46;

/** The end-of-central-directory record's position in `tail`, or -1. */
function endRecordAt(view: DataView, length: number): number {
  // the end record is 22 bytes plus a comment of at most 65535
  for (let at = length - EOCD_LENGTH; at >= 0 && at >= length - EOCD_LENGTH - 0xffff; at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/**
 * The central directory of a ZIP archive whose last bytes are `tail` (its end is the file's end, `fileSize` bytes in
 * all; the whole archive is a tail too). Undefined when the directory is not (wholly) in the tail or is malformed.
 */
export function readZipDirectory(tail: Uint8Array, fileSize: number): ZipDirectory | undefined {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  const eocd = endRecordAt(view, tail.length);
  if (eocd < 0) return undefined;
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  const tailStart = fileSize - tail.length;
  let at = directoryOffset - tailStart;
  if (at < 0 || at + directorySize > eocd) return undefined;
  const entries: ZipDirectoryEntry[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (at + CENTRAL_HEADER_LENGTH > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(tail.subarray(at + CENTRAL_HEADER_LENGTH, at + CENTRAL_HEADER_LENGTH + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += CENTRAL_HEADER_LENGTH + nameLength + extraLength + commentLength;
  }
  return { entries, directoryOffset };
}
