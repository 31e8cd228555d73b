// Contracted inventory (/hotel/listHotels, hotelLookup, getHotel, saveHotel, listHotelRooms, saveRoom,
// listMealPlans, saveMealPlanCost): saves and reads, filters, defaults and merges, validation, who may call them,
// and another tenant's ids answered NOTFOUND.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../test/support/database.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import type { Hotel, MealPlan, Room } from './inventory.schemas.js';

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

const saveHotel = (hotel: object) => employee.api.ok<Hotel>('/hotel/saveHotel', { hotel });

describe('hotels', () => {
  it('creates a hotel with the defaults, reads it, and updates only the fields sent', async () => {
    const name = uniqueName('Palm Resort');
    const made = await saveHotel({ name, area: 'Jumeirah', stars: 5, fees: 20.005, chkIn: '14:00' });
    expect(made).toEqual({
      hotelId: expect.any(Number),
      name,
      shortName: null,
      shDes: null,
      hotelDesc: null,
      productId: null,
      direct: true,
      indirect: false,
      country: null,
      stars: 5,
      infant: 1,
      child: 11,
      chkIn: '14:00',
      chkOut: null,
      fees: 20.01,
      feesDesc: null,
      terms: null,
      area: 'Jumeirah',
      city: null,
      release: 0,
      reservationContact: null,
      marginType: 'PERCENT',
      marginValue: 0,
    });
    expect(await employee.api.ok('/hotel/getHotel', { id: made.hotelId })).toEqual(made);
    const updated = await saveHotel({ hotelId: made.hotelId, name, release: 3, marginType: 'ABS', marginValue: 15 });
    expect(updated).toEqual({ ...made, release: 3, marginType: 'ABS', marginValue: 15 });
  });

  it('lists by name and area substrings (any case) and shDes exactly, and looks names up as pairs', async () => {
    const mark = uniqueName('lst');
    const a = await saveHotel({ name: `Alpha ${mark}`, area: 'Deira Creek', shDes: `SD-${mark}` });
    const b = await saveHotel({ name: `Beta ${mark}`, area: 'Marina' });
    const byName = await employee.api.ok<Hotel[]>('/hotel/listHotels', { name: mark.toUpperCase() });
    expect(byName.map((hotel) => hotel.hotelId)).toEqual([a.hotelId, b.hotelId]);
    const byArea = await employee.api.ok<Hotel[]>('/hotel/listHotels', { name: mark, area: 'creek' });
    expect(byArea.map((hotel) => hotel.hotelId)).toEqual([a.hotelId]);
    const byCode = await employee.api.ok<Hotel[]>('/hotel/listHotels', { shDes: `sd-${mark}` });
    expect(byCode.map((hotel) => hotel.hotelId)).toEqual([a.hotelId]);
    expect(await employee.api.ok('/hotel/listHotels', { name: `${mark}%none` })).toEqual([]);
    expect(await employee.api.ok('/hotel/hotelLookup', { name: `beta ${mark}` })).toEqual([[b.name, b.hotelId]]);
  });

  it('refuses bad input with the contract codes, naming the parameter', async () => {
    await employee.api.expectError('/hotel/saveHotel', {}, 'MISSING_PARAMETER', 'hotel');
    await employee.api.expectError('/hotel/saveHotel', { hotel: {} }, 'MISSING_PARAMETER', 'hotel.name');
    await employee.api.expectError(
      '/hotel/saveHotel',
      { hotel: { name: 'X', stars: 9 } },
      'INVALID_FORMAT',
      'hotel.stars',
    );
    await employee.api.expectError(
      '/hotel/saveHotel',
      { hotel: { name: 'X', chkIn: '25:00' } },
      'INVALID_FORMAT',
      'hotel.chkIn',
    );
    await employee.api.expectError(
      '/hotel/saveHotel',
      { hotel: { name: 'X', infant: 5, child: 3 } },
      'INVALID_FORMAT',
      'hotel.child',
    );
    await employee.api.expectError('/hotel/getHotel', {}, 'MISSING_PARAMETER', 'id');
    await employee.api.expectError('/hotel/getHotel', { id: 'abc' }, 'INVALID_FORMAT', 'id');
  });

  it("answers NOTFOUND for an unknown hotel and for another tenant's (which has no hotels)", async () => {
    const ours = await saveHotel({ name: uniqueName('Ours') });
    const unknown = ours.hotelId + 1000;
    await employee.api.expectError('/hotel/getHotel', { id: unknown }, 'NOTFOUND', 'Hotel');
    await employee.api.expectError('/hotel/saveHotel', { hotel: { hotelId: unknown, name: 'X' } }, 'NOTFOUND', 'Hotel');
    await employee.api.expectError('/hotel/listHotelRooms', { hotelId: unknown }, 'NOTFOUND', 'Hotel');
    await other.adminApi.expectError('/hotel/getHotel', { id: ours.hotelId }, 'NOTFOUND', 'Hotel');
    await other.adminApi.expectError(
      '/hotel/saveHotel',
      { hotel: { hotelId: ours.hotelId, name: 'Taken over' } },
      'NOTFOUND',
      'Hotel',
    );
    expect(await employee.api.ok<Hotel>('/hotel/getHotel', { id: ours.hotelId })).toEqual(ours);
  });

  it('is for employees only', async () => {
    const [customer, visitor] = [await user(t, 'customer'), await guest(t)];
    await customer.api.expectError('/hotel/listHotels', {}, 'FORBIDDEN');
    await visitor.api.expectError('/hotel/saveHotel', { hotel: { name: 'X' } }, 'NOT_LOGGED_IN');
    await t.api.expectError('/hotel/getHotel', { id: 1 }, 'MISSING_PARAMETER', 'session');
  });
});

