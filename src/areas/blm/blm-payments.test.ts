// Payments of back-office bookings: recordPayment with the payment status computed from exact amounts, and a
// payment link for the open amount through the payment simulator, settled when the payer returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../test/support/database.js';
import {
  cartWithItems,
  product,
  type TestTenant,
  type TestUser,
  tenant,
  user,
  variantWithInventory,
} from '../../../test/support/factories.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../test/support/smtp.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { Booking, PaymentLinkAnswer } from './blm.schemas.js';
import {
  chooseOnSimulator,
  type PayerChoice,
  UNREACHABLE_GATEWAY_ENV,
} from '../../../test/support/payment-simulator.js';

let t: TestTenant;
let agent: TestUser;
let inbox: MailInbox;
let ofProduct: Awaited<ReturnType<typeof product>>;
let bookDate: string;
let servid: number;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  inbox = await startMailInbox();
  const env = { TC_PAYMENT_LINK_MINUTES: '5', TC_SMTP_URL: inbox.url };
  const service = await startTestService({ clock: now, env });
  t = await tenant(service);
  agent = await user(t, 'agent');
  bookDate = addDays(formatDate(new Date(), t.record.timezone), 5);
  ofProduct = await product(t);
  servid = (await variantWithInventory(t, ofProduct, { dateFrom: bookDate, capacity: 500 })).servid;
});
afterAll(async () => {
  await t?.service.close();
  await inbox?.stop();
});

