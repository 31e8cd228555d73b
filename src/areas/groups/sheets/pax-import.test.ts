// /groups/pax/import through the API: a sheet whose header is matched by title, rows read into passengers or into
// errors with the sheet's row numbers, matches updated and others inserted, the same file twice giving updates, a
// dry run writing nothing, a failure half-way writing nothing, and every refusal of the file (not base64, not a
// spreadsheet, above 5 MB, a ZIP bomb, no header), of the parameters and of another tenant's group.
import { createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { zipArchive } from '../../../../test/support/zip.js';
import type { PaxImportResult } from './group-sheets.schemas.js';
import type { Group, Passenger } from '../groups/index.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

type Cell = string | number | Date | boolean | { formula: string; result?: string | number } | undefined;

async function sheetBase64(rows: Cell[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Passengers');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

const newGroup = async (api = agent.api) =>
  (
    await api.ok<Group>('/groups/group/write', {
      groupName: 'Import group',
      arrivalDate: '2027-05-01',
      departureDate: '2027-05-08',
    })
  ).groupId;

const paxOf = (groupId: number) => agent.api.ok<Passenger[]>('/groups/pax/list', { groupId });
const importSheet = (groupId: number, fileData: string, extra: object = {}) =>
  agent.api.ok<PaxImportResult>('/groups/pax/import', { groupId, fileData, fileName: 'pax.xlsx', ...extra });

const HEADER = ['last name', 'FIRST NAME*', 'Gender', 'Date of Birth', 'Passport Number', 'Phone', 'Comment'];
const ROWS: Cell[][] = [
  HEADER,
  ['Lee', 'Ann', 'F', new Date(Date.UTC(1990, 4, 3)), 'ab 123456', 971501234567, 'ignored'],
  ['Khan', 'Bob', 'M', '1985-12-31', 'X9876543', '+44 20 7946 0000'],
  [],
  ['Ng', '', 'Q', '1985-02-30', 'P1'],
  ['Diaz', { formula: 'HYPERLINK("http://evil.example","x")', result: 'x' }, undefined, undefined, undefined],
];

describe('an import', () => {
  it('inserts the rows without errors and names every error by sheet row, field and raw value', async () => {
    const groupId = await newGroup();
    const result = await importSheet(groupId, await sheetBase64(ROWS));
    expect(result).toMatchObject({ totalProcessed: 4, inserted: 3, updated: 0, failed: 1, dryRun: false });
    expect(result.errors).toEqual([
      { rowNumber: 5, fieldName: 'firstName', errorMessage: 'First Name is required', rawValue: null },
      { rowNumber: 5, fieldName: 'gender', errorMessage: 'Gender must be M or F', rawValue: 'Q' },
      {
        rowNumber: 5,
        fieldName: 'dateOfBirth',
        errorMessage: 'Date of Birth is not a calendar date',
        rawValue: '1985-02-30',
      },
      {
        rowNumber: 5,
        fieldName: 'passportNumber',
        errorMessage: 'Passport Number must be 4 to 20 letters or digits',
        rawValue: 'P1',
      },
    ]);
    expect(result.importedPax.map((pax) => [pax.firstName, pax.lastName, pax.passportNumber])).toEqual([
      ['Ann', 'Lee', 'AB123456'],
      ['Bob', 'Khan', 'X9876543'],
      // a formula is its text: never evaluated, never its cached result
      ['=HYPERLINK("http://evil.example","x")', 'Diaz', null],
    ]);
    const stored = await paxOf(groupId);
    expect(stored).toEqual(result.importedPax);
    expect(stored[0]).toMatchObject({ gender: 'F', dateOfBirth: '1990-05-03', phone: '971501234567' });
    const group = await agent.api.ok<{ group: Group }>('/groups/group/loadExpanded', { groupId });
    expect(group.group.paxRegistered).toBe(3);
  });

  it('of the same file again updates the passengers it inserted: no duplicates', async () => {
    const groupId = await newGroup();
    const file = await sheetBase64(ROWS);
    const first = await importSheet(groupId, file);
    const second = await importSheet(groupId, file);
    expect(second).toMatchObject({ totalProcessed: 4, inserted: 0, updated: 3, failed: 1 });
    expect(second.importedPax.map((pax) => pax.paxId)).toEqual(first.importedPax.map((pax) => pax.paxId));
    expect(await paxOf(groupId)).toHaveLength(3);
  });

  it('matches on last name and passport whatever their case and spaces; updates only the columns it has', async () => {
    const groupId = await newGroup();
    await importSheet(groupId, await sheetBase64([HEADER, ROWS[1] ?? []]));
    const update = await importSheet(
      groupId,
      await sheetBase64([
        ['First Name', 'Last Name', 'Passport Number', 'Nationality', 'Gender'],
        ['Annabel', 'LEE', 'AB123 456', 'GB', undefined],
        ['Ann', 'Lee', 'ZZ999999', 'GB', 'F'],
      ]),
    );
    expect(update).toMatchObject({ inserted: 1, updated: 1, failed: 0 });
    const [updated, inserted] = await paxOf(groupId);
    // Phone and Date of Birth are no columns of this sheet: kept; Gender is, and its cell is empty: cleared
    expect(updated).toMatchObject({ firstName: 'Annabel', lastName: 'LEE', nationality: 'GB', phone: '971501234567' });
    expect(updated).toMatchObject({ dateOfBirth: '1990-05-03', gender: null, passportNumber: 'AB123456' });
    expect(inserted).toMatchObject({ firstName: 'Ann', passportNumber: 'ZZ999999' });
  });

  it('keeps a Passport Expiry column, which the readiness check of passports reads', async () => {
    const groupId = await newGroup();
    const result = await importSheet(
      groupId,
      await sheetBase64([
        ['First Name', 'Last Name', 'Passport Number', 'Passport Expiry'],
        ['Ann', 'Lee', 'AB123456', '2027-06-01'],
      ]),
    );
    expect(result.importedPax[0]).toMatchObject({ passportNumber: 'AB123456', passportExpiry: '2027-06-01' });
    const expanded = await agent.api.ok<{ readiness: Array<{ code: string }> }>('/groups/group/loadExpanded', {
      groupId,
    });
    // the group departs 2027-05-08: a passport expiring within six months of it is warned about
    expect(expanded.readiness.map((warning) => warning.code)).toContain('PASSPORT_EXPIRES');
  });

  it('as a dry run counts what it would insert and update, and writes nothing', async () => {
    const groupId = await newGroup();
    const file = await sheetBase64(ROWS);
    const dry = await importSheet(groupId, file, { dryRun: true });
    expect(dry).toMatchObject({ totalProcessed: 4, inserted: 3, updated: 0, failed: 1, importedPax: [], dryRun: true });
    expect(await paxOf(groupId)).toEqual([]);
    await importSheet(groupId, await sheetBase64([HEADER, ROWS[1] ?? []]));
    expect(await importSheet(groupId, file, { dryRun: true })).toMatchObject({ inserted: 2, updated: 1 });
    expect(await paxOf(groupId)).toHaveLength(1);
  });

  it('that fails half-way writes nothing, not even the rows before the failure', async () => {
    const groupId = await newGroup();
    // a database failure on the file's last row (a trigger of this test's tenant only): the statement, and so the
    // transaction, fails after the rows before it were written
    await t.db(async (sql) => {
      await sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.last_name = 'Boom' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`;
      await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON group_pax FOR EACH ROW EXECUTE FUNCTION refuse_boom()`;
    });
    try {
      const rows = [HEADER, ...Array.from({ length: 50 }, (_, n) => [`Last${n}`, `First${n}`]), ['Boom', 'Last']];
      await agent.api.expectError('/groups/pax/import', { groupId, fileData: await sheetBase64(rows) }, 'GENERAL');
      expect(await paxOf(groupId)).toEqual([]);
    } finally {
      await t.db((sql) => sql`DROP FUNCTION refuse_boom() CASCADE`);
    }
  });

  it('run twice at once for one group inserts each passenger once (the second waits and updates)', async () => {
    const groupId = await newGroup();
    const file = await sheetBase64(ROWS);
    const [one, two] = await Promise.all([importSheet(groupId, file), importSheet(groupId, file)]);
    expect([one.inserted + two.inserted, one.updated + two.updated]).toEqual([3, 3]);
    expect(await paxOf(groupId)).toHaveLength(3);
  });

  it('refuses a second row with the match of an earlier one, naming it', async () => {
    const groupId = await newGroup();
    const result = await importSheet(
      groupId,
      await sheetBase64([
        HEADER,
        ['Lee', 'Ann', 'F', undefined, 'AB123456'],
        ['lee', 'Anne', 'F', undefined, 'ab123456'],
      ]),
    );
    expect(result).toMatchObject({ inserted: 1, failed: 1 });
    expect(result.errors).toEqual([
      {
        rowNumber: 3,
        fieldName: 'passportNumber',
        errorMessage: 'Has the same last name and passport number as row 2',
        rawValue: 'AB123456',
      },
    ]);
  });
});

/** Zeros deflated a mebibyte at a time. */
async function deflatedZeros(mebibytes: number): Promise<Buffer> {
  const deflater = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < mebibytes; index += 1) {
    if (!deflater.write(zeros)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await ended;
  return Buffer.concat(chunks);
}

/** A workbook whose sheet is a deflated bomb that declares `declaredSize` bytes inflated. */
function bomb(deflated: Buffer, declaredSize: number): Buffer {
  const archive = zipArchive([
    ['[Content_Types].xml', '<Types/>'],
    ['xl/workbook.xml', '<workbook/>'],
    ['xl/worksheets/sheet1.xml', deflated],
  ]);
  const central = archive.readUInt32LE(archive.length - 22 + 16);
  let at = central;
  for (let entry = 0; entry < 3; entry += 1) {
    const nameLength = archive.readUInt16LE(at + 28);
    if (archive.subarray(at + 46, at + 46 + nameLength).toString() === 'xl/worksheets/sheet1.xml') {
      const local = archive.readUInt32LE(at + 42);
      for (const [method, size] of [[at + 10, at + 24] as const, [local + 8, local + 22] as const]) {
        archive.writeUInt16LE(8, method);
        archive.writeUInt32LE(declaredSize, size);
      }
    }
    at += 46 + nameLength;
  }
  return archive;
}

describe('a refused import', () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = await newGroup();
  });
  const refused = async (fileData: string, why: string) => {
    await agent.api.expectError('/groups/pax/import', { groupId, fileData }, 'INVALID_FORMAT', why);
    expect(await paxOf(groupId)).toEqual([]);
  };

  it('names the missing parameter', async () => {
    await agent.api.expectError('/groups/pax/import', { fileData: 'AAAA' }, 'MISSING_PARAMETER', 'groupId');
    await agent.api.expectError('/groups/pax/import', { groupId }, 'MISSING_PARAMETER', 'fileData');
    await agent.api.expectError('/groups/pax/import', { groupId, fileData: '' }, 'MISSING_PARAMETER', 'fileData');
    await agent.api.expectError(
      '/groups/pax/import',
      { groupId: 'one', fileData: 'AAAA' },
      'INVALID_FORMAT',
      'groupId',
    );
  });

  it('refuses what is not base64, not a spreadsheet, or has no header with the required titles', async () => {
    await refused('not base64!', 'Parameter fileData is not valid base64');
    await refused(Buffer.from('First Name,Last Name\nAnn,Lee\n').toString('base64'), 'is not an XLSX spreadsheet');
    await refused(Buffer.from('%PDF-1.7\n%%EOF').toString('base64'), 'is not an XLSX spreadsheet');
    await refused(
      await sheetBase64([
        ['First Name', 'Surname'],
        ['Ann', 'Lee'],
      ]),
      'has no column Last Name',
    );
    await refused(await sheetBase64([]), 'has no header row');
  });

  it('refuses a file above 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1).toString('base64');
    await refused(big, 'is larger than 5 MiB');
  });

  it('refuses ZIP bombs, whether they declare their size or lie about it', async () => {
    const zeros = await deflatedZeros(300);
    await refused(bomb(zeros, 300 * 1024 * 1024).toString('base64'), 'unpacks to more than 64 MiB');
    await refused(bomb(zeros, 4000).toString('base64'), 'does not inflate to the size it declares');
  });

  it('refuses a sheet of more than 10,000 passengers', async () => {
    const rows: Cell[][] = [
      ['First Name', 'Last Name'],
      ...Array.from({ length: 10_001 }, (_, n) => [`F${n}`, `L${n}`]),
    ];
    await refused(await sheetBase64(rows), 'has more than 10000 rows of passengers');
  });

  it("answers NOTFOUND for another tenant's group, and writes nothing there", async () => {
    // ids are per tenant: theirs is one our tenant does not have
    const ours = await newGroup();
    let theirs = await newGroup(other.adminApi);
    while (theirs <= ours) theirs = await newGroup(other.adminApi);
    const fileData = await sheetBase64(ROWS);
    await agent.api.expectError('/groups/pax/import', { groupId: theirs, fileData }, 'NOTFOUND', 'Group');
    await agent.api.expectError('/groups/pax/import', { groupId: 999_999, fileData }, 'NOTFOUND', 'Group');
    expect(await other.adminApi.ok<Passenger[]>('/groups/pax/list', { groupId: theirs })).toEqual([]);
  });
});