describe('rooms', () => {
  it('creates rooms of a hotel with their defaults, updates one, and lists them', async () => {
    const hotel = await saveHotel({ name: uniqueName('Rooms') });
    const twin = await employee.api.ok<Room>('/hotel/saveRoom', { room: { hotelId: hotel.hotelId, name: 'Twin' } });
    expect(twin).toEqual({
      roomId: expect.any(Number),
      hotelId: hotel.hotelId,
      name: 'Twin',
      roomDesc: null,
      maxOccupancy: 2,
      maxAdults: 2,
      extraBed: false,
      extraBedRequired: false,
      bedding: null,
      notes: null,
    });
    const suite = await employee.api.ok<Room>('/hotel/saveRoom', {
      room: { hotelId: hotel.hotelId, name: 'Suite', maxOccupancy: 4, maxAdults: 3, extraBed: true, bedding: 'King' },
    });
    const renamed = await employee.api.ok<Room>('/hotel/saveRoom', {
      room: { roomId: twin.roomId, hotelId: hotel.hotelId, name: 'Twin Deluxe' },
    });
    expect(renamed).toEqual({ ...twin, name: 'Twin Deluxe' });
    expect(await employee.api.ok('/hotel/listHotelRooms', { hotelId: hotel.hotelId })).toEqual([renamed, suite]);
  });

  it('refuses more adults than guests, a room of another hotel, and unknown rooms', async () => {
    const [a, b] = [await saveHotel({ name: uniqueName('A') }), await saveHotel({ name: uniqueName('B') })];
    await employee.api.expectError(
      '/hotel/saveRoom',
      { room: { hotelId: a.hotelId, name: 'R', maxOccupancy: 2, maxAdults: 3 } },
      'INVALID_FORMAT',
      'room.maxAdults',
    );
    const room = await employee.api.ok<Room>('/hotel/saveRoom', { room: { hotelId: a.hotelId, name: 'R' } });
    await employee.api.expectError(
      '/hotel/saveRoom',
      { room: { roomId: room.roomId, hotelId: b.hotelId, name: 'R' } },
      'INVALID_STATE',
    );
    await employee.api.expectError(
      '/hotel/saveRoom',
      { room: { roomId: room.roomId + 1000, hotelId: a.hotelId, name: 'R' } },
      'NOTFOUND',
      'Room',
    );
    await employee.api.expectError('/hotel/saveRoom', { room: { name: 'R' } }, 'MISSING_PARAMETER', 'room.hotelId');
  });
});

describe('meal plans', () => {
  it('lists the five reference plans, and a hotel’s costs once set', async () => {
    const plans = await employee.api.ok<MealPlan[]>('/hotel/listMealPlans', {});
    expect(plans.map((plan) => [plan.planId, plan.plan, plan.planOrder, plan.adultCost])).toEqual([
      [1, 'RO', 1, null],
      [2, 'BB', 2, null],
      [3, 'HB', 3, null],
      [4, 'FB', 4, null],
      [5, 'AI', 5, null],
    ]);
    const hotel = await saveHotel({ name: uniqueName('Meals') });
    const afterSave = await employee.api.ok<MealPlan[]>('/hotel/saveMealPlanCost', {
      hotelId: hotel.hotelId,
      plan: 'HB',
      adultCost: 45.5,
      childCost: 20,
    });
    expect(afterSave.find((plan) => plan.plan === 'HB')).toMatchObject({ adultCost: 45.5, childCost: 20 });
    const listed = await employee.api.ok<MealPlan[]>('/hotel/listMealPlans', { hotelId: hotel.hotelId });
    expect(listed).toEqual(afterSave);
    expect(listed.filter((plan) => plan.adultCost !== null).map((plan) => plan.plan)).toEqual(['HB']);
    await employee.api.ok('/hotel/saveMealPlanCost', { hotelId: hotel.hotelId, plan: 'HB', adultCost: 50 });
    const changed = await employee.api.ok<MealPlan[]>('/hotel/listMealPlans', { hotelId: hotel.hotelId });
    expect(changed.find((plan) => plan.plan === 'HB')).toMatchObject({ adultCost: 50, childCost: 0 });
  });

  it('needs a session (MISSING_PARAMETER), a known plan and hotel', async () => {
    await t.api.expectError('/hotel/listMealPlans', {}, 'MISSING_PARAMETER', 'session');
    const hotel = await saveHotel({ name: uniqueName('M') });
    await employee.api.expectError(
      '/hotel/saveMealPlanCost',
      { hotelId: hotel.hotelId, plan: 'XX', adultCost: 1 },
      'INVALID_FORMAT',
      'plan',
    );
    await employee.api.expectError('/hotel/listMealPlans', { hotelId: hotel.hotelId + 1000 }, 'NOTFOUND', 'Hotel');
    await employee.api.expectError(
      '/hotel/saveMealPlanCost',
      { hotelId: hotel.hotelId + 1000, plan: 'HB', adultCost: 1 },
      'NOTFOUND',
      'Hotel',
    );
    await employee.api.expectError(
      '/hotel/saveMealPlanCost',
      { hotelId: hotel.hotelId, plan: 'HB' },
      'MISSING_PARAMETER',
      'adultCost',
    );
  });
});
