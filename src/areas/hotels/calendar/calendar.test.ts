// Room calendars (/hotel/createRoomCalendar, listRoomCalendar, copyRoomCalendar; contract §7.5): one entry per
// date with special weekdays, entries of the same room, market and date replaced, lists by room or hotel and
// market, copies, the 731-day limit and the other refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays } from '../../../platform/time.js';
import type { CalendarEntry } from './calendar.schemas.js';
import type { Hotel, Room } from '../inventory/index.js';

let t: TestTenant;
let other: TestTenant;
let employee: TestUser;

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  other = await tenant(service);
  employee = await user(t, 'employee');
});
afterAll(() => t?.service.close());

async function hotelWithRooms(count: number): Promise<{ hotel: Hotel; rooms: Room[] }> {
  const hotel = await employee.api.ok<Hotel>('/hotel/saveHotel', { hotel: { name: uniqueName('Cal') } });
  const rooms: Room[] = [];
  for (let i = 0; i < count; i++) {
    rooms.push(await employee.api.ok<Room>('/hotel/saveRoom', { room: { hotelId: hotel.hotelId, name: `Room ${i}` } }));
  }
  return { hotel, rooms };
}

const create = (template: object, stayTo: string, specDays = 'NONE') =>
  employee.api.ok<CalendarEntry[]>('/hotel/createRoomCalendar', { template, stayTo, specDays });
const list = (body: object) => employee.api.ok<CalendarEntry[]>('/hotel/listRoomCalendar', body);

describe('/hotel/createRoomCalendar', () => {
  it('writes one entry per date, stayTo inclusive, special on the weekdays named (any case)', async () => {
    const { rooms } = await hotelWithRooms(1);
    const roomId = rooms[0]?.roomId;
    // 2027-03-01 is a Monday
    const entries = await create(
      {
        roomId,
        stayDate: '2027-03-01',
        baseRate: 400,
        specDayRate: 520.5,
        allotment: 5,
        mlos: 2,
        bookTo: '2027-02-28',
      },
      '2027-03-07',
      'sat, Fri',
    );
    expect(entries.map((entry) => [entry.stayDate, entry.specialDay])).toEqual([
      ['2027-03-01T00:00:00', false],
      ['2027-03-02T00:00:00', false],
      ['2027-03-03T00:00:00', false],
      ['2027-03-04T00:00:00', false],
      ['2027-03-05T00:00:00', true],
      ['2027-03-06T00:00:00', true],
      ['2027-03-07T00:00:00', false],
    ]);
    expect(entries[0]).toEqual({
      calendarEntryId: expect.any(Number),
      roomId,
      market: 'UAE',
      vendorId: null,
      promo: null,
      bookFrom: null,
      bookTo: '2027-02-28T23:59:59',
      stayDate: '2027-03-01T00:00:00',
      baseRate: 400,
      specDayRate: 520.5,
      adultRate: 0,
      childRate: 0,
      extraBedRate: 0,
      adultSdRate: 0,
      childSdRate: 0,
      specialDay: false,
      sdRateType: 'ABS',
      adultRateType: 'ABS',
      childRateType: 'ABS',
      rateBase: 'ROOM',
      mealBase: 1,
      mealSupplements: null,
      stopSale: false,
      available: true,
      onRequest: false,
      allotment: 5,
      mlos: 2,
      sdmlos: 2,
      mlosDesc: null,
      notes: null,
    });
  });

  it('replaces the entries of the same room, market and date, and keeps other markets apart', async () => {
    const { rooms } = await hotelWithRooms(1);
    const roomId = rooms[0]?.roomId;
    const first = await create({ roomId, stayDate: '2027-04-01', baseRate: 100 }, '2027-04-05');
    await create({ roomId, stayDate: '2027-04-01', baseRate: 90, market: 'gcc' }, '2027-04-05');
    const second = await create(
      { roomId, stayDate: '2027-04-03', baseRate: 150, stopSale: true, mealSupplements: 'hb: 40, FB:70' },
      '2027-04-10',
    );
    const uae = await list({ roomId, fromDate: '2027-04-01', toDate: '2027-04-30' });
    expect(uae.map((entry) => [entry.stayDate.slice(0, 10), entry.baseRate, entry.stopSale])).toEqual([
      ['2027-04-01', 100, false],
      ['2027-04-02', 100, false],
      ...Array.from({ length: 8 }, (_, i) => [`2027-04-${String(3 + i).padStart(2, '0')}`, 150, true]),
    ]);
    // the replaced dates keep their entry ids
    expect(uae[2]?.calendarEntryId).toBe(first[2]?.calendarEntryId);
    expect(second[0]?.mealSupplements).toBe('HB:40,FB:70');
    const gcc = await list({ roomId, fromDate: '2027-04-01', toDate: '2027-04-30', market: 'GCC' });
    expect(gcc.map((entry) => entry.baseRate)).toEqual([90, 90, 90, 90, 90]);
  });

  it('refuses a bad range, bad specDays and bad fields with INVALID_FORMAT naming them', async () => {
    const { rooms } = await hotelWithRooms(1);
    const roomId = rooms[0]?.roomId;
    const fails = (body: object, code: string, naming: string) =>
      employee.api.expectError('/hotel/createRoomCalendar', body, code, naming);
    const template = { roomId, stayDate: '2027-01-01' };
    await fails({ template, stayTo: '2029-01-01', specDays: 'NONE' }, 'INVALID_FORMAT', 'stayTo');
    await fails({ template, stayTo: '2026-12-31', specDays: 'NONE' }, 'INVALID_FORMAT', 'stayTo');
    await fails({ template, stayTo: '2027-01-05', specDays: 'Mon,Funday' }, 'INVALID_FORMAT', 'specDays');
    await fails({ template, stayTo: '2027-01-05' }, 'MISSING_PARAMETER', 'specDays');
    await fails({ template, stayTo: '2027-02-30', specDays: 'NONE' }, 'INVALID_FORMAT', 'stayTo');
    await fails(
      { template: { ...template, baseRate: -1 }, stayTo: '2027-01-05', specDays: 'NONE' },
      'INVALID_FORMAT',
      'template.baseRate',
    );
    await fails(
      { template: { ...template, rateBase: 'BED' }, stayTo: '2027-01-05', specDays: 'NONE' },
      'INVALID_FORMAT',
      'template.rateBase',
    );
    await fails(
      { template: { ...template, mealSupplements: 'HB=4' }, stayTo: '2027-01-05', specDays: 'NONE' },
      'INVALID_FORMAT',
      'template.mealSupplements',
    );
    await fails(
      { template: { stayDate: '2027-01-01' }, stayTo: '2027-01-05', specDays: 'NONE' },
      'MISSING_PARAMETER',
      'template.roomId',
    );
    // 731 dates are accepted
    expect(await create(template, addDays('2027-01-01', 730))).toHaveLength(731);
  });

  it("answers NOTFOUND for another tenant's room", async () => {
    const { rooms } = await hotelWithRooms(1);
    await other.adminApi.expectError(
      '/hotel/createRoomCalendar',
      { template: { roomId: rooms[0]?.roomId, stayDate: '2027-01-01' }, stayTo: '2027-01-02', specDays: 'NONE' },
      'NOTFOUND',
      'Room',
    );
  });
});

