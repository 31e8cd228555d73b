// The payment flow makes the booking (issue 14 item 5): a guest pays on the simulator's page; the order's booking
// request is made in the payment's transaction and ticketed by the outbox (own tickets, and the offline codes
// reserved for the order), the tickets e-mail links to the booking's tickets page, and a download link e-mailed
// before bookings existed redirects there. Checkout kept each line's service on the order line.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import { defined } from '../../../test/support/api.js';
import { bookingOf } from '../../../test/support/bookings.js';
import { guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import { until } from '../../../test/support/wait.js';
import { sha256 } from '../../platform/crypto.js';
import type { BookingRequest, BookingSearchRow } from './bookings.schemas.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';

let inbox: MailInbox;
let t: TestTenant;

beforeAll(async () => {
  inbox = await startMailInbox();
  t = await tenant(await startTestService({ env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_GUEST: '1000' } }));
});
afterAll(async () => {
  await t.service.close();
  await inbox.stop();
});

/** The payer pays on the simulator's page and the browser opens the return page. */
async function payOnSimulator(paymentUrl: string): Promise<void> {
  expect((await settleOnSimulator(t, paymentUrl)).statusCode).toBe(200);
}

it('a paid order gets its booking, ticketed after the payment, and the tickets e-mail links to its page', async () => {
  const day = addDays(formatDate(new Date(), t.record.timezone), 6);
  const ours = await product(t, { freeSale: true, productPrice: 25 });
  const withCodes = await product(t, { freeSale: true, productPrice: 35 });
  const buyer = await guest(t);
  await buyer.api.ok('/cart/create');
  await buyer.api.ok('/cart/addItem', {
    items: [
      {
        productId: ours.productId,
        unitId: ours.unitId,
        unitPrice: 25,
        quantity: 2,
        bookDate: day,
        resvName: 'Omar Nasser',
        pickupLocation: 'Marina Gate 1',
      },
      { productId: withCodes.productId, unitId: withCodes.unitId, unitPrice: 35, quantity: 2, bookDate: day },
    ],
  });
  const email = `buyer-${Date.now()}@example.com`;
  const cart = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
    customer: { email, custName: 'Omar Nasser', mobilePhone: '+971500000003' },
  });
  const codes = await t.adminApi.ok<Array<{ ticketId: number }>>('/offline/ticket/load', {
    productId: withCodes.productId,
    tickets: [{ code: `GATE-${Date.now()}-A` }, { code: `GATE-${Date.now()}-B` }],
  });
  await t.adminApi.ok('/offline/sale/reserveForCart', {
    ticketIds: codes.map((code) => code.ticketId),
    blmCartReference: cart.orderNum,
  });

  await payOnSimulator(cart.paymentUrl);

  // The booking exists with the payment; the guest's own create answers it.
  const request = await buyer.api.ok<BookingRequest>('/booking/create', { orderNum: cart.orderNum });
  expect(request).toMatchObject({ orderNum: cart.orderNum, amount: 120 });
  await until(async () => (await bookingOf(t, request.bookingrequestid)).status === 'CONFIRMED', 10_000);
  const rows = await bookingOf(t, request.bookingrequestid);
  expect(rows.lines.map((line) => [line.source, line.status])).toEqual([
    ['OWN', 'CONFIRMED'],
    ['OFFLINE', 'CONFIRMED'],
  ]);
  expect(rows.tickets.map((ticket) => ticket.barcode)).toEqual([
    `${request.refnum}-1-1`,
    `${request.refnum}-1-2`,
    expect.stringMatching(/^GATE-\d+-A$/),
    expect.stringMatching(/^GATE-\d+-B$/),
  ]);

  // Checkout kept the service on the order line; the booking's search row shows it.
  const [line] = await t.db(
    (sql) => sql`
      SELECT l.service_date::text AS service_date, l.unit_name, l.resv_name, l.pickup_location
      FROM sales_order_lines l JOIN sales_orders o USING (sales_order_id)
      WHERE o.order_num = ${cart.orderNum} AND l.line_no = 1`,
  );
  expect(line).toMatchObject({ service_date: day, resv_name: 'Omar Nasser', pickup_location: 'Marina Gate 1' });
  const [first] = await buyer.api.ok<BookingSearchRow[]>('/booking/read', { email, refnum: request.refnum });
  expect(first).toMatchObject({ isConfirmed: true, paxCount: '2', unitName: defined(line, 'line').unit_name });

  const mail = await inbox.waitFor(email, /Your tickets/);
  const link = defined(/https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0], 'the tickets link');
  expect(new URL(link).pathname).toBe(`/booking/tickets/${request.bookingrequestid}`);
  expect(new URL(link).searchParams.get('code')).toBe(request.accessCode);
  expect(new URL(link).searchParams.get('token')).toBe(request.accessCode);
});

it('a download link e-mailed before bookings redirects (302) to the booking tickets page; a wrong token is 404', async () => {
  const ours = await product(t, { freeSale: true, productPrice: 25 });
  const bookDate = addDays(formatDate(new Date(), t.record.timezone), 3);
  const buyer = await guest(t);
  await buyer.api.ok('/cart/create');
  await buyer.api.ok('/cart/addItem', {
    items: [{ productId: ours.productId, unitId: ours.unitId, unitPrice: 25, quantity: 1, bookDate }],
  });
  const cart = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
    customer: { email: `old-${Date.now()}@example.com`, custName: 'Sara Ali' },
  });
  await payOnSimulator(cart.paymentUrl);
  const request = await buyer.api.ok<BookingRequest>('/booking/create', { orderNum: cart.orderNum });
  const oldToken = 'an-old-download-token-1234567890';
  await t.db(
    (sql) => sql`UPDATE sales_orders SET download_token_hash = ${sha256(oldToken)} WHERE order_num = ${cart.orderNum}`,
  );
  const ref = encodeURIComponent(cart.orderNum);
  const opened = await t.api.inject({ method: 'GET', url: `/payment/offline/tickets?ref=${ref}&token=${oldToken}` });
  expect(opened.statusCode).toBe(302);
  const target = new URL(String(opened.headers.location));
  expect(target.pathname).toBe(`/booking/tickets/${request.bookingrequestid}`);
  expect(target.searchParams.get('code')).toBe(request.accessCode);
  const forged = await t.api.inject({ method: 'GET', url: `/payment/offline/tickets?ref=${ref}&token=not-it` });
  expect(forged.statusCode).toBe(404);
});
