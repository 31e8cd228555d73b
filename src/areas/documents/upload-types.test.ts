// What an upload is, from tables of byte samples: the head verdicts, a ZIP's central directory (stored, deflated,
// with data descriptors, and a real XLSX from exceljs), the CSV/text label, the streaming inspector, strict base64
// and the names an upload goes by.
import { createHash } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { docxArchive, zipArchive } from '../../../test/support/zip.js';
import { decodeBase64Strictly } from '../../platform/base64.js';
import { type InspectedUpload, UploadInspector } from './upload-inspector.js';
import { attachmentDisposition, originalNameOf } from './upload-names.js';
import { officeDocument, sniffHead, textType, UPLOAD_TYPES, zipEntryNames } from './upload-types.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));
const isobmff = (major: string, ...compatible: string[]) => {
  const box = bytes([0, 0, 0, 16 + 4 * compatible.length], 'ftyp', major, [0, 0, 0, 0], compatible.join(''));
  return Buffer.concat([box, Buffer.alloc(16)]);
};

describe('the first bytes', () => {
  const table: Array<[string, Buffer, ReturnType<typeof sniffHead>]> = [
    ['PDF', bytes('%PDF-1.4\n%âãÏÓ\n'), { accepted: UPLOAD_TYPES.pdf }],
    ['PNG', bytes([0x89], 'PNG\r\n', [0x1a], '\n', [0, 0, 0, 13], 'IHDR'), { accepted: UPLOAD_TYPES.png }],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0]), { accepted: UPLOAD_TYPES.jpeg }],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), { accepted: UPLOAD_TYPES.jpeg }],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8L'), { accepted: UPLOAD_TYPES.webp }],
    ['HEIC (heic brand)', isobmff('heic', 'mif1', 'heic'), { accepted: UPLOAD_TYPES.heic }],
    ['HEIC (mif1 brand)', isobmff('mif1', 'heic'), { accepted: UPLOAD_TYPES.heic }],
    ['ZIP (look at the directory)', bytes('PK', [3, 4, 20, 0]), { zip: true }],
    ['text', bytes('Hello'), { text: true }],
    ['markup further down a text', bytes('Notes\n<b>not a page</b>'), { text: true }],
    ['empty', Buffer.alloc(0), { refused: 'is empty' }],
    ['Windows executable', bytes('MZ', [0x90, 0]), { refused: 'is an executable' }],
    ['ELF', bytes([0x7f], 'ELF', [2, 1, 1]), { refused: 'is an executable' }],
    ['Mach-O 64-bit', bytes([0xcf, 0xfa, 0xed, 0xfe]), { refused: 'is an executable' }],
    ['Mach-O universal', bytes([0xca, 0xfe, 0xba, 0xbe]), { refused: 'is an executable' }],
    ['a script', bytes('#!/usr/bin/env node\n'), { refused: 'is an executable' }],
    ['HTML', bytes('<!DOCTYPE html><html>'), { refused: 'is markup (HTML, SVG or XML)' }],
    [
      'HTML after a BOM, tabs and lines',
      bytes([0xef, 0xbb, 0xbf], '\t\r\n <p>'),
      { refused: 'is markup (HTML, SVG or XML)' },
    ],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">'), { refused: 'is markup (HTML, SVG or XML)' }],
    ['XML', bytes('<?xml version="1.0"?>'), { refused: 'is markup (HTML, SVG or XML)' }],
    ['AVIF (mif1 with an AVIF brand)', isobmff('avif', 'mif1', 'avif'), { text: true }],
    ['MP4', isobmff('isom', 'mp41'), { text: true }],
  ];
  it.each(table)('%s', (_what, head, verdict) => {
    expect(sniffHead(head)).toEqual(verdict);
  });

  it('AVIF and MP4 get no further: their NUL bytes make them no text, so the inspector refuses them', async () => {
    for (const content of [isobmff('avif', 'mif1', 'avif'), isobmff('isom', 'mp41')]) {
      await expect(inspect([content])).rejects.toThrow('is not a document, image or text we accept');
    }
  });
});

