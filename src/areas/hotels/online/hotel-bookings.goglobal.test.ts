// Online hotel bookings through the API with TC_HOTELS=goglobal against the loopback GoGlobal fake: a booking made,
// reported, vouchered and cancelled at the supplier; a booking call that times out looked up by our reference before
// its one retry (never booked twice), or left PENDING and settled by status; our side failing after the supplier
// booked (the supplier booking cancelled); the supplier refusing, failing or hanging: API_ERROR quickly, in our words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { type GoGlobalFake, startGoGlobalFake } from '../../../../test/support/goglobal-fake.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { SearchAccommodationResult } from '../search/index.js';
import type { HotelBooking, HotelVoucher } from './online.schemas.js';

let fake: GoGlobalFake;
let t: TestTenant;
let agent: TestUser;
let today: string;

beforeAll(async () => {
  fake = await startGoGlobalFake();
  const service = await startTestService({
    env: {
      TC_HOTELS: 'goglobal',
      TC_GOGLOBAL_URL: fake.url,
      TC_GOGLOBAL_AGENCY: fake.agency,
      TC_GOGLOBAL_USER: fake.user,
      TC_GOGLOBAL_PASSWORD: fake.password,
      TC_GOGLOBAL_TIMEOUT_MS: '400',
    },
  });
  t = await tenant(service);
  agent = await user(t, 'agent');
  today = formatDate(new Date(), t.record.timezone);
});
afterAll(async () => {
  await t?.service.close();
  await fake?.stop();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const arrival = () => addDays(today, 40);
const stay = () => ({ checkin: dmy(arrival()), checkout: dmy(addDays(arrival(), 2)) });
const offerOf = (hotelCode: string) => `${hotelCode}/${arrival()}/2/1`;
const rooms = [
  {
    adults: [{ title: 'MS', firstName: 'Noor', lastName: 'Saleh' }],
    children: [{ firstName: 'Adam', lastName: 'Saleh', age: 4 }],
  },
];
const book = (hotelCode = '101', extra: object = {}) =>
  agent.api.call<HotelBooking>('/hotel/online/book', {
    offerId: offerOf(hotelCode),
    ...stay(),
    rooms,
    cityCode: '75',
    ...extra,
  });
const bookingsOf = (reference: string) => [...fake.bookings.values()].filter((b) => b.agentReference === reference);
const rowsOf = (remarks: string) =>
  t.db(
    (sql) => sql<Array<{ hotel_booking_id: number; status: string; client_reference: string }>>`
    SELECT hotel_booking_id, status, client_reference FROM hotel_bookings WHERE remarks = ${remarks}`,
  );

/** Our side fails after the supplier booked: the database refuses to confirm a booking whose remarks say so. */
const refuseConfirmations = () =>
  t.db((sql) =>
    sql.unsafe(`
      CREATE OR REPLACE FUNCTION refuse_confirmation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$;
      DROP TRIGGER IF EXISTS refuse_confirmation ON hotel_bookings;
      CREATE TRIGGER refuse_confirmation BEFORE UPDATE ON hotel_bookings FOR EACH ROW
        WHEN (NEW.remarks LIKE 'our side fails%' AND NEW.status = 'CONFIRMED') EXECUTE FUNCTION refuse_confirmation();`),
  );

describe('GoGlobal through the API', () => {
  it('searches, books, reports, vouchers and cancels at GoGlobal', async () => {
    const found = await agent.api.ok<SearchAccommodationResult>('/hotel/online/search', {
      cityCode: '75',
      adults: 1,
      children: 1,
      childAges: [4],
      ...stay(),
    });
    expect(found.results.map((r) => r.hotel.name)).toEqual([
      'Fake City Inn',
      'Fake Résidence & Spa',
      'Fake Palace Hotel',
    ]);

    const answer = await book();
    const booking = defined(answer.apiData, 'the booking');
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      supplier: 'goglobal',
      hotelName: 'Fake Palace Hotel',
      totalPrice: 800,
      currency: 'USD',
    });
    const made = defined(fake.bookings.get(defined(booking.supplierBookingCode, 'code')), 'the fake booking');
    expect(made.agentReference).toBe(booking.reference);
    expect(fake.count('BOOKING_INSERT_REQUEST')).toBe(1);

    const voucher = await agent.api.ok<HotelVoucher>('/hotel/online/voucher', { bookingId: booking.bookingId });
    expect(voucher).toMatchObject({
      address: '1 Fake Street',
      emergencyPhone: '+971 4 555 0100',
      leadGuest: 'MS Noor Saleh',
    });
    expect((await agent.api.ok<HotelBooking>('/hotel/online/cancel', { bookingId: booking.bookingId })).status).toBe(
      'CANCELLED',
    );
    expect(made.status).toBe('X');
  });

  it('books an on-request hotel ON_REQUEST, and follows the supplier when it confirms', async () => {
    const booking = defined((await book('103')).apiData, 'the booking');
    expect(booking.status).toBe('ON_REQUEST');
    defined(fake.bookings.get(defined(booking.supplierBookingCode, 'code')), 'the fake booking').status = 'C';
    expect((await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId: booking.bookingId })).status).toBe(
      'CONFIRMED',
    );
  });
});

