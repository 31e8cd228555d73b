// /hotel/searchAccommodation through the API (contract §7.5): contracted results priced from the calendar, the
// rooms left out (missing nights, stop sale, minimum stay, no room left, occupancy, budget), on request (no room
// but on request, release days), meal plans, the employees' cost view, the online supplier's results (the
// simulator) merged or alone, and every refusal. Then the allotment a contracted booking takes, all nights or none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { testServer, uniqueName } from '../../../../test/support/database.js';
import {
  guest,
  type Caller,
  type TestTenant,
  type TestUser,
  tenant,
  user,
} from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { until } from '../../../../test/support/wait.js';
import { connect } from '../../../platform/database/connections.js';
import { addDays, daysBetween, formatDate, weekdayOf } from '../../../platform/time.js';
import { candidateReads } from './accommodation-search.cache.js';
import type { ResultRoom, SearchAccommodationResult } from './accommodation-search.schemas.js';
import { releaseContractedRoom, takeContractedRoom } from './accommodation-search.service.js';
import type { Hotel, Room } from '../inventory/index.js';

let t: TestTenant;
let other: TestTenant;
let employee: TestUser;
let visitor: Caller;
let today: string;
let clockOffsetMs = 0;

beforeAll(async () => {
  const service = await startTestService({
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: { TC_RATE_LIMIT_GUEST: '1000' },
  });
  t = await tenant(service);
  other = await tenant(service);
  employee = await user(t, 'employee');
  visitor = await guest(t);
  today = formatDate(new Date(), t.record.timezone);
});
afterAll(() => t?.service.close());

/** yyyy-MM-dd → dd/MM/yyyy */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const day = (offset: number) => addDays(today, offset);

async function hotel(fields: object = {}): Promise<Hotel> {
  return employee.api.ok<Hotel>('/hotel/saveHotel', {
    hotel: { name: uniqueName('Search'), area: 'Jumeirah', ...fields },
  });
}
async function room(hotelId: number, fields: object = {}): Promise<Room> {
  return employee.api.ok<Room>('/hotel/saveRoom', { room: { hotelId, name: 'Double', ...fields } });
}
async function calendar(roomId: number, from: string, to: string, fields: object = {}, specDays = 'NONE') {
  await employee.api.ok('/hotel/createRoomCalendar', {
    template: { roomId, stayDate: from, ...fields },
    stayTo: to,
    specDays,
  });
}
const search = (body: object, caller: Caller = visitor) =>
  caller.api.ok<SearchAccommodationResult>('/hotel/searchAccommodation', {
    adults: 2,
    children: 0,
    searchMode: 'contracted',
    ...body,
  });
/** The rooms of one hotel's result (none: []). */
const roomsOf = (answer: SearchAccommodationResult, hotelId: number): ResultRoom[] =>
  answer.results.find((result) => result.hotel.hotelId === hotelId)?.rooms ?? [];
const stay = (from: number, to: number) => ({ checkin: dmy(day(from)), checkout: dmy(day(to)) });

