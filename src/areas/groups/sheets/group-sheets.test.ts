// The spreadsheets a caller downloads, read back as a spreadsheet program would: the passenger template (columns
// A-J, required titles marked, checks on Gender, Date of Birth and Age), the passenger export (fourteen columns, an
// attachment named after the group, no formula whatever the passengers' texts) and the schedule (title, date range,
// events grouped by date, readiness on yellow or green cells); their refusals and another tenant's group.
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { PaxRow } from '../groups/index.js';
import type { PaxImportResult } from './group-sheets.schemas.js';
import type { Group, Passenger } from '../groups/index.js';
import { passengerWorkbook } from './pax-export.js';
import { FILLS } from './schedule.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  [t, other] = [await tenant(service), await tenant(service)];
  agent = await user(t, 'employee');
});
afterAll(() => t?.service.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const download = (path: string, body: object, api = agent.api) =>
  api.inject({ method: 'POST', url: path, payload: { session: api.session, ...body } });

async function workbookOf(answer: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Uint8Array.from(answer.rawPayload).buffer);
  const [sheet] = book.worksheets;
  if (!sheet) throw new Error('the workbook has no sheet');
  return sheet;
}

const rowTexts = (sheet: ExcelJS.Worksheet, rowNumber: number) => {
  const values = sheet.getRow(rowNumber).values;
  return Array.isArray(values) ? values.slice(1) : [];
};

/** Every cell of the sheet that holds a formula (a shared one too). */
function formulaCells(sheet: ExcelJS.Worksheet): string[] {
  const found: string[] = [];
  sheet.eachRow((row) => {
    row.eachCell((cell) => {
      if (cell.type === ExcelJS.ValueType.Formula || cell.formula) found.push(cell.address);
    });
  });
  return found;
}

const newGroup = async (body: object = {}, api = agent.api) =>
  api.ok<Group>('/groups/group/write', {
    groupName: 'Sheets group',
    arrivalDate: '2027-05-01',
    departureDate: '2027-05-08',
    ...body,
  });

describe('the passenger template', () => {
  it('has columns A-J with the required titles marked, and checks Gender, Date of Birth and Age', async () => {
    const answer = await download('/groups/pax/template', {});
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="group-passengers-template.xlsx"');
    const sheet = await workbookOf(answer);
    expect(rowTexts(sheet, 1)).toEqual([
      'First Name*',
      'Last Name*',
      'Gender',
      'Date of Birth',
      'Nationality',
      'Passport Number',
      'Phone',
      'Email',
      'Age',
      'Notes',
    ]);
    expect(sheet.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ['"M,F"'] });
    expect(sheet.getCell('D500').dataValidation).toMatchObject({ type: 'date', operator: 'between' });
    expect(sheet.getCell('I1001').dataValidation).toMatchObject({ type: 'whole', formulae: [0, 150] });
    expect(formulaCells(sheet)).toEqual([]);
  });

  it('is for employees only', async () => {
    const customer = await user(t, 'customer');
    await customer.api.expectError('/groups/pax/template', {}, 'FORBIDDEN');
  });
});

