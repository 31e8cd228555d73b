// The payment simulator end to end on a real PostgreSQL: create an order, open its page, press a button, follow
// the 303 as a browser would, check the order. Settled orders stay settled; pending ones expire.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../../../test/support/database.js';
import { loadMigrations, migrate } from '../../platform/database/migrate.js';
import { type CreateOrderRequest, PaymentGatewayError } from './port.js';
import { createPaymentGateway, type PaymentSimulator, registerPaymentSimulatorRoutes } from './index.js';

const PUBLIC_URL = 'https://pay.example.test';
const LINK_MINUTES = 30;
const START = new Date('2025-05-01T10:00:00.000Z');

let db: Awaited<ReturnType<typeof scratchDatabase>>;
let app: FastifyInstance;
let simulator: PaymentSimulator;
let now = START;

beforeAll(async () => {
  db = await scratchDatabase('tc_paysim');
  await migrate(db.sql, await loadMigrations('platform'));
  // Wired as service.ts does: the settings choose the simulator, whose routes are then registered.
  const gateway = createPaymentGateway(
    { kind: 'simulator', linkMinutes: LINK_MINUTES },
    { platformDb: db.sql, publicUrl: `${PUBLIC_URL}/`, clock: () => now },
  );
  if (gateway.kind !== 'simulator') throw new Error('the default settings must choose the simulator');
  simulator = gateway;
  app = Fastify();
  await registerPaymentSimulatorRoutes(app, simulator);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.drop();
});

let serial = 0;
function request(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  serial += 1;
  const cartRef = `ORD-${Date.now()}-${serial}`;
  const callback = (outcome: string) => `https://t-1.example.test/payment/offline/${outcome}?ref=${cartRef}`;
  return {
    cartRef,
    amountMinor: 12_345,
    currency: 'AED',
    description: '3 tickets',
    customer: { email: 'mary@example.test', name: 'Mary Ann Smith', phone: '+971500000000' },
    returnUrls: { authorised: callback('success'), declined: callback('decline'), cancelled: callback('cancel') },
    test: true,
    ...overrides,
  };
}

function pathOf(paymentUrl: string): string {
  return new URL(paymentUrl).pathname;
}

async function postForm(paymentUrl: string, payload: string) {
  return app.inject({
    method: 'POST',
    url: pathOf(paymentUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'anything.example.test' },
    payload,
  });
}

async function press(paymentUrl: string, action: string) {
  return postForm(paymentUrl, `action=${encodeURIComponent(action)}`);
}

async function refusal(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof PaymentGatewayError)) throw new Error(`expected a PaymentGatewayError, got ${String(error)}`);
  return error;
}

