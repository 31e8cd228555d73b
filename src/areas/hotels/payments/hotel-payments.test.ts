// Hotel payments through the API: an employee makes a payment link for a hotel booking, the payer pays, cancels or
// declines on the payment simulator and lands on /payment/hotel/*, where the gateway's own state of the order is
// applied once to the link and the booking's payment status. The bookings themselves are written through the
// area's booking repository (the online and contracted booking operations are tested with their own code).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { chooseOnSimulator, type PayerChoice } from '../../../../test/support/payment-simulator.js';
import { runJobOnce, startTestService } from '../../../../test/support/service.js';
import { type MailInbox, startMailInbox } from '../../../../test/support/smtp.js';
import { until } from '../../../../test/support/wait.js';
import { insertPendingBooking, recordSupplierBooking } from '../online/index.js';
import type { HotelPaymentLink } from './hotel-payments.schemas.js';

let t: TestTenant;
let other: TestTenant;
let agent: TestUser;
let inbox: MailInbox;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  inbox = await startMailInbox();
  const service = await startTestService({ clock: now, env: { TC_SMTP_URL: inbox.url } });
  t = await tenant(service);
  other = await tenant(service);
  agent = await user(t, 'agent');
});
afterAll(async () => {
  await t.service.close();
  await inbox.stop();
});

let bookingCount = 0;

/** A hotel booking as the booking operations leave it: CONFIRMED (or another status), unpaid. */
async function hotelBooking(
  tt: TestTenant,
  options: { mode?: 'online' | 'contracted'; status?: 'CONFIRMED' | 'ON_REQUEST' | 'PENDING'; firstName?: string } = {},
) {
  bookingCount += 1;
  const mode = options.mode ?? 'online';
  return tt.db(async (sql) => {
    const pending = await insertPendingBooking(
      sql,
      {
        clientReference: `TEST-${Date.now()}-${bookingCount}`,
        mode,
        supplier: mode === 'online' ? 'simulator' : null,
        offerCode: mode === 'online' ? `OFFER-${bookingCount}` : null,
        hotelId: null,
        roomId: null,
        market: mode === 'contracted' ? 'UAE' : null,
        hotelCode: null,
        hotelName: 'Palm Beach Resort',
        roomName: 'Double',
        cityCode: 'DXB',
        roomBasis: 'BB',
        checkIn: '2027-03-01',
        checkOut: '2027-03-04',
        rooms: 1,
        adults: 2,
        children: 0,
        guests: [
          { room: 1, title: 'MS', firstName: options.firstName ?? 'Amal', lastName: 'Haddad' },
          { room: 1, title: 'MR', firstName: 'Omar', lastName: 'Haddad' },
        ],
        customerId: null,
        contactEmail: 'amal@example.com',
        contactPhone: null,
        currency: 'AED',
        totalPrice: '1234.50',
        costPrice: '1000.00',
        cancellationDeadline: null,
        remarks: null,
        createdBy: null,
      },
      new Date(),
    );
    if (options.status === 'PENDING') return pending.hotel_booking_id;
    // a variable, not a literal: the supplier's outcome may carry more fields than a test needs to name
    const outcome = {
      status: options.status ?? 'CONFIRMED',
      supplierBookingCode: `SUP-${bookingCount}`,
      supplierReference: null,
      costPrice: '1000.00',
      totalPrice: null,
      hotelName: null,
      cancellationDeadline: null,
    };
    await recordSupplierBooking(sql, pending.hotel_booking_id, outcome, new Date());
    return pending.hotel_booking_id;
  });
}

const paymentState = (bookingId: number) =>
  t.db(async (sql) => {
    const [row] = await sql<{ payment_status: string; cart_reference: string | null; paid_at: Date | null }[]>`
      SELECT payment_status, cart_reference, paid_at FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`;
    const links = await sql<{ status: string }[]>`
      SELECT status FROM hotel_payment_links WHERE hotel_booking_id = ${bookingId} ORDER BY link_id`;
    return { ...row, links: links.map((link) => link.status) };
  });

