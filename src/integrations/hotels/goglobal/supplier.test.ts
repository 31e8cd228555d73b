// The GoGlobal hotel supplier against the loopback fake: SOAP MakeRequest envelopes with the inner request (header
// credentials, the Operation matching the requestType), search offers mapped to the port's model, valuation, the
// price breakdown night by night, booking insert, status, the search by our client reference, cancel and voucher;
// GoGlobal's Error element, SOAP faults, HTTP failures, answers that are not XML and hangs as HotelSupplierErrors
// whose messages hold neither GoGlobal's words nor the password.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test/support/errors.js';
import { type GoGlobalFake, startGoGlobalFake } from '../../../../test/support/goglobal-fake.js';
import { loadConfig } from '../../../config.js';
import { createHotelSupplier } from '../index.js';
import { type HotelBookingRequest, type HotelSearchRequest, HotelSupplierError } from '../port.js';
import { createGoGlobalHotelSupplier } from './index.js';

let fake: GoGlobalFake;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  fake = await startGoGlobalFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
});

function supplier(overrides: { password?: string; timeoutMs?: number } = {}) {
  const settings = {
    url: fake.url,
    agency: fake.agency,
    user: fake.user,
    password: overrides.password ?? fake.password,
    timeoutMs: overrides.timeoutMs ?? 10_000, // a net on a loaded machine; the hang test sets its own
  };
  return createGoGlobalHotelSupplier(settings, { log });
}

const request: HotelSearchRequest = {
  cityCode: '75',
  arrivalDate: '2027-03-10',
  nights: 3,
  rooms: [
    { adults: 2, childAges: [5] },
    { adults: 2, childAges: [5] },
  ],
  currency: 'USD',
  roomBasis: ['BB', 'HB'],
};

function booking(offerCode: string, clientReference: string): HotelBookingRequest {
  const adult = { title: 'MR' as const, firstName: 'Omar', lastName: 'Haddad' };
  const child = { title: 'CHD' as const, firstName: 'Lina', lastName: 'Haddad', age: 5 };
  return {
    clientReference,
    offerCode,
    arrivalDate: '2027-03-10',
    nights: 3,
    rooms: [
      { adults: [adult], children: [child] },
      { adults: [{ ...adult, firstName: 'Sami' }], children: [] },
    ],
  };
}

describe('GoGlobal hotel search', () => {
  it('sends a SOAP MakeRequest with the inner request and maps the offers', async () => {
    const offers = await supplier().search(request);

    const [call] = fake.requests;
    expect(call).toMatchObject({ requestType: 11, operation: 'HOTEL_SEARCH_REQUEST' });
    expect(call?.soapAction).toBe('"http://www.goglobal.travel/MakeRequest"');
    expect(call?.main).toMatchObject({
      CityCode: '75',
      ArrivalDate: '2027-03-10',
      Nights: '3',
      // two rooms of the same occupancy are one Room with RoomCount 2
      Rooms: { Room: { '@_Adults': '2', '@_RoomCount': '2', '@_ChildCount': '1', ChildAge: '5' } },
      FilterRoomBasises: { FilterRoomBasis: ['BB', 'HB'] },
    });
    // the offer without a price is skipped
    expect(offers.map((o) => o.hotelCode)).toEqual(['101', '102', '103']);
    expect(offers[0]).toEqual({
      offerCode: '101/2027-03-10/3/2',
      hotelCode: '101',
      hotelName: 'Fake Palace Hotel',
      cityCode: '75',
      category: '5',
      location: 'Centre',
      latitude: 25.2,
      longitude: 55.3,
      thumbnail: 'https://img.example/101.jpg',
      roomTypes: ['Double Standard', 'Double Standard'],
      roomBasis: 'BB',
      availability: 'AVAILABLE',
      arrivalDate: '2027-03-10',
      nights: 3,
      totalPrice: '2400.00',
      currency: 'USD',
      cancellationDeadline: '2027-03-07',
      nonRefundable: false,
      remark: 'Remark of Fake Palace Hotel',
    });
    expect(offers[1]).toMatchObject({ cancellationDeadline: null, nonRefundable: true });
    expect(offers[2]).toMatchObject({ hotelName: 'Fake Résidence & Spa', availability: 'ON_REQUEST' });
  });

  it('escapes the credentials in the inner XML, and GoGlobal reads them back intact', async () => {
    await supplier().search(request);
    expect(fake.requests[0]?.xmlRequest).toContain('<Password>pa$$&lt;word&gt;&amp;&quot;x&quot;</Password>');
  });

  it('values an offer and breaks its price down night by night, summed exactly', async () => {
    const hotels = supplier();
    const valuation = await hotels.valuate('102/2027-03-10/3/2', '2027-03-10');
    expect(valuation).toEqual({
      offerCode: '102/2027-03-10/3/2',
      arrivalDate: '2027-03-10',
      totalPrice: '900.00',
      currency: 'USD',
      cancellationDeadline: '2027-03-10',
      remarks: 'Valuation remarks',
    });
    expect(fake.requests[0]).toMatchObject({ requestType: 9, operation: 'BOOKING_VALUATION_REQUEST' });

    const breakdown = await hotels.priceBreakdown('102/2027-03-10/3/1');
    expect(breakdown.rooms).toEqual([
      {
        roomType: 'Double Standard',
        nights: [
          { date: '2027-03-10', price: '200.00' },
          { date: '2027-03-11', price: '125.00' },
          { date: '2027-03-12', price: '125.00' },
        ],
        total: '450.00',
      },
    ]);
    expect(breakdown.totalPrice).toBe('450.00');
  });
});

