// /hotel/online/* through the API with the default supplier (the simulator): searchMode online (the default) and
// contracted for search, valuation and booking; a booking's status, voucher and cancellation with their state
// moves; the refusals (roles, missing and malformed parameters, another tenant's booking, closed bookings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { uniqueName } from '../../../../test/support/database.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { settleOnSimulator } from '../../../../test/support/payment-simulator.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { SearchAccommodationResult } from '../search/index.js';
import type { Hotel, Room } from '../inventory/index.js';
import type { HotelBooking, HotelVoucher, Valuation } from './online.schemas.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;
let today: string;

beforeAll(async () => {
  const service = await startTestService();
  t = await tenant(service);
  other = await tenant(service);
  agent = await user(t, 'agent');
  today = formatDate(new Date(), t.record.timezone);
});
afterAll(() => t?.service.close());

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const day = (offset: number) => addDays(today, offset);
const stay = (from: number, to: number) => ({ checkin: dmy(day(from)), checkout: dmy(day(to)) });
const leader = { title: 'MR', firstName: 'Karim', lastName: 'Nasser' };
const party = [{ adults: [leader, { title: 'MRS', firstName: 'Huda', lastName: 'Nasser' }] }];

async function onlineOffer(from = 20, to = 23) {
  const answer = await agent.api.ok<SearchAccommodationResult>('/hotel/online/search', {
    cityCode: 'DXB',
    adults: 2,
    children: 0,
    ...stay(from, to),
  });
  const result = defined(
    answer.results.find((r) => r.rooms.some((room) => room.available)),
    'an available online result',
  );
  const room = defined(
    result.rooms.find((r) => r.available),
    'an available room',
  );
  return { result, room, offerId: defined(room.offerId, 'offerId') };
}

async function bookOnline(from = 20, to = 23): Promise<HotelBooking> {
  const { offerId, result } = await onlineOffer(from, to);
  return agent.api.ok<HotelBooking>('/hotel/online/book', {
    offerId,
    ...stay(from, to),
    rooms: party,
    hotelName: result.hotel.name,
    cityCode: 'DXB',
    contactEmail: 'karim@example.com',
  });
}

describe('online search and valuation (the simulator)', () => {
  it('searches the supplier by default and values an offer at its search price, night by night', async () => {
    const { result, room, offerId } = await onlineOffer();
    expect(result.resultSource).toBe('ONLINE');
    expect(result.hotel.city).toBe('DXB');
    const valuation = await agent.api.ok<Valuation>('/hotel/online/valuate', {
      offerId,
      checkin: stay(20, 23).checkin,
    });
    expect(valuation).toMatchObject({ searchMode: 'online', offerId, totalPrice: room.totalPrice, currency: 'AED' });
    expect(valuation.rooms[0]?.nights.map((n) => n.date)).toEqual([day(20), day(21), day(22)]);
    const sum = valuation.rooms.flatMap((r) => r.nights).reduce((total, n) => total + Math.round(n.price * 100), 0);
    expect(sum).toBe(Math.round(room.totalPrice * 100));
  });

  it('refuses a search without cityCode, bad dates, a stay over 30 nights, a guest (not logged in) and a customer (forbidden)', async () => {
    const body = { adults: 2, children: 0, ...stay(20, 23), cityCode: 'DXB' };
    await agent.api.expectError(
      '/hotel/online/search',
      { ...body, cityCode: undefined },
      'MISSING_PARAMETER',
      'cityCode',
    );
    await agent.api.expectError('/hotel/online/search', { ...body, checkin: day(20) }, 'INVALID_FORMAT', 'checkin');
    await agent.api.expectError('/hotel/online/search', { ...body, ...stay(23, 20) }, 'INVALID_FORMAT', 'checkout');
    await agent.api.expectError('/hotel/online/search', { ...body, ...stay(20, 51) }, 'INVALID_FORMAT', 'checkout');
    await agent.api.expectError(
      '/hotel/online/search',
      { ...body, searchMode: 'cached' },
      'INVALID_FORMAT',
      'searchMode',
    );
    const visitor = await guest(t);
    await visitor.api.expectError('/hotel/online/search', body, 'NOT_LOGGED_IN');
    const customer = await user(t, 'customer');
    await customer.api.expectError('/hotel/online/book', { offerId: 'x', ...stay(20, 23), rooms: party }, 'FORBIDDEN');
  });

  it('answers API_ERROR for an offer the supplier does not know, and MISSING_PARAMETER without one', async () => {
    await agent.api.expectError(
      '/hotel/online/valuate',
      { checkin: stay(20, 23).checkin },
      'MISSING_PARAMETER',
      'offerId',
    );
    const answer = await agent.api.call('/hotel/online/valuate', { offerId: 'S/nope', checkin: stay(20, 23).checkin });
    expect(answer.apiStatus.errorCode).toBe('API_ERROR');
    expect(answer.apiStatus.errorMessage).not.toMatch(/unknown offer code/);
    await agent.api.expectError(
      '/hotel/online/valuate',
      { offerId: 'x', checkin: '2020-01-01' },
      'INVALID_FORMAT',
      'checkin',
    );
  });
});