describe('contracted results', () => {
  it('prices every night of the stay for a guest and echoes the input', async () => {
    const h = await hotel({ fees: 10, stars: 4, chkIn: '15:00' });
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(10), day(19), { baseRate: 400, allotment: 3 });
    // one night at another rate: totals are sums, not nights × rate
    await calendar(r.roomId, day(11), day(11), { baseRate: 455.55, allotment: 3 });
    const answer = await search({ ...stay(10, 13), hotelId: h.hotelId });
    expect(answer.input).toEqual({
      ...stay(10, 13),
      adults: 2,
      children: 0,
      market: 'UAE',
      area: null,
      meals: null,
      nights: 3,
    });
    expect(answer.results).toEqual([
      {
        hotel: {
          hotelId: h.hotelId,
          hotelCode: null,
          name: h.name,
          stars: 4,
          area: 'Jumeirah',
          city: null,
          country: null,
          address: null,
          chkIn: '15:00',
          chkOut: null,
        },
        resultSource: 'DIRECT',
        rooms: [
          {
            roomId: r.roomId,
            offerId: null,
            roomName: 'Double',
            roomDesc: null,
            maxOccupancy: 2,
            mealPlan: 'RO',
            totalPrice: 1285.55,
            pricePerNight: 428.52,
            currency: 'AED',
            available: true,
            onRequest: false,
            extraBed: false,
          },
        ],
      },
    ]);
  });

  it('leaves out rooms with a night missing, on stop sale, under the minimum stay, with no room left or outside the booking window', async () => {
    const h = await hotel();
    const rooms: Room[] = [];
    for (const name of ['open', 'gap', 'stopped', 'minimum', 'soldOut', 'onRequest', 'bookedUntil', 'bookedFrom']) {
      rooms.push(await room(h.hotelId, { name }));
    }
    const [open, gap, stopped, minimum, soldOut, onRequest, until, from] = rooms;
    for (const r of [open, stopped, minimum, soldOut, onRequest]) {
      await calendar(defined(r, 'room').roomId, day(20), day(24), { baseRate: 100 });
    }
    // the gap room has no entry for the second night
    await calendar(defined(gap, 'room').roomId, day(20), day(20), { baseRate: 100 });
    await calendar(defined(gap, 'room').roomId, day(22), day(24), { baseRate: 100 });
    await calendar(defined(stopped, 'room').roomId, day(22), day(22), { baseRate: 100, stopSale: true });
    await calendar(defined(minimum, 'room').roomId, day(21), day(21), { baseRate: 100, mlos: 4 });
    await calendar(defined(soldOut, 'room').roomId, day(22), day(22), { baseRate: 100, allotment: 0 });
    await calendar(defined(onRequest, 'room').roomId, day(22), day(22), {
      baseRate: 100,
      available: false,
      onRequest: true,
    });
    // outside the booking window: bookable until yesterday, or from tomorrow
    await calendar(defined(until, 'room').roomId, day(20), day(24), { baseRate: 100, bookTo: day(-1) });
    await calendar(defined(from, 'room').roomId, day(20), day(24), { baseRate: 100, bookFrom: day(1) });
    const found = roomsOf(await search({ ...stay(20, 23), hotelId: h.hotelId }), h.hotelId);
    expect(found.map((r) => [r.roomName, r.available, r.onRequest])).toEqual([
      ['open', true, false],
      ['onRequest', false, true],
    ]);
    // four nights meet the minimum stay
    const longer = roomsOf(await search({ ...stay(20, 24), hotelId: h.hotelId }), h.hotelId);
    expect(longer.map((r) => r.roomName)).toContain('minimum');
  });

  it('sells rooms on request inside the hotel’s release days', async () => {
    const h = await hotel({ release: 7 });
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(3), day(12), { baseRate: 100 });
    expect(roomsOf(await search({ ...stay(3, 5), hotelId: h.hotelId }), h.hotelId)[0]).toMatchObject({
      available: false,
      onRequest: true,
    });
    expect(roomsOf(await search({ ...stay(7, 9), hotelId: h.hotelId }), h.hotelId)[0]).toMatchObject({
      available: true,
      onRequest: false,
    });
  });

  it('fits the party: adults, children by the hotel’s age limits, extra beds; PAX rates per person', async () => {
    const h = await hotel({ infant: 2, child: 12 });
    const double = await room(h.hotelId, { name: 'Double' });
    const family = await room(h.hotelId, { name: 'Family', maxOccupancy: 3, maxAdults: 2, extraBed: true });
    const rates = { rateBase: 'PAX', adultRate: 100, childRate: 40, extraBedRate: 30 };
    await calendar(double.roomId, day(30), day(31), rates);
    await calendar(family.roomId, day(30), day(31), rates);
    const names = async (body: object) =>
      roomsOf(await search({ ...stay(30, 32), hotelId: h.hotelId, ...body }), h.hotelId).map((r) => [
        r.roomName,
        r.totalPrice,
      ]);
    expect(await names({})).toEqual([
      ['Double', 400],
      ['Family', 400],
    ]);
    // an infant (age 1) stays free and takes no place; a child of 5 pays the child rate
    expect(await names({ children: 2, childAges: [1, 5] })).toEqual([['Family', 480]]);
    // a 13-year-old counts as an adult: three adults fit nowhere
    expect(await names({ children: 1, childAges: [13] })).toEqual([]);
    // four guests: the family room with its extra bed
    expect(await names({ children: 2, childAges: [5, 6] })).toEqual([['Family', 620]]);
    expect(await names({ extraBed: true })).toEqual([['Family', 460]]);
    expect(await names({ adults: 3 })).toEqual([]);
  });

  it('prices the meal plan asked for, special days, fees and margin, and bounds the budget', async () => {
    const h = await hotel({ fees: 5, marginType: 'PERCENT', marginValue: 10 });
    const r = await room(h.hotelId);
    const special = weekdayOf(day(41));
    await calendar(
      r.roomId,
      day(40),
      day(42),
      { baseRate: 200, specDayRate: 300, mealBase: 2, mealSupplements: 'HB:50' },
      special,
    );
    await employee.api.ok('/hotel/saveMealPlanCost', { hotelId: h.hotelId, plan: 'FB', adultCost: 120, childCost: 60 });
    await employee.api.ok('/hotel/saveMealPlanCost', { hotelId: h.hotelId, plan: 'BB', adultCost: 20, childCost: 10 });
    const priced = async (body: object) =>
      roomsOf(await search({ ...stay(40, 43), hotelId: h.hotelId, ...body }), h.hotelId);
    // 200 + 300 + 200 + 3 × 5 fees = 715; + 10 % = 786.50
    expect((await priced({}))[0]).toMatchObject({ mealPlan: 'BB', totalPrice: 786.5, pricePerNight: 262.17 });
    // HB: + 50 × 2 persons × 3 nights = 300 → 1015 + 10 % = 1116.50
    expect((await priced({ meals: 'HB' }))[0]).toMatchObject({ mealPlan: 'HB', totalPrice: 1116.5 });
    // FB from the hotel's costs: (120 − 20) × 2 × 3 = 600 → 1315 + 10 % = 1446.50
    expect((await priced({ meals: 'FB' }))[0]).toMatchObject({ mealPlan: 'FB', totalPrice: 1446.5 });
    // RO is below the included BB, AI has no price: not sold
    expect(await priced({ meals: 'RO' })).toEqual([]);
    expect(await priced({ meals: 'AI' })).toEqual([]);
    expect(await priced({ maxBudget: 786.49 })).toEqual([]);
    expect(await priced({ maxBudget: 786.5 })).toHaveLength(1);
  });

  it('shows cost and margin to employees with context config, and refuses it to others', async () => {
    const h = await hotel({ marginType: 'ABS', marginValue: 25 });
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(50), day(51), { baseRate: 100 });
    const body = { ...stay(50, 52), hotelId: h.hotelId, context: 'config' };
    expect(roomsOf(await search(body, employee), h.hotelId)[0]).toMatchObject({
      totalPrice: 250,
      costPrice: 200,
      margin: 50,
      marginType: 'ABS',
      marginValue: 25,
    });
    expect(roomsOf(await search({ ...body, context: undefined }), h.hotelId)[0]).not.toHaveProperty('costPrice');
    await visitor.api.expectError('/hotel/searchAccommodation', { ...body, adults: 2, children: 0 }, 'FORBIDDEN');
    const customer = await user(t, 'customer');
    await customer.api.expectError('/hotel/searchAccommodation', { ...body, adults: 2, children: 0 }, 'FORBIDDEN');
  });

  it('filters by area (any case) and market', async () => {
    const area = uniqueName('Area');
    const h = await hotel({ area });
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(60), day(61), { baseRate: 100, market: 'GCC' });
    const found = await search({ ...stay(60, 62), area: area.toLowerCase(), market: 'gcc' });
    expect(found.results.map((result) => result.hotel.hotelId)).toEqual([h.hotelId]);
    expect((await search({ ...stay(60, 62), area })).results).toEqual([]);
  });
});