describe('/hotel/listRoomCalendar and /hotel/copyRoomCalendar', () => {
  it("lists a hotel's rooms by room and date, and needs a room or a hotel", async () => {
    const { hotel, rooms } = await hotelWithRooms(2);
    const [a, b] = rooms.map((room) => room.roomId);
    await create({ roomId: b, stayDate: '2027-05-01' }, '2027-05-02');
    await create({ roomId: a, stayDate: '2027-05-02' }, '2027-05-03');
    const listed = await list({ hotelId: hotel.hotelId, fromDate: '2027-05-01', toDate: '2027-05-02' });
    expect(listed.map((entry) => [entry.roomId, entry.stayDate.slice(0, 10)])).toEqual([
      [a, '2027-05-02'],
      [b, '2027-05-01'],
      [b, '2027-05-02'],
    ]);
    await employee.api.expectError(
      '/hotel/listRoomCalendar',
      { fromDate: '2027-05-01', toDate: '2027-05-02' },
      'MISSING_PARAMETER',
      'roomId',
    );
    await employee.api.expectError(
      '/hotel/listRoomCalendar',
      { roomId: a, fromDate: '2027-05-01', toDate: '2029-05-02' },
      'INVALID_FORMAT',
      'toDate',
    );
    await employee.api.expectError(
      '/hotel/listRoomCalendar',
      { roomId: a, fromDate: '01/05/2027', toDate: '2027-05-02' },
      'INVALID_FORMAT',
      'fromDate',
    );
  });

  it('copies a range onto another room, replacing its entries, and answers recordsCopied', async () => {
    const { rooms } = await hotelWithRooms(2);
    const [a, b] = rooms.map((room) => room.roomId);
    await create({ roomId: a, stayDate: '2027-06-01', baseRate: 300, allotment: 2 }, '2027-06-10', 'Sun');
    await create({ roomId: b, stayDate: '2027-06-05', baseRate: 10 }, '2027-06-05');
    const copied = await employee.api.ok('/hotel/copyRoomCalendar', {
      fromRoom: a,
      toRoom: b,
      market: 'UAE',
      fromDate: '2027-06-03',
      toDate: '2027-06-07',
    });
    expect(copied).toEqual({ recordsCopied: 5 });
    const onB = await list({ roomId: b, fromDate: '2027-06-01', toDate: '2027-06-30' });
    expect(
      onB.map((entry) => [entry.stayDate.slice(0, 10), entry.baseRate, entry.specialDay, entry.allotment]),
    ).toEqual([
      ['2027-06-03', 300, false, 2],
      ['2027-06-04', 300, false, 2],
      ['2027-06-05', 300, false, 2],
      ['2027-06-06', 300, true, 2],
      ['2027-06-07', 300, false, 2],
    ]);
    expect(
      await employee.api.ok('/hotel/copyRoomCalendar', {
        fromRoom: a,
        toRoom: b,
        market: 'GCC',
        fromDate: '2027-06-01',
        toDate: '2027-06-30',
      }),
    ).toEqual({ recordsCopied: 0 });
    await employee.api.expectError(
      '/hotel/copyRoomCalendar',
      { fromRoom: a, toRoom: a, market: 'UAE', fromDate: '2027-06-01', toDate: '2027-06-02' },
      'INVALID_FORMAT',
      'toRoom',
    );
    await employee.api.expectError(
      '/hotel/copyRoomCalendar',
      { fromRoom: a, toRoom: b, fromDate: '2027-06-01', toDate: '2027-06-02' },
      'MISSING_PARAMETER',
      'market',
    );
    await employee.api.expectError(
      '/hotel/copyRoomCalendar',
      { fromRoom: a, toRoom: (b ?? 0) + 1000, market: 'UAE', fromDate: '2027-06-01', toDate: '2027-06-02' },
      'NOTFOUND',
      'Room',
    );
  });
});