describe('online bookings (the simulator)', () => {
  it('books an offer CONFIRMED, reports it, gives its voucher and cancels it once', async () => {
    const booking = await bookOnline();
    expect(booking).toMatchObject({
      searchMode: 'online',
      status: 'CONFIRMED',
      paymentStatus: 'UNPAID',
      cartReference: null,
      supplier: 'simulator',
      checkin: day(20),
      checkout: day(23),
      nights: 3,
      rooms: 1,
      adults: 2,
      children: 0,
      currency: 'AED',
      contactEmail: 'karim@example.com',
    });
    expect(booking.reference).toMatch(/^HB[0-9A-F]{14}$/);
    expect(booking.supplierBookingCode).toMatch(/^\d+$/);
    expect(booking.totalPrice).toBeGreaterThan(0);
    expect(booking.guests[0]).toEqual({ room: 1, ...leader });

    const { bookingId } = booking;
    expect(await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId })).toMatchObject({
      status: 'CONFIRMED',
    });
    const voucher = await agent.api.ok<HotelVoucher>('/hotel/online/voucher', { bookingId });
    expect(voucher).toMatchObject({
      bookingId,
      supplierBookingCode: booking.supplierBookingCode,
      hotelName: booking.hotelName,
      checkin: day(20),
      checkout: day(23),
      leadGuest: 'MR Karim Nasser',
    });
    const cancelled = await agent.api.ok<HotelBooking>('/hotel/online/cancel', { bookingId });
    expect(cancelled.status).toBe('CANCELLED');
    expect((await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId })).status).toBe('CANCELLED');
    await agent.api.expectError('/hotel/online/cancel', { bookingId }, 'INVALID_STATE', 'CANCELLED');
    await agent.api.expectError('/hotel/online/voucher', { bookingId }, 'INVALID_STATE', 'CANCELLED');
  });

  it("refuses a booking without its offer or rooms, and an unknown or another tenant's booking id", async () => {
    await agent.api.expectError(
      '/hotel/online/book',
      { ...stay(20, 23), rooms: party },
      'MISSING_PARAMETER',
      'offerId',
    );
    await agent.api.expectError('/hotel/online/book', { offerId: 'x', ...stay(20, 23) }, 'MISSING_PARAMETER', 'rooms');
    await agent.api.expectError(
      '/hotel/online/book',
      { offerId: 'x', ...stay(20, 23), rooms: [] },
      'INVALID_FORMAT',
      'rooms',
    );
    const offer = { offerId: 'x', rooms: party };
    await agent.api.expectError('/hotel/online/book', { ...offer, ...stay(20, 20) }, 'INVALID_FORMAT', 'checkout');
    await agent.api.expectError('/hotel/online/book', { ...offer, ...stay(20, 51) }, 'INVALID_FORMAT', 'checkout');
    await agent.api.expectError('/hotel/online/book', { ...offer, ...stay(-2, 1) }, 'INVALID_FORMAT', 'checkin');
    const badDate = { ...offer, ...stay(20, 23), checkin: '31/02/2027' };
    await agent.api.expectError('/hotel/online/book', badDate, 'INVALID_FORMAT', 'checkin');
    const booking = await bookOnline(25, 26);
    const stranger = await user(other, 'admin');
    await stranger.api.expectError('/hotel/online/status', { bookingId: booking.bookingId }, 'NOTFOUND');
    await stranger.api.expectError('/hotel/online/cancel', { bookingId: booking.bookingId }, 'NOTFOUND');
    await agent.api.expectError('/hotel/online/voucher', { bookingId: 999_999 }, 'NOTFOUND');
  });
});

describe('several rooms online', () => {
  it('searches every room of the party at once and books them together', async () => {
    const rooms = [{ adults: 2, childAges: [7] }, { adults: 1 }];
    const answer = await agent.api.ok<SearchAccommodationResult>('/hotel/online/search', {
      cityCode: 'PAR',
      adults: 3,
      children: 1,
      rooms,
      ...stay(45, 47),
    });
    const result = defined(answer.results[0], 'a result');
    const room = defined(
      result.rooms.find((r) => r.available),
      'an available offer',
    );
    expect(room.roomName).toMatch(/\(Double\) \+ .*\(Single\)$/);
    const booking = await agent.api.ok<HotelBooking>('/hotel/online/book', {
      offerId: room.offerId,
      ...stay(45, 47),
      rooms: [
        { adults: party[0]?.adults, children: [{ firstName: 'Lea', lastName: 'Nasser', age: 7 }] },
        { adults: [{ title: 'MR', firstName: 'Fadi', lastName: 'Nasser' }] },
      ],
    });
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      rooms: 2,
      adults: 3,
      children: 1,
      totalPrice: room.totalPrice,
    });
    expect(booking.guests.map((g) => [g.room, g.firstName])).toEqual([
      [1, 'Karim'],
      [1, 'Huda'],
      [1, 'Lea'],
      [2, 'Fadi'],
    ]);
  });
});

