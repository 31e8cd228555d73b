// The real Telr adapter against a loopback fake of Telr's order.json: the JSON it sends (store, key, method,
// body shape), how it maps created and checked orders, and how refusals and failures become
// PaymentGatewayError without the auth key in them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreateOrderRequest, PaymentGatewayError, type PaymentGatewayFailure } from './port.js';
import type { TelrSettings } from './settings.js';
import { createTelrPaymentGateway } from './telr.js';
import { rejectionOf } from '../../../test/support/errors.js';

const STORE = '12345';
const AUTH_KEY = 'pQ4s~Hn7b-secret#Key';
const PAID_REF = 'A'.repeat(64);
const PENDING_REF = 'B'.repeat(64);
const ODD_REF = 'C'.repeat(64);
const CANCELLED_REF = 'E'.repeat(64);

let server: Server;
let baseUrl: string;
const received: unknown[] = [];

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? Object.entries(value).find(([key]) => key === name)?.[1]
    : undefined;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** What Telr checks of a create request (research §1.2): cart, amount as decimal text, currency, returns. */
function validCreate(body: unknown): boolean {
  const order = field(body, 'order');
  const returns = field(body, 'return');
  return (
    field(body, 'framed') === 0 &&
    isText(field(order, 'cartid')) &&
    (field(order, 'test') === '1' || field(order, 'test') === '0') &&
    /^\d+\.\d{2}$/.test(String(field(order, 'amount'))) &&
    /^[A-Z]{3}$/.test(String(field(order, 'currency'))) &&
    isText(field(order, 'description')) &&
    ['authorised', 'declined', 'cancelled'].every((name) => isText(field(returns, name)))
  );
}

const trace = '4001/7932/5eb93cca';

/** Telr's check answer for a paid order, as research §1.3 records it (amount and codes as text). */
const paidAnswer = {
  method: 'check',
  trace,
  order: {
    ref: PAID_REF,
    cartid: 'CART-123',
    test: 1,
    amount: '100.00',
    currency: 'AED',
    description: '3 tickets',
    status: { code: 3, text: 'Paid' },
    transaction: {
      ref: '040029158825',
      type: 'sale',
      class: 'ECom',
      status: 'A',
      code: '412345',
      message: 'Authorised',
    },
    paymethod: 'Card',
    card: { type: 'Visa Credit', last4: '1111', country: 'AE', first6: '411111', expiry: { month: 4, year: 2027 } },
    customer: {
      email: 'a@b.c',
      name: { title: 'Mr', forenames: 'John', surname: 'Doe' },
      address: { line1: '1 Sheikh Zayed Rd', city: 'Dubai', country: 'AE' },
      ref: 'C1',
    },
  },
};

beforeAll(async () => {
  server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    received.push(body);
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    };
    const method = field(body, 'method');
    const refuse = (message: string, note: string) => send(200, { method, trace, error: { message, note } });
    if (request.method !== 'POST' || request.url !== '/gateway/order.json') return send(404, 'Not found');
    if (!request.headers['content-type']?.startsWith('application/json') || body === undefined) {
      return refuse('E01:Invalid request', 'Not JSON');
    }
    if (field(body, 'store') !== Number(STORE)) return refuse('E04:Invalid store ID', 'Unknown store');
    if (field(body, 'authkey') !== AUTH_KEY) {
      // A careless gateway might quote what it got: the adapter must not pass that on.
      return refuse('E04:Invalid authentication key', `Key ${String(field(body, 'authkey'))} not accepted`);
    }
    if (method === 'create') {
      if (!validCreate(body)) return refuse('E01:Invalid request', 'Missing fields');
      const cartid = field(field(body, 'order'), 'cartid');
      switch (cartid) {
        case 'duplicate':
          return refuse('E56:Duplicate transaction', 'Cart ID must be unique');
        case 'server-error':
          return send(500, '<html>Internal Server Error</html>');
        case 'not-json':
          return send(200, '<html>maintenance</html>');
        case 'odd-answer':
          return send(200, { method, trace, order: { ref: PAID_REF } });
        case 'slow':
          setTimeout(() => send(200, { method, trace, order: { ref: PAID_REF, url: 'x' } }), 1_000);
          return;
        default:
          return send(200, {
            method,
            trace,
            order: { ref: PAID_REF, url: `https://secure.telr.com/gateway/process.html?o=${PAID_REF}` },
          });
      }
    }
    if (method === 'check') {
      const ref = field(field(body, 'order'), 'ref');
      if (ref === PAID_REF) return send(200, paidAnswer);
      if (ref === PENDING_REF) {
        // A pending order: status code as text, no transaction (PHP's empty array), an empty card block.
        return send(200, {
          method,
          trace,
          order: {
            ref,
            url: `https://secure.telr.com/gateway/process.html?o=${ref}`,
            cartid: 'CART-124',
            test: '0',
            amount: '1500',
            currency: 'JPY',
            description: 'Tour',
            status: { code: '1', text: 'Pending' },
            transaction: [],
            paymethod: '',
            card: { type: '', last4: '', first6: '', country: '', expiry: { month: '', year: '' } },
            customer: { email: 'x@y.z', name: { forenames: 'Ann', surname: 'Lee' } },
          },
        });
      }
      if (ref === CANCELLED_REF) {
        // Telr's British spelling, an empty transaction object, no url once the order is finished.
        return send(200, {
          method,
          trace,
          order: { ...paidAnswer.order, ref, status: { code: -2, text: 'Cancelled' }, transaction: {}, card: [] },
        });
      }
      if (ref === ODD_REF) {
        return send(200, { method, trace, order: { ...paidAnswer.order, ref, amount: 'lots' } });
      }
      return refuse('E01:Invalid request', 'Order not found');
    }
    return refuse('E01:Invalid request', 'Unknown method');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake Telr did not bind');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function settings(overrides: Partial<TelrSettings> = {}): TelrSettings {
  return { storeId: STORE, authKey: AUTH_KEY, baseUrl, testMode: true, timeoutMs: 10_000, ...overrides };
}