describe('the passenger export', () => {
  const hostile = ['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd', '=HYPERLINK("http://evil.example","click")'];

  it('has the fourteen columns, one row a passenger, named after the group; texts like formulas stay text', async () => {
    const group = await newGroup({ groupName: 'Smith Family 2027' });
    await agent.api.ok('/groups/pax/write', {
      paxList: [
        {
          groupId: group.groupId,
          firstName: 'Layla',
          lastName: 'Haddad',
          gender: 'F',
          dateOfBirth: '1990-02-03',
          nationality: 'JO',
          passportNumber: 'N1234567',
          phone: '+962790000000',
          email: 'layla@example.com',
          age: 37,
          notes: 'Window seat',
          emergencyContact: 'Omar Haddad',
          emergencyTel: '+962790000001',
          visaRequired: true,
          visaStatus: 'APPROVED',
        },
        ...hostile.map((text, n) => ({
          groupId: group.groupId,
          firstName: text,
          lastName: `Hostile${n}`,
          notes: text,
        })),
      ],
    });
    const answer = await download('/groups/pax/exportExcel', { groupId: group.groupId });
    expect(answer.headers['content-type']).toBe('application/octet-stream');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="Smith_Family_2027_passengers.xlsx"');
    const sheet = await workbookOf(answer);
    expect(rowTexts(sheet, 1)).toEqual([
      'First Name',
      'Last Name',
      'Gender',
      'Date of Birth',
      'Nationality',
      'Passport Number',
      'Phone',
      'Email',
      'Age',
      'Notes',
      'Emergency Contact',
      'Emergency Tel',
      'Visa Required',
      'Visa Status',
    ]);
    expect(rowTexts(sheet, 2)).toEqual([
      'Layla',
      'Haddad',
      'F',
      '1990-02-03',
      'JO',
      'N1234567',
      '+962790000000',
      'layla@example.com',
      37,
      'Window seat',
      'Omar Haddad',
      '+962790000001',
      'Yes',
      'APPROVED',
    ]);
    expect(sheet.rowCount).toBe(2 + hostile.length);
    expect(formulaCells(sheet)).toEqual([]);
    hostile.forEach((text, n) => {
      const cell = sheet.getCell(3 + n, 1);
      expect(cell.value).toBe(text);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.numFmt).toBe('@');
    });
  });

  it('imports into another group as it is: the same passengers, every field', async () => {
    const from = await newGroup({ groupName: 'Round trip' });
    const written = await agent.api.ok<Passenger[]>('/groups/pax/write', {
      paxList: [
        {
          groupId: from.groupId,
          firstName: 'Layla',
          lastName: 'Haddad',
          gender: 'F',
          dateOfBirth: '1990-02-03',
          nationality: 'JO',
          passportNumber: 'N1234567',
          phone: '+962790000000',
          email: 'layla@example.com',
          age: 37,
          notes: '=not a formula',
          emergencyContact: 'Omar Haddad',
          emergencyTel: '+962790000001',
          visaRequired: false,
          visaStatus: 'NOT_NEEDED',
        },
        { groupId: from.groupId, firstName: 'Omar', lastName: 'Haddad' },
      ],
    });
    const exported = await download('/groups/pax/exportExcel', { groupId: from.groupId });
    const to = await newGroup({ groupName: 'Round trip copy' });
    const imported = await agent.api.ok<PaxImportResult>('/groups/pax/import', {
      groupId: to.groupId,
      fileData: exported.rawPayload.toString('base64'),
    });
    expect(imported).toMatchObject({ totalProcessed: 2, inserted: 2, failed: 0, errors: [] });
    const comparable = (pax: Passenger) => ({ ...pax, paxId: 0, groupId: 0 });
    expect(imported.importedPax.map(comparable)).toEqual(written.map(comparable));
  });

  it('writes a tab or a carriage return first as text too', async () => {
    const pax = (firstName: string, notes: string): PaxRow => ({
      pax_id: 1,
      group_id: 1,
      first_name: firstName,
      last_name: 'Lee',
      gender: null,
      date_of_birth: null,
      age: null,
      nationality: null,
      passport_number: null,
      passport_expiry: null,
      phone: null,
      email: null,
      notes,
      emergency_contact: null,
      emergency_tel: null,
      visa_required: null,
      visa_status: null,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(await passengerWorkbook([pax('\t=1+1', '\r=cmd|"/c calc"!A1')])).buffer);
    const sheet = book.worksheets[0];
    expect(sheet && formulaCells(sheet)).toEqual([]);
    expect(sheet?.getCell('A2').numFmt).toBe('@');
    // XML reads a carriage return back as a line feed; the text and its format stay
    expect(sheet?.getCell('J2')).toMatchObject({ value: expect.stringMatching(/^\s=cmd/), numFmt: '@' });
  });

  it("answers a JSON envelope on error: MISSING_PARAMETER, NOTFOUND (another tenant's group too)", async () => {
    await agent.api.expectError('/groups/pax/exportExcel', {}, 'MISSING_PARAMETER', 'groupId');
    await agent.api.expectError('/groups/pax/exportExcel', { groupId: 999_999 }, 'NOTFOUND', 'Group');
    const ours = await newGroup();
    let theirs = await newGroup({}, other.adminApi);
    while (theirs.groupId <= ours.groupId) theirs = await newGroup({}, other.adminApi);
    await agent.api.expectError('/groups/pax/exportExcel', { groupId: theirs.groupId }, 'NOTFOUND', 'Group');
  });
});

/** The numbers of the schedule's event rows: after the header (row 3), those that are no merged date banner. */
const eventRowNumbers = (sheet: ExcelJS.Worksheet) =>
  Array.from({ length: sheet.rowCount - 3 }, (_, n) => n + 4).filter((n) => !sheet.getCell(n, 1).isMerged);
const eventRows = (sheet: ExcelJS.Worksheet) => eventRowNumbers(sheet).map((n) => rowTexts(sheet, n));
const dateBanners = (sheet: ExcelJS.Worksheet) =>
  Array.from({ length: sheet.rowCount - 3 }, (_, n) => n + 4)
    .filter((n) => sheet.getCell(n, 1).isMerged)
    .map((n) => sheet.getCell(n, 1).value);
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