/** Sessions of the tenant's database waiting for a lock. */
const lockWaiters = () =>
  t.db(async (sql) => {
    const [row] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
    return row?.n ?? 0;
  });

const createLink = (bookingId: number) =>
  agent.api.ok<HotelPaymentLink>('/hotel/booking/createPaymentLink', { bookingId });

/** The payer's choice on the simulator, then the return page the browser opens. */
async function payerChooses(link: HotelPaymentLink, choice: PayerChoice) {
  const back = await chooseOnSimulator(t.service.app, link.paymentUrl, choice);
  const page = await t.api.inject({ method: 'GET', url: back });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.headers['referrer-policy']).toBe('no-referrer');
  return { back, body: page.body };
}

describe('/hotel/booking/createPaymentLink', () => {
  it("answers the gateway's page for the booking's price; the cart reference becomes the booking's", async () => {
    const bookingId = await hotelBooking(t);
    const link = await createLink(bookingId);
    expect(link).toMatchObject({ bookingId, amount: 1234.5, currency: 'AED' });
    expect(link.cartReference).toMatch(new RegExp(`^HB${bookingId}-`));
    expect(link.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(await paymentState(bookingId)).toMatchObject({
      payment_status: 'UNPAID',
      cart_reference: link.cartReference,
      links: ['ACTIVE'],
    });
    await agent.api.expectError(
      '/hotel/booking/createPaymentLink',
      { bookingId },
      'INVALID_STATE',
      'active payment link',
    );
  });

  it('two links asked for at once: one is made, the other refused', async () => {
    const bookingId = await hotelBooking(t);
    const answers = await Promise.all(
      [1, 2].map(() => agent.api.call<HotelPaymentLink>('/hotel/booking/createPaymentLink', { bookingId })),
    );
    expect(answers.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
    expect((await paymentState(bookingId)).links).toEqual(['ACTIVE']);
  });

  it('two links asked for while the booking is locked: the one that waited for the other is refused', async () => {
    const bookingId = await hotelBooking(t);
    let locked!: () => void;
    let release!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A third party (a settlement, say) holds the booking's row while both requests come to lock it.
    const holding = t.db((sql) =>
      sql.begin(async (tx) => {
        await tx`SELECT 1 FROM hotel_bookings WHERE hotel_booking_id = ${bookingId} FOR UPDATE`;
        locked();
        await released;
      }),
    );
    await lockTaken;
    const calls = [1, 2].map(() => agent.api.call<HotelPaymentLink>('/hotel/booking/createPaymentLink', { bookingId }));
    await until(async () => (await lockWaiters()) === 2, 10_000);
    release();
    await holding;
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.apiStatus.errorCode).sort()).toEqual(['INVALID_STATE', 'OK']);
    expect((await paymentState(bookingId)).links).toEqual(['ACTIVE']);
  });

  it('refuses a booking the supplier does not hold; pays an ON_REQUEST and a contracted one', async () => {
    const pending = await hotelBooking(t, { status: 'PENDING' });
    await agent.api.expectError('/hotel/booking/createPaymentLink', { bookingId: pending }, 'INVALID_STATE', 'PENDING');
    expect((await paymentState(pending)).links).toEqual([]);
    expect(await createLink(await hotelBooking(t, { status: 'ON_REQUEST' }))).toMatchObject({ amount: 1234.5 });
    expect(await createLink(await hotelBooking(t, { mode: 'contracted' }))).toMatchObject({ amount: 1234.5 });
  });

  it('answers MISSING_PARAMETER, INVALID_FORMAT, NOTFOUND (another tenant too) and refuses non-employees', async () => {
    await agent.api.expectError('/hotel/booking/createPaymentLink', {}, 'MISSING_PARAMETER', 'bookingId');
    await agent.api.expectError('/hotel/booking/createPaymentLink', { bookingId: 'x' }, 'INVALID_FORMAT', 'bookingId');
    await agent.api.expectError('/hotel/booking/createPaymentLink', { bookingId: 999_999 }, 'NOTFOUND');
    // the other tenant has booking 1 only; this tenant's booking (a later id) is unknown there
    expect(await hotelBooking(other)).toBe(1);
    const mine = await hotelBooking(t);
    expect(mine).toBeGreaterThan(1);
    const otherAgent = await user(other, 'agent');
    await otherAgent.api.expectError('/hotel/booking/createPaymentLink', { bookingId: mine }, 'NOTFOUND');
    const customer = await user(t, 'customer');
    await customer.api.expectError('/hotel/booking/createPaymentLink', { bookingId: mine }, 'FORBIDDEN');
  });
});

