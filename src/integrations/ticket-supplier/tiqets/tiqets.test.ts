// The Tiqets adapter against the loopback fake: lists read to their last page, the token, lang and currency on
// every call (401 without the token), availability asked 31 days at a time (the fake answers 400 beyond) with
// sold-out days and timeslots left out and `whole_day` as a timeslot without a time, 429 and 5xx retried after
// back-offs until the budget is spent, hangs and answers that are not JSON as API_ERROR, and the bookings:
// reserve, confirm, tickets and cancel.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test/support/errors.js';
import { startTiqetsFake, type TiqetsFake } from '../../../../test/support/tiqets-fake.js';
import { TIMED_PRODUCT, WHOLE_DAY_PRODUCT } from '../../../../test/support/tiqets-fake-data.js';
import { TicketCatalogError } from '../catalog.js';
import { createTicketSupplier } from '../index.js';
import { TicketSupplierError } from '../port.js';
import { loadTicketSupplierSettings, type TiqetsSettings } from '../settings.js';
import { createTiqets } from './index.js';

let fake: TiqetsFake;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  fake = await startTiqetsFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
  warnings.length = 0;
});

function tiqets(overrides: Partial<TiqetsSettings> = {}) {
  const settings: TiqetsSettings = {
    url: fake.url,
    token: fake.token,
    lang: 'en',
    currency: 'EUR',
    timeoutMs: 10_000, // a net on a loaded machine; the hang test sets its own
    retries: 3,
    backoffMs: 5,
    ...overrides,
  };
  return createTiqets(settings, { log });
}

const forever = () => new AbortController().signal;

