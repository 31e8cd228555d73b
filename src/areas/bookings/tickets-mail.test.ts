// The tickets e-mail of an order paid online (issue 30, item 2): sent once the booking is ticketed, it names each tour
// with its date and time and its hotel pickup (window and lobby) or meeting point, counts the tickets rather than the
// order's lines, gives the amount paid, the order number and the agency's contact, and carries the PDF voucher, read
// back here with pdf.js.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { bookingOf } from '../../../test/support/bookings.js';
import { guest, product, type TestTenant, tenant } from '../../../test/support/factories.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { readPdf } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import { until } from '../../../test/support/wait.js';
import { addDays, displayDateAndTime, formatDate } from '../../platform/time.js';
import type { BookingRequest } from './bookings.schemas.js';

let inbox: MailInbox;
let t: TestTenant;

beforeAll(async () => {
  inbox = await startMailInbox();
  t = await tenant(await startTestService({ env: { TC_SMTP_URL: inbox.url, TC_RATE_LIMIT_GUEST: '1000' } }));
  await t.adminApi.ok('/settings/write', { phone: '+971 4 555 0100', contactWhatsapp: '+971 50 555 0101' });
});
afterAll(async () => {
  await t.service.close();
  await inbox.stop();
});

it('names every tour, its time and pickup, counts tickets, and attaches the voucher', async () => {
  const day = addDays(formatDate(new Date(), t.record.timezone), 6);
  const safari = await product(t, {
    freeSale: true,
    productPrice: 30,
    prodName: 'Desert safari',
    pickupWindowMinutes: 30,
    cancelPolicy: 'Free cancellation up to 24 hours before the start.',
  });
  const cruise = await product(t, {
    freeSale: true,
    productPrice: 45,
    prodName: 'Dhow cruise',
    meetingPoint: 'Marina Walk, pier 7',
  });
  const buyer = await guest(t);
  await buyer.api.ok('/cart/create');
  const service = { bookDate: day, resvName: 'Omar Nasser' };
  await buyer.api.ok('/cart/addItem', {
    items: [
      {
        productId: safari.productId,
        unitId: safari.unitId,
        unitPrice: 30,
        quantity: 3,
        timeSlot: '15:00',
        ...service,
        pickupLocation: 'Rixos Premium',
      },
      { productId: cruise.productId, unitId: cruise.unitId, unitPrice: 45, quantity: 1, timeSlot: '20:00', ...service },
    ],
  });
  const email = `tickets-mail-${Date.now()}@example.com`;
  const cart = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', {
    customer: { email, custName: 'Omar Nasser', mobilePhone: '+971500000004' },
  });
  expect((await settleOnSimulator(t, cart.paymentUrl)).statusCode).toBe(200);
  const request = await buyer.api.ok<BookingRequest>('/booking/create', { orderNum: cart.orderNum });
  await until(async () => (await bookingOf(t, request.bookingrequestid)).status === 'CONFIRMED', 10_000);

  const mail = await inbox.waitFor(email, /Your tickets/);
  const text = mail.text;
  // four tickets on two lines: the count is of tickets
  expect(text).toContain(`Your order ${cart.orderNum} with ${t.record.tenantName} is confirmed: 4 tickets.`);
  expect(text).toContain('Amount paid: AED 135.00');
  expect(text).toContain(`Booking reference: ${request.refnum}`);
  expect(text).toContain(
    [
      'Desert safari – Desert safari (Adult)',
      `  Date and time: ${displayDateAndTime(day, '15:00')}`,
      '  Hotel pickup: Rixos Premium, between 15:00 and 15:30',
      '  Tickets: 3 tickets',
      '  Please wait in the lobby of Rixos Premium between 15:00 and 15:30: your driver collects you there.',
    ].join('\n'),
  );
  expect(text).toContain(
    [
      'Dhow cruise – Dhow cruise (Adult)',
      `  Date and time: ${displayDateAndTime(day, '20:00')}`,
      '  Meeting point: Marina Walk, pier 7',
      '  Tickets: 1 ticket',
      '  Please arrive at the meeting point (Marina Walk, pier 7) 15 minutes before the start, by 19:45.',
    ].join('\n'),
  );
  expect(text).toContain('Questions? Phone +971 4 555 0100 · WhatsApp +971 50 555 0101');
  expect(mail.html).toContain('<td>Rixos Premium, between 15:00 and 15:30</td>');
  const link = defined(/https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0], 'the tickets link');
  expect(new URL(link).pathname).toBe(`/booking/tickets/${request.bookingrequestid}`);

  const parsed = defined(
    inbox.received.find((message) => message.subject === mail.subject),
    'the parsed mail',
  );
  expect(parsed.attachments.map((file) => [file.filename, file.contentType])).toEqual([
    [`tickets-${request.refnum}.pdf`, 'application/pdf'],
  ]);
  const pdf = await readPdf(defined(parsed.attachments[0], 'the voucher').content);
  // three tickets on the first page, the fourth on the second
  expect(pdf.pages).toHaveLength(2);
  for (const phrase of [
    `Order ${cart.orderNum}`,
    'Amount paid AED 135.00',
    'Rixos Premium, between 15:00 and 15:30',
    'Marina Walk, pier 7',
    'ticket 4 of 4',
    'Free cancellation up to 24 hours before the start.',
  ]) {
    expect(pdf.text).toContain(phrase);
  }
});