describe('the schedule', () => {
  const today = formatDate(new Date(), 'Asia/Dubai');
  const day = (n: number) => addDays(today, n);

  async function travellingGroup(name: string, confirmed: boolean) {
    const group = await newGroup({ groupName: name, arrivalDate: day(2), departureDate: day(5) });
    await agent.api.ok('/groups/hotel/write', {
      groupId: group.groupId,
      hotelName: `${name} Hotel`,
      checkIn: day(2),
      checkOut: day(5),
      ...(confirmed ? { confirmationNumber: 'CONF-1' } : {}),
    });
    await agent.api.ok('/groups/transport/write', {
      groupId: group.groupId,
      type: 'FLIGHT',
      departure: `${day(2)}T09:30:00`,
      arrival: `${day(2)}T13:00:00`,
      from: 'LHR',
      to: 'DXB',
      ...(confirmed ? { flightNumber: 'EK2' } : {}),
    });
    return group;
  }

  it('lists the events by date with readiness: warnings on yellow, OK on green', async () => {
    const ready = await travellingGroup('Ready', true);
    const pending = await travellingGroup('Pending', false);
    const answer = await download('/groups/exportSchedule', { groupIds: [ready.groupId, pending.groupId] });
    expect(answer.headers['content-type']).toBe(XLSX);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="group-schedule-${today}.xlsx"`);
    const sheet = await workbookOf(answer);
    expect(sheet.getCell('A1').value).toBe('Group schedule');
    expect(String(sheet.getCell('A2').value)).toMatch(/ – .*\(Asia\/Dubai\)$/);
    expect(rowTexts(sheet, 3)).toEqual(['Group', 'Event Type', 'Event Description', 'Date / Time', 'Status']);
    const rows = eventRows(sheet);
    const eventsOf = (name: string) => rows.filter((row) => row[0] === name).map((row) => row.slice(1, 4));
    expect(eventsOf('Pending')).toEqual([
      ['Activity', 'Group arrives (0 passengers)', day(2)],
      ['Transport', 'FLIGHT LHR → DXB', `${day(2)} 09:30`],
      ['Check-in', 'Check-in at Pending Hotel', day(2)],
      ['Check-out', 'Check-out from Pending Hotel', day(5)],
      ['Activity', 'Group departs (0 passengers)', day(5)],
    ]);
    // two dates, each a merged banner row above its events
    expect(dateBanners(sheet)).toEqual([longDate(day(2)), longDate(day(5))]);
    const statusOf = (name: string, type: string) => {
      const index = rows.findIndex((row) => row[0] === name && row[1] === type);
      const cell = sheet.getCell(eventRowNumbers(sheet)[index] ?? 0, 5);
      return { text: cell.value, fill: cell.fill?.type === 'pattern' ? cell.fill.fgColor?.argb : undefined };
    };
    expect(statusOf('Ready', 'Check-in')).toEqual({ text: 'OK', fill: FILLS.ok });
    expect(statusOf('Ready', 'Transport')).toEqual({ text: 'OK', fill: FILLS.ok });
    expect(statusOf('Pending', 'Check-in')).toEqual({
      text: 'Pending Hotel has no confirmation number',
      fill: FILLS.warning,
    });
    expect(statusOf('Pending', 'Transport')).toEqual({
      text: 'The flight LHR – DXB has no flight number',
      fill: FILLS.warning,
    });
    expect(formulaCells(sheet)).toEqual([]);
  });

  it('covers rangeDays days from today: events after them are left out', async () => {
    const group = await travellingGroup('Short range', true);
    const sheet = await workbookOf(
      await download('/groups/exportSchedule', { groupIds: [group.groupId], rangeDays: 3 }),
    );
    expect(eventRows(sheet).map((row) => row[1])).toEqual(['Activity', 'Transport', 'Check-in']);
    const none = await workbookOf(
      await download('/groups/exportSchedule', { groupIds: [group.groupId], rangeDays: 1 }),
    );
    expect(none.getCell('A4').value).toBe('No events in this period');
  });

  it('names the missing or bad parameter, and answers NOTFOUND for a group the tenant does not have', async () => {
    await agent.api.expectError('/groups/exportSchedule', {}, 'MISSING_PARAMETER', 'groupIds');
    await agent.api.expectError('/groups/exportSchedule', { groupIds: [] }, 'INVALID_FORMAT', 'groupIds');
    await agent.api.expectError(
      '/groups/exportSchedule',
      { groupIds: [1], rangeDays: 0 },
      'INVALID_FORMAT',
      'rangeDays',
    );
    const ours = await newGroup();
    let theirs = await newGroup({}, other.adminApi);
    while (theirs.groupId <= ours.groupId) theirs = await newGroup({}, other.adminApi);
    await agent.api.expectError(
      '/groups/exportSchedule',
      { groupIds: [ours.groupId, theirs.groupId] },
      'NOTFOUND',
      'Group',
    );
  });
});
