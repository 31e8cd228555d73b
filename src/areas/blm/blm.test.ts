// Back-office bookings (/blm/booking/*): create and read (contract §7.3), search, the lifecycle of setStatus, an
// option that expires by itself (on read, and by the sweep), and who may call them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { uniqueName } from '../../../test/support/database.js';
import { guest, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { formatDateTime } from '../../platform/time.js';
import type { Booking, BookingSummary } from './blm.schemas.js';

let t: TestTenant;
let agent: TestUser;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  const service = await startTestService({ clock: now, env: { TC_RATE_LIMIT_GUEST: '1000' } });
  t = await tenant(service);
  agent = await user(t, 'agent');
});
afterAll(() => t?.service.close());

interface Customer {
  customerId: number;
  custName: string;
  email: string;
  phone: string;
}

async function customer(): Promise<Customer> {
  const mark = uniqueName('c');
  const phone = `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const made = await agent.api.ok<Customer>('/customer/create', {
    custName: `Customer ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: phone,
  });
  return { ...made, phone };
}

const create = (customerId: number, extra: object = {}) =>
  agent.api.ok<Booking>('/blm/booking/create', { customerId, ...extra });
const setStatus = (bookingId: number, status: string, extra: object = {}) =>
  agent.api.ok<Booking>('/blm/booking/setStatus', { bookingId, status, ...extra });
/** An option deadline `minutes` from the service's now, in the tenant's time. */
const deadline = (minutes: number) => formatDateTime(new Date(now().getTime() + minutes * 60_000), t.record.timezone);

describe('/blm/booking/create and read', () => {
  it('creates an ENQUIRY, UNPAID booking without lines, numbered TQ-<yyyy>-<nnnnn>, and reads it back', async () => {
    const { customerId, custName } = await customer();
    const made = await create(customerId, { notes: '  Honeymoon, two rooms  ' });
    expect(made).toEqual({
      bookingId: expect.any(Number),
      reference: expect.stringMatching(/^TQ-\d{4}-\d{5}$/),
      customerId,
      customerName: custName,
      status: 'ENQUIRY',
      paymentStatus: 'UNPAID',
      cartReference: null,
      paymentLinkActive: false,
      lines: [],
      payments: [],
      totalAmount: 0,
      paidAmount: 0,
      openAmount: 0,
      depositPercent: 20,
      currency: t.record.currency.toUpperCase(),
      notes: 'Honeymoon, two rooms',
      optionExpiresAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updatedAt: made.createdAt,
    });
    expect(made.reference.slice(3, 7)).toBe(formatDateTime(now(), t.record.timezone).slice(0, 4));
    expect(await agent.api.ok('/blm/booking/read', { bookingId: made.bookingId })).toEqual(made);
    const next = await create(customerId, { currency: 'usd', depositPercent: 30 });
    expect(Number(next.reference.slice(-5))).toBe(Number(made.reference.slice(-5)) + 1);
    expect(next).toMatchObject({ currency: 'USD', depositPercent: 30, notes: null });
  });

  it('refuses a missing or malformed parameter, an unknown customer and an unknown booking', async () => {
    await agent.api.expectError('/blm/booking/create', {}, 'MISSING_PARAMETER', 'customerId');
    await agent.api.expectError('/blm/booking/create', { customerId: 'one' }, 'INVALID_FORMAT', 'customerId');
    await agent.api.expectError('/blm/booking/create', { customerId: 2_000_000 }, 'NOTFOUND', 'Customer');
    const { customerId } = await customer();
    await agent.api.expectError(
      '/blm/booking/create',
      { customerId, currency: 'DOLLAR' },
      'INVALID_FORMAT',
      'currency',
    );
    await agent.api.expectError(
      '/blm/booking/create',
      { customerId, depositPercent: 120 },
      'INVALID_FORMAT',
      'depositPercent',
    );
    await agent.api.expectError('/blm/booking/read', {}, 'MISSING_PARAMETER', 'bookingId');
    await agent.api.expectError('/blm/booking/read', { bookingId: 2_000_000 }, 'NOTFOUND', 'Booking');
    await agent.api.expectError('/blm/booking/read', { bookingId: 'first' }, 'INVALID_FORMAT', 'bookingId');
  });

  it('is for agents and admins: an employee or customer is FORBIDDEN, a guest NOT_LOGGED_IN, none MISSING_PARAMETER', async () => {
    const { customerId } = await customer();
    const { bookingId } = await create(customerId);
    expect((await t.adminApi.ok<Booking>('/blm/booking/read', { bookingId })).bookingId).toBe(bookingId);
    for (const role of ['employee', 'customer'] as const) {
      const someone = await user(t, role);
      await someone.api.expectError('/blm/booking/read', { bookingId }, 'FORBIDDEN');
      await someone.api.expectError('/blm/booking/create', { customerId }, 'FORBIDDEN');
    }
    const visitor = await guest(t);
    await visitor.api.expectError('/blm/booking/read', { bookingId }, 'NOT_LOGGED_IN');
    await visitor.api.expectError('/blm/booking/search', {}, 'NOT_LOGGED_IN');
    await t.api.expectError('/blm/booking/read', { bookingId }, 'MISSING_PARAMETER', 'session');
  });
});

