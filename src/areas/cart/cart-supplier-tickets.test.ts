// Selling the ticket supplier's products (issue 31, item 5) on the default simulator: a guest puts a variant in the
// cart for a day and time at the supplier's live price (reserved at the supplier at once), its refusals, removal
// and lapse letting the reservation go, and a paid order whose booking confirms the reservation, the supplier's
// barcodes becoming the booking's tickets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { bookingOf } from '../../../test/support/bookings.js';
import { guest, type TestTenant, tenant } from '../../../test/support/factories.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import type { TicketSupplierSimulator } from '../../integrations/ticket-supplier/index.js';
import { addDays, formatDate } from '../../platform/time.js';
import { FORCED_SYNC_JOB } from '../ticket-supplier/index.js';
import type { AddedSupplierTicket, CartView } from './cart.schemas.js';

// What the test reads of other areas' answers (their schemas are theirs).
type City = { cityCode: string; cityName: string };
type Product = { productId: string; hasVendorBooking: boolean; hasTimeSlot: boolean };
type Availability = {
  availableDates: Array<{
    date: string;
    available: boolean;
    timeslots: Array<{ time: string | null; available: boolean }>;
    variantPrices: Array<{ variantId: string; price: number }>;
  }>;
};
type BookingRequest = { bookingrequestid: number };

let t: TestTenant;
let simulator: TicketSupplierSimulator;
let now = new Date();

beforeAll(async () => {
  const service = await startTestService({
    clock: () => now,
    env: { TC_RATE_LIMIT_GUEST: '1000', TC_TICKET_SUPPLIER_TIMEOUT_MS: '400' },
  });
  simulator = defined(service.ticketSupplierSimulator, 'the simulator');
  t = await tenant(service);
  await runJobOnce(service, FORCED_SYNC_JOB);
}, 120_000);
afterAll(() => t.service.close());

interface Sellable {
  productId: string;
  variantId: string;
  date: string;
  timeSlot: string | null;
  price: number;
  soldOutDate: string | undefined;
}

/** A Dubai product the supplier books (timed or whole-day), a day and time it sells, that day's price. */
async function sellable(timed: boolean): Promise<Sellable> {
  const cities = await t.api.ok<City[]>('/ticketsupplier/cities');
  const dubai = defined(
    cities.find((city) => city.cityName === 'Dubai'),
    'Dubai',
  );
  const products = await t.api.ok<Product[]>('/ticketsupplier/products', { cityId: dubai.cityCode });
  const dateFrom = addDays(formatDate(now, 'Asia/Dubai'), 3);
  for (const product of products.filter((p) => p.hasVendorBooking && p.hasTimeSlot === timed)) {
    const range = { productId: product.productId, dateFrom, dateTo: addDays(dateFrom, 20) };
    const days = (await t.api.ok<Availability>('/ticketsupplier/availability', range)).availableDates;
    const day = days.find((candidate) => candidate.available && candidate.variantPrices.length > 0);
    const slot = day?.timeslots.find((candidate) => candidate.available);
    const offer = day?.variantPrices[0];
    if (!day || !slot || !offer) continue;
    const soldOutDate = days.find((candidate) => !candidate.available)?.date;
    return {
      productId: product.productId,
      variantId: offer.variantId,
      date: day.date,
      timeSlot: slot.time,
      price: offer.price,
      soldOutDate,
    };
  }
  throw new Error('no sellable product in Dubai');
}

const askOf = (item: Sellable, quantity = 2) => ({
  productId: item.productId,
  variantId: item.variantId,
  quantity,
  bookDate: item.date,
  ...(item.timeSlot ? { timeSlot: item.timeSlot } : {}),
});

const held = () => [...simulator.reservations().values()].filter((entry) => entry.state === 'HELD');