describe('refusals', () => {
  const fails = (body: object, code: string, naming?: string) =>
    visitor.api.expectError('/hotel/searchAccommodation', { adults: 2, children: 0, ...body }, code, naming);

  it('answers INVALID_FORMAT for dates not dd/MM/yyyy, past, reversed or over 30 nights', async () => {
    await fails({ checkin: day(5), checkout: dmy(day(6)) }, 'INVALID_FORMAT', 'checkin');
    await fails({ checkin: dmy(day(5)), checkout: '31/02/2030' }, 'INVALID_FORMAT', 'checkout');
    await fails({ checkin: dmy(day(-1)), checkout: dmy(day(2)) }, 'INVALID_FORMAT', 'checkin');
    await fails({ ...stay(5, 5) }, 'INVALID_FORMAT', 'checkout');
    await fails({ ...stay(5, 4) }, 'INVALID_FORMAT', 'checkout');
    await fails({ ...stay(5, 36) }, 'INVALID_FORMAT', 'checkout');
    await fails({ ...stay(5, 35), children: 1, childAges: [3, 4] }, 'INVALID_FORMAT', 'childAges');
    await fails({ ...stay(5, 6), meals: 'XX' }, 'INVALID_FORMAT', 'meals');
    await fails({ checkin: dmy(day(5)) }, 'MISSING_PARAMETER', 'checkout');
    await visitor.api.expectError(
      '/hotel/searchAccommodation',
      { ...stay(5, 6), children: 0 },
      'MISSING_PARAMETER',
      'adults',
    );
    await t.api.expectError('/hotel/searchAccommodation', { ...stay(5, 6), adults: 1, children: 0 }, 'NOT_LOGGED_IN');
  });

  it("answers NOTFOUND for an unknown hotel or room and for another tenant's", async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await fails({ ...stay(5, 6), hotelId: h.hotelId + 1000 }, 'NOTFOUND', 'Hotel');
    await fails({ ...stay(5, 6), roomId: r.roomId + 1000 }, 'NOTFOUND', 'Room');
    const theirGuest = await guest(other);
    await theirGuest.api.expectError(
      '/hotel/searchAccommodation',
      { ...stay(5, 6), adults: 2, children: 0, hotelId: h.hotelId },
      'NOTFOUND',
      'Hotel',
    );
  });
});

