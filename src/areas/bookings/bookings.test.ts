// Booking requests through the API: create from a paid order (once, also under concurrency), the look-ups by
// e-mail + refnum (NOTFOUND on a wrong pair, rate-limited), a user's own requests, cancel, and who may name a
// requestId. Confirm and its ticketing: booking-confirm.test.ts; the payment flow: booking-payment.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import { defined } from '../../../test/support/api.js';
import { guest, product, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { type BookingLine, bookingOf, staffPaidOrder } from '../../../test/support/bookings.js';
import type { BookingAccess, BookingRequest, BookingSearchRow } from './bookings.schemas.js';

let t: TestTenant;
let customer: TestUser;
let other: TestUser;
let day: string;
let lines: BookingLine[];

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  [customer, other] = [await user(t, 'customer'), await user(t, 'customer')];
  day = addDays(formatDate(new Date(), t.record.timezone), 12);
  const item = await product(t, { freeSale: true, productPrice: 40 });
  lines = [{ product: item, quantity: 2, bookDate: day }];
});
afterAll(() => t.service.close());

describe('/booking/create', () => {
  it("a customer's paid order becomes one PENDING booking request; a second create answers the same", async () => {
    const orderNum = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'customer record') });
    const created = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
    expect(created).toMatchObject({
      refnum: expect.stringMatching(/^BK-\d{4}-\d{6,}$/),
      reqstatus: 'PENDING',
      orderNum,
      customerid: customer.contactId,
      accessCode: expect.stringMatching(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/),
      accessMaxDate: `${addDays(day, 30)}T23:59:59`,
      invoiceNum: expect.stringMatching(/^INV-/),
      amount: 80,
    });
    expect(await customer.api.ok<BookingRequest>('/booking/create', { orderNum })).toEqual(created);
    expect(await t.adminApi.ok<BookingRequest>('/booking/create', { orderNum })).toEqual(created);
  });

  it('10 concurrent creates for one order make one request', async () => {
    const orderNum = await staffPaidOrder(t, lines, {});
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.adminApi.ok<BookingRequest>('/booking/create', { orderNum })),
    );
    expect(new Set(answers.map((answer) => answer.bookingrequestid)).size).toBe(1);
    const [count] = await t.db(
      (sql) => sql<{ n: number }[]>`SELECT count(*)::int AS n FROM booking_requests WHERE order_num = ${orderNum}`,
    );
    expect(count?.n).toBe(1);
    const [lineCount] = await t.db(
      (sql) => sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM booking_lines WHERE booking_request_id = ${answers[0]?.bookingrequestid ?? 0}`,
    );
    expect(lineCount?.n).toBe(1);
  });

  it("refuses: no orderNum, an unknown order, another customer's, an unpaid one", async () => {
    await customer.api.expectError('/booking/create', {}, 'MISSING_PARAMETER', 'orderNum');
    await customer.api.expectError('/booking/create', { orderNum: 'NO-SUCH-ORDER' }, 'NOTFOUND', 'Order');
    const theirs = await staffPaidOrder(t, lines, { customerId: defined(other.contactId, 'record') });
    await customer.api.expectError('/booking/create', { orderNum: theirs }, 'NOTFOUND', 'Order');
    await (await guest(t)).api.expectError('/booking/create', { orderNum: theirs }, 'NOTFOUND', 'Order');
    const unpaid = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'record'), paid: false });
    await customer.api.expectError('/booking/create', { orderNum: unpaid }, 'INVALID_STATE', 'not paid');
    await t.api.expectError('/booking/create', { orderNum: unpaid }, 'MISSING_PARAMETER', 'session');
  });
});

describe('/booking/read and /booking/verifyAccess (e-mail + refnum)', () => {
  it('the pair opens the lines and the access; any case of the e-mail; a wrong pair is NOTFOUND', async () => {
    const orderNum = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'record') });
    const created = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
    const email = customer.userEmail.toUpperCase();
    const stranger = (await guest(t)).api;
    const rows = await stranger.ok<BookingSearchRow[]>('/booking/read', { email, refnum: created.refnum });
    expect(rows).toEqual([
      expect.objectContaining({
        bookingReference: created.refnum,
        bookingRequestId: created.bookingrequestid,
        bookingRequestStatus: 'PENDING',
        ticketingRequestStatus: 'PENDING',
        ticketingRequestId: 1,
        ticketingRequestResult: null,
        ticketItemId: lines[0]?.product.productId,
        paxCount: '2',
        isConfirmed: false,
      }),
    ]);
    expect(await stranger.ok<BookingAccess>('/booking/verifyAccess', { email, refnum: created.refnum })).toEqual({
      bookingRequestId: created.bookingrequestid,
      accessCode: created.accessCode,
      maxAccess: created.accessMaxDate,
    });
    for (const path of ['/booking/read', '/booking/verifyAccess']) {
      await stranger.expectError(path, { email: 'someone@else.com', refnum: created.refnum }, 'NOTFOUND', 'Booking');
      await stranger.expectError(path, { email, refnum: 'BK-2020-999999' }, 'NOTFOUND', 'Booking');
      await stranger.expectError(path, { refnum: created.refnum }, 'MISSING_PARAMETER', 'email');
      await stranger.expectError(path, { email }, 'MISSING_PARAMETER', 'refnum');
    }
  });

  it('60 look-ups a minute per client address, then 429 RATE_LIMITED with Retry-After', async () => {
    const api = (await guest(t)).api;
    const body = { email: 'nobody@example.com', refnum: 'BK-2020-000001' };
    const remoteAddress = '203.0.113.77';
    for (let i = 0; i < 60; i++) {
      const answer = await api.call('/booking/read', body, { remoteAddress });
      if (answer.apiStatus.errorCode === 'RATE_LIMITED') break; // the minute turned: another window started
      expect(answer.apiStatus.errorCode).toBe('NOTFOUND');
    }
    const limited = await api.inject({
      method: 'POST',
      url: '/booking/verifyAccess',
      payload: { ...body, session: api.session },
      remoteAddress,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().apiStatus.errorCode).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await api.call('/booking/read', body, { remoteAddress: '203.0.113.78' });
    expect(elsewhere.apiStatus.errorCode).toBe('NOTFOUND');
  });
});

describe('what the look-up budget counts', () => {
  it('wrong pairs only: a right pair is never refused for itself, and refused once the wrong ones spent the budget', async () => {
    const orderNum = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'record') });
    const { refnum } = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
    const api = (await guest(t)).api;
    const right = { email: customer.userEmail, refnum };
    const remoteAddress = '203.0.113.90';
    for (let i = 0; i < 70; i++) {
      expect((await api.call('/booking/verifyAccess', right, { remoteAddress })).apiStatus.errorCode).toBe('OK');
    }
    const wrong = { email: 'nobody@example.com', refnum };
    let answer = await api.call('/booking/read', wrong, { remoteAddress });
    for (let i = 0; i < 70 && answer.apiStatus.errorCode === 'NOTFOUND'; i++) {
      answer = await api.call('/booking/read', wrong, { remoteAddress });
    }
    expect(answer.apiStatus.errorCode).toBe('RATE_LIMITED');
    // a guesser out of budget learns nothing from a pair that happens to be right
    expect((await api.call('/booking/verifyAccess', right, { remoteAddress })).apiStatus.errorCode).toBe(
      'RATE_LIMITED',
    );
  });
});

describe('/booking/readall and /booking/cancel', () => {
  it("a customer's own requests, newest first, by status; an employee's are those of the orders it placed", async () => {
    const mine = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'record') });
    const request = await customer.api.ok<BookingRequest>('/booking/create', { orderNum: mine });
    const all = await customer.api.ok<BookingRequest[]>('/booking/readall');
    expect(all[0]).toEqual(request);
    expect(all.every((row) => row.customerid === customer.contactId)).toBe(true);
    expect(await customer.api.ok<BookingRequest[]>('/booking/readall', { status: 'CANCELLED' })).toEqual([]);
    expect((await customer.api.ok<BookingRequest[]>('/booking/readall', { status: 'PENDING' }))[0]).toEqual(request);
    await customer.api.expectError('/booking/readall', { status: 'DONE' }, 'INVALID_FORMAT', 'status');
    expect(await other.api.ok<BookingRequest[]>('/booking/readall')).toEqual([]);
    // the admin placed every order of this file
    expect((await t.adminApi.ok<BookingRequest[]>('/booking/readall')).map((row) => row.bookingrequestid)).toContain(
      request.bookingrequestid,
    );
    const agent = await user(t, 'agent');
    expect(await agent.api.ok<BookingRequest[]>('/booking/readall')).toEqual([]);
    await (await guest(t)).api.expectError('/booking/readall', {}, 'NOT_LOGGED_IN');
  });

  it('cancel answers NOT_IMPLEMENTED with apiData null; a request of someone else is NOTFOUND first', async () => {
    const orderNum = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'record') });
    const { bookingrequestid: requestId } = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
    await customer.api.expectError('/booking/cancel', { requestId }, 'NOT_IMPLEMENTED');
    await other.api.expectError('/booking/cancel', { requestId }, 'NOTFOUND', 'Booking request');
    await other.api.expectError('/booking/confirm', { requestId }, 'NOTFOUND', 'Booking request');
    await t.adminApi.expectError('/booking/cancel', { requestId: 999_999 }, 'NOTFOUND', 'Booking request');
    await customer.api.expectError('/booking/cancel', {}, 'MISSING_PARAMETER', 'requestId');
    expect((await bookingOf(t, requestId)).status).toBe('PENDING');
  });
});