describe('/payment/hotel/*', () => {
  it('paid: the booking is PAID once, the success page names the lead guest; a repeat changes nothing', async () => {
    const bookingId = await hotelBooking(t);
    const link = await createLink(bookingId);
    const { back, body } = await payerChooses(link, 'pay');
    expect(back).toMatch(/^\/payment\/hotel\/success\?ref=/);
    expect(body).toContain('Payment received');
    expect(body).toContain('Amal Haddad');
    expect(body).toContain(link.cartReference);
    const paid = await paymentState(bookingId);
    expect(paid).toMatchObject({ payment_status: 'PAID', links: ['PAID'] });
    // the same address again, and the cancel address with the same token: the gateway says paid, nothing moves
    const again = await t.api.inject({ method: 'GET', url: back });
    expect(again.body).toContain('Payment received');
    const cancelPath = back.replace('/payment/hotel/success', '/payment/hotel/cancel');
    expect((await t.api.inject({ method: 'GET', url: cancelPath })).body).toContain('Payment received');
    expect(await paymentState(bookingId)).toEqual(paid);
    await agent.api.expectError('/hotel/booking/createPaymentLink', { bookingId }, 'INVALID_STATE', 'paid already');
  });

  it('concurrent success callbacks apply the payment once', async () => {
    const bookingId = await hotelBooking(t);
    const back = await chooseOnSimulator(t.service.app, (await createLink(bookingId)).paymentUrl, 'pay');
    const pages = await Promise.all([1, 2, 3].map(() => t.api.inject({ method: 'GET', url: back })));
    for (const page of pages) expect(page.body).toContain('Payment received');
    expect(await paymentState(bookingId)).toMatchObject({ payment_status: 'PAID', links: ['PAID'] });
  });

  it('cancelled: CANCELLED_PAYMENT, the booking stays; a new link may be paid', async () => {
    const bookingId = await hotelBooking(t);
    const first = await createLink(bookingId);
    const { back, body } = await payerChooses(first, 'cancel');
    expect(back).toMatch(/^\/payment\/hotel\/cancel\?/);
    expect(body).toContain('Payment cancelled');
    expect(body).toContain(first.cartReference);
    expect(await paymentState(bookingId)).toMatchObject({
      payment_status: 'CANCELLED_PAYMENT',
      links: ['CANCELLED_PAYMENT'],
    });
    const second = await createLink(bookingId);
    expect(second.cartReference).not.toBe(first.cartReference);
    expect(await paymentState(bookingId)).toMatchObject({
      payment_status: 'UNPAID',
      cart_reference: second.cartReference,
    });
    await payerChooses(second, 'pay');
    expect(await paymentState(bookingId)).toMatchObject({
      payment_status: 'PAID',
      links: ['CANCELLED_PAYMENT', 'PAID'],
    });
    // the first link's address again: it was settled, the gateway still says cancelled, the booking stays paid
    expect((await t.api.inject({ method: 'GET', url: back })).body).toContain('Payment cancelled');
    expect((await paymentState(bookingId)).payment_status).toBe('PAID');
  });

  it('declined: DECLINED; the decline page names the reference', async () => {
    const bookingId = await hotelBooking(t);
    const link = await createLink(bookingId);
    const { back, body } = await payerChooses(link, 'decline');
    expect(back).toMatch(/^\/payment\/hotel\/decline\?/);
    expect(body).toContain('Payment declined');
    expect(body).toContain(link.cartReference);
    expect(await paymentState(bookingId)).toMatchObject({ payment_status: 'DECLINED', links: ['DECLINED'] });
  });

  it("without the link's token (or an unknown reference) a page names the reference only and changes nothing", async () => {
    const bookingId = await hotelBooking(t, { firstName: 'Zaynab' });
    const link = await createLink(bookingId);
    const back = await chooseOnSimulator(t.service.app, link.paymentUrl, 'pay');
    const withoutToken = back.replace(/&t=[^&]*/, '');
    const page = await t.api.inject({ method: 'GET', url: withoutToken });
    expect(page.body).toContain(link.cartReference);
    expect(page.body).not.toContain('Zaynab');
    const wrongToken = await t.api.inject({ method: 'GET', url: `${withoutToken}&t=wrong` });
    expect(wrongToken.body).not.toContain('Zaynab');
    expect(await paymentState(bookingId)).toMatchObject({ payment_status: 'UNPAID', links: ['ACTIVE'] });
    const unknown = await t.api.inject({ method: 'GET', url: '/payment/hotel/success?ref=HB0-nothing' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('HB0-nothing');
    const missing = await t.api.inject({ method: 'GET', url: '/payment/hotel/success' });
    expect([missing.statusCode, missing.headers['content-type']]).toEqual([400, 'text/html; charset=utf-8']);
  });

  it("a tenant's own template is used, re-read on every request, its placeholders HTML-escaped", async () => {
    const folder = path.join(t.service.config.dataDir, 'templates', t.record.tenantCode);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'hotel-success.html'), '<p>Paid by {{customerName}} for {{cartReference}}</p>');
    try {
      const bookingId = await hotelBooking(t, { firstName: '<script>x</script>' });
      const link = await createLink(bookingId);
      const { body } = await payerChooses(link, 'pay');
      expect(body).toBe(`<p>Paid by &lt;script&gt;x&lt;/script&gt; Haddad for ${link.cartReference}</p>`);
    } finally {
      await rm(path.join(folder, 'hotel-success.html'));
    }
  });
});

