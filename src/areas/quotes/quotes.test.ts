// Quotes through the API (/document/*): create with items, add items, read by id or number, the lists and the
// search, exact money and tax per line, gapless numbers under 50 concurrent creations, concurrent additions, the
// role policy, another customer's quote, and every refusal naming its parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guest,
  product,
  registeredCustomer,
  type TestTenant,
  type TestUser,
  tenant,
  user,
} from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { Service } from '../../service.js';
import type { Quote, QuoteItem, QuoteSummary } from './quotes.schemas.js';

const TIMEZONE = 'Asia/Dubai'; // the provisioning default
const today = () => formatDate(new Date(), TIMEZONE);

let service: Service;
let t: TestTenant;
let agent: TestUser;
let owner: TestUser;
let otherCustomer: TestUser;
let customerId: number;
let productId: number;
let productName: string;

const create = (body: object, session = agent.session) =>
  t.api.ok<Quote>('/document/createQuote', { session, customerId, ...body });
const add = (quoteId: number, items: object[], session = agent.session) =>
  t.api.ok<Quote>('/document/addQuoteItem', { session, quoteId, items });
const setSettings = (settings: object) => t.adminApi.ok('/settings/write', settings);

beforeAll(async () => {
  service = await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } });
  t = await tenant(service);
  agent = await user(t, 'agent');
  owner = await user(t, 'customer');
  otherCustomer = await user(t, 'customer');
  customerId = (await registeredCustomer(t, { userName: 'Amira Hashimi' })).contactId;
  const made = await product(t, { prodName: 'Desert Safari' });
  productId = made.productId;
  productName = made.prodName;
  // users are made with real password hashes: slow on a loaded machine
}, 180_000);

afterAll(async () => {
  await service?.close();
});

describe('createQuote', () => {
  it('creates a DRAFT with exact amounts, the tenant currency, a number and its validity', async () => {
    const quote = await create({
      items: [
        { description: 'Bottled water', quantity: 3, unitPrice: 0.1 },
        { quantity: 2, unitPrice: 350.25, productId },
      ],
    });
    expect(quote).toMatchObject({
      customerId,
      customerName: 'Amira Hashimi',
      currencyId: 784,
      currencyCode: 'AED',
      status: 'DRAFT',
      netAmount: 700.8,
      taxAmount: 0,
      totalAmount: 700.8,
      createdBy: agent.userId,
      itemCount: 2,
    });
    expect(quote.quoteNumber).toMatch(new RegExp(`^QUO-${today().slice(0, 4)}-\\d{6}$`));
    expect(quote.createDate.slice(0, 10)).toBe(today());
    // valid through the whole of the 30th day (the tenant's calendar)
    expect(quote.validUntil).toBe(`${addDays(quote.createDate.slice(0, 10), 30)}T23:59:59`);
    expect(quote.items).toEqual([
      {
        itemId: expect.any(Number),
        quoteId: quote.quoteId,
        description: 'Bottled water',
        quantity: 3,
        unitPrice: 0.1,
        totalPrice: 0.3,
        productId: null,
        productName: null,
        netAmount: 0.3,
        taxAmount: 0,
        grossAmount: 0.3,
        taxRatePercent: 0,
      },
      expect.objectContaining({ description: productName, productId, productName, totalPrice: 700.5 }),
    ]);
  });

  it('takes the ISO 4217 numeric currency, the validity setting and fractional quantities', async () => {
    await setSettings({ quoteValidityDays: 7 });
    const usd = await create({ currencyId: 840, items: [{ description: 'Guide', quantity: 2.5, unitPrice: 19.99 }] });
    expect(usd).toMatchObject({ currencyId: 840, currencyCode: 'USD', totalAmount: 49.98, itemCount: 1 });
    expect(usd.validUntil.slice(0, 10)).toBe(addDays(usd.createDate.slice(0, 10), 7));
    const kwd = await create({ currencyId: 414, items: [{ description: 'Boat', quantity: 1, unitPrice: 12.345 }] });
    expect(kwd).toMatchObject({ currencyCode: 'KWD', totalAmount: 12.345 });
    const empty = await create({});
    expect(empty).toMatchObject({ items: [], totalAmount: 0, itemCount: 0, status: 'DRAFT' });
    await setSettings({ quoteValidityDays: 30 });
  });

  it('refuses bad input naming the parameter', async () => {
    const cases: Array<[object, string, string]> = [
      [{ customerId: undefined }, 'MISSING_PARAMETER', 'customerId'],
      [{ customerId: 'x' }, 'INVALID_FORMAT', 'customerId'],
      [{ currencyId: 999 }, 'INVALID_FORMAT', 'currencyId'],
      [{ currencyId: 'AED' }, 'INVALID_FORMAT', 'currencyId'],
      [{ items: [{ description: 'a', quantity: -1, unitPrice: 1 }] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [{ description: 'a', quantity: 0, unitPrice: 1 }] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [{ description: 'a', quantity: 'two', unitPrice: 1 }] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [{ description: 'a', quantity: 1.0005, unitPrice: 1 }] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ items: [{ description: 'a', quantity: 1, unitPrice: -0.01 }] }, 'INVALID_FORMAT', 'items[0].unitPrice'],
      [{ items: [{ description: 'a', quantity: 1, unitPrice: '1' }] }, 'INVALID_FORMAT', 'items[0].unitPrice'],
      [
        {
          items: [
            { description: 'a', quantity: 1, unitPrice: 1 },
            { description: 'b', quantity: 1, unitPrice: 0.005 },
          ],
        },
        'INVALID_FORMAT',
        'items[1].unitPrice',
      ],
      [{ currencyId: 392, items: [{ description: 'a', quantity: 1, unitPrice: 1.5 }] }, 'INVALID_FORMAT', 'unitPrice'],
      [{ items: [{ quantity: 1, unitPrice: 1 }] }, 'MISSING_PARAMETER', 'items[0].description'],
      [{ items: [{ quantity: 1 }] }, 'MISSING_PARAMETER', 'unitPrice'],
      [{ items: [{ description: 'a', quantity: 1, unitPrice: 1, productId: 999_999 }] }, 'NOTFOUND', 'Product 999999'],
      [{ customerId: 999_999 }, 'NOTFOUND', 'Customer'],
    ];
    for (const [body, code, naming] of cases) {
      await t.api.expectError('/document/createQuote', { session: agent.session, customerId, ...body }, code, naming);
    }
  });
});