function order(overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    cartRef: 'CART-123',
    amountMinor: 12_345,
    currency: 'AED',
    description: '3 tickets',
    customer: { email: 'mary@example.test', name: 'Mary Ann Smith', phone: '+971500000000' },
    returnUrls: {
      authorised: 'https://t.example.test/payment/offline/success?ref=CART-123',
      declined: 'https://t.example.test/payment/offline/decline?ref=CART-123',
      cancelled: 'https://t.example.test/payment/offline/cancel?ref=CART-123',
    },
    test: false,
    ...overrides,
  };
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, PaymentGatewayError);

describe('Telr adapter', () => {
  it('creates an order with the documented JSON body and answers its ref and page', async () => {
    received.length = 0;
    const created = await createTelrPaymentGateway(settings()).createOrder(order({ language: 'en', device: 'small' }));
    expect(created).toEqual({
      orderRef: PAID_REF,
      paymentUrl: `https://secure.telr.com/gateway/process.html?o=${PAID_REF}`,
    });
    expect(received).toEqual([
      {
        method: 'create',
        store: 12345,
        authkey: AUTH_KEY,
        framed: 0,
        language: 'en',
        order: { cartid: 'CART-123', test: '1', amount: '123.45', currency: 'AED', description: '3 tickets' },
        return: order().returnUrls,
        customer: {
          email: 'mary@example.test',
          name: { forenames: 'Mary Ann', surname: 'Smith' },
          phone: '+971500000000',
        },
      },
    ]);
  });

  it('sends a live order only when test mode is off and the caller does not ask for a test', async () => {
    received.length = 0;
    await createTelrPaymentGateway(settings({ testMode: false })).createOrder(order({ customer: undefined }));
    await createTelrPaymentGateway(settings({ testMode: false })).createOrder(order({ test: true }));
    expect(received.map((body) => field(field(body, 'order'), 'test'))).toEqual(['0', '1']);
    expect(field(received[0], 'customer')).toBeUndefined();
  });

  it('sends amounts as decimal text in the currency’s minor unit', async () => {
    received.length = 0;
    const gateway = createTelrPaymentGateway(settings());
    await gateway.createOrder(order({ amountMinor: 5, currency: 'USD' }));
    await gateway.createOrder(order({ amountMinor: 100_000, currency: 'AED' }));
    expect(received.map((body) => field(field(body, 'order'), 'amount'))).toEqual(['0.05', '1000.00']);
  });

  it('maps a paid order’s check answer to the specification’s shape', async () => {
    received.length = 0;
    const check = await createTelrPaymentGateway(settings()).checkOrder(PAID_REF);
    expect(received).toEqual([{ method: 'check', store: 12345, authkey: AUTH_KEY, order: { ref: PAID_REF } }]);
    expect(check).toEqual({
      method: 'check',
      trace,
      order: {
        ref: PAID_REF,
        url: null,
        cartId: 'CART-123',
        test: 1,
        amount: 100,
        currency: 'AED',
        description: '3 tickets',
        status: { code: 3, text: 'Paid' },
        transaction: { ref: '040029158825', class: 'ECom', status: 'A', message: 'Authorised', code: '412345' },
        paymethod: 'Card',
        card: { type: 'Visa Credit', last4: '1111', first6: '411111', country: 'AE', expiry: { month: 4, year: 2027 } },
        customer: {
          email: 'a@b.c',
          name: { title: 'Mr', forenames: 'John', surname: 'Doe' },
          address: { line1: '1 Sheikh Zayed Rd', city: 'Dubai', country: 'AE' },
          ref: 'C1',
        },
      },
      error: null,
    });
  });

  it('reads a pending order whose numbers come as text and whose empty blocks are [] or blank', async () => {
    const check = await createTelrPaymentGateway(settings()).checkOrder(PENDING_REF);
    expect(check.order).toEqual({
      ref: PENDING_REF,
      url: `https://secure.telr.com/gateway/process.html?o=${PENDING_REF}`,
      cartId: 'CART-124',
      test: 0,
      amount: 1500,
      currency: 'JPY',
      description: 'Tour',
      status: { code: 1, text: 'Pending' },
      transaction: null,
      paymethod: null,
      card: null,
      customer: {
        email: 'x@y.z',
        name: { title: '', forenames: 'Ann', surname: 'Lee' },
        address: { line1: '', city: '', country: '' },
        ref: '',
      },
    });
  });

  interface FailureCase {
    cartRef?: string;
    overrides?: Partial<TelrSettings>;
    failure: PaymentGatewayFailure;
    message: RegExp;
  }
  const failures: [string, FailureCase][] = [
    [
      'a duplicate cart',
      { cartRef: 'duplicate', failure: 'refused', message: /E56:Duplicate transaction \(Cart ID must be unique\)/ },
    ],
    ['a wrong store', { overrides: { storeId: '999' }, failure: 'refused', message: /E04:Invalid store ID/ }],
    [
      'a wrong key',
      { overrides: { authKey: 'wrong-key' }, failure: 'refused', message: /E04:Invalid authentication key/ },
    ],
    ['an HTTP 500', { cartRef: 'server-error', failure: 'bad-answer', message: /HTTP 500/ }],
    ['a page that is not JSON', { cartRef: 'not-json', failure: 'bad-answer', message: /not JSON/ }],
    ['an answer without the page', { cartRef: 'odd-answer', failure: 'bad-answer', message: /unexpected form/ }],
    [
      'no answer in time',
      { cartRef: 'slow', overrides: { timeoutMs: 150 }, failure: 'timeout', message: /within 150 ms/ },
    ],
    [
      'an unreachable gateway',
      { overrides: { baseUrl: 'http://127.0.0.1:9' }, failure: 'unreachable', message: /could not be reached/ },
    ],
  ];
  it.each(failures)('answers %s to create with PaymentGatewayError, without the key', async (_, expected) => {
    const request = order(expected.cartRef ? { cartRef: expected.cartRef } : {});
    const error = await failure(createTelrPaymentGateway(settings(expected.overrides)).createOrder(request));
    expect(error.failure).toBe(expected.failure);
    expect(error.message).toMatch(expected.message);
    const said = JSON.stringify({ message: error.message, details: error.details });
    expect(said).not.toContain(AUTH_KEY);
    expect(said).not.toContain('wrong-key');
  });

  it('keeps Telr’s words in a refusal', async () => {
    const error = await failure(createTelrPaymentGateway(settings()).createOrder(order({ cartRef: 'duplicate' })));
    expect(error.details).toEqual({ gatewayMessage: 'E56:Duplicate transaction', note: 'Cart ID must be unique' });
  });

  it('answers status texts in the specification’s spelling, whatever Telr writes', async () => {
    const check = await createTelrPaymentGateway(settings()).checkOrder(CANCELLED_REF);
    expect(check.order).toMatchObject({
      status: { code: -2, text: 'Canceled' },
      transaction: null,
      card: null,
      url: null,
    });
  });

  it('answers an unknown order and an unreadable check answer with PaymentGatewayError', async () => {
    const gateway = createTelrPaymentGateway(settings());
    const unknown = await failure(gateway.checkOrder('D'.repeat(64)));
    expect(unknown).toMatchObject({ failure: 'refused', details: { gatewayMessage: 'E01:Invalid request' } });
    const odd = await failure(gateway.checkOrder(ODD_REF));
    expect(odd.failure).toBe('bad-answer');
  });
});