describe('payment simulator', () => {
  it('creates a pending order whose page shows the escaped amount and description and the three buttons', async () => {
    now = START;
    const sent = request({ description: 'Desert <script>alert("x")</script> & dinner' });
    const created = await simulator.createOrder(sent);
    expect(created.orderRef).toMatch(/^[0-9A-F]{64}$/);
    expect(created.paymentUrl).toBe(`${PUBLIC_URL}/payment/simulator/${created.orderRef}`);

    const page = await app.inject({ method: 'GET', url: pathOf(created.paymentUrl), headers: { host: 'x.test' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Desert &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; dinner');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('123.45 AED');
    expect(page.body).toContain(sent.cartRef);
    expect(page.body).toMatch(/<form method="post">/);
    for (const [action, label] of [
      ['pay', 'Pay 123.45 AED'],
      ['decline', 'Decline'],
      ['cancel', 'Cancel'],
    ]) {
      expect(page.body).toContain(`<button type="submit" name="action" value="${action}">${label}</button>`);
    }
    expect(page.body).toMatch(/<label for="card-number">/);

    expect(await simulator.checkOrder(created.orderRef)).toEqual({
      method: 'check',
      trace: expect.stringMatching(/^4000\/\d{4}\/[0-9a-f]{8}$/),
      order: {
        ref: created.orderRef,
        url: created.paymentUrl,
        cartId: sent.cartRef,
        test: 1,
        amount: 123.45,
        currency: 'AED',
        description: sent.description,
        status: { code: 1, text: 'Pending' },
        transaction: null,
        paymethod: null,
        card: null,
        customer: {
          email: 'mary@example.test',
          name: { title: '', forenames: 'Mary Ann', surname: 'Smith' },
          address: { line1: '', city: '', country: '' },
          ref: '',
        },
      },
      error: null,
    });
  });

  it('pays: 303 to the authorised URL, then the check shows Paid with the transaction and card', async () => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    const answer = await press(paymentUrl, 'pay');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(sent.returnUrls.authorised);

    const check = await simulator.checkOrder(orderRef);
    expect(check.order.status).toEqual({ code: 3, text: 'Paid' });
    expect(check.order.transaction).toEqual({
      ref: expect.stringMatching(/^\d{12}$/),
      class: 'ecom',
      status: 'A',
      message: 'Authorised',
      code: expect.stringMatching(/^\d{6}$/),
    });
    expect(check.order.paymethod).toBe('Card');
    expect(check.order.card).toEqual({
      type: 'Visa',
      last4: '1111',
      first6: '411111',
      country: 'AE',
      expiry: { month: 12, year: START.getUTCFullYear() + 3 },
    });

    // The browser coming back to the page sees the outcome and the way back, not the buttons.
    const page = await app.inject({ method: 'GET', url: pathOf(paymentUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Payment paid');
    expect(page.body).not.toContain('<button');
    expect(page.body).toContain(`href="${sent.returnUrls.authorised}"`);
  });

  it('declines: 303 to the declined URL, status -3 with transaction status D', async () => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    const answer = await press(paymentUrl, 'decline');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(sent.returnUrls.declined);
    const check = await simulator.checkOrder(orderRef);
    expect(check.order.status).toEqual({ code: -3, text: 'Declined' });
    expect(check.order.transaction).toMatchObject({ status: 'D', code: '31', message: 'Not authorised' });
  });

  it('cancels: 303 to the cancelled URL, status -2 without a transaction', async () => {
    now = START;
    const sent = request({ customer: undefined });
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    const answer = await press(paymentUrl, 'cancel');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(sent.returnUrls.cancelled);
    const check = await simulator.checkOrder(orderRef);
    expect(check.order).toMatchObject({
      status: { code: -2, text: 'Canceled' },
      transaction: null,
      paymethod: null,
      card: null,
      customer: null,
    });
  });

  it.each([
    ['pay', 'cancel', 'authorised', 3],
    ['pay', 'decline', 'authorised', 3],
    ['decline', 'pay', 'declined', -3],
    ['cancel', 'pay', 'cancelled', -2],
    ['pay', 'pay', 'authorised', 3],
  ] as const)('after %s, a %s changes nothing and is sent to the %s URL', async (first, second, url, code) => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    await press(paymentUrl, first);
    const before = await simulator.checkOrder(orderRef);
    const again = await press(paymentUrl, second);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(sent.returnUrls[url]);
    const after = await simulator.checkOrder(orderRef);
    expect(after.order.status.code).toBe(code);
    expect(after.order.transaction).toEqual(before.order.transaction);
  });

  it('settles concurrent actions once: every browser is sent to the winner’s URL', async () => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    const answers = await Promise.all(
      ['pay', 'cancel', 'decline', 'pay', 'cancel', 'decline'].map((action) => press(paymentUrl, action)),
    );
    const locations = new Set(answers.map((answer) => answer.headers.location));
    expect(answers.every((answer) => answer.statusCode === 303)).toBe(true);
    expect(locations.size).toBe(1);
    const check = await simulator.checkOrder(orderRef);
    const urlOfStatus = new Map([
      [3, sent.returnUrls.authorised],
      [-3, sent.returnUrls.declined],
      [-2, sent.returnUrls.cancelled],
    ]);
    expect([...locations][0]).toBe(urlOfStatus.get(check.order.status.code));
  });

  it('expires an unpaid order: the page says so, pay is refused, the check answers -1 Expired', async () => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);

    now = new Date(START.getTime() + LINK_MINUTES * 60_000 - 1);
    expect((await simulator.checkOrder(orderRef)).order.status.code).toBe(1);

    now = new Date(START.getTime() + LINK_MINUTES * 60_000);
    const page = await app.inject({ method: 'GET', url: pathOf(paymentUrl) });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('This payment link has expired');
    expect(page.body).not.toContain('<button');

    const pay = await press(paymentUrl, 'pay');
    expect(pay.statusCode).toBe(410);
    expect(pay.headers.location).toBeUndefined();
    expect(pay.body).toContain('This payment link has expired');

    expect((await simulator.checkOrder(orderRef)).order).toMatchObject({
      status: { code: -1, text: 'Expired' },
      transaction: null,
    });
  });

  it('keeps a paid order paid after its link would have expired', async () => {
    now = START;
    const sent = request();
    const { orderRef, paymentUrl } = await simulator.createOrder(sent);
    await press(paymentUrl, 'pay');
    now = new Date(START.getTime() + 2 * LINK_MINUTES * 60_000);
    expect((await simulator.checkOrder(orderRef)).order.status.code).toBe(3);
    const again = await press(paymentUrl, 'cancel');
    expect(again.headers.location).toBe(sent.returnUrls.authorised);
  });

  it.each([
    ['an unknown order', `/payment/simulator/${'AB'.repeat(32)}`],
    ['a malformed ref', '/payment/simulator/not-an-order'],
    ['a lower-case ref', `/payment/simulator/${'ab'.repeat(32)}`],
  ])('answers %s with a 404 HTML page, to GET and POST', async (_, url) => {
    const get = await app.inject({ method: 'GET', url });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(get.body).toContain('Payment not found');
    const post = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(post.statusCode).toBe(404);
    expect(post.body).toContain('Payment not found');
  });

  it('answers a form without a known action or a JSON body 400, another media type 415, all as HTML', async () => {
    now = START;
    const { orderRef, paymentUrl } = await simulator.createOrder(request());
    for (const payload of ['', 'action=refund', 'other=pay', 'action=PAY']) {
      const answer = await postForm(paymentUrl, payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain('Choose Pay, Decline or Cancel');
    }
    const json = await app.inject({
      method: 'POST',
      url: pathOf(paymentUrl),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ action: 'pay' }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
    const xml = await app.inject({
      method: 'POST',
      url: pathOf(paymentUrl),
      headers: { 'content-type': 'application/xml' },
      payload: '<action>pay</action>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await simulator.checkOrder(orderRef)).order.status.code).toBe(1);
  });

  it('refuses a repeated cart ref with Telr’s E56, and invalid requests with Telr’s errors', async () => {
    now = START;
    const sent = request();
    await simulator.createOrder(sent);
    const duplicate = await refusal(simulator.createOrder({ ...sent }));
    expect(duplicate.failure).toBe('refused');
    expect(duplicate.details).toMatchObject({
      gatewayMessage: 'E56:Duplicate transaction',
      note: 'Cart ID must be unique',
    });
    expect(duplicate.message).toContain('E56:Duplicate transaction');

    expect((await refusal(simulator.createOrder(request({ amountMinor: 0 })))).details.gatewayMessage).toBe(
      'E05:Transaction cost or currency not valid',
    );
    expect((await refusal(simulator.createOrder(request({ currency: 'aed' })))).details.gatewayMessage).toBe(
      'E05:Transaction cost or currency not valid',
    );
    expect((await refusal(simulator.createOrder(request({ cartRef: ' ' })))).details.gatewayMessage).toBe(
      'E03:Cart ID not set',
    );
    const script = request();
    const badUrl = await refusal(
      simulator.createOrder({ ...script, returnUrls: { ...script.returnUrls, authorised: 'javascript:alert(1)' } }),
    );
    expect(badUrl.details.note).toMatch(/Return URLs/);
  });

  it('answers checkOrder of an unknown ref with a gateway error', async () => {
    const error = await refusal(simulator.checkOrder('AB'.repeat(32)));
    expect(error.failure).toBe('refused');
  });

  it('shows amounts in the currency’s minor unit and honours language and device harmlessly', async () => {
    now = START;
    const yen = await simulator.createOrder(
      request({ amountMinor: 1_500, currency: 'JPY', language: 'ar', device: 'small' }),
    );
    expect((await simulator.checkOrder(yen.orderRef)).order.amount).toBe(1_500);
    const page = await app.inject({ method: 'GET', url: pathOf(yen.paymentUrl) });
    expect(page.body).toContain('1500 JPY');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('max-width:22rem');

    const dinar = await simulator.createOrder(request({ amountMinor: 1_005, currency: 'KWD', test: false }));
    const check = await simulator.checkOrder(dinar.orderRef);
    expect(check.order).toMatchObject({ amount: 1.005, test: 0 });
  });
});