describe('tax on quotes', () => {
  it('taxes each line at the rate in force when it is added, and keeps it', async () => {
    await setSettings({ vatRatePercent: 5 });
    const quote = await create({ items: [{ description: 'Dhow cruise', quantity: 3, unitPrice: 33.33 }] });
    expect(quote).toMatchObject({ netAmount: 99.99, taxAmount: 5, totalAmount: 104.99 });
    expect(quote.items[0]).toMatchObject({ netAmount: 99.99, taxAmount: 5, grossAmount: 104.99, taxRatePercent: 5 });

    await setSettings({ vatRatePercent: 10 });
    const more = await add(quote.quoteId, [{ description: 'Transfer', quantity: 1, unitPrice: 100 }]);
    expect(more.items.map((item) => [item.taxRatePercent, item.taxAmount])).toEqual([
      [5, 5],
      [10, 10],
    ]);
    expect(more).toMatchObject({ netAmount: 199.99, taxAmount: 15, totalAmount: 214.99, itemCount: 2 });

    const exempt = await product(t, { prodName: 'Museum pass', taxExempt: true });
    const mixed = await create({
      items: [
        { quantity: 2, unitPrice: 50, productId: exempt.productId },
        { description: 'Taxed', quantity: 1, unitPrice: 10 },
      ],
    });
    expect(mixed.items.map((item) => [item.productName, item.taxRatePercent, item.taxAmount])).toEqual([
      ['Museum pass', 0, 0],
      [null, 10, 1],
    ]);
    expect(mixed).toMatchObject({ netAmount: 110, taxAmount: 1, totalAmount: 111 });

    await setSettings({ vatRatePercent: 5, pricesIncludeTax: true });
    const inclusive = await create({ items: [{ description: 'Inclusive', quantity: 1, unitPrice: 105 }] });
    expect(inclusive.items[0]).toMatchObject({ totalPrice: 105, netAmount: 100, taxAmount: 5, grossAmount: 105 });
    expect(inclusive).toMatchObject({ netAmount: 100, taxAmount: 5, totalAmount: 105 });
    await setSettings({ vatRatePercent: 0, pricesIncludeTax: false });
  });
});