describe('a ticket-supplier product in a cart', () => {
  it("is priced by the supplier's availability and reserved there; the cart shows it held", async () => {
    const timed = await sellable(true);
    const buyer = await guest(t);
    const before = simulator.reservations().size;
    const added = await buyer.api.ok<AddedSupplierTicket>('/cart/addSupplierTicket', {
      ...askOf(timed),
      unitPrice: 0.01,
    });
    expect(added).toMatchObject({
      productId: timed.productId,
      variantId: timed.variantId,
      unitPrice: timed.price,
      quantity: 2,
      currency: 'AED',
      bookDate: timed.date,
      timeSlot: timed.timeSlot,
    });
    expect(Date.parse(added.heldUntil) - now.getTime()).toBe(30 * 60_000);
    expect(simulator.reservations().size).toBe(before + 1);
    const reservation = [...simulator.reservations().values()].at(-1);
    expect(reservation?.request).toMatchObject({
      supplierProductId: timed.productId,
      quantity: 2,
      timeSlot: timed.timeSlot,
    });
    const cart = await buyer.api.ok<CartView>('/cart/load');
    expect(cart.items).toEqual([
      expect.objectContaining({
        itemType: 'SUPPLIER_TICKET',
        productId: Number(timed.productId),
        extVariantId: Number(timed.variantId),
        unitPrice: timed.price,
        quantity: 2,
        isAvailable: true,
        bookDate: `${timed.date}T${timed.timeSlot}:00`,
      }),
    ]);
    const whole = await sellable(false);
    const day = await buyer.api.ok<AddedSupplierTicket>('/cart/addSupplierTicket', askOf(whole, 1));
    expect(day).toMatchObject({ timeSlot: null, unitPrice: whole.price });
  });

  it('refuses what it cannot sell, reserving nothing', async () => {
    const timed = await sellable(true);
    const buyer = await guest(t);
    const reservations = simulator.reservations().size;
    await t.api.expectError('/cart/addSupplierTicket', askOf(timed), 'MISSING_PARAMETER', 'session');
    await buyer.api.expectError(
      '/cart/addSupplierTicket',
      { ...askOf(timed), productId: undefined },
      'MISSING_PARAMETER',
      'productId',
    );
    await buyer.api.expectError(
      '/cart/addSupplierTicket',
      { ...askOf(timed), bookDate: '12/01/2027' },
      'INVALID_FORMAT',
      'bookDate',
    );
    await buyer.api.expectError(
      '/cart/addSupplierTicket',
      { ...askOf(timed), productId: '999999999' },
      'NOTFOUND',
      'Product',
    );
    await buyer.api.expectError('/cart/addSupplierTicket', { ...askOf(timed), variantId: '1' }, 'NOTFOUND', 'Variant');
    const { timeSlot: _, ...untimed } = askOf(timed);
    await buyer.api.expectError('/cart/addSupplierTicket', untimed, 'MISSING_PARAMETER', 'timeSlot');
    const whole = await sellable(false);
    await buyer.api.expectError(
      '/cart/addSupplierTicket',
      { ...askOf(whole), timeSlot: '10:00' },
      'INVALID_FORMAT',
      'timeSlot',
    );
    await buyer.api.expectError('/cart/addSupplierTicket', { ...askOf(timed), timeSlot: '03:17' }, 'INVALID_STATE');
    const soldOut = defined(timed.soldOutDate, 'a sold-out day in three weeks');
    await buyer.api.expectError('/cart/addSupplierTicket', { ...askOf(timed), bookDate: soldOut }, 'INVALID_STATE');
    await buyer.api.expectError('/cart/addSupplierTicket', askOf(timed, 99), 'INVALID_FORMAT', 'quantity');
    expect(simulator.reservations().size).toBe(reservations);

    simulator.failWhen(() => ({ kind: 'refuse', code: 'SUPPLIER_REFUSED', message: 'sold out meanwhile' }));
    await buyer.api.expectError('/cart/addSupplierTicket', askOf(timed), 'INVALID_STATE');
    simulator.failWhen(() => ({ kind: 'hang' }));
    await buyer.api.expectError('/cart/addSupplierTicket', askOf(timed), 'API_ERROR');
    simulator.failWhen(undefined);
    expect((await buyer.api.ok<CartView>('/cart/load')).items).toEqual([]);

    await buyer.api.ok('/cart/addSupplierTicket', { ...askOf(timed), cartItemId: 'museum' });
    const heldBefore = held().length;
    await buyer.api.expectError(
      '/cart/addSupplierTicket',
      { ...askOf(timed), cartItemId: 'museum' },
      'DUPLICATE',
      'cartItemId',
    );
    await until(async () => held().length === heldBefore, 5_000);
  });

  it('removing the line lets the reservation go; its quantity is not changed in place', async () => {
    const buyer = await guest(t);
    const added = await buyer.api.ok<AddedSupplierTicket>('/cart/addSupplierTicket', askOf(await sellable(true)));
    const reservation = [...simulator.reservations().values()].at(-1);
    await buyer.api.expectError('/cart/updateItem', { itemId: added.itemId, quantity: 3 }, 'INVALID_STATE');
    await buyer.api.ok('/cart/removeItem', { itemId: added.itemId });
    await until(async () => reservation?.state === 'RELEASED', 5_000);
  });

  it('a lapsed line is unavailable, refused at checkout, and let go by the sweep', async () => {
    const buyer = await guest(t);
    await buyer.api.ok('/cart/addSupplierTicket', askOf(await sellable(false), 1));
    const reservation = defined([...simulator.reservations().values()].at(-1), 'the reservation');
    now = new Date(now.getTime() + 31 * 60_000);
    expect((await buyer.api.ok<CartView>('/cart/load')).items[0]?.isAvailable).toBe(false);
    const customer = { email: `late-${Date.now()}@example.com`, custName: 'Sara Late', mobilePhone: '+971500000009' };
    await buyer.api.expectError('/cart/createPaymentLink', { customer }, 'INVALID_STATE', 'no longer held');
    await buyer.api.expectError('/cart/createInvoice', { customer }, 'INVALID_STATE', 'no longer held');
    expect(reservation.state).toBe('HELD');
    await runJobOnce(t.service, 'supplier reservation sweep');
    expect(reservation.state).toBe('RELEASED');
    const [row] = await t.db(
      (sql) => sql`SELECT supplier_released_at FROM cart_items WHERE supplier_ticket IS NOT NULL
      AND supplier_ticket -> 'reservation' ->> 'reservationId' = ${reservation.reservation.reservationId}`,
    );
    expect(row?.supplier_released_at).toBeInstanceOf(Date);
  });
});