describe("a ZIP archive's directory", () => {
  const office = (archive: Buffer) => officeDocument(zipEntryNames(archive, archive.length));
  const contentTypes: [string, string] = ['[Content_Types].xml', '<Types/>'];

  it('finds the names whatever the writer: stored, deflated, sizes in data descriptors', () => {
    for (const options of [{}, { deflate: true }, { deflate: true, dataDescriptors: true }]) {
      const archive = docxArchive('Dear traveller', options);
      expect(zipEntryNames(archive, archive.length)).toEqual([
        '[Content_Types].xml',
        '_rels/.rels',
        'word/document.xml',
      ]);
      expect(office(archive)).toEqual({ accepted: UPLOAD_TYPES.docx });
    }
  });

  it('tells an XLSX written by exceljs', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Rooms').addRow(['Room', 'Guest']);
    const archive = Buffer.from(await book.xlsx.writeBuffer());
    expect(zipEntryNames(archive, archive.length)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']),
    );
    expect(office(archive)).toEqual({ accepted: UPLOAD_TYPES.xlsx });
  });

  it('reads the directory from a tail of the file', () => {
    const archive = zipArchive([contentTypes, ['xl/workbook.xml', '<workbook/>'], ['big.bin', Buffer.alloc(5000)]]);
    const tail = archive.subarray(archive.length - 400);
    expect(zipEntryNames(tail, archive.length)).toContain('xl/workbook.xml');
    // a tail that ends before the directory starts: nothing to go by
    expect(zipEntryNames(archive.subarray(archive.length - 30), archive.length)).toBeUndefined();
  });

  const refusals: Array<[string, Buffer]> = [
    ['a plain ZIP', zipArchive([['notes.txt', 'hello']])],
    ['content types without a workbook or document', zipArchive([contentTypes, ['xl/styles.xml', '<s/>']])],
    ['a document without content types', zipArchive([['word/document.xml', '<w/>']])],
    ['a ZIP without its directory', zipArchive([contentTypes, ['word/document.xml', '<w/>']]).subarray(0, 100)],
    ['garbage after PK', bytes('PK', [3, 4], 'garbage')],
  ];
  it.each(refusals)('refused: %s', (_what, archive) => {
    expect(office(archive)).toEqual({ refused: 'is a ZIP archive that is not an XLSX or DOCX document' });
  });
});

describe('CSV or text', () => {
  const table: Array<[string, string, 'csv' | 'text']> = [
    ['commas on both lines', 'name,passport\nA,X1\n', 'csv'],
    ['semicolons, CRLF', 'name;passport\r\nA;X1\r\n', 'csv'],
    ['tabs', 'a\tb\tc\n1\t2\t3\n', 'csv'],
    ['one line with commas', 'a,b,c', 'csv'],
    ['a sentence then prose', 'Dear traveller, welcome\nSee you soon\nBye\n', 'text'],
    ['no separator', 'Just notes\n', 'text'],
  ];
  it.each(table)('%s', (_what, text, label) => {
    expect(textType(Buffer.from(text))).toBe(UPLOAD_TYPES[label]);
  });
});

/** The inspector's result for `chunks` streamed through it (its bytes passed on whole). */
async function inspect(chunks: Buffer[], maxBytes = 1024 * 1024): Promise<InspectedUpload & { passed: number }> {
  const inspector = new UploadInspector('fileToUpload', maxBytes);
  let passed = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      passed += chunk.length;
      callback();
    },
  });
  await pipeline(Readable.from(chunks), inspector, sink);
  return { ...inspector.result, passed };
}