describe('addQuoteItem', () => {
  it('appends items to a DRAFT and answers every item and the new total', async () => {
    const quote = await create({ items: [{ description: 'First', quantity: 1, unitPrice: 10 }] });
    const more = await add(quote.quoteId, [
      { description: 'Second', quantity: 2, unitPrice: 0.1 },
      { quantity: 1, unitPrice: 5, productId },
    ]);
    expect(more.items.map((item) => item.description)).toEqual(['First', 'Second', productName]);
    expect(more).toMatchObject({ totalAmount: 15.2, itemCount: 3, quoteNumber: quote.quoteNumber });
  });

  it('lands every one of concurrent additions; the total is their sum', async () => {
    const quote = await create({});
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api.call<Quote>('/document/addQuoteItem', {
          session: agent.session,
          quoteId: quote.quoteId,
          items: [{ description: `Line ${i}`, quantity: 1, unitPrice: 0.1 }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.apiStatus.errorCode)).toEqual(Array(10).fill('OK'));
    const final = await t.api.ok<Quote>('/document/getQuote', { session: agent.session, quoteId: quote.quoteId });
    expect(final).toMatchObject({ totalAmount: 1, itemCount: 10 });
  });

  it('refuses items to a quote that is no longer a DRAFT, unknown quotes and bad items', async () => {
    const quote = await create({});
    await t.db((sql) => sql`UPDATE quotes SET status = 'SENT' WHERE quote_id = ${quote.quoteId}`);
    const item = { description: 'Late', quantity: 1, unitPrice: 1 };
    await t.api.expectError(
      '/document/addQuoteItem',
      { session: agent.session, quoteId: quote.quoteId, items: [item] },
      'INVALID_STATE',
      quote.quoteNumber,
    );
    const draft = await create({});
    const cases: Array<[object, string, string]> = [
      [{ quoteId: 999_999, items: [item] }, 'NOTFOUND', 'Quote'],
      [{ items: [item] }, 'MISSING_PARAMETER', 'quoteId'],
      [{ quoteId: draft.quoteId }, 'MISSING_PARAMETER', 'items'],
      [{ quoteId: draft.quoteId, items: [] }, 'INVALID_FORMAT', 'items'],
      [{ quoteId: draft.quoteId, items: [{ ...item, quantity: -2 }] }, 'INVALID_FORMAT', 'items[0].quantity'],
      [{ quoteId: draft.quoteId, items: [{ ...item, productId: 999_998 }] }, 'NOTFOUND', 'Product 999998'],
    ];
    for (const [body, code, naming] of cases) {
      await t.api.expectError('/document/addQuoteItem', { session: agent.session, ...body }, code, naming);
    }
  });
});

describe('quote numbers', () => {
  it('50 concurrent creations get consecutive numbers, none repeated or skipped', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.api.call<Quote>('/document/createQuote', { session: agent.session, customerId }),
      ),
    );
    const numbers = answers.map((answer) => {
      expect(answer.apiStatus.errorCode).toBe('OK');
      return Number(answer.apiData?.quoteNumber.slice(-6));
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    const first = sorted[0] ?? 0;
    expect(sorted).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    // and a refused creation takes no number
    await t.api.expectError(
      '/document/createQuote',
      {
        session: agent.session,
        customerId,
        items: [{ description: 'x', quantity: 1, unitPrice: 1, productId: 999_997 }],
      },
      'NOTFOUND',
    );
    const next = await create({});
    expect(Number(next.quoteNumber.slice(-6))).toBe(first + 50);
  });
});