describe('the reconciliation of hotel payment links', () => {
  it('settles a link whose payer paid and never came back, once; a link still on its page is left alone', async () => {
    const paidAway = await hotelBooking(t);
    await chooseOnSimulator(t.service.app, (await createLink(paidAway)).paymentUrl, 'pay');
    const declinedAway = await hotelBooking(t);
    await chooseOnSimulator(t.service.app, (await createLink(declinedAway)).paymentUrl, 'decline');
    const stillPaying = await hotelBooking(t);
    await createLink(stillPaying);
    // a link younger than a minute: its payer may still be on the gateway's page
    await runJobOnce(t.service, 'hotel payment links');
    expect((await paymentState(paidAway)).payment_status).toBe('UNPAID');
    clockOffsetMs += 2 * 60_000;
    await runJobOnce(t.service, 'hotel payment links');
    expect(await paymentState(paidAway)).toMatchObject({ payment_status: 'PAID', links: ['PAID'] });
    expect(await paymentState(declinedAway)).toMatchObject({ payment_status: 'DECLINED', links: ['DECLINED'] });
    expect(await paymentState(stillPaying)).toMatchObject({ payment_status: 'UNPAID', links: ['ACTIVE'] });
    const paidAt = (await paymentState(paidAway)).paid_at;
    await runJobOnce(t.service, 'hotel payment links');
    expect((await paymentState(paidAway)).paid_at).toEqual(paidAt);
  });
});