describe('online results', () => {
  it('merges the simulator’s offers (ONLINE) with contracted ones without searchMode, or answers either alone', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(70), day(71), { baseRate: 100 });
    const body = { ...stay(70, 72), cityCode: 'DXB' };
    const merged = await search({ ...body, searchMode: undefined });
    const sources = new Set(merged.results.map((result) => result.resultSource));
    expect(sources).toEqual(new Set(['DIRECT', 'ONLINE']));
    const online = merged.results.find((result) => result.resultSource === 'ONLINE');
    expect(online?.hotel).toMatchObject({ hotelId: null, hotelCode: expect.any(String), city: 'DXB' });
    expect(online?.rooms[0]).toMatchObject({ roomId: null, offerId: expect.any(String), currency: 'AED' });
    const onlineOnly = await search({ ...body, searchMode: 'online' });
    expect(onlineOnly.results.every((result) => result.resultSource === 'ONLINE')).toBe(true);
    expect(onlineOnly.results.length).toBeGreaterThan(0);
    const contractedOnly = await search({ ...body, searchMode: 'contracted' });
    expect(contractedOnly.results.every((result) => result.resultSource === 'DIRECT')).toBe(true);
    // the same search gives the same offers
    expect((await search({ ...body, searchMode: 'online' })).results).toEqual(onlineOnly.results);
    await visitor.api.expectError(
      '/hotel/searchAccommodation',
      { ...stay(70, 72), adults: 2, children: 0, searchMode: 'online' },
      'MISSING_PARAMETER',
      'cityCode',
    );
  });
});

describe('the allotment of a contracted booking', () => {
  it('takes one room of every night or none, never more than are left, and gives it back', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(80), day(82), { baseRate: 100, allotment: 1 });
    await calendar(r.roomId, day(83), day(83), { baseRate: 100 });
    const nights = { roomId: r.roomId, market: 'UAE', checkin: day(80), checkout: day(83) };
    const attempts = await t.db((sql) => Promise.all([1, 2, 3].map(() => takeContractedRoom(sql, nights))));
    expect(attempts.filter(Boolean)).toHaveLength(1);
    const left = () =>
      t.db(
        (sql) =>
          sql`SELECT stay_date::text AS d, allotment FROM hotel_room_calendar WHERE room_id = ${r.roomId} ORDER BY stay_date`,
      );
    expect((await left()).map((row) => row.allotment)).toEqual([0, 0, 0, null]);
    // sold out now, but a stay past the last entry (no night there) is refused too, and takes nothing
    expect(roomsOf(await search({ ...stay(80, 83), hotelId: h.hotelId }), h.hotelId)).toEqual([]);
    expect(await t.db((sql) => takeContractedRoom(sql, { ...nights, checkin: day(83), checkout: day(85) }))).toBe(
      false,
    );
    await t.db((sql) => releaseContractedRoom(sql, nights));
    expect((await left()).map((row) => row.allotment)).toEqual([1, 1, 1, null]);
    // unlimited nights are taken without counting
    expect(await t.db((sql) => takeContractedRoom(sql, { ...nights, checkin: day(83), checkout: day(84) }))).toBe(true);
  });
});

