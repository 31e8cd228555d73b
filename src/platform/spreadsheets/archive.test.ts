// A spreadsheet import's two steps on generated files, in this thread, without a service or a worker: the archive
// check (not a ZIP, no workbook, ZIP bombs that declare or hide their size, entries outside the directory, too many
// entries, a part past its cap, the counts of cell formats, shared strings, rows, columns and cells) and the
// streaming read of the first sheet (cells as plain values, formulas as their text, the row bound).
import { PassThrough } from 'node:stream';
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipArchive } from '../../../test/support/zip.js';
import { checkSpreadsheetArchive } from './archive.js';
import { SPREADSHEET_BOUNDS, type SpreadsheetLimits } from './limits.js';
import { readFirstSheet } from './sheet-reader.js';

const PARAMETER = 'fileData';
const READ = { dataRows: 50, rowsOf: 'passengers', columnsRead: 20 };
const LIMITS: SpreadsheetLimits = { rows: 200_000, columns: 1024, cells: 1_000_000, sharedStrings: 1_000_000 };

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Passengers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Zeros deflated a mebibyte at a time: `mebibytes` of them never sit in memory at once. */
async function deflatedZeros(mebibytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  const collected = new Promise<Buffer>((resolve) => {
    deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflater.on('end', () => resolve(Buffer.concat(chunks)));
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < mebibytes; index += 1) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  return collected;
}

/** A workbook whose sheet is `deflated` (any bytes), marked deflated and declaring `declaredSize` inflated. */
function patchedArchive(deflated: Buffer, declaredSize: number): Buffer {
  const head = zipArchive([
    ['[Content_Types].xml', '<Types/>'],
    ['xl/workbook.xml', '<workbook/>'],
    ['xl/worksheets/sheet1.xml', deflated],
  ]);
  // zipArchive stored the deflated bytes as they are: mark the entry deflated with the size it claims to inflate to
  const directoryStart = head.readUInt32LE(head.length - 22 + 16);
  let at = directoryStart;
  for (let entry = 0; entry < 3; entry += 1) {
    const nameLength = head.readUInt16LE(at + 28);
    const name = head.subarray(at + 46, at + 46 + nameLength).toString();
    if (name === 'xl/worksheets/sheet1.xml') {
      const local = head.readUInt32LE(at + 42);
      head.writeUInt16LE(8, at + 10);
      head.writeUInt32LE(declaredSize, at + 24);
      head.writeUInt16LE(8, local + 8);
      head.writeUInt32LE(declaredSize, local + 22);
    }
    at += 46 + nameLength;
  }
  return head;
}

const refusal = (bytes: Buffer, limits = LIMITS) => checkSpreadsheetArchive(PARAMETER, bytes, limits);

describe('the archive check', () => {
  it('passes a workbook written by exceljs, its sheets last in reading order', async () => {
    const records = await refusal(await xlsxOf([['First Name', 'Last Name']]));
    const entries = records.slice(0, -1);
    const names = entries.map((record) => record.subarray(30, 30 + record.readUInt16LE(26)).toString());
    expect(names.at(-1)).toBe('xl/worksheets/sheet1.xml');
    // the directory last: a streaming reader ends there
    expect(records.at(-1)?.readUInt32LE(0)).toBe(0x02014b50);
    expect(names).toContain('xl/sharedStrings.xml');
  });

  it.each([
    ['text', Buffer.from('First Name,Last Name\nAnn,Lee\n')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
    ['nothing', Buffer.alloc(0)],
    ['a ZIP without a workbook', zipArchive([['notes.txt', 'hello']])],
    ['a ZIP cut short', zipArchive([['[Content_Types].xml', '<Types/>']]).subarray(0, 40)],
  ])('refuses %s as no XLSX spreadsheet', async (_what, bytes) => {
    await expect(refusal(bytes)).rejects.toMatchObject({
      code: 'INVALID_FORMAT',
      message: expect.stringContaining('Parameter fileData is not an XLSX spreadsheet'),
    });
  });

  it('refuses a ZIP bomb by the size its directory declares, before inflating anything', async () => {
    const bomb = patchedArchive(await deflatedZeros(80), 80 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    await expect(refusal(bomb)).rejects.toThrow(
      `unpacks to more than ${SPREADSHEET_BOUNDS.uncompressedBytes / 1048576} MiB`,
    );
  });

  it('refuses a ZIP bomb that declares a small size as soon as inflating passes it', async () => {
    const bomb = patchedArchive(await deflatedZeros(256), 1000);
    await expect(refusal(bomb)).rejects.toThrow('does not inflate to the size it declares');
  });

  it('refuses an archive of more entries than a workbook has', async () => {
    const many: Array<[string, string]> = Array.from({ length: SPREADSHEET_BOUNDS.entries + 1 }, (_, n) => [
      `x/${n}`,
      '',
    ]);
    const archive = zipArchive([['[Content_Types].xml', '<Types/>'], ['xl/workbook.xml', '<w/>'], ...many]);
    await expect(refusal(archive)).rejects.toThrow(`holds more than ${SPREADSHEET_BOUNDS.entries} entries`);
  });

  it('refuses data the directory does not list (a streaming reader would unpack it)', async () => {
    const workbook = await xlsxOf([['First Name', 'Last Name']]);
    const hidden = zipArchive([['xl/worksheets/sheet9.xml', '<worksheet/>']]);
    const localOnly = hidden.subarray(0, hidden.readUInt32LE(hidden.length - 22 + 16));
    // the hidden entry goes first; the directory and every offset in it move past it, so all it lists is right
    const shifted = Buffer.concat([localOnly, workbook]);
    const end = shifted.length - 22;
    let at = shifted.readUInt32LE(end + 16) + localOnly.length;
    shifted.writeUInt32LE(at, end + 16);
    for (let entry = 0; entry < shifted.readUInt16LE(end + 10); entry += 1) {
      shifted.writeUInt32LE(shifted.readUInt32LE(at + 42) + localOnly.length, at + 42);
      at += 46 + shifted.readUInt16LE(at + 28) + shifted.readUInt16LE(at + 30) + shifted.readUInt16LE(at + 32);
    }
    await expect(refusal(shifted)).rejects.toThrow('its entries do not match its directory');
    // the same archive without the hidden entry passes
    await expect(refusal(workbook)).resolves.toBeDefined();
  });

  it('refuses a deflated entry that is no deflate stream', async () => {
    const broken = patchedArchive(Buffer.from('this is not deflated at all, just text'), 100);
    await expect(refusal(broken)).rejects.toThrow('does not inflate to the size it declares');
  });
});

describe('reading the first sheet', () => {
  const read = async (bytes: Buffer, how = READ) => readFirstSheet(PARAMETER, await refusal(bytes), how);

  it('gives each non-empty row its sheet number and cells as values; a formula as its text, never its result', async () => {
    const birth = new Date(Date.UTC(1990, 4, 3));
    const bytes = await xlsxOf([
      ['First Name*', 'Last Name*', 'Date of Birth', 'Age'],
      ['Ann', { formula: 'HYPERLINK("http://evil.example","x")', result: 'x' }, birth, 34],
      [],
      [{ richText: [{ text: 'Bo' }, { text: 'b' }] }, 'Lee', '1990-05-03', true],
    ]);
    const rows = await read(bytes);
    expect(rows.map((row) => row.rowNumber)).toEqual([1, 2, 4]);
    expect(rows[1]?.cells).toEqual(['Ann', '=HYPERLINK("http://evil.example","x")', birth, 34]);
    expect(rows[2]?.cells).toEqual(['Bob', 'Lee', '1990-05-03', true]);
  });

  it('reads an empty sheet as no rows', async () => {
    expect(await read(await xlsxOf([]))).toEqual([]);
  });

  it('refuses a sheet of more rows than the bound as soon as it gets there', async () => {
    const rows = [['First Name', 'Last Name'], ...Array.from({ length: 60 }, (_, n) => [`F${n}`, `L${n}`])];
    await expect(read(await xlsxOf(rows))).rejects.toThrow('has more than 50 rows of passengers');
    expect(await read(await xlsxOf(rows.slice(0, 51)))).toHaveLength(51);
  });

  it('streams a sheet of 100,000 rows to the bound and refuses it, without a crash', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('Passengers');
    sheet.addRow(['First Name', 'Last Name']).commit();
    for (let n = 0; n < 100_000; n += 1) sheet.addRow([`First ${n}`, `Last ${n}`]).commit();
    sheet.commit();
    await book.commit();
    const bytes = Buffer.concat(chunks);
    await expect(read(bytes, { ...READ, dataRows: 10_000 })).rejects.toThrow('has more than 10000 rows');
  });
});

/** A workbook's skeleton with `parts` ([name, content]) added, deflated or stored. */
function workbookWith(parts: Array<[string, string]>, deflate = true): Buffer {
  return zipArchive(
    [['[Content_Types].xml', '<Types/>'], ['xl/workbook.xml', '<workbook/>'], ...parts],
    deflate ? { deflate: true } : {},
  );
}

const styles = (formats: number, tag = '<xf/>') =>
  `<styleSheet><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs>${tag.repeat(formats - 1)}</cellXfs></styleSheet>`;

const sheet = (rows: string[]) => `<worksheet><sheetData>${rows.join('')}</sheetData></worksheet>`;
const row = (cells: string[]) => `<row>${cells.map((cell) => `<c${cell}><v>1</v></c>`).join('')}</row>`;

describe('the counts of the parts', () => {
  it("refuses more cell formats than Excel's 64,000, counted exactly across the chunks they straddle", async () => {
    await expect(refusal(workbookWith([['xl/styles.xml', styles(64_000)]]))).resolves.toBeDefined();
    for (const tag of ['<xf/>', '<x:xf applyFont="1"/>', '<xf numFmtId="0">\n</xf>']) {
      await expect(refusal(workbookWith([['xl/styles.xml', styles(64_001, tag)]]))).rejects.toThrow(
        'Parameter fileData has more than 64000 cell formats',
      );
    }
    // stored entries are counted as deflated ones are
    await expect(refusal(workbookWith([['xl/styles.xml', styles(64_001)]], false))).rejects.toThrow('cell formats');
  });

  it('refuses a styles part above its cap by the size it declares, before inflating it', async () => {
    const cap = SPREADSHEET_BOUNDS.stylesBytes;
    const big = `<styleSheet>${' '.repeat(cap)}</styleSheet>`;
    await expect(refusal(workbookWith([['xl/styles.xml', big]]))).rejects.toThrow(
      'has a part xl/styles.xml that unpacks to more than 16 MiB',
    );
  });

  it('refuses more shared strings, rows, columns or cells than the caller allows', async () => {
    const limits: SpreadsheetLimits = { rows: 3, columns: 4, cells: 10, sharedStrings: 5 };
    const check = (parts: Array<[string, string]>) => refusal(workbookWith(parts), limits);
    const strings = (count: number) => `<sst>${'<si><t>x</t></si>'.repeat(count)}</sst>`;
    await expect(check([['xl/sharedStrings.xml', strings(5)]])).resolves.toBeDefined();
    await expect(check([['xl/sharedStrings.xml', strings(6)]])).rejects.toThrow('has more than 5 shared strings');
    const threeRows = sheet([row(['', '']), row(['']), '<row r="3"/>']);
    await expect(check([['xl/worksheets/sheet1.xml', threeRows]])).resolves.toBeDefined();
    await expect(check([['xl/worksheets/sheet1.xml', sheet([threeRows, '<row/>'])]])).rejects.toThrow(
      'has a sheet of more than 3 rows',
    );
    const wide = 'has a row of more than 4 columns';
    await expect(check([['xl/worksheets/sheet1.xml', sheet([row(['', '', '', '', ''])])]])).rejects.toThrow(wide);
    await expect(check([['xl/worksheets/sheet1.xml', sheet([row([' r="E1"'])])]])).rejects.toThrow(wide);
    await expect(check([['xl/worksheets/sheet1.xml', sheet([row([" r='$D$1'"])])]])).resolves.toBeDefined();
    // the cells of every sheet count together
    const sixCells = sheet([row(['', '', '']), row(['', '', ''])]);
    const twoSheets: Array<[string, string]> = [
      ['xl/worksheets/sheet1.xml', sixCells],
      ['xl/worksheets/sheet2.xml', sixCells],
    ];
    await expect(check(twoSheets)).rejects.toThrow('has more than 10 cells');
  });
});
