// /booking/confirm end to end: own tickets, supplier vouchers through the simulator (failures injected with its
// hook), OK / PARTIAL / FAILED and the retry of failed lines, a supplier that hangs (timeout), claims taken over
// or waited for, 50 concurrent confirms ticketing each line once with one WhatsApp message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import { defined } from '../../../test/support/api.js';
import { bookingOf, staffPaidOrder } from '../../../test/support/bookings.js';
import { product, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { BookingRequest, BookingResult } from './bookings.schemas.js';

const SUPPLIER_TIMEOUT_MS = 400;

type Product = Awaited<ReturnType<typeof product>>;

let t: TestTenant;
let customer: TestUser;
let own: Product;
let vendor: Product;
let day: string;

const supplier = () => {
  const simulator = t.service.ticketSupplierSimulator;
  if (!simulator) throw new Error('these tests need the ticket supplier simulator');
  return simulator;
};

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_TICKET_SUPPLIER_TIMEOUT_MS: String(SUPPLIER_TIMEOUT_MS) } }));
  customer = await user(t, 'customer');
  day = addDays(formatDate(new Date(), t.record.timezone), 9);
  own = await product(t, { freeSale: true, productPrice: 30 });
  vendor = await product(t, { freeSale: true, productPrice: 60, hasVendorBooking: true });
});
beforeEach(() => supplier().failWhen(undefined));
afterAll(() => t.service.close());

/** A PENDING request of the customer's paid order of these lines. */
async function bookingOfLines(lines: Array<{ product: Product; quantity: number }>): Promise<BookingRequest> {
  const orderNum = await staffPaidOrder(
    t,
    lines.map((line) => ({ ...line, bookDate: day, resvName: 'Lina Haddad', pickupLocation: 'Hotel lobby' })),
    { customerId: defined(customer.contactId, 'customer record') },
  );
  return customer.api.ok<BookingRequest>('/booking/create', { orderNum });
}

const confirm = (requestId: number, mobilePhone?: string) =>
  customer.api.ok<BookingResult>('/booking/confirm', { requestId, ...(mobilePhone ? { mobilePhone } : {}) });