describe('a repeated search', () => {
  it('sees every change of rates, rooms, meal costs and allotment at once', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(90), day(92), { baseRate: 100, allotment: 1 });
    const priced = async (body: object = {}) =>
      roomsOf(await search({ ...stay(90, 93), hotelId: h.hotelId, ...body }), h.hotelId).map((x) => x.totalPrice);
    expect(await priced()).toEqual([300]);
    expect(await priced()).toEqual([300]);
    await calendar(r.roomId, day(91), day(91), { baseRate: 130, allotment: 1 });
    expect(await priced()).toEqual([330]);
    await employee.api.ok('/hotel/saveHotel', { hotel: { hotelId: h.hotelId, name: h.name, fees: 10 } });
    expect(await priced()).toEqual([360]);
    await employee.api.ok('/hotel/saveMealPlanCost', { hotelId: h.hotelId, plan: 'BB', adultCost: 20 });
    expect(await priced({ meals: 'BB' })).toEqual([480]);
    await employee.api.ok('/hotel/saveRoom', {
      room: { roomId: r.roomId, hotelId: h.hotelId, name: 'Double', maxAdults: 1, maxOccupancy: 1 },
    });
    expect(await priced()).toEqual([]);
    await employee.api.ok('/hotel/saveRoom', {
      room: { roomId: r.roomId, hotelId: h.hotelId, name: 'Double', maxAdults: 2, maxOccupancy: 2 },
    });
    expect(await priced()).toEqual([360]);
    const nights = { roomId: r.roomId, market: 'UAE', checkin: day(90), checkout: day(93) };
    expect(await t.db((sql) => takeContractedRoom(sql, nights))).toBe(true);
    expect(await priced()).toEqual([]);
  });

  it('keeps the read of a stay from its second search: read, read, then kept', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(70), day(72), { baseRate: 100 });
    const before = candidateReads.counts();
    for (let i = 0; i < 3; i++) {
      expect(roomsOf(await search({ ...stay(70, 73), hotelId: h.hotelId }), h.hotelId)).toHaveLength(1);
    }
    const after = candidateReads.counts();
    expect({ read: after.read - before.read, kept: after.kept - before.kept }).toEqual({ read: 2, kept: 1 });
  });

  it('offers a room once its booking window opens, and not after it closed', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(95), day(96), { baseRate: 100, bookFrom: day(2), bookTo: day(4) });
    // a new guest each time: the clock moves past a guest session's life
    const offered = async () => {
      const answer = await search({ ...stay(95, 97), hotelId: h.hotelId }, await guest(t));
      return roomsOf(answer, h.hotelId).length;
    };
    try {
      expect(await offered()).toBe(0);
      clockOffsetMs = 3 * 86_400_000;
      expect(await offered()).toBe(1);
      clockOffsetMs = 6 * 86_400_000;
      expect(await offered()).toBe(0);
    } finally {
      clockOffsetMs = 0;
    }
  });
});

