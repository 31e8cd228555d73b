// Cruise bookings through the API (contract §8.3): create with each refusal, read, list, cancel (the cabin is free
// again), concurrent creates for the same cabins, and who may call them. Totals, back-office bookings and the
// manifest are in totals.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sailing, type TestSailing } from '../../../../test/support/cruise-sailing.js';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { CruiseBooking } from './index.js';

let t: TestTenant;
let agent: TestUser;
let customerId: number;
let custName: string;

const newCustomer = async () => {
  const mark = uniqueName('c');
  return agent.api.ok<{ customerId: number; custName: string }>('/customer/create', {
    custName: `Cruiser ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
};

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = await user(t, 'agent');
  ({ customerId, custName } = await newCustomer());
});
afterAll(() => t?.service.close());

const PASSENGER = { firstName: 'Layla', lastName: 'Haddad', dateOfBirth: '1990-04-01', nationality: 'AE' };
const create = (s: TestSailing, extra: object = {}, cabin = 0) =>
  agent.api.ok<CruiseBooking>('/cruise/booking/create', {
    cruiseId: s.cruiseId,
    shipCabinId: s.cabinIds[cabin],
    customerId,
    passengers: [PASSENGER],
    ...extra,
  });

describe('/cruise/booking/create, read and list', () => {
  it('holds the cabin for the customer with passengers and add-ons, and reads and lists it', async () => {
    const s = await sailing(t);
    const made = await create(s, {
      passengers: [
        { ...PASSENGER, passportNumber: ' P1234567 ' },
        { firstName: 'Omar', lastName: 'Haddad' },
      ],
      addOns: [{ chargeTypeId: s.chargeTypes.drinks, quantity: 2 }],
    });
    expect(made).toEqual({
      bookingId: expect.any(Number),
      cruiseId: s.cruiseId,
      itineraryId: s.itineraryId,
      itineraryName: 'Gulf Gems',
      startDate: s.startDate,
      shipCabinId: s.cabinIds[0],
      cabinCode: 'C01',
      cabinName: 'Balcony 1',
      customerId,
      customerName: custName,
      status: 'HELD',
      blmBookingId: null,
      passengers: [
        { ...PASSENGER, passengerId: expect.any(Number), passportNumber: 'P1234567' },
        {
          passengerId: expect.any(Number),
          firstName: 'Omar',
          lastName: 'Haddad',
          dateOfBirth: null,
          nationality: null,
          passportNumber: null,
        },
      ],
      addOns: [
        {
          chargeTypeId: s.chargeTypes.drinks,
          chargeTypeCode: expect.any(String),
          chargeTypeName: 'Drinks package',
          quantity: 2,
        },
      ],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updatedAt: made.createdAt,
      cancelledAt: null,
    });
    expect(await agent.api.ok('/cruise/booking/read', { bookingId: made.bookingId })).toEqual(made);
    const second = await create(s, {}, 1);
    expect(await agent.api.ok('/cruise/booking/list', { cruiseId: s.cruiseId })).toEqual([second, made]);
    expect(await agent.api.ok('/cruise/booking/list', { cruiseId: s.cruiseId, pageSize: 1, page: 2 })).toEqual([made]);
    const other = await newCustomer();
    const theirs = await create(s, { customerId: other.customerId }, 2);
    expect(await agent.api.ok('/cruise/booking/list', { customerId: other.customerId })).toEqual([theirs]);
    expect(await agent.api.ok('/cruise/booking/list', { cruiseId: s.cruiseId, status: 'CANCELLED' })).toEqual([]);
  });

  it('refuses missing and malformed parameters, naming them', async () => {
    const s = await sailing(t);
    const body = { cruiseId: s.cruiseId, shipCabinId: s.cabinIds[0], customerId, passengers: [PASSENGER] };
    const fail = (extra: object, code: string, naming: string) =>
      agent.api.expectError('/cruise/booking/create', { ...body, ...extra }, code, naming);
    await fail({ passengers: undefined }, 'MISSING_PARAMETER', 'passengers');
    await fail({ cruiseId: undefined }, 'MISSING_PARAMETER', 'cruiseId');
    await fail({ passengers: [] }, 'INVALID_FORMAT', 'passengers');
    await fail({ passengers: [{ firstName: 'A' }] }, 'MISSING_PARAMETER', 'lastName');
    await fail({ passengers: [{ ...PASSENGER, dateOfBirth: '1990-13-01' }] }, 'INVALID_FORMAT', 'dateOfBirth');
    const tomorrow = addDays(formatDate(new Date(), t.record.timezone), 1);
    await fail(
      { passengers: [{ ...PASSENGER, dateOfBirth: tomorrow }] },
      'INVALID_FORMAT',
      'passengers[0].dateOfBirth',
    );
    const twice = [1, 2].map(() => ({ chargeTypeId: s.chargeTypes.drinks, quantity: 1 }));
    await fail({ addOns: twice }, 'INVALID_FORMAT', 'addOns');
    await fail({ addOns: [{ chargeTypeId: s.chargeTypes.drinks, quantity: 0 }] }, 'INVALID_FORMAT', 'quantity');
  });

  it('answers NOTFOUND for an unknown cruise, cabin, customer or charge type', async () => {
    const s = await sailing(t);
    const body = { cruiseId: s.cruiseId, shipCabinId: s.cabinIds[0], customerId, passengers: [PASSENGER] };
    const fail = (extra: object, naming: string) =>
      agent.api.expectError('/cruise/booking/create', { ...body, ...extra }, 'NOTFOUND', naming);
    await fail({ cruiseId: 2_000_000_000 }, 'Cruise');
    await fail({ shipCabinId: 2_000_000_000 }, 'Ship cabin');
    await fail({ customerId: 2_000_000_000 }, 'Customer');
    await fail({ addOns: [{ chargeTypeId: 2_000_000_000, quantity: 1 }] }, 'Charge type');
    await agent.api.expectError('/cruise/booking/read', { bookingId: 2_000_000_000 }, 'NOTFOUND', 'Cruise booking');
    expect(await agent.api.ok('/cruise/booking/list', { cruiseId: s.cruiseId })).toEqual([]);
  });

  it('answers INVALID_STATE for a sailing, cabin or add-on that cannot be booked', async () => {
    const s = await sailing(t, { capacity: 2 });
    const refused = async (target: TestSailing, extra: object, naming: string) =>
      agent.api.expectError(
        '/cruise/booking/create',
        { cruiseId: target.cruiseId, shipCabinId: target.cabinIds[0], customerId, passengers: [PASSENGER], ...extra },
        'INVALID_STATE',
        naming,
      );
    await refused(await sailing(t, { status: 'Draft' }), {}, 'Draft');
    await refused(await sailing(t, { startInDays: -1 }), {}, 'departed');
    await refused(s, { shipCabinId: s.foreignCabinId }, 'not on the ship');
    await refused(s, { passengers: [PASSENGER, PASSENGER, PASSENGER] }, 'at most 2 passengers');
    await refused(s, { addOns: [{ chargeTypeId: s.chargeTypes.spa, quantity: 1 }] }, 'not offered');
    await refused(s, { addOns: [{ chargeTypeId: s.chargeTypes.portFees, quantity: 1 }] }, 'part of every booking');
    const [charge] = await agent.api.ok<{ cabinChargeId: number }[]>('/cruise/cabincharge/list', {
      cruiseId: s.cruiseId,
    });
    const chargeId = charge?.cabinChargeId;
    await agent.api.ok('/cruise/cabincharge/write', {
      cabinChargeId: chargeId,
      cruiseId: s.cruiseId,
      shipCabinId: s.cabinIds[0],
      price: 900,
      currency: 'AED',
      available: false,
    });
    await refused(s, {}, 'not available');
    await agent.api.ok('/cruise/cabincharge/delete', { cabinChargeId: chargeId });
    await refused(s, {}, 'no price');
    await create(s, {}, 1);
    await refused(s, { shipCabinId: s.cabinIds[1] }, 'booked');
    expect(await agent.api.ok<CruiseBooking[]>('/cruise/booking/list', { cruiseId: s.cruiseId })).toHaveLength(1);
  });
});

describe('/cruise/booking/cancel', () => {
  it('cancels a booking, which frees its cabin on the sailing; a second cancel is refused', async () => {
    const s = await sailing(t);
    const made = await create(s);
    const cancelled = await agent.api.ok<CruiseBooking>('/cruise/booking/cancel', { bookingId: made.bookingId });
    expect(cancelled).toEqual({
      ...made,
      status: 'CANCELLED',
      updatedAt: expect.any(String),
      cancelledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await agent.api.ok('/cruise/booking/list', { cruiseId: s.cruiseId, status: 'CANCELLED' })).toEqual([
      cancelled,
    ]);
    const again = await create(s);
    expect(again.bookingId).not.toBe(made.bookingId);
    await agent.api.expectError('/cruise/booking/cancel', { bookingId: made.bookingId }, 'INVALID_STATE', 'cancelled');
    await agent.api.expectError('/cruise/booking/cancel', { bookingId: 2_000_000_000 }, 'NOTFOUND', 'Cruise booking');
  });
});

describe('concurrent creates', () => {
  it('50 creates over 10 free cabins at once: exactly 10 succeed, one per cabin, the rest INVALID_STATE, no 5xx', async () => {
    const s = await sailing(t, { cabins: 10 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        agent.api.inject({
          method: 'POST',
          url: '/cruise/booking/create',
          payload: {
            session: agent.session,
            cruiseId: s.cruiseId,
            shipCabinId: s.cabinIds[index % 10],
            customerId,
            passengers: [PASSENGER],
          },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const codes = answers.map((answer) => answer.json<{ apiStatus: { errorCode: string } }>().apiStatus.errorCode);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
    expect(codes.filter((code) => code === 'INVALID_STATE')).toHaveLength(40);
    const booked = await agent.api.ok<CruiseBooking[]>('/cruise/booking/list', { cruiseId: s.cruiseId });
    expect(new Set(booked.map((booking) => booking.shipCabinId))).toEqual(new Set(s.cabinIds));
  });
});

describe('who may call /cruise/booking/*', () => {
  it('agents and admins; an employee is FORBIDDEN, a request without a session MISSING_PARAMETER', async () => {
    const s = await sailing(t);
    const made = await create(s);
    expect(await t.adminApi.ok('/cruise/booking/read', { bookingId: made.bookingId })).toEqual(made);
    const employee = await user(t, 'employee');
    await employee.api.expectError('/cruise/booking/read', { bookingId: made.bookingId }, 'FORBIDDEN');
    await agent.api
      .as(undefined)
      .expectError('/cruise/booking/read', { bookingId: made.bookingId }, 'MISSING_PARAMETER', 'session');
  });
});