describe('/booking/confirm', () => {
  it('OK: our own tickets, one per unit, numbered <refnum>-<line>-<seq>, and the supplier vouchers', async () => {
    const request = await bookingOfLines([
      { product: own, quantity: 2 },
      { product: vendor, quantity: 3 },
    ]);
    const result = await confirm(request.bookingrequestid);
    expect(result).toEqual({
      requestId: request.bookingrequestid,
      referenceNumber: request.refnum,
      completeResult: 'OK',
      completeMessage: 'All 2 lines are ticketed',
      accessCode: request.accessCode,
      ticketingResults: [
        { result: 'OK', statusCode: 'CONFIRMED', statusMessage: 'Ticketed' },
        { result: 'OK', statusCode: 'CONFIRMED', statusMessage: 'Ticketed' },
      ],
    });
    const rows = await bookingOf(t, request.bookingrequestid);
    expect(rows.status).toBe('CONFIRMED');
    expect(rows.lines.map((line) => [line.source, line.status])).toEqual([
      ['OWN', 'CONFIRMED'],
      ['SUPPLIER', 'CONFIRMED'],
    ]);
    expect(rows.tickets.slice(0, 2).map((ticket) => ticket.barcode)).toEqual([
      `${request.refnum}-1-1`,
      `${request.refnum}-1-2`,
    ]);
    expect(rows.tickets.slice(2)).toHaveLength(3);
    expect(rows.tickets.slice(2).every((ticket) => /^SIM-[0-9A-F]{10}-0[1-3]$/.test(ticket.barcode))).toBe(true);
    expect(rows.tickets.slice(2).every((ticket) => ticket.supplier_voucher?.startsWith('VCH-'))).toBe(true);
    // Repeating confirm changes nothing and tickets nothing again.
    expect(await confirm(request.bookingrequestid)).toEqual(result);
    expect((await bookingOf(t, request.bookingrequestid)).tickets).toHaveLength(5);
  });

  it('PARTIAL: the supplier refuses, the own line stays ticketed, the next confirm tickets only the failed line', async () => {
    const request = await bookingOfLines([
      { product: own, quantity: 1 },
      { product: vendor, quantity: 2 },
    ]);
    supplier().failWhen(() => ({ kind: 'refuse', code: 'SOLD_OUT', message: 'No more seats on that day' }));
    const partial = await confirm(request.bookingrequestid);
    expect(partial.completeResult).toBe('PARTIAL');
    expect(partial.ticketingResults).toEqual([
      { result: 'OK', statusCode: 'CONFIRMED', statusMessage: 'Ticketed' },
      { result: 'FAILED', statusCode: 'SOLD_OUT', statusMessage: 'No more seats on that day' },
    ]);
    const afterFailure = await bookingOf(t, request.bookingrequestid);
    expect(afterFailure.status).toBe('CONFIRMED');
    expect(afterFailure.lines.map((line) => line.status)).toEqual(['CONFIRMED', 'FAILED']);
    expect(afterFailure.tickets).toHaveLength(1);
    const [readRow] = await t.api
      .as((await user(t, 'customer')).session)
      .ok<Array<{ ticketingRequestResult: string | null; ticketingRequestErrorCode: string | null }>>('/booking/read', {
        email: customer.userEmail,
        refnum: request.refnum,
      })
      .then((rows) => rows.slice(1));
    expect(readRow).toMatchObject({ ticketingRequestResult: 'FAILED', ticketingRequestErrorCode: 'SOLD_OUT' });

    supplier().failWhen(undefined);
    expect((await confirm(request.bookingrequestid)).completeResult).toBe('OK');
    const after = await bookingOf(t, request.bookingrequestid);
    expect(after.lines.map((line) => [line.status, line.attempts])).toEqual([
      ['CONFIRMED', 1],
      ['CONFIRMED', 2],
    ]);
    expect(after.tickets.map((ticket) => [ticket.line_no, ticket.seq])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
  });

  it('FAILED: every line refused leaves the request PENDING; a later confirm tickets them', async () => {
    const request = await bookingOfLines([{ product: vendor, quantity: 1 }]);
    supplier().failWhen(() => ({ kind: 'refuse', code: 'SUPPLIER_DOWN', message: 'Maintenance' }));
    const failed = await confirm(request.bookingrequestid, '+971501230001');
    expect(failed.completeResult).toBe('FAILED');
    expect((await bookingOf(t, request.bookingrequestid)).status).toBe('PENDING');
    expect(await messagesTo('+971501230001')).toHaveLength(0);
    supplier().failWhen(undefined);
    expect((await confirm(request.bookingrequestid, '+971501230001')).completeResult).toBe('OK');
    expect((await bookingOf(t, request.bookingrequestid)).status).toBe('CONFIRMED');
    expect(await messagesTo('+971501230001')).toHaveLength(1);
  });

  it('a supplier that hangs fails the line after the timeout (never left IN_PROGRESS); the next confirm tickets it', async () => {
    const request = await bookingOfLines([{ product: vendor, quantity: 1 }]);
    supplier().failWhen(() => ({ kind: 'hang' }));
    // SUPPLIER_TIMEOUT says the timeout ended the call (the supplier never answers); a hang is the test's timeout.
    const result = await confirm(request.bookingrequestid);
    expect(result.ticketingResults[0]).toMatchObject({ result: 'FAILED', statusCode: 'SUPPLIER_TIMEOUT' });
    expect((await bookingOf(t, request.bookingrequestid)).lines[0]?.status).toBe('FAILED');
    supplier().failWhen(undefined);
    expect((await confirm(request.bookingrequestid)).completeResult).toBe('OK');
  });

  it('a claim older than the timeout is taken over; a fresh one is waited for, then its state answered', async () => {
    const stale = await bookingOfLines([{ product: own, quantity: 1 }]);
    await t.db(
      (sql) => sql`UPDATE booking_lines SET status = 'IN_PROGRESS', claimed_at = now() - interval '1 hour', attempts = 1
                   WHERE booking_request_id = ${stale.bookingrequestid}`,
    );
    expect((await confirm(stale.bookingrequestid)).completeResult).toBe('OK');
    expect((await bookingOf(t, stale.bookingrequestid)).lines[0]).toMatchObject({ status: 'CONFIRMED', attempts: 2 });

    const held = await bookingOfLines([{ product: own, quantity: 1 }]);
    await t.db(
      (sql) => sql`UPDATE booking_lines SET status = 'IN_PROGRESS', claimed_at = now(), attempts = 1
                   WHERE booking_request_id = ${held.bookingrequestid}`,
    );
    const started = Date.now();
    const answer = await confirm(held.bookingrequestid);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SUPPLIER_TIMEOUT_MS);
    expect(answer.completeResult).toBe('FAILED');
    expect(answer.ticketingResults[0]).toMatchObject({ result: 'FAILED', statusCode: 'IN_PROGRESS' });
    expect((await bookingOf(t, held.bookingrequestid)).tickets).toHaveLength(0);
  });

  it('a confirm whose claim was taken over while the supplier booked writes nothing and cancels that booking', async () => {
    const request = await bookingOfLines([{ product: vendor, quantity: 1 }]);
    const requestId = request.bookingrequestid;
    const keys: string[] = [];
    supplier().failWhen(async (asked) => {
      keys.push(asked.idempotencyKey);
      // Another confirm takes the line over meanwhile (its claim is the next one).
      await t.db(
        (sql) =>
          sql`UPDATE booking_lines SET attempts = attempts + 1, claimed_at = now() WHERE booking_request_id = ${requestId}`,
      );
      return undefined;
    });
    const answer = await confirm(requestId);
    expect(answer.ticketingResults[0]).toMatchObject({ result: 'FAILED', statusCode: 'IN_PROGRESS' });
    const rows = await bookingOf(t, requestId);
    expect(rows.tickets).toHaveLength(0);
    expect(rows.lines[0]).toMatchObject({ status: 'IN_PROGRESS', attempts: 2 });
    expect(keys).toEqual([`booking:${requestId}:line:1:attempt:1`]);
    expect(supplier().bookings().get(`${t.record.tenantId}\n${keys[0]}`)?.cancelled).toBe(true);
  });

  it('50 concurrent confirms ticket every line once and send one message', async () => {
    const request = await bookingOfLines([
      { product: own, quantity: 2 },
      { product: vendor, quantity: 2 },
      { product: own, quantity: 1 },
    ]);
    const phone = '+971501239876';
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(request.bookingrequestid, phone)));
    expect(answers.every((answer) => answer.completeResult === 'OK')).toBe(true);
    const rows = await bookingOf(t, request.bookingrequestid);
    expect(rows.tickets).toHaveLength(5);
    expect(rows.lines.every((line) => line.attempts === 1)).toBe(true);
    const messages = await messagesTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      templateName: 'booking_confirmation',
      templateParameters: [
        request.refnum,
        expect.stringContaining(`/booking/tickets/${request.bookingrequestid}?code=${request.accessCode}`),
      ],
    });
    // Another confirm with another number sends nothing more.
    await confirm(request.bookingrequestid, '+971501239877');
    expect(await messagesTo('+971501239877')).toHaveLength(0);
  });

  it('refuses: no requestId, a malformed mobilePhone, a cancelled request', async () => {
    const request = await bookingOfLines([{ product: own, quantity: 1 }]);
    await customer.api.expectError('/booking/confirm', {}, 'MISSING_PARAMETER', 'requestId');
    await customer.api.expectError(
      '/booking/confirm',
      { requestId: request.bookingrequestid, mobilePhone: '0501234567' },
      'INVALID_FORMAT',
      'mobilePhone',
    );
    await t.db(
      (sql) =>
        sql`UPDATE booking_requests SET status = 'CANCELLED' WHERE booking_request_id = ${request.bookingrequestid}`,
    );
    await customer.api.expectError('/booking/confirm', { requestId: request.bookingrequestid }, 'INVALID_STATE');
  });
});

async function messagesTo(phone: string): Promise<Array<{ templateName: string; templateParameters: string[] }>> {
  return t.adminApi.ok('/messaging/list', { phone, direction: 'out' });
}