describe('Tiqets catalog', () => {
  it('reads every page of a list, 100 at a time, with the token, lang and currency on each call', async () => {
    const { catalog } = tiqets({ lang: 'ar', currency: 'AED' });
    const cities = await catalog.cities({});
    expect(cities).toHaveLength(230);
    expect(new Set(cities.map((city) => city.id)).size).toBe(230);
    expect(cities[0]).toEqual({
      id: '100',
      name: 'City 1',
      countryId: '1',
      latitude: 25.2,
      longitude: 55.27,
      timezone: null,
      currency: null,
    });
    expect(fake.requests.map((request) => request.query.page)).toEqual(['1', '2', '3']);
    for (const request of fake.requests) {
      expect(request.authorization).toBe(`Token ${fake.token}`);
      expect(request.query).toMatchObject({ lang: 'ar', currency: 'AED', page_size: '100' });
    }
    expect((await catalog.cities({ countryId: '2' })).every((city) => city.countryId === '2')).toBe(true);
    expect(await catalog.experiences({})).toHaveLength(105);
    expect(await catalog.products({})).toHaveLength(150);
    expect(await catalog.countries()).toEqual([
      { id: '1', name: 'United Arab Emirates', code: 'AE', fullName: null },
      { id: '2', name: 'Netherlands', code: 'NL', fullName: null },
    ]);
    expect(await catalog.tagTypes()).toEqual([
      { id: '1', name: 'category', groupName: 'Category', iconUrl: null },
      { id: '2', name: 'recommended audience', groupName: 'Audience', iconUrl: null },
    ]);
    expect((await catalog.tags({}))[0]).toEqual({ id: '7', name: 'Observation decks', typeId: '1', iconUrl: null });
  });

  it('maps an experience, a product and its variants to our types, prices exact', async () => {
    const { catalog } = tiqets();
    expect(await catalog.experience('3000')).toMatchObject({
      id: '3000',
      title: 'Burj Khalifa',
      type: 'venue',
      productIds: [String(TIMED_PRODUCT)],
      tagIds: ['7'],
      fromPrice: '45.50',
      imageUrl: 'e0.jpg',
    });
    expect(await catalog.product(String(TIMED_PRODUCT))).toMatchObject({
      price: '45.50',
      currency: 'EUR',
      venueName: 'Burj Khalifa',
      tagIds: ['7', '8'],
      imageUrl: 'l.jpg',
      images: { small: 's.jpg', medium: 'm.jpg', large: 'l.jpg', xlarge: null },
      hasTimeSlot: true,
      maxQuantity: 10,
      hasVendorBooking: true,
      inclusions: ['Entry to levels 124 and 125', 'Telescopes'],
      exclusions: ['Food and drinks', 'Hotel pickup'],
      cancelPolicy: 'Free cancellation up to 24 hours before',
    });
    expect(await catalog.product(String(WHOLE_DAY_PRODUCT))).toMatchObject({ hasTimeSlot: false, inclusions: [] });
    expect((await catalog.product(String(WHOLE_DAY_PRODUCT))).price).toBe('20.10');
    expect(await catalog.variants(String(TIMED_PRODUCT))).toEqual([
      {
        id: '11',
        label: 'Adult',
        description: '12+',
        type: 'ADULT',
        cancellationPolicy: 'never',
        price: '45.50',
        currency: 'EUR',
        maxOccupancy: 1,
      },
      {
        id: '12',
        label: 'Child',
        description: '4-11',
        type: 'CHILD',
        cancellationPolicy: 'never',
        price: null,
        currency: null,
        maxOccupancy: 1,
      },
    ]);
  });

  it('an unknown id is NOTFOUND; a refused token is API_ERROR without the token in the message or the log', async () => {
    const missing = await rejectionOf(tiqets().catalog.product('999999'), TicketCatalogError);
    expect(missing.code).toBe('NOTFOUND');
    const refused = await rejectionOf(tiqets({ token: 'wrong-key-123' }).catalog.countries(), TicketCatalogError);
    expect(refused).toMatchObject({ code: 'API_ERROR', kind: 'refused' });
    expect(fake.requests.at(-1)?.authorization).toBe('Token wrong-key-123');
    expect(JSON.stringify(warnings)).not.toContain('wrong-key-123');
    expect(refused.message).not.toContain('wrong-key-123');
  });

  it('the fake answers 400 past 31 days; the adapter splits a long range into calls of at most 31 days', async () => {
    const direct = await fetch(
      `${fake.url}/products/${TIMED_PRODUCT}/availability?start_date=2027-01-01&end_date=2027-02-01`,
      { headers: { authorization: `Token ${fake.token}` } },
    );
    expect(direct.status).toBe(400);
    fake.requests.length = 0;
    const availability = await tiqets().catalog.availability(String(TIMED_PRODUCT), '2027-01-01', '2027-03-15');
    const asked = fake.requests.map((request) => [request.query.start_date, request.query.end_date]);
    expect(asked).toEqual([
      ['2027-01-01', '2027-01-31'],
      ['2027-02-01', '2027-03-03'],
      ['2027-03-04', '2027-03-15'],
    ]);
    // 74 days, every seventh sold out and omitted
    const dates = availability.days.map((day) => day.date);
    expect(dates).toHaveLength(74 - 10);
    expect(dates).not.toContain('2027-01-07');
    expect(dates).toContain('2027-01-06');
    expect(availability.variants.map((variant) => variant.id)).toEqual(['11', '12']);
    expect(availability).toMatchObject({ dynamicPricing: true, maxTicketsPerOrder: 10 });
    expect(availability.days[0]?.timeslots).toEqual([
      {
        time: '10:00',
        variants: [
          { variantId: '11', price: '45.50', currency: 'EUR', maxTickets: 10 },
          { variantId: '12', price: '30.00', currency: 'EUR', maxTickets: 10 },
        ],
      },
      { time: '16:00', variants: [{ variantId: '11', price: '50.25', currency: 'EUR', maxTickets: 10 }] },
    ]);
  });

  it('a product without timeslots has one whole-day timeslot; a sold-out day has none', async () => {
    const { catalog } = tiqets();
    expect(await catalog.timeslots(String(WHOLE_DAY_PRODUCT), '2027-01-06')).toEqual([
      { time: null, variants: [{ variantId: '21', price: '20.10', currency: 'EUR', maxTickets: 10 }] },
    ]);
    expect(await catalog.timeslots(String(WHOLE_DAY_PRODUCT), '2027-01-07')).toEqual([]);
  });
});