describe('the inspector, as the bytes stream', () => {
  it('passes every byte on and answers type, size and SHA-256', async () => {
    const euro = Buffer.from('€'); // three bytes, split across chunks below
    const chunks = [Buffer.from('price;'), euro.subarray(0, 1), euro.subarray(1), Buffer.from('\n')];
    expect(await inspect(chunks)).toEqual({
      type: UPLOAD_TYPES.csv,
      size: 10,
      sha256: createHash('sha256').update(Buffer.concat(chunks)).digest('hex'),
      passed: 10,
    });
  });

  it('refuses at the first byte over the limit, before reading on', async () => {
    let read = 0;
    const endless = new Readable({
      read() {
        read += 1;
        this.push(Buffer.alloc(1000, 'a'));
      },
    });
    const inspector = new UploadInspector('fileToUpload', 10_000);
    await expect(pipeline(endless, inspector, new Writable({ write: (_c, _e, done) => done() }))).rejects.toThrow(
      'Parameter fileToUpload is larger than 10000 bytes',
    );
    expect(read).toBeLessThan(30);
  });

  it('refuses refused first bytes as soon as it has them, without waiting for the end', async () => {
    let read = 0;
    const html = new Readable({
      read() {
        read += 1;
        this.push(read === 1 ? Buffer.from(`<html>${' '.repeat(5000)}`) : Buffer.alloc(1000, 'a'));
      },
    });
    const inspector = new UploadInspector('fileToUpload', 10 * 1024 * 1024);
    await expect(pipeline(html, inspector, new Writable({ write: (_c, _e, done) => done() }))).rejects.toThrow(
      'markup',
    );
    expect(read).toBeLessThan(30);
  });

  it('refuses at the end what only the end tells: bad UTF-8 after the head, a ZIP without Office parts', async () => {
    const late = [Buffer.alloc(8000, 'a'), Buffer.from([0xc3, 0x28])];
    await expect(inspect(late)).rejects.toThrow('is not a document, image or text we accept');
    await expect(inspect([Buffer.from('ab'), Buffer.from([0xe2, 0x82])])).rejects.toThrow('not a document');
    await expect(inspect([zipArchive([['a.txt', 'x']])])).rejects.toThrow('not an XLSX or DOCX');
  });
});

describe('base64, strictly', () => {
  const ok: Array<[string, string, string]> = [
    ['padded twice', 'YQ==', 'a'],
    ['padded once', 'YWI=', 'ab'],
    ['unpadded length', 'YWJj', 'abc'],
    ['a data: URL', 'data:text/plain;base64,YWJj', 'abc'],
    ['a data: URL with a charset', 'data:text/plain;charset=utf-8;base64,YWJj', 'abc'],
    ['wrapped lines', 'YW\r\nJj\n', 'abc'],
    ["a form's unencoded '+' (decoded as a space)", 'Pz8/Pj4 ', '???>>>'],
  ];
  it.each(ok)('%s', (_what, text, decoded) => {
    expect(decodeBase64Strictly('fileToUpload', text, 100).toString()).toBe(decoded);
  });

  const refused: Array<[string, string, string]> = [
    ['unpadded short', 'YQ', 'is not valid base64'],
    ['a character outside the alphabet', 'YW*j', 'is not valid base64'],
    ['the URL alphabet', 'YW-_', 'is not valid base64'],
    ['a tab inside', 'YW\tj', 'is not valid base64'],
    ['padding in the middle', 'YQ==YWJj', 'is not valid base64'],
    ['three pads', 'Y===', 'is not valid base64'],
    ['a lone pad after data', 'YWJ=YWJj', 'is not valid base64'],
    ['only a prefix', 'data:image/png;base64,', 'is empty'],
    ['over the limit', 'YWJj'.repeat(34), 'is larger than 100 bytes decoded'],
  ];
  it.each(refused)('refused: %s', (_what, text, why) => {
    expect(() => decodeBase64Strictly('fileToUpload', text, 100)).toThrow(`Parameter fileToUpload ${why}`);
  });
});

describe('names', () => {
  const original: Array<[string | undefined, string]> = [
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\scan.png', 'scan.png'],
    ['  spaced .txt  ', 'spaced .txt'],
    ['bad\u0000\u0007name\u202egnp.exe', 'badnamegnp.exe'],
    ['..', 'upload.pdf'],
    ['dir/', 'upload.pdf'],
    [undefined, 'upload.pdf'],
    ['x'.repeat(300), 'x'.repeat(255)],
  ];
  it.each(original)('original name of %j', (given, kept) => {
    expect(originalNameOf(given, 'pdf')).toBe(kept);
  });

  it('Content-Disposition: an ASCII fallback and the exact name encoded', () => {
    expect(attachmentDisposition('plain.pdf')).toBe(`attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`);
    expect(attachmentDisposition(`Reçu "août" 100%;(1)'.pdf`)).toBe(
      `attachment; filename="Re_u _ao_t_ 100_;(1)'.pdf"; filename*=UTF-8''Re%C3%A7u%20%22ao%C3%BBt%22%20100%25%3B%281%29%27.pdf`,
    );
  });
});
