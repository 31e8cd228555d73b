// Small ZIP archives for tests of what an upload is (src/areas/documents/upload-types.ts): stored or deflated
// entries, with or without data descriptors (sizes after the data, as streaming writers do), and a minimal DOCX.
// An entry may also come deflated already (deflatedStream): tens of MB of XML that never sit in memory whole.
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

export interface ZipOptions {
  /** Deflate the entries (else stored). */
  deflate?: boolean;
  /** Sizes and CRC in a data descriptor after each entry's data, zero in the local header. */
  dataDescriptors?: boolean;
}

/** An entry's content deflated already, with the size and CRC of what it inflates to. */
export interface Deflated {
  deflated: Buffer;
  size: number;
  crc: number;
}

/** `chunks` deflated as they come, one at a time: their whole never sits in memory. */
export async function deflatedStream(chunks: Iterable<Buffer>): Promise<Deflated> {
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflater.write(chunk)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return { deflated: Buffer.concat(out), size, crc };
}

/** What an entry holds and how it is written: the options' way, or as deflated already. */
function entryData(text: string | Buffer | Deflated, options: ZipOptions) {
  if (typeof text !== 'string' && !Buffer.isBuffer(text)) {
    return { data: text.deflated, method: 8, crc: text.crc, size: text.size };
  }
  const content = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const data = options.deflate ? deflateRawSync(content) : content;
  return { data, method: options.deflate ? 8 : 0, crc: crc32(content), size: content.length };
}

/** A ZIP archive of `entries` ([name, content]) with its central directory. */
export function zipArchive(entries: Array<[string, string | Buffer | Deflated]>, options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const { data, method, crc, size } = entryData(text, options);
    const nameBytes = Buffer.from(name);
    const flags = options.dataDescriptors ? 0x08 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!options.dataDescriptors) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(data.length, 18);
      local.writeUInt32LE(size, 22);
    }
    local.writeUInt16LE(nameBytes.length, 26);
    const descriptor = Buffer.alloc(options.dataDescriptors ? 16 : 0);
    if (options.dataDescriptors) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data, descriptor);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest DOCX Word opens: content types, the package relationship and a one-paragraph document. */
export function docxArchive(text: string, options: ZipOptions = { deflate: true }): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  return zipArchive(
    [
      [
        '[Content_Types].xml',
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ],
      [
        '_rels/.rels',
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ],
      [
        'word/document.xml',
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ],
    ],
    options,
  );
}