describe('Tiqets failures', () => {
  it('429 and 5xx are retried after back-offs (Retry-After honoured) and then answer', async () => {
    fake.failNext({ status: 429, retryAfter: '0' }, { status: 503 }, { status: 500 });
    expect(await tiqets().catalog.countries()).toHaveLength(2);
    expect(fake.count('/countries')).toBe(4);
  });

  it('API_ERROR once the retry budget is spent: the retries, then no more calls', async () => {
    fake.failNext({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const error = await rejectionOf(tiqets({ retries: 3 }).catalog.countries(), TicketCatalogError);
    expect(error).toMatchObject({ code: 'API_ERROR', kind: 'unavailable' });
    expect(fake.count('/countries')).toBe(4);
    fake.failNext({ status: 429 }, { status: 429 });
    const limited = await rejectionOf(tiqets({ retries: 1 }).catalog.countries(), TicketCatalogError);
    expect(limited).toMatchObject({ code: 'API_ERROR', kind: 'rate-limited' });
  });

  it('a back-off that would end past the call time is not waited for', async () => {
    fake.failNext({ status: 429, retryAfter: '20' });
    const started = Date.now();
    const error = await rejectionOf(tiqets({ timeoutMs: 2_000 }).catalog.countries(), TicketCatalogError);
    expect(error.code).toBe('API_ERROR');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fake.count('/countries')).toBe(1);
  });

  it('no connection is retried, then API_ERROR; a 401 is not retried', async () => {
    const closed = await startTiqetsFake();
    const url = closed.url;
    await closed.stop();
    const error = await rejectionOf(tiqets({ url, retries: 2 }).catalog.countries(), TicketCatalogError);
    expect(error).toMatchObject({ code: 'API_ERROR', kind: 'unavailable' });
    expect(warnings.filter((line) => JSON.stringify(line).includes('could not be reached'))).toHaveLength(3);
    await rejectionOf(tiqets({ token: 'another-key' }).catalog.countries(), TicketCatalogError);
    expect(fake.count('/countries')).toBe(1);
  });

  it('a hang is API_ERROR at the timeout; an answer that is not JSON is API_ERROR', async () => {
    fake.failNext('hang');
    const timedOut = await rejectionOf(tiqets({ timeoutMs: 300 }).catalog.countries(), TicketCatalogError);
    expect(timedOut).toMatchObject({ code: 'API_ERROR', kind: 'timeout' });
    fake.failNext('garbage');
    const garbage = await rejectionOf(tiqets().catalog.countries(), TicketCatalogError);
    expect(garbage).toMatchObject({ code: 'API_ERROR', kind: 'unavailable' });
  });
});

const bookingRequest = (idempotencyKey: string, overrides: Record<string, unknown> = {}) => ({
  tenantId: 'tenant-1',
  idempotencyKey,
  productId: TIMED_PRODUCT,
  description: 'Burj Khalifa',
  quantity: 2,
  serviceDate: '2027-01-06',
  timeSlot: '10:00',
  resvName: 'Lina Haddad',
  ...overrides,
});

describe('Tiqets bookings behind the ticketing port', () => {
  it('reserves, confirms with the token, reads a ticket per unit; the same key answers the same booking', async () => {
    const { supplier } = tiqets();
    const booking = await supplier.book(bookingRequest('k-book'), forever());
    const [reserved, confirmed, read] = fake.requests.filter((request) => request.path.startsWith('/orders'));
    expect(reserved).toMatchObject({ method: 'POST', path: '/orders' });
    expect(reserved?.body).toMatchObject({
      product_id: String(TIMED_PRODUCT),
      day: '2027-01-06',
      timeslot: '10:00',
      variants: [{ variant_id: '11', count: 2 }],
      customer_details: { firstname: 'Lina', lastname: 'Haddad' },
    });
    expect(JSON.stringify(reserved?.body)).not.toContain('k-book');
    const order = [...fake.orders.values()].at(-1);
    expect(confirmed).toMatchObject({ method: 'PUT', path: `/orders/${order?.id}` });
    expect(confirmed?.body).toEqual({ payment_confirmation_token: order?.token });
    expect(read).toMatchObject({ method: 'GET', path: `/orders/${order?.id}/tickets` });
    expect(booking).toMatchObject({ supplierReference: order?.id, status: 'CONFIRMED' });
    expect(booking.supplierBookingId).toBeGreaterThan(0);
    expect(booking.supplierBookingId).toBeLessThan(2 ** 47);
    expect(booking.vouchers.map((voucher) => [voucher.subId, voucher.barcode])).toEqual([
      [1, `${order?.id}-1`],
      [2, `${order?.id}-2`],
    ]);
    const calls = fake.requests.length;
    expect(await supplier.book(bookingRequest('k-book'), forever())).toEqual(booking);
    expect(fake.requests.length).toBe(calls);
    await supplier.cancel('tenant-1', 'k-book');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/orders/${order?.id}` });
    expect(order?.status).toBe('cancelled');
    await supplier.cancel('tenant-1', 'unknown-key');
  });

  it('books a whole-day product without a timeslot, and the variant asked', async () => {
    const request = bookingRequest('k-day', { productId: WHOLE_DAY_PRODUCT, timeSlot: null, quantity: 1 });
    const booking = await tiqets().supplier.book(request, forever());
    const reserved = fake.requests.find((item) => item.method === 'POST');
    expect(reserved?.body).toMatchObject({ day: '2027-01-06', variants: [{ variant_id: '21', count: 1 }] });
    expect(reserved?.body).not.toHaveProperty('timeslot');
    expect(booking.vouchers).toHaveLength(1);
    fake.requests.length = 0;
    await tiqets().supplier.book(bookingRequest('k-child', { supplierVariantId: '12', quantity: 1 }), forever());
    expect(fake.requests.map((item) => item.method)).toEqual(['POST', 'PUT', 'GET']);
    expect(fake.requests[0]?.body).toMatchObject({ variants: [{ variant_id: '12', count: 1 }] });
  });

  it('a sold-out day is SUPPLIER_REFUSED; a reservation failing with 5xx is API_ERROR and is not sent again', async () => {
    const soldOut = tiqets().supplier.book(bookingRequest('k-sold', { serviceDate: '2027-01-07' }), forever());
    expect(await rejectionOf(soldOut, TicketSupplierError)).toMatchObject({ code: 'SUPPLIER_REFUSED' });
    const { supplier } = tiqets();
    fake.requests.length = 0;
    const orders = fake.orders.size;
    fake.failNext('garbage'); // the availability look-up
    expect(await rejectionOf(supplier.book(bookingRequest('k-x'), forever()), TicketSupplierError)).toMatchObject({
      code: 'API_ERROR',
    });
    fake.requests.length = 0;
    const withVariant = bookingRequest('k-5xx', { supplierVariantId: '11' });
    fake.failNext({ status: 503 });
    const failed = await rejectionOf(supplier.book(withVariant, forever()), TicketSupplierError);
    expect(failed.code).toBe('API_ERROR');
    expect(fake.count('/orders')).toBe(1);
    expect(fake.orders.size).toBe(orders);
  });

  it('a confirm failing after the retries cancels the reservation: API_ERROR', async () => {
    fake.failNextOn('PUT', { status: 500 }, { status: 502 });
    const request = bookingRequest('k-confirm', { supplierVariantId: '11' });
    const error = await rejectionOf(tiqets({ retries: 1 }).supplier.book(request, forever()), TicketSupplierError);
    expect(error.code).toBe('API_ERROR');
    expect(fake.requests.map((item) => item.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);
    expect([...fake.orders.values()].at(-1)?.status).toBe('cancelled');
  });

  it('a call the caller gave up on rejects with its reason (not a refusal); cancel then cancels the order made', async () => {
    const { supplier } = tiqets();
    const request = bookingRequest('k-abandon', { supplierVariantId: '11' });
    fake.failNextOn('PUT', 'hang');
    const error = await supplier.book(request, AbortSignal.timeout(300)).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeDefined();
    expect(error).not.toBeInstanceOf(TicketSupplierError);
    const order = [...fake.orders.values()].at(-1);
    expect(order?.status).toBe('new');
    await supplier.cancel('tenant-1', 'k-abandon');
    expect(order?.status).toBe('cancelled');
  });
});

describe('Tiqets settings', () => {
  it('the simulator stays the default; tiqets needs its token and is chosen by TC_TICKET_SUPPLIER', () => {
    expect(loadTicketSupplierSettings({}).kind).toBe('simulator');
    expect(() => loadTicketSupplierSettings({ TC_TICKET_SUPPLIER: 'tiqets' })).toThrow(/TC_TIQETS_TOKEN/);
    const settings = loadTicketSupplierSettings({
      TC_TICKET_SUPPLIER: 'tiqets',
      TC_TIQETS_TOKEN: 'abc',
      TC_TIQETS_CURRENCY: 'AED',
    });
    expect(settings).toMatchObject({
      kind: 'tiqets',
      tiqets: { url: 'https://api.tiqets.com/v2', lang: 'en', currency: 'AED' },
    });
    const adapters = createTicketSupplier(settings);
    expect(adapters.supplier.kind).toBe('tiqets');
    expect(adapters.catalog?.kind).toBe('tiqets');
    expect(adapters.simulator).toBeUndefined();
    expect(createTicketSupplier(loadTicketSupplierSettings({})).supplier.kind).toBe('simulator');
  });
});