describe('a booking call that times out', () => {
  it('finds the booking made by our reference instead of booking again', async () => {
    fake.failNextOn('BOOKING_INSERT_REQUEST', 'book-then-hang');
    const booking = defined((await book('101', { remarks: 'lost answer' })).apiData, 'the booking');
    expect(booking.status).toBe('CONFIRMED');
    expect(fake.count('BOOKING_INSERT_REQUEST')).toBe(1);
    expect(fake.count('ADV_BOOKING_SEARCH_REQUEST')).toBe(1);
    expect(bookingsOf(booking.reference)).toHaveLength(1);
  });

  it('books once more when the supplier has no booking of our reference', async () => {
    fake.failNextOn('BOOKING_INSERT_REQUEST', 'hang');
    const booking = defined((await book('101', { remarks: 'never arrived' })).apiData, 'the booking');
    expect(booking.status).toBe('CONFIRMED');
    expect(fake.count('BOOKING_INSERT_REQUEST')).toBe(2);
    expect(bookingsOf(booking.reference)).toHaveLength(1);
  });

  it('stays PENDING when even the look-up fails, and status settles it from the supplier', async () => {
    fake.failNextOn('BOOKING_INSERT_REQUEST', 'book-then-hang');
    fake.failNextOn('ADV_BOOKING_SEARCH_REQUEST', 'hang');
    const answer = await book('101', { remarks: 'unknown outcome' });
    expect(answer.apiStatus.errorCode).toBe('API_ERROR');
    const [row] = await rowsOf('unknown outcome');
    expect(row?.status).toBe('PENDING');
    expect(fake.count('BOOKING_INSERT_REQUEST')).toBe(1);
    const bookingId = defined(row, 'the row').hotel_booking_id;
    const settled = await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId });
    expect(settled.status).toBe('CONFIRMED');
    expect(bookingsOf(settled.reference)).toHaveLength(1);
  });
});

describe('a booking call that times out twice', () => {
  it('stays PENDING while young, then FAILED when the supplier has no booking of our reference', async () => {
    fake.failNextOn('BOOKING_INSERT_REQUEST', 'hang', 'hang');
    const answer = await book('102', { remarks: 'never answered' });
    expect(answer.apiStatus.errorCode).toBe('API_ERROR');
    expect(fake.count('BOOKING_INSERT_REQUEST')).toBe(2);
    const row = defined((await rowsOf('never answered'))[0], 'the row');
    expect(row.status).toBe('PENDING');
    expect(bookingsOf(row.client_reference)).toHaveLength(0);
    const bookingId = row.hotel_booking_id;
    // its booking call might still be under way: not declared FAILED yet
    expect((await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId })).status).toBe('PENDING');
    await t.db(
      (sql) => sql`
      UPDATE hotel_bookings SET created_at = created_at - interval '10 minutes' WHERE hotel_booking_id = ${bookingId}`,
    );
    expect((await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId })).status).toBe('FAILED');
    await agent.api.expectError('/hotel/online/cancel', { bookingId }, 'INVALID_STATE', 'FAILED');
  });
});

describe('failures', () => {
  it('cancels the supplier booking when our side fails after it', async () => {
    await refuseConfirmations();
    const answer = await book('101', { remarks: 'our side fails' });
    expect(answer.apiStatus.errorCode).toBe('GENERAL');
    const [row] = await rowsOf('our side fails');
    expect(row?.status).toBe('FAILED');
    const [made] = bookingsOf(defined(row, 'the row').client_reference);
    expect(made?.status).toBe('X');
    expect(fake.count('BOOKING_CANCEL_REQUEST')).toBe(1);
  });

  it('leaves the booking PENDING when cancelling it at the supplier fails too, for status to reconcile', async () => {
    await refuseConfirmations();
    fake.failNextOn('BOOKING_CANCEL_REQUEST', 'http-500');
    const answer = await book('101', { remarks: 'our side fails, and cancelling too' });
    expect(answer.apiStatus.errorCode).toBe('GENERAL');
    const row = defined((await rowsOf('our side fails, and cancelling too'))[0], 'the row');
    expect(row.status).toBe('PENDING');
    expect(bookingsOf(row.client_reference).map((b) => b.status)).toEqual(['C']);
    // the supplier holds the booking: status reconciles our row with it (the agent may then cancel it)
    await t.db(
      (sql) => sql`UPDATE hotel_bookings SET remarks = 'reconciled' WHERE hotel_booking_id = ${row.hotel_booking_id}`,
    );
    const settled = await agent.api.ok<HotelBooking>('/hotel/online/status', { bookingId: row.hotel_booking_id });
    expect(settled.status).toBe('CONFIRMED');
  });

  it.each(['error-element', 'soap-fault', 'http-500'] as const)(
    "answers %s at booking as API_ERROR without GoGlobal's words, the booking FAILED",
    async (failure) => {
      const remarks = `refused ${failure}`;
      fake.failNextOn('BOOKING_INSERT_REQUEST', failure);
      const answer = await book('102', { remarks });
      expect(answer.apiStatus.errorCode).toBe('API_ERROR');
      expect(answer.apiStatus.errorMessage).not.toMatch(/secret|internal|Server was unable|GEN/);
      const [row] = await rowsOf(remarks);
      expect(row?.status).toBe('FAILED');
    },
  );

  it('answers a failing or silent search API_ERROR, within the supplier timeout', async () => {
    const body = { cityCode: '75', adults: 2, children: 0, ...stay() };
    for (const failure of ['error-element', 'hang'] as const) {
      fake.failNext(failure);
      const answer = await agent.api.call('/hotel/online/search', body);
      expect(answer.apiStatus.errorCode).toBe('API_ERROR');
      expect(answer.apiStatus.errorMessage).not.toMatch(/secret internal words/);
    }
  });
});