describe('reading quotes', () => {
  let quote: Quote;
  beforeAll(async () => {
    quote = await create({ items: [{ quantity: 1, unitPrice: 20, productId }] });
  });

  it('getQuote by id or number; both must agree; one is required', async () => {
    const byId = await t.api.ok<Quote>('/document/getQuote', { session: agent.session, quoteId: quote.quoteId });
    expect(byId).toEqual(quote);
    expect(
      await t.api.ok<Quote>('/document/getQuote', { session: t.admin, quoteNumber: ` ${quote.quoteNumber} ` }),
    ).toEqual(quote);
    const call = (body: object) => ({ session: agent.session, ...body });
    await t.api.expectError('/document/getQuote', call({}), 'MISSING_PARAMETER', 'quoteId');
    await t.api.expectError('/document/getQuote', call({ quoteId: 999_999 }), 'NOTFOUND', 'Quote');
    await t.api.expectError('/document/getQuote', call({ quoteNumber: 'QUO-1999-000001' }), 'NOTFOUND', 'Quote');
    await t.api.expectError(
      '/document/getQuote',
      call({ quoteId: quote.quoteId, quoteNumber: 'QUO-1999-000001' }),
      'NOTFOUND',
      'Quote',
    );
    await t.api.expectError('/document/getQuote', call({ quoteId: 0 }), 'INVALID_FORMAT', 'quoteId');
  });

  it('getQuoteItems answers the items with productName', async () => {
    const items = await t.api.ok<QuoteItem[]>('/document/getQuoteItems', {
      session: agent.session,
      quoteId: quote.quoteId,
    });
    expect(items).toEqual(quote.items);
    expect(items[0]).toMatchObject({ productId, productName, description: productName });
    await t.api.expectError('/document/getQuoteItems', { session: agent.session }, 'MISSING_PARAMETER', 'quoteId');
    await t.api.expectError('/document/getQuoteItems', { session: agent.session, quoteId: 999_999 }, 'NOTFOUND');
  });

  it("getCustomerQuotes lists a customer's quotes newest first", async () => {
    const list = await t.api.ok<QuoteSummary[]>('/document/getCustomerQuotes', { session: agent.session, customerId });
    expect(list[0]).toMatchObject({ quoteId: expect.any(Number), customerId });
    expect(list.every((summary) => summary.customerId === customerId)).toBe(true);
    expect(list.map((summary) => summary.quoteId)).toContain(quote.quoteId);
    expect(list[0]).not.toHaveProperty('items');
    await t.api.expectError(
      '/document/getCustomerQuotes',
      { session: agent.session },
      'MISSING_PARAMETER',
      'customerId',
    );
    await t.api.expectError('/document/getCustomerQuotes', { session: agent.session, customerId: 999_999 }, 'NOTFOUND');
  });
});

describe('getMyQuotes', () => {
  it("answers a customer user its customer record's quotes, an employee those it created", async () => {
    const mine = await create({
      customerId: owner.contactId,
      items: [{ description: 'Mine', quantity: 1, unitPrice: 1 }],
    });
    await create({ customerId: otherCustomer.contactId });
    const ownList = await owner.api.ok<QuoteSummary[]>('/document/getMyQuotes');
    expect(ownList.map((summary) => summary.quoteId)).toEqual([mine.quoteId]);
    const employee = await user(t, 'employee');
    expect(await employee.api.ok<QuoteSummary[]>('/document/getMyQuotes')).toEqual([]);
    const made = await create({}, employee.session);
    expect((await employee.api.ok<QuoteSummary[]>('/document/getMyQuotes')).map((s) => s.quoteId)).toEqual([
      made.quoteId,
    ]);
    const agentList = await agent.api.ok<QuoteSummary[]>('/document/getMyQuotes');
    expect(agentList.every((summary) => summary.createdBy === agent.userId)).toBe(true);
  });

  it('refuses guests (NOT_LOGGED_IN) and a missing session (MISSING_PARAMETER)', async () => {
    await t.api.expectError('/document/getMyQuotes', { session: (await guest(t)).session }, 'NOT_LOGGED_IN');
    await t.api.expectError('/document/getMyQuotes', {}, 'MISSING_PARAMETER', 'session');
    await t.api.expectError('/document/getMyQuotes', { session: t.provisioned.systemSession }, 'NOT_LOGGED_IN');
  });
});