describe('GoGlobal bookings', () => {
  it('books with our client reference, then reports, finds, vouchers and cancels the booking', async () => {
    const hotels = supplier();
    const made = await hotels.book(booking('101/2027-03-10/3/2', 'HB-book-1'));
    expect(made).toMatchObject({
      clientReference: 'HB-book-1',
      status: 'CONFIRMED',
      hotelName: 'Fake Palace Hotel',
      arrivalDate: '2027-03-10',
      nights: 3,
      totalPrice: '2400.00',
      currency: 'USD',
      cancellationDeadline: '2027-03-07',
    });
    const insert = fake.requests.find((r) => r.operation === 'BOOKING_INSERT_REQUEST');
    expect(insert?.main).toMatchObject({
      AgentReference: 'HB-book-1',
      HotelSearchCode: '101/2027-03-10/3/2',
      NoAlternativeHotel: '1',
      Leader: { '@_LeaderPersonID': '1' },
    });
    expect(JSON.stringify(insert?.main)).toContain('"@_ChildAge":"5"');

    expect(await hotels.status(made.bookingCode)).toEqual({
      bookingCode: made.bookingCode,
      status: 'CONFIRMED',
      totalPrice: '2400.00',
      currency: 'USD',
    });
    expect(await hotels.findByClientReference('HB-book-1')).toEqual(made);
    expect(await hotels.findByClientReference('HB-never')).toBeNull();
    expect(await hotels.voucher(made.bookingCode)).toMatchObject({
      bookingCode: made.bookingCode,
      hotelName: 'Fake Palace Hotel',
      checkIn: '2027-03-10',
      checkOut: '2027-03-13',
      leadGuest: 'Omar Haddad',
      emergencyPhone: '+971 4 555 0100',
    });
    expect(await hotels.cancel(made.bookingCode)).toEqual({ bookingCode: made.bookingCode, status: 'CANCELLED' });
    expect((await hotels.status(made.bookingCode)).status).toBe('CANCELLED');
  });

  it('starts an on-request offer ON_REQUEST, and gives no voucher for it', async () => {
    const hotels = supplier();
    const made = await hotels.book(booking('103/2027-03-10/3/2', 'HB-rq-1'));
    expect(made.status).toBe('ON_REQUEST');
    expect((await rejectionOf(hotels.voucher(made.bookingCode), HotelSupplierError)).kind).toBe('refused');
  });
});

describe('GoGlobal failures', () => {
  it.each([
    ['error-element', 'refused'],
    ['soap-fault', 'unavailable'],
    ['http-500', 'unavailable'],
    ['not-xml', 'unavailable'],
  ] as const)('%s → %s, in our words only', async (failure, kind) => {
    fake.failNext(failure);
    const error = await rejectionOf(supplier().search(request), HotelSupplierError);
    expect(error.kind).toBe(kind);
    expect(error.message).not.toMatch(/secret internal|internal detail|Server was unable/);
  });

  it('answers a hang as a timeout within the configured time', async () => {
    fake.failNext('hang');
    const error = await rejectionOf(supplier({ timeoutMs: 200 }).search(request), HotelSupplierError);
    expect(error.kind).toBe('timeout');
  });

  it('takes a refusal of the credentials as refused, and never logs the password', async () => {
    warnings.length = 0;
    const error = await rejectionOf(supplier({ password: 'wrong' }).search(request), HotelSupplierError);
    expect(error.kind).toBe('refused');
    expect(JSON.stringify(warnings)).toContain('AUTH');
    expect(JSON.stringify(warnings)).not.toContain('wrong');
    expect(JSON.stringify(warnings)).not.toContain(fake.password);
  });

  it('refuses an unknown offer code at valuation', async () => {
    const error = await rejectionOf(supplier().valuate('nope', '2027-03-10'), HotelSupplierError);
    expect(error.kind).toBe('refused');
  });

  it('cannot be reached: unavailable', async () => {
    const settings = { url: 'http://127.0.0.1:9/x', agency: 'a', user: 'u', password: 'p', timeoutMs: 2_000 };
    const error = await rejectionOf(createGoGlobalHotelSupplier(settings, { log }).search(request), HotelSupplierError);
    expect(error.kind).toBe('unavailable');
  });
});

describe('hotel supplier settings', () => {
  it('choose the simulator by default and GoGlobal with TC_HOTELS=goglobal', () => {
    expect(createHotelSupplier(loadConfig({}), { clock: () => new Date() }).kind).toBe('simulator');
    const env = { TC_HOTELS: 'goglobal', TC_GOGLOBAL_AGENCY: '1', TC_GOGLOBAL_USER: 'u', TC_GOGLOBAL_PASSWORD: 'p w' };
    const config = loadConfig(env);
    expect(config.hotels).toEqual({
      kind: 'goglobal',
      url: 'http://xml.qa.goglobal.travel/XMLWebService.asmx',
      agency: '1',
      user: 'u',
      password: 'p w',
      timeoutMs: 20_000,
    });
    expect(createHotelSupplier(config, { clock: () => new Date() }).kind).toBe('goglobal');
    expect(() => loadConfig({ TC_HOTELS: 'goglobal' })).toThrow(/TC_HOTELS=goglobal needs TC_GOGLOBAL_AGENCY/);
    expect(() => loadConfig({ TC_HOTELS: 'hotelbeds' })).toThrow(/TC_HOTELS must be simulator, goglobal or amadeus/);
  });
});