describe('what the payer of a hotel booking sees (issue 30)', () => {
  const clientReference = async (bookingId: number) =>
    (
      await t.db(
        (sql) => sql<{ client_reference: string }[]>`
          SELECT client_reference FROM hotel_bookings WHERE hotel_booking_id = ${bookingId}`,
      )
    )[0]?.client_reference ?? '';

  beforeAll(async () => {
    await t.adminApi.ok('/settings/write', { phone: '+971 4 555 0177', contactEmail: 'stays@agency.example' });
  });

  it('the success page and the confirmation e-mail name the hotel, the dates, the amount and the reference', async () => {
    const bookingId = await hotelBooking(t, { firstName: 'Layla' });
    const reference = await clientReference(bookingId);
    const link = await createLink(bookingId);
    const { body } = await payerChooses(link, 'pay');
    expect(body).toContain('Payment received');
    expect(body).toContain('Thank you, Layla Haddad');
    expect(body).toContain(`<h2>Hotel booking ${reference}</h2>`);
    expect(body).toContain('<dt>Hotel</dt><dd>Palm Beach Resort</dd>');
    expect(body).toContain('<dt>Dates</dt><dd>Mon 1 Mar 2027 to Thu 4 Mar 2027 (3 nights)</dd>');
    expect(body).toContain('<dt>Rooms</dt><dd>1 × Double, BB</dd>');
    expect(body).toContain(`<dt>Booking reference</dt><dd>${reference}</dd>`);
    expect(body).toContain('<dt>Amount paid</dt><dd>AED 1,234.50</dd>');
    expect(body).toContain('<a href="mailto:stays@agency.example">stays@agency.example</a>');
    const mail = await inbox.waitFor('amal@example.com', new RegExp(`Payment received: Hotel booking ${reference}`));
    expect(mail.text).toContain('Hello Layla Haddad,');
    expect(mail.text).toContain('we received your payment of AED 1,234.50 for Hotel booking');
    expect(mail.text).toContain('Hotel: Palm Beach Resort');
    expect(mail.text).toContain('Dates: Mon 1 Mar 2027 to Thu 4 Mar 2027 (3 nights)');
    expect(mail.text).toContain(`Booking reference: ${reference}`);
    expect(mail.text).toContain(`Payment reference: ${link.cartReference}`);
    expect(mail.text).toContain('Questions? Phone +971 4 555 0177 · stays@agency.example');
    expect(mail.html).toContain('<tr><th align="left">Hotel</th><td>Palm Beach Resort</td></tr>');
  });

  it('a decline offers to try again and whom to call, and says nothing was charged', async () => {
    const bookingId = await hotelBooking(t);
    const link = await createLink(bookingId);
    const { body } = await payerChooses(link, 'decline');
    expect(body).toContain('Payment declined');
    expect(body).toContain('Nothing was charged.');
    expect(body).toContain('<a href="tel:+97145550177">+971 4 555 0177</a>');
    const retry =
      /<a class="button" href="([^"]+)"[^>]*>Try again<\/a>/.exec(body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(retry.startsWith(`/payment/hotel/retry?ref=${encodeURIComponent(link.cartReference)}&t=`)).toBe(true);
    const again = await t.api.inject({ method: 'GET', url: retry });
    expect(again.statusCode).toBe(303);
    const state = await paymentState(bookingId);
    expect(state.links).toEqual(['DECLINED', 'ACTIVE']);
    expect(state.payment_status).toBe('UNPAID');
    // paid at the new link: the booking is paid by its new cart reference
    const back = await chooseOnSimulator(t.service.app, String(again.headers.location), 'pay');
    expect((await t.api.inject({ method: 'GET', url: back })).body).toContain('Payment received');
    expect((await paymentState(bookingId)).payment_status).toBe('PAID');
  });

  it("a retry without the link's token names the reference only and makes no link", async () => {
    const bookingId = await hotelBooking(t);
    const link = await createLink(bookingId);
    await payerChooses(link, 'cancel');
    const forged = await t.api.inject({
      method: 'GET',
      url: `/payment/hotel/retry?ref=${encodeURIComponent(link.cartReference)}&t=forged`,
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('Haddad');
    expect((await paymentState(bookingId)).links).toEqual(['CANCELLED_PAYMENT']);
  });
});