it("paid, the booking confirms the cart's reservation and the supplier's barcodes are its tickets", async () => {
  const item = await sellable(true);
  const buyer = await guest(t);
  await buyer.api.ok('/cart/addSupplierTicket', { ...askOf(item, 3), resvName: 'Layla Haddad' });
  const reservation = defined([...simulator.reservations().values()].at(-1), 'the reservation');
  const customer = {
    email: `tickets-${Date.now()}@example.com`,
    custName: 'Layla Haddad',
    mobilePhone: '+971500000008',
  };
  const cart = await buyer.api.ok<{ orderNum: string; paymentUrl: string }>('/cart/createPaymentLink', { customer });
  // zero-rated: the supplier's price includes the venue's taxes
  const [order] = await t.db(
    (sql) => sql`SELECT total::float8 AS total FROM sales_orders WHERE order_num = ${cart.orderNum}`,
  );
  expect(order?.total).toBeCloseTo(item.price * 3, 2);
  expect((await settleOnSimulator(t, cart.paymentUrl)).statusCode).toBe(200);
  const request = await buyer.api.ok<BookingRequest>('/booking/create', { orderNum: cart.orderNum });
  await until(async () => (await bookingOf(t, request.bookingrequestid)).status === 'CONFIRMED', 15_000);
  const rows = await bookingOf(t, request.bookingrequestid);
  expect(rows.lines.map((line) => [line.source, line.status])).toEqual([['SUPPLIER', 'CONFIRMED']]);
  expect(reservation.state).toBe('CONFIRMED');
  const booked = [...simulator.bookings().values()].at(-1)?.booking;
  expect(rows.tickets.map((ticket) => ticket.barcode)).toEqual(booked?.vouchers.map((voucher) => voucher.barcode));
  expect(rows.tickets).toHaveLength(3);
  // The sweep never lets an ordered cart's reservation go, however late.
  now = new Date(now.getTime() + 3 * 60 * 60_000);
  await runJobOnce(t.service, 'supplier reservation sweep');
  expect(reservation.state).toBe('CONFIRMED');
});