describe('the month runs a search reads (kept from the calendar by triggers)', () => {
  /** The runs kept for a room, and those folded afresh from its calendar now: always the same. */
  const keptAndFolded = (roomId: number) =>
    t.db(async (sql) => {
      const kept = await sql`
        SELECT market, month::text, runs FROM hotel_room_month_runs WHERE room_id = ${roomId} ORDER BY market, month`;
      const folded = await sql`
        SELECT market, month::text, runs FROM hotel_room_month_runs_of((
          SELECT jsonb_agg(DISTINCT jsonb_build_object('room_id', room_id, 'market', market,
            'month', date_trunc('month', stay_date)::date)) FROM hotel_room_calendar WHERE room_id = ${roomId}))
        ORDER BY market, month`;
      return { kept: [...kept], folded: [...folded] };
    });
  /** Day offsets of the last night of a month (a hundred days on) and of the first of the next. */
  const monthEnd = () => {
    const first = addDays(`${addDays(`${day(100).slice(0, 8)}01`, 40).slice(0, 8)}01`, 0);
    const offset = daysBetween(today, first);
    return { last: offset - 1, first: offset };
  };

  it('prices a stay across a month end and follows nights written in SQL: rates, stop sale, deleted, added', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    const { first } = monthEnd();
    await calendar(r.roomId, day(first - 3), day(first + 3), { baseRate: 100 });
    const priced = async () =>
      roomsOf(await search({ ...stay(first - 2, first + 2), hotelId: h.hotelId }), h.hotelId).map((x) => x.totalPrice);
    expect(await priced()).toEqual([400]);
    const night = day(first);
    await t.db(
      (sql) => sql`UPDATE hotel_room_calendar SET base_rate = 150 WHERE room_id = ${r.roomId} AND stay_date = ${night}`,
    );
    expect(await priced()).toEqual([450]);
    await t.db(
      (sql) =>
        sql`UPDATE hotel_room_calendar SET stop_sale = true WHERE room_id = ${r.roomId} AND stay_date = ${night}`,
    );
    expect(await priced()).toEqual([]);
    await t.db((sql) => sql`DELETE FROM hotel_room_calendar WHERE room_id = ${r.roomId} AND stay_date = ${night}`);
    expect(await priced()).toEqual([]);
    await t.db(
      (sql) =>
        sql`INSERT INTO hotel_room_calendar (room_id, market, stay_date, base_rate) VALUES (${r.roomId}, 'UAE', ${night}, 120)`,
    );
    expect(await priced()).toEqual([420]);
    // another market's nights are kept apart and never answer this one
    await t.db(
      (sql) =>
        sql`INSERT INTO hotel_room_calendar (room_id, market, stay_date, base_rate) VALUES (${r.roomId}, 'KSA', ${night}, 1)`,
    );
    expect(await priced()).toEqual([420]);
    const { kept, folded } = await keptAndFolded(r.roomId);
    expect(kept.map((row) => [row.market, row.month])).toEqual([
      ['KSA', `${night.slice(0, 8)}01`],
      ['UAE', `${day(first - 3).slice(0, 8)}01`],
      ['UAE', `${night.slice(0, 8)}01`],
    ]);
    expect(kept).toEqual(folded);
    await t.db((sql) => sql`DELETE FROM hotel_room_calendar WHERE room_id = ${r.roomId} AND market = 'KSA'`);
    expect((await keptAndFolded(r.roomId)).kept).toHaveLength(2);
  });

  it('keeps the nights of two writers of one room and month at once (the second folds after the first commits)', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    const { first } = monthEnd();
    await calendar(r.roomId, day(first), day(first + 9), { baseRate: 100, allotment: 2 });
    const [a, b] = [day(first + 2), day(first + 6)];
    // Two connections of their own (a tenant lease is one connection, where the second would only queue behind the
    // first): the second writer starts once the first has written, and the first commits once the second waits on
    // the month's row, whatever the machine's load.
    const db = connect(testServer(), { database: t.record.dbName, max: 3, connectTimeoutSeconds: 5 });
    try {
      let wrote: () => void = () => {};
      const written = new Promise<void>((resolve) => {
        wrote = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const firstWriter = db.begin(async (tx) => {
        await tx`UPDATE hotel_room_calendar SET allotment = 0 WHERE room_id = ${r.roomId} AND stay_date = ${a}`;
        wrote();
        await released;
      });
      await written;
      const secondWriter = db.begin(
        (tx) => tx`UPDATE hotel_room_calendar SET allotment = 0 WHERE room_id = ${r.roomId} AND stay_date = ${b}`,
      );
      await until(async () => {
        const [row] = await db<{ waiting: number }[]>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE hotel_room_calendar%'`;
        return row?.waiting === 1;
      }, 30_000);
      release();
      await Promise.all([firstWriter, secondWriter]);
    } finally {
      await db.end({ timeout: 1 });
    }
    const { kept, folded } = await keptAndFolded(r.roomId);
    expect(kept).toEqual(folded);
    const soldOut = (from: number) =>
      search({ ...stay(from, from + 1), hotelId: h.hotelId }).then((answer) => roomsOf(answer, h.hotelId).length);
    expect([await soldOut(first + 2), await soldOut(first + 6), await soldOut(first + 4)]).toEqual([0, 0, 1]);
  });

  it('shows a hotel renamed since the last search (the kept fields follow fields_version)', async () => {
    const h = await hotel();
    const r = await room(h.hotelId);
    await calendar(r.roomId, day(60), day(61), { baseRate: 100 });
    const named = async () =>
      (await search({ ...stay(60, 62), hotelId: h.hotelId })).results.map((result) => result.hotel.name);
    expect(await named()).toEqual([h.name]);
    await t.db((sql) => sql`UPDATE hotels SET name = 'Renamed in SQL' WHERE hotel_id = ${h.hotelId}`);
    expect(await named()).toEqual(['Renamed in SQL']);
    await employee.api.ok('/hotel/saveHotel', { hotel: { hotelId: h.hotelId, name: 'Renamed' } });
    expect(await named()).toEqual(['Renamed']);
  });
});