describe('an online booking paid through a payment link', () => {
  it('is PAID once the payer pays on the gateway, by its cart reference', async () => {
    const booking = await bookOnline(27, 29);
    const link = await agent.api.ok<{ cartReference: string; paymentUrl: string }>('/hotel/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    const page = await settleOnSimulator(t, link.paymentUrl, 'pay');
    expect(page.statusCode).toBe(200);
    const paid = await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId: booking.bookingId });
    expect(paid).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'PAID', cartReference: link.cartReference });
  });
});

describe('contracted mode', () => {
  async function contractedRoom(allotment: number) {
    const hotel = await agent.api.ok<Hotel>('/hotel/saveHotel', { hotel: { name: uniqueName('Online Contracted') } });
    const room = await agent.api.ok<Room>('/hotel/saveRoom', { room: { hotelId: hotel.hotelId, name: 'Twin' } });
    await agent.api.ok('/hotel/createRoomCalendar', {
      template: { roomId: room.roomId, stayDate: day(30), baseRate: 300, allotment },
      stayTo: day(35),
      specDays: 'NONE',
    });
    return { hotel, room };
  }

  it('searches, values and books a contracted room, taking one room a night, and gives it back on cancel', async () => {
    const { hotel, room } = await contractedRoom(1);
    const found = await agent.api.ok<SearchAccommodationResult>('/hotel/online/search', {
      searchMode: 'contracted',
      adults: 2,
      children: 0,
      hotelId: hotel.hotelId,
      ...stay(30, 32),
    });
    expect(found.results.map((r) => r.resultSource)).toEqual(['DIRECT']);
    const valuation = await agent.api.ok<Valuation>('/hotel/online/valuate', {
      searchMode: 'contracted',
      roomId: room.roomId,
      adults: 2,
      ...stay(30, 32),
    });
    expect(valuation).toMatchObject({
      searchMode: 'contracted',
      roomId: room.roomId,
      totalPrice: found.results[0]?.rooms[0]?.totalPrice,
    });

    const body = { searchMode: 'contracted', roomId: room.roomId, ...stay(30, 32), rooms: party };
    const booking = await agent.api.ok<HotelBooking>('/hotel/online/book', body);
    expect(booking).toMatchObject({
      searchMode: 'contracted',
      status: 'CONFIRMED',
      supplier: null,
      hotelId: hotel.hotelId,
      roomId: room.roomId,
      market: 'UAE',
      hotelName: hotel.name,
      totalPrice: valuation.totalPrice,
    });
    // the only room of those nights is taken: a second booking is refused, a later stay is not
    await agent.api.expectError('/hotel/online/book', body, 'INVALID_STATE');
    await agent.api.expectError('/hotel/online/book', { ...body, ...stay(31, 33) }, 'INVALID_STATE');
    const voucher = await agent.api.ok<HotelVoucher>('/hotel/online/voucher', { bookingId: booking.bookingId });
    expect(voucher).toMatchObject({ hotelName: hotel.name, leadGuest: 'MR Karim Nasser', supplierBookingCode: null });

    expect((await agent.api.ok<HotelBooking>('/hotel/online/cancel', { bookingId: booking.bookingId })).status).toBe(
      'CANCELLED',
    );
    expect((await agent.api.ok<HotelBooking>('/hotel/online/book', body)).status).toBe('CONFIRMED');
  });

  it('sells the last room of a night once when two agents book it at the same moment', async () => {
    const { room } = await contractedRoom(1);
    const body = { searchMode: 'contracted', roomId: room.roomId, ...stay(33, 35), rooms: party };
    const answers = await Promise.all([
      agent.api.call('/hotel/online/book', body),
      agent.api.call('/hotel/online/book', body),
    ]);
    expect(answers.map((a) => a.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
  });

  it("refuses a contracted booking without roomId, of two rooms, or of another tenant's room", async () => {
    const { room } = await contractedRoom(5);
    const body = { searchMode: 'contracted', ...stay(30, 32), rooms: party };
    await agent.api.expectError('/hotel/online/book', body, 'MISSING_PARAMETER', 'roomId');
    await agent.api.expectError(
      '/hotel/online/book',
      { ...body, roomId: room.roomId, rooms: [...party, ...party] },
      'INVALID_FORMAT',
      'rooms',
    );
    const stranger = await user(other, 'admin');
    await stranger.api.expectError('/hotel/online/book', { ...body, roomId: room.roomId }, 'NOTFOUND');
    // a stay outside the calendar cannot be sold
    await agent.api.expectError(
      '/hotel/online/book',
      { ...body, roomId: room.roomId, ...stay(40, 41) },
      'INVALID_STATE',
    );
  });
});