describe('/blm/booking/setStatus', () => {
  it('walks every allowed move of the lifecycle', async () => {
    const { customerId } = await customer();
    const { bookingId } = await create(customerId);
    expect((await setStatus(bookingId, 'QUOTED')).status).toBe('QUOTED');
    const first = deadline(60);
    const held = await setStatus(bookingId, 'OPTION_HELD', { optionExpiresAt: first });
    expect(held).toMatchObject({ status: 'OPTION_HELD', optionExpiresAt: first });
    const later = deadline(120);
    expect((await setStatus(bookingId, 'OPTION_HELD', { optionExpiresAt: later })).optionExpiresAt).toBe(later);
    const confirmed = await setStatus(bookingId, 'CONFIRMED');
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', optionExpiresAt: null });
    const moves = ['TICKETED', 'AMENDED', 'CONFIRMED', 'AMENDED', 'QUOTED'];
    for (const status of moves) expect((await setStatus(bookingId, status)).status).toBe(status);
    await setStatus(bookingId, 'OPTION_HELD', { optionExpiresAt: deadline(30) });
    for (const status of ['CONFIRMED', 'TICKETED', 'COMPLETED']) {
      expect((await setStatus(bookingId, status)).status).toBe(status);
    }
  });

  it('cancels from every status that is not terminal, and from none that is', async () => {
    const { customerId } = await customer();
    const paths: string[][] = [
      [],
      ['QUOTED'],
      ['QUOTED', 'OPTION_HELD'],
      ['QUOTED', 'OPTION_HELD', 'CONFIRMED'],
      ['QUOTED', 'OPTION_HELD', 'CONFIRMED', 'TICKETED'],
      ['QUOTED', 'OPTION_HELD', 'CONFIRMED', 'AMENDED'],
    ];
    for (const path of paths) {
      const { bookingId } = await create(customerId);
      for (const status of path) await setStatus(bookingId, status, { optionExpiresAt: deadline(60) });
      expect((await setStatus(bookingId, 'CANCELLED')).status).toBe('CANCELLED');
      const again = await agent.api.expectError(
        '/blm/booking/setStatus',
        { bookingId, status: 'QUOTED' },
        'INVALID_STATE',
        'is CANCELLED, it cannot become QUOTED',
      );
      expect(again.apiData).toBeNull();
    }
    const { bookingId } = await create(customerId);
    for (const status of ['QUOTED', 'OPTION_HELD', 'CONFIRMED', 'TICKETED', 'COMPLETED']) {
      await setStatus(bookingId, status, { optionExpiresAt: deadline(60) });
    }
    await agent.api.expectError(
      '/blm/booking/setStatus',
      { bookingId, status: 'CANCELLED' },
      'INVALID_STATE',
      'is COMPLETED, it cannot become CANCELLED',
    );
  });

  it('refuses a move the lifecycle does not have, naming both statuses, and EXPIRED by hand', async () => {
    const { customerId } = await customer();
    const { bookingId, reference } = await create(customerId);
    const refuse = (status: string, naming: string) =>
      agent.api.expectError('/blm/booking/setStatus', { bookingId, status }, 'INVALID_STATE', naming);
    await refuse('CONFIRMED', `Booking ${reference} is ENQUIRY, it cannot become CONFIRMED`);
    await refuse('AMENDED', 'is ENQUIRY, it cannot become AMENDED');
    await refuse('EXPIRED', 'expires only when its option deadline passes');
    await refuse('ENQUIRY', 'is ENQUIRY, it cannot become ENQUIRY');
    await setStatus(bookingId, 'QUOTED');
    await refuse('TICKETED', 'is QUOTED, it cannot become TICKETED');
    expect((await agent.api.ok<Booking>('/blm/booking/read', { bookingId })).status).toBe('QUOTED');
  });

  it('needs a future optionExpiresAt for OPTION_HELD, and refuses a malformed status', async () => {
    const { customerId } = await customer();
    const { bookingId } = await create(customerId);
    await setStatus(bookingId, 'QUOTED');
    const path = '/blm/booking/setStatus';
    const body = { bookingId, status: 'OPTION_HELD' };
    await agent.api.expectError(path, body, 'MISSING_PARAMETER', 'optionExpiresAt');
    await agent.api.expectError(path, { ...body, optionExpiresAt: deadline(-1) }, 'INVALID_FORMAT', 'optionExpiresAt');
    await agent.api.expectError(path, { ...body, optionExpiresAt: 'next week' }, 'INVALID_FORMAT', 'optionExpiresAt');
    await agent.api.expectError(path, { bookingId, status: 'BOOKED' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError(path, { bookingId }, 'MISSING_PARAMETER', 'status');
    await agent.api.expectError(path, { status: 'QUOTED' }, 'MISSING_PARAMETER', 'bookingId');
    await agent.api.expectError(path, { bookingId: 2_000_000, status: 'QUOTED' }, 'NOTFOUND', 'Booking');
  });
});

describe('/blm/booking/search', () => {
  it('finds by status, customer and keyword (reference part, name part, e-mail, phone), newest first, by page', async () => {
    const someone = await customer();
    const other = await customer();
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await create(someone.customerId));
    const theOther = await create(other.customerId);
    await setStatus(defined(made[1], 'a booking').bookingId, 'QUOTED');
    const search = (body: object) => agent.api.ok<BookingSummary[]>('/blm/booking/search', body);
    const ids = (rows: BookingSummary[]) => rows.map((row) => row.bookingId);
    const newestFirst = made.map((booking) => booking.bookingId).reverse();

    expect(ids(await search({ customerId: someone.customerId }))).toEqual(newestFirst);
    expect(ids(await search({ customerId: someone.customerId, status: 'QUOTED' }))).toEqual([made[1]?.bookingId]);
    expect(ids(await search({ customerId: someone.customerId, pageSize: 2, page: 2 }))).toEqual(
      newestFirst.slice(2, 4),
    );
    expect(ids(await search({ keyword: someone.custName.slice(9).toUpperCase() }))).toEqual(newestFirst);
    expect(ids(await search({ keyword: someone.email.toUpperCase() }))).toEqual(newestFirst);
    expect(ids(await search({ keyword: theOther.reference.toLowerCase() }))).toEqual([theOther.bookingId]);
    const { phone } = other;
    expect(ids(await search({ keyword: phone.replace('+', '00 ') }))).toEqual([]);
    expect(ids(await search({ keyword: phone }))).toEqual([theOther.bookingId]);
    expect(await search({ keyword: 'no such booking at all' })).toEqual([]);
    await agent.api.expectError('/blm/booking/search', { pageSize: 201 }, 'INVALID_FORMAT', 'pageSize');
    await agent.api.expectError('/blm/booking/search', { status: 'LOST' }, 'INVALID_FORMAT', 'status');
    await agent.api.expectError('/blm/booking/search', { customerId: 2_000_000 }, 'NOTFOUND', 'Customer');
    const long = { keyword: 'x'.repeat(201) };
    await agent.api.expectError('/blm/booking/searchEligible', long, 'INVALID_FORMAT', 'keyword');
  });
});

describe('an option that expires by itself', () => {
  it('reads EXPIRED once its deadline passed, refuses moves, and the sweep writes EXPIRED', async () => {
    const { customerId } = await customer();
    const { bookingId, reference } = await create(customerId);
    await setStatus(bookingId, 'QUOTED');
    const until = deadline(2);
    await setStatus(bookingId, 'OPTION_HELD', { optionExpiresAt: until });
    const stored = () =>
      t.db(async (sql) => (await sql`SELECT status FROM blm_bookings WHERE booking_id = ${bookingId}`)[0]?.status);

    clockOffsetMs += 5 * 60_000;
    const read = await agent.api.ok<Booking>('/blm/booking/read', { bookingId });
    expect(read).toMatchObject({ status: 'EXPIRED', optionExpiresAt: until });
    expect(await stored()).toBe('OPTION_HELD');
    const expired = await agent.api.ok<BookingSummary[]>('/blm/booking/search', { customerId, status: 'EXPIRED' });
    expect(expired.map((row) => row.bookingId)).toEqual([bookingId]);
    expect(await agent.api.ok('/blm/booking/searchEligible', { customerId })).toEqual([]);
    await agent.api.expectError(
      '/blm/booking/setStatus',
      { bookingId, status: 'CONFIRMED' },
      'INVALID_STATE',
      `Booking ${reference} is EXPIRED, it cannot become CONFIRMED`,
    );
    await agent.api.expectError(
      '/blm/booking/setStatus',
      { bookingId, status: 'CANCELLED' },
      'INVALID_STATE',
      'EXPIRED',
    );

    await runJobOnce(t.service, 'booking option expiry');
    expect(await stored()).toBe('EXPIRED');
    expect((await agent.api.ok<Booking>('/blm/booking/read', { bookingId })).status).toBe('EXPIRED');
  });
});