/** A new customer's id. */
async function newCustomer(mark = uniqueName('c')): Promise<number> {
  const made = await agent.api.ok<{ customerId: number }>('/customer/create', {
    custName: `Customer ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: '+971500000001',
  });
  return made.customerId;
}

/** A booking whose one line is `quantity` × `unitPrice` (the agent's cart merged into it). */
async function bookingOf(unitPrice: number, quantity: number, extra: object = {}, mark?: string): Promise<Booking> {
  const customerId = await newCustomer(mark);
  const { bookingId } = await agent.api.ok<Booking>('/blm/booking/create', { customerId, ...extra });
  const item = { productId: ofProduct.productId, extVariantId: servid, unitId: ofProduct.unitId, bookDate };
  const cart = await cartWithItems(t, agent.session, [{ ...item, unitPrice, quantity }]);
  return agent.api.ok<Booking>('/blm/cart/addToBooking', { cartId: cart.cartNumber, bookingId });
}

const pay = (bookingId: number, amount: number, extra: object = {}) =>
  agent.api.ok<Booking>('/blm/booking/recordPayment', { bookingId, amount, ...extra });
const read = (bookingId: number) => agent.api.ok<Booking>('/blm/booking/read', { bookingId });

describe('/blm/booking/recordPayment', () => {
  it('computes the payment status from exact amounts: 0.1 + 0.2 of 0.30 is fully paid', async () => {
    const { bookingId } = await bookingOf(0.1, 3, { depositPercent: 50 });
    const first = await pay(bookingId, 0.1, { method: 'CASH', date: '2026-01-05', reference: 'R-1' });
    expect(first).toMatchObject({
      totalAmount: 0.3,
      paidAmount: 0.1,
      openAmount: 0.2,
      paymentStatus: 'PARTIALLY_PAID',
    });
    expect(first.payments).toEqual([
      { paymentId: expect.any(Number), amount: 0.1, method: 'CASH', paymentDate: '2026-01-05', reference: 'R-1' },
    ]);
    const second = await pay(bookingId, 0.2);
    expect(second).toMatchObject({ paidAmount: 0.3, openAmount: 0, paymentStatus: 'FULLY_PAID' });
    expect(second.payments[1]).toMatchObject({
      amount: 0.2,
      method: 'BANK',
      paymentDate: formatDate(now(), t.record.timezone),
    });
    const stored = await t.db(async (sql) => {
      const [row] = await sql`SELECT paid_amount::text AS paid FROM blm_bookings WHERE booking_id = ${bookingId}`;
      return row?.paid;
    });
    expect(stored).toBe('0.300');
  });

  it('is DEPOSIT_PAID from the deposit share (20 % by default) to below the total', async () => {
    const { bookingId } = await bookingOf(33.33, 3);
    expect((await pay(bookingId, 19.99)).paymentStatus).toBe('PARTIALLY_PAID');
    // 20 % of 99.99 is 19.998, rounded up to 20.00
    expect((await pay(bookingId, 0.01)).paymentStatus).toBe('DEPOSIT_PAID');
    expect((await pay(bookingId, 79.98)).paymentStatus).toBe('DEPOSIT_PAID');
    const paid = await pay(bookingId, 0.01);
    expect(paid).toMatchObject({ paymentStatus: 'FULLY_PAID', paidAmount: 99.99, openAmount: 0 });
  });

  it('takes concurrent payments exactly up to the total, and refuses the one beyond it', async () => {
    const { bookingId } = await bookingOf(10, 10);
    const answers = await Promise.all(
      Array.from({ length: 11 }, () =>
        agent.api.call<Booking>('/blm/booking/recordPayment', { bookingId, amount: 10 }),
      ),
    );
    const codes = answers.map((answer) => answer.apiStatus.errorCode);
    expect(codes.filter((code) => code === 'OK')).toHaveLength(10);
    expect(codes.filter((code) => code === 'INVALID_STATE')).toHaveLength(1);
    expect(await read(bookingId)).toMatchObject({ paidAmount: 100, openAmount: 0, paymentStatus: 'FULLY_PAID' });
  });

  it('refuses an overpayment, a bad amount and a payment on a cancelled booking', async () => {
    const { bookingId } = await bookingOf(50, 2);
    const path = '/blm/booking/recordPayment';
    await agent.api.expectError(path, { bookingId, amount: 100.01 }, 'INVALID_STATE', 'overpayment');
    await agent.api.expectError(path, { bookingId, amount: 0.001 }, 'INVALID_FORMAT', 'amount');
    await agent.api.expectError(path, { bookingId, amount: 0 }, 'INVALID_FORMAT', 'amount');
    await agent.api.expectError(path, { bookingId, amount: -5 }, 'INVALID_FORMAT', 'amount');
    await agent.api.expectError(path, { bookingId }, 'MISSING_PARAMETER', 'amount');
    await agent.api.expectError(path, { bookingId, amount: 1, method: 'BITCOIN' }, 'INVALID_FORMAT', 'method');
    await agent.api.expectError(path, { bookingId, amount: 1, date: '05/01/2026' }, 'INVALID_FORMAT', 'date');
    await agent.api.expectError(path, { bookingId: 2_000_000, amount: 1 }, 'NOTFOUND', 'Booking');
    await pay(bookingId, 100);
    await agent.api.expectError(path, { bookingId, amount: 0.01 }, 'INVALID_STATE', 'overpayment');

    const empty = await bookingOf(10, 1);
    await agent.api.ok('/blm/booking/setStatus', { bookingId: empty.bookingId, status: 'CANCELLED' });
    await agent.api.expectError(path, { bookingId: empty.bookingId, amount: 1 }, 'INVALID_STATE', 'is CANCELLED');
    expect((await read(bookingId)).payments).toHaveLength(1);
  });
});

/** The payer on the simulator's page: answers the booking's return address the gateway sends the browser to. */
async function actOnGateway(paymentUrl: string, action: PayerChoice): Promise<string> {
  const back = await chooseOnSimulator(t.service.app, paymentUrl, action);
  expect(back).toMatch(/^\/payment\/blm\/return\?/);
  return back;
}

const openPage = async (path: string) => {
  const page = await t.api.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  return page.body;
};

describe('/blm/booking/createPaymentLink', () => {
  it('links the open amount; paid on the gateway, the return records it once and the link ends', async () => {
    const booking = await bookingOf(40, 2);
    await pay(booking.bookingId, 30);
    const link = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    expect(link).toEqual({
      bookingId: booking.bookingId,
      paymentUrl: expect.stringContaining('/payment/simulator/'),
      amount: 50,
      currency: booking.currency,
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect((await read(booking.bookingId)).paymentLinkActive).toBe(true);
    const path = '/blm/booking/recordPayment';
    await agent.api.expectError(path, { bookingId: booking.bookingId, amount: 1 }, 'INVALID_STATE', 'payment link');
    await agent.api.expectError(
      '/blm/booking/createPaymentLink',
      { bookingId: booking.bookingId },
      'INVALID_STATE',
      'already has an active payment link',
    );

    const back = await actOnGateway(link.paymentUrl, 'pay');
    // Without the link's token the page names the reference only and records nothing.
    const forged = back.replace(/([?&]t=)[^&]+/, '$1forged');
    expect(await openPage(forged)).not.toContain('received');
    expect((await read(booking.bookingId)).paidAmount).toBe(30);

    const paidPage = await openPage(back);
    expect(paidPage).toContain('Payment received');
    expect(paidPage).toContain(`<dt>Amount paid</dt><dd>${booking.currency} 50.00</dd>`);
    await openPage(back);
    const paid = await read(booking.bookingId);
    expect(paid).toMatchObject({
      paidAmount: 80,
      openAmount: 0,
      paymentStatus: 'FULLY_PAID',
      paymentLinkActive: false,
    });
    expect(paid.payments.map((payment) => [payment.amount, payment.method])).toEqual([
      [30, 'BANK'],
      [50, 'LINK'],
    ]);
    await agent.api.expectError(
      '/blm/booking/createPaymentLink',
      { bookingId: booking.bookingId },
      'INVALID_STATE',
      'no open amount',
    );
  });

  it('a declined link ends and another may be made; one past its expiry is no longer active', async () => {
    const booking = await bookingOf(10, 1);
    const first = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    expect(await openPage(await actOnGateway(first.paymentUrl, 'decline'))).toContain('Payment declined');
    expect(await read(booking.bookingId)).toMatchObject({ paymentLinkActive: false, paymentStatus: 'UNPAID' });

    const second = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    expect(second.paymentUrl).not.toBe(first.paymentUrl);
    expect((await read(booking.bookingId)).paymentLinkActive).toBe(true);
    clockOffsetMs += 6 * 60_000;
    expect((await read(booking.bookingId)).paymentLinkActive).toBe(false);
    const third = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    expect(third.amount).toBe(10);
  });

  it('settles a paid link whose payer never came back, within the reconciliation round', async () => {
    const booking = await bookingOf(12.5, 2);
    const link = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    const back = await actOnGateway(link.paymentUrl, 'pay');
    await runJobOnce(t.service, 'booking payment links');
    // A link younger than a minute is left to its payer's return.
    expect((await read(booking.bookingId)).paidAmount).toBe(0);
    clockOffsetMs += 2 * 60_000;
    await runJobOnce(t.service, 'booking payment links');
    const paid = await read(booking.bookingId);
    expect(paid).toMatchObject({ paidAmount: 25, paymentStatus: 'FULLY_PAID', paymentLinkActive: false });
    // The payer's late return changes nothing more.
    expect(await openPage(back)).toContain('received');
    expect((await read(booking.bookingId)).payments).toHaveLength(1);
  });

  it('makes one link of two asked for at once', async () => {
    const { bookingId } = await bookingOf(10, 3);
    const answers = await Promise.all(
      [1, 2].map(() => agent.api.call<PaymentLinkAnswer>('/blm/booking/createPaymentLink', { bookingId })),
    );
    expect(answers.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
    const active = await t.db(
      (sql) => sql`SELECT 1 FROM blm_payment_links WHERE booking_id = ${bookingId} AND status = 'ACTIVE'`,
    );
    expect(active).toHaveLength(1);
  });

  it('answers a page naming only the reference for an unknown link', async () => {
    const body = await openPage('/payment/blm/return?ref=TQ-2026-99999-nothing&t=whatever');
    expect(body).toContain('Payment reference TQ-2026-99999-nothing.');
  });

  it('refuses a booking without an open amount, a cancelled one and an unknown one', async () => {
    const empty = await agent.api.ok<Booking>('/blm/booking/create', { customerId: await newCustomer() });
    const path = '/blm/booking/createPaymentLink';
    await agent.api.expectError(path, { bookingId: empty.bookingId }, 'INVALID_STATE', 'no open amount');
    const cancelled = await bookingOf(10, 1);
    await agent.api.ok('/blm/booking/setStatus', { bookingId: cancelled.bookingId, status: 'CANCELLED' });
    await agent.api.expectError(path, { bookingId: cancelled.bookingId }, 'INVALID_STATE', 'is CANCELLED');
    await agent.api.expectError(path, { bookingId: 2_000_000 }, 'NOTFOUND', 'Booking');
    await agent.api.expectError(path, {}, 'MISSING_PARAMETER', 'bookingId');
  });
});

describe('the payment gateway unreachable', () => {
  it('answers GENERAL and makes no link', async () => {
    const offline = await tenant(await startTestService({ env: UNREACHABLE_GATEWAY_ENV }));
    try {
      const staff = await user(offline, 'agent');
      const sold = await product(offline);
      const date = addDays(formatDate(new Date(), offline.record.timezone), 3);
      const variant = await variantWithInventory(offline, sold, { dateFrom: date, capacity: 5 });
      const { customerId } = await staff.api.ok<{ customerId: number }>('/customer/create', {
        custName: 'Offline Customer',
        email: `${uniqueName('c')}@example.com`,
        mobilePhone: '+971500000002',
      });
      const { bookingId } = await staff.api.ok<Booking>('/blm/booking/create', { customerId });
      const item = { productId: sold.productId, extVariantId: variant.servid, unitId: sold.unitId, bookDate: date };
      const cart = await cartWithItems(offline, staff.session, [{ ...item, unitPrice: 10, quantity: 1 }]);
      await staff.api.ok('/blm/cart/addToBooking', { cartId: cart.cartNumber, bookingId });
      await staff.api.expectError('/blm/booking/createPaymentLink', { bookingId }, 'GENERAL', 'payment gateway');
      expect(await staff.api.ok<Booking>('/blm/booking/read', { bookingId })).toMatchObject({
        paymentLinkActive: false,
        openAmount: 10,
      });
      expect(await offline.db((sql) => sql`SELECT 1 FROM blm_payment_links`)).toHaveLength(0);
    } finally {
      await offline.service.close();
    }
  });
});

describe('what the payer of a booking sees (issue 30)', () => {
  beforeAll(async () => {
    await t.adminApi.ok('/settings/write', { phone: '+971 4 555 0199', contactWhatsapp: '+971 50 555 0198' });
  });

  it('is sent a confirmation naming the booking, its services and the amount, once', async () => {
    const mark = uniqueName('payer');
    const booking = await bookingOf(25, 2, {}, mark);
    await pay(booking.bookingId, 10);
    const link = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    const back = await actOnGateway(link.paymentUrl, 'pay');
    // the link's reference: the return address's ref
    const reference = new URL(back, 'http://x').searchParams.get('ref') ?? '';
    const page = await openPage(back);
    expect(page).toContain(`<h2>Booking ${booking.reference}</h2>`);
    expect(page).toContain(`<dt>Booking reference</dt><dd>${booking.reference}</dd>`);
    expect(page).toContain(`<dt>Amount paid</dt><dd>${booking.currency} 40.00</dd>`);
    await openPage(back);
    const mail = await inbox.waitFor(`${mark}@example.com`, /Payment received/);
    expect(mail.subject).toBe(`Payment received: Booking ${booking.reference}`);
    expect(mail.text).toContain(`Thank you: we received your payment of ${booking.currency} 40.00 for Booking`);
    expect(mail.text).toContain(`Booking reference: ${booking.reference}`);
    expect(mail.text).toMatch(/Service: .+ × 2, \w{3} \d{1,2} \w{3} \d{4}/);
    expect(mail.text).toContain(`Booking total: ${booking.currency} 50.00`);
    expect(mail.text).toContain(`Payment reference: ${reference}`);
    expect(mail.text).toContain('Questions? Phone +971 4 555 0199 · WhatsApp +971 50 555 0198');
    // the page opened twice and the round after it: one mail
    clockOffsetMs += 2 * 60_000;
    await runJobOnce(t.service, 'booking payment links');
    const queued = await t.db(
      (sql) => sql`SELECT 1 FROM outbox WHERE dedupe_key = ${`payment-confirmed:blm-booking:${reference}`}`,
    );
    expect(queued).toHaveLength(1);
  });

  it('after a decline: try again (a new link for the open amount, then that same link while it runs), and whom to call', async () => {
    const booking = await bookingOf(20, 1);
    const first = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    const back = await actOnGateway(first.paymentUrl, 'decline');
    const declined = await openPage(back);
    expect(declined).toContain('Payment declined');
    expect(declined).toContain('Nothing was charged.');
    expect(declined).toContain('<a href="tel:+97145550199">+971 4 555 0199</a>');
    const retry = /<a class="button" href="([^"]+)"[^>]*>Try again<\/a>/.exec(declined)?.[1]?.replaceAll('&amp;', '&');
    expect(retry).toMatch(/^\/payment\/blm\/retry\?ref=TQ-/);
    const again = await t.api.inject({ method: 'GET', url: retry ?? '' });
    expect(again.statusCode).toBe(303);
    const second = String(again.headers.location);
    expect(second).toContain('/payment/simulator/');
    expect(second).not.toBe(first.paymentUrl);
    // the same link while it runs, from the retry address and from the decline page
    expect((await t.api.inject({ method: 'GET', url: retry ?? '' })).headers.location).toBe(second);
    expect(await openPage(back)).toContain(`href="${second.replaceAll('&', '&amp;')}"`);
    expect((await read(booking.bookingId)).paymentLinkActive).toBe(true);
    expect(await openPage(await actOnGateway(second, 'pay'))).toContain('Payment received');
    expect((await read(booking.bookingId)).paymentStatus).toBe('FULLY_PAID');
    // paid now: the retry address leads to the payment received
    const afterwards = await t.api.inject({ method: 'GET', url: retry ?? '' });
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.body).toContain('has no open amount to pay');
    expect(afterwards.body).not.toContain('Try again');
  });
});