describe('searchQuotes', () => {
  const search = (body: object) =>
    t.api.ok<QuoteSummary[]>('/document/searchQuotes', { session: agent.session, ...body });

  it('finds by number part, customer, creation dates and creator', async () => {
    const quote = await create({});
    const part = quote.quoteNumber.slice(-7).toLowerCase();
    expect((await search({ searchType: 'NUM', quoteNumber: part })).map((s) => s.quoteId)).toEqual([quote.quoteId]);
    expect(await search({ searchType: 'NUM', quoteNumber: '%' })).toEqual([]);
    const byCustomer = await search({ searchType: 'CUST', customerId });
    expect(byCustomer.length).toBeGreaterThan(1);
    expect(byCustomer.every((summary) => summary.customerId === customerId)).toBe(true);
    const day = today();
    expect((await search({ searchType: 'DATE', fromDate: day, toDate: day })).map((s) => s.quoteId)).toContain(
      quote.quoteId,
    );
    expect(await search({ searchType: 'DATE', fromDate: addDays(day, -3), toDate: addDays(day, -1) })).toEqual([]);
    expect(await search({ searchType: 'DATE', fromDate: addDays(day, 1), toDate: addDays(day, 2) })).toEqual([]);
    const byUser = await search({ searchType: 'USER' });
    expect(byUser.map((s) => s.quoteId)).toContain(quote.quoteId);
    expect(byUser.every((summary) => summary.createdBy === agent.userId)).toBe(true);
    expect(await t.adminApi.ok('/document/searchQuotes', { searchType: 'USER' })).toEqual([]);
  });

  it('refuses what a search type needs when absent, and bad values', async () => {
    const cases: Array<[object, string, string]> = [
      [{}, 'MISSING_PARAMETER', 'searchType'],
      [{ searchType: 'NAME' }, 'INVALID_FORMAT', 'searchType'],
      [{ searchType: 'NUM' }, 'MISSING_PARAMETER', 'quoteNumber'],
      [{ searchType: 'CUST' }, 'MISSING_PARAMETER', 'customerId'],
      [{ searchType: 'CUST', customerId: 999_999 }, 'NOTFOUND', 'Customer'],
      [{ searchType: 'DATE', toDate: today() }, 'MISSING_PARAMETER', 'fromDate'],
      [{ searchType: 'DATE', fromDate: today() }, 'MISSING_PARAMETER', 'toDate'],
      [{ searchType: 'DATE', fromDate: '2026-02-30', toDate: today() }, 'INVALID_FORMAT', 'fromDate'],
      [{ searchType: 'DATE', fromDate: today(), toDate: addDays(today(), -1) }, 'INVALID_FORMAT', 'toDate'],
    ];
    for (const [body, code, naming] of cases) {
      await t.api.expectError('/document/searchQuotes', { session: agent.session, ...body }, code, naming);
    }
    await t.api.expectError('/document/searchQuotes', { searchType: 'USER' }, 'MISSING_PARAMETER', 'session');
  });
});

describe('role policy (contract §3: quotes are staff operations)', () => {
  const STAFF_ONLY = [
    '/document/createQuote',
    '/document/addQuoteItem',
    '/document/getQuote',
    '/document/getQuoteItems',
    '/document/getCustomerQuotes',
    '/document/searchQuotes',
  ];

  it.each(STAFF_ONLY)('%s refuses customers, guests and the website key before the input', async (path) => {
    expect((await owner.api.call(path, {})).apiStatus.errorCode).toBe('FORBIDDEN');
    expect((await t.api.call(path, { session: (await guest(t)).session })).apiStatus.errorCode).toBe('NOT_LOGGED_IN');
    expect((await t.api.call(path, { session: t.provisioned.systemSession })).apiStatus.errorCode).toBe(
      'NOT_LOGGED_IN',
    );
  });
});

describe('printQuote', () => {
  it('answers the PDF to staff and to the customer it is for; another customer gets NOTFOUND', async () => {
    const quote = await create({
      customerId: owner.contactId,
      items: [{ description: 'Hot air balloon', quantity: 2, unitPrice: 999.5 }],
    });
    const post = await t.api.inject({
      method: 'POST',
      url: '/document/printQuote',
      payload: { session: owner.session, docnum: quote.quoteNumber },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers['content-type']).toBe('application/pdf');
    expect(post.headers['content-disposition']).toBe(`attachment; filename="${quote.quoteNumber}.pdf"`);
    expect(post.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    const get = await t.api.inject({
      method: 'GET',
      url: `/document/printQuote?docnum=${quote.quoteNumber}&session=${encodeURIComponent(agent.session)}`,
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/pdf');

    await t.api.expectError(
      '/document/printQuote',
      { session: otherCustomer.session, docnum: quote.quoteNumber },
      'NOTFOUND',
      'Quote',
    );
    await t.api.expectError('/document/printQuote', { session: agent.session, docnum: 'QUO-1999-000009' }, 'NOTFOUND');
    await t.api.expectError('/document/printQuote', { session: agent.session }, 'MISSING_PARAMETER', 'docnum');
    await t.api.expectError(
      '/document/printQuote',
      { session: (await guest(t)).session, docnum: quote.quoteNumber },
      'NOTFOUND',
    );
    await t.api.expectError('/document/printQuote', { docnum: quote.quoteNumber }, 'NOT_LOGGED_IN');
  });
});
