// A flight offer as a cart line (issue 15 item 5): a guest searches the simulator, adds an offer priced by the
// server (a price the client sends is ignored), pays for it through the payment simulator with a product beside it;
// the order and its invoice carry the flight line at the supplier's price, untaxed (zero-rated), with the priced
// offer kept for the agent who tickets it, and the booking of the paid order has no line for it (ticketed offline).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDate } from '../../platform/time.js';
import { defined } from '../../../test/support/api.js';
import { type Caller, guest, product, type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { pdfText } from '../../../test/support/pdf.js';
import { startTestService } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';
import type { AddedFlightOffer, CartView } from './cart.schemas.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';

let t: TestTenant;
/** Moves the service's clock (the search lifetime); reset after every test. */
let clockOffsetMs = 0;

beforeAll(async () => {
  const service = await startTestService({
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: { TC_RATE_LIMIT_GUEST: '1000' },
  });
  t = await tenant(service);
});
afterAll(() => t.service.close());
afterEach(() => {
  clockOffsetMs = 0;
});

interface OfferSet {
  searchId: string;
  offers: Array<{ id: string; currency: string; grandTotal: number }>;
}
/** What the test reads of an agent's booking (/blm/booking/create, /blm/cart/addToBooking). */
interface Booking {
  bookingId: number;
  totalAmount: number;
  lines: Array<Record<string, unknown>>;
}
interface PricedOffer {
  id: string;
  price: { currency: string; grandTotal: string; total: string };
}

const today = () => formatDate(new Date(), t.record.timezone);

/** A return trip DXB → LHR for two adults and a child, searched by the caller; answers the first offer's id. */
async function searchedOffer(caller: Caller): Promise<{ offerId: string; departure: string; back: string }> {
  const [departure, back] = [addDays(today(), 20), addDays(today(), 27)];
  const found = await caller.api.ok<OfferSet>('/flight/search', {
    origin: 'DXB',
    destination: 'LHR',
    departureDate: departure,
    returnDate: back,
    numAdults: 2,
    numChildren: 1,
  });
  return { offerId: defined(found.offers[0], 'an offer').id, departure, back };
}

const orderLines = (orderNum: string) =>
  t.db(
    (sql) => sql<
      {
        line_no: number;
        product_id: number | null;
        unit_price: string;
        total: string;
        tax: string;
        offer_id: string | null;
        priced_id: string | null;
      }[]
    >`
      SELECT l.line_no, l.product_id, l.unit_price::text, l.total::text, l.tax::text,
             l.flight_offer->>'flightOfferId' AS offer_id, l.flight_offer->'pricedOffer'->>'id' AS priced_id
      FROM sales_order_lines l JOIN sales_orders o USING (sales_order_id)
      WHERE o.order_num = ${orderNum} ORDER BY l.line_no`,
  );

/** The payer pays on the simulator's page and the browser opens the return page. */
async function payOnSimulator(paymentUrl: string): Promise<void> {
  expect((await settleOnSimulator(t, paymentUrl)).statusCode).toBe(200);
}

describe('a flight offer in a cart', () => {
  it('is priced by the server, paid like a product, untaxed on the order and invoice, and not ticketed by confirm', async () => {
    await t.adminApi.ok('/settings/write', { vatRatePercent: 5, pricesIncludeTax: false, taxRegistrationNumber: null });
    const tour = await product(t, { productPrice: 100, freeSale: true });
    const buyer = await guest(t);
    const { offerId, departure, back } = await searchedOffer(buyer);
    const priced = await buyer.api.ok<PricedOffer>('/flight/price', { flightOfferId: offerId });
    expect(priced.id).toBe(offerId);

    // The client's price is not the line's: the supplier's grand total is.
    const added = await buyer.api.ok<AddedFlightOffer>('/cart/addFlightOffer', {
      flightOfferId: offerId,
      cartItemId: 'flight-1',
      unitPrice: 1,
      totalAmount: 1,
      price: { grandTotal: '1.00' },
    });
    expect(added).toMatchObject({ cartItemId: 'flight-1', flightOfferId: offerId, currency: 'AED' });
    expect(added.unitPrice).toBe(Number(priced.price.grandTotal));
    expect(added.unitPrice).toBeGreaterThan(1);
    for (const part of ['DXB', 'LHR', departure, back]) expect(added.description).toContain(part);
    expect(added.description).toMatch(/2 adults?/i);
    expect(added.description).toMatch(/1 child/i);

    await buyer.api.ok('/cart/addItem', {
      items: [{ productId: tour.productId, unitId: tour.unitId, unitPrice: 100, quantity: 1, bookDate: departure }],
    });
    const cart = await buyer.api.ok<CartView>('/cart/load');
    const flight = defined(
      cart.items.find((item) => item.itemType === 'FLIGHT'),
      'the flight line',
    );
    expect(flight).toMatchObject({
      itemId: added.itemId,
      flightOfferId: offerId,
      productId: 0,
      unitId: 0,
      extVariantId: 0,
      unitName: 'Flight',
      unitPrice: added.unitPrice,
      quantity: 1,
      bookDate: null,
      isAvailable: true,
    });
    expect(cart.items.find((item) => item.itemType === 'PRODUCT')?.flightOfferId).toBeNull();

    const link = await buyer.api.ok<CartView & { paymentAmount: number; taxAmount: number }>(
      '/cart/createPaymentLink',
      { customer: { email: 'flyer@example.com', custName: 'Salma Haddad', mobilePhone: '+971500000031' } },
    );
    // 5 % on the tour only: the flight is zero-rated.
    expect(link.taxAmount).toBe(5);
    expect(link.paymentAmount).toBeCloseTo(added.unitPrice + 105, 3);
    const orderNum = defined(link.orderNum ?? undefined, 'the order number');
    await payOnSimulator(defined(link.paymentUrl ?? undefined, 'the payment page'));

    const lines = await orderLines(orderNum);
    expect(lines).toHaveLength(2);
    const [flightLine, tourLine] = [defined(lines[0], 'flight line'), defined(lines[1], 'tour line')];
    expect(flightLine).toMatchObject({ product_id: null, tax: '0.000', offer_id: offerId, priced_id: offerId });
    expect(Number(flightLine.total)).toBe(added.unitPrice);
    expect(tourLine).toMatchObject({ product_id: tour.productId, tax: '5.000', offer_id: null });

    // The booking request is made by bookings' subscriber to order.paid, just after the payment commits.
    await until(
      async () =>
        (
          await t.db(
            (sql) => sql`SELECT 1 FROM booking_requests r JOIN sales_orders o USING (sales_order_id)
                         WHERE o.order_num = ${orderNum}`,
          )
        ).length === 1,
      15_000,
    );
    const paid = await t.db(
      (sql) => sql<{ status: string; payment_status: string; invoice: string; tax_total: string; booked: string }[]>`
        SELECT o.status, o.payment_status, i.total::text AS invoice, i.tax_total::text AS tax_total,
               array_to_string(ARRAY(SELECT b.line_no FROM booking_lines b JOIN booking_requests r USING (booking_request_id)
                                     WHERE r.sales_order_id = o.sales_order_id ORDER BY b.line_no), ',') AS booked
        FROM sales_orders o JOIN invoices i USING (sales_order_id) WHERE o.order_num = ${orderNum}`,
    );
    expect(paid).toHaveLength(1);
    const [row] = paid;
    expect(row).toMatchObject({ status: 'COMPLETED', payment_status: 'PAID', tax_total: '5.000', booked: '2' });
    expect(Number(row?.invoice)).toBeCloseTo(added.unitPrice + 105, 3);

    // Confirm tickets the tour alone: the flight is the agent's to ticket offline.
    const [request] = await t.db(
      (sql) => sql<{ booking_request_id: number }[]>`
        SELECT r.booking_request_id FROM booking_requests r JOIN sales_orders o USING (sales_order_id)
        WHERE o.order_num = ${orderNum}`,
    );
    const confirmed = await buyer.api.ok<{ completeResult: string; ticketingResults: unknown[] }>('/booking/confirm', {
      requestId: defined(request, 'the booking request').booking_request_id,
    });
    expect(confirmed).toMatchObject({ completeResult: 'OK', ticketingResults: [{ result: 'OK' }] });

    // The buyer's own invoice shows the flight line (the route) beside the tour.
    const [invoice] = await t.db(
      (sql) => sql<{ invoice_number: string }[]>`
        SELECT i.invoice_number FROM invoices i JOIN sales_orders o USING (sales_order_id) WHERE o.order_num = ${orderNum}`,
    );
    const printed = await buyer.api.inject({
      method: 'POST',
      url: '/document/printInvoice',
      payload: { session: buyer.session, docnum: defined(invoice, 'the invoice').invoice_number },
    });
    expect(printed.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(printed.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('DXB');
    expect(text).toContain('LHR');
  });

  it('cannot change its quantity (one line is every passenger) but can be removed', async () => {
    const buyer = await guest(t);
    const { offerId } = await searchedOffer(buyer);
    const added = await buyer.api.ok<AddedFlightOffer>('/cart/addFlightOffer', {
      flightOfferId: offerId,
      passengers: [
        { passengerId: '1', type: 'ADULT' },
        { passengerId: '2', type: 'ADULT' },
        { passengerId: '3', type: 'CHILD', dateOfBirth: addDays(today(), -8 * 365) },
      ],
    });
    await buyer.api.expectError('/cart/updateItem', { itemId: added.itemId, quantity: 2 }, 'INVALID_STATE');
    await buyer.api.ok('/cart/removeItem', { itemId: added.itemId });
    expect((await buyer.api.ok<CartView>('/cart/load')).items).toEqual([]);
  });

  it("goes into an agent's booking as a line without a product (the agent tickets it)", async () => {
    const agent = await user(t, 'agent');
    const { offerId } = await searchedOffer(agent);
    const added = await agent.api.ok<AddedFlightOffer>('/cart/addFlightOffer', { flightOfferId: offerId });
    const cart = await agent.api.ok<CartView>('/cart/load');
    const { customerId } = await agent.api.ok<{ customerId: number }>('/customer/create', {
      custName: 'Rania Flyer',
      email: `flyer.${cart.cartNumber}@example.com`,
      mobilePhone: '+971500000032',
    });
    const booking = await agent.api.ok<Booking>('/blm/booking/create', { customerId });
    const merged = await agent.api.ok<Booking>('/blm/cart/addToBooking', {
      cartId: cart.cartNumber,
      bookingId: booking.bookingId,
    });
    expect(merged.lines).toEqual([
      expect.objectContaining({
        productId: null,
        variantId: null,
        description: added.description,
        unitName: 'Flight',
        quantity: 1,
        unitPrice: added.unitPrice,
        totalAmount: added.unitPrice,
        serviceDate: null,
      }),
    ]);
    expect(merged.totalAmount).toBe(added.unitPrice);
  });

  it('refuses a missing, unknown or expired offer and a cart in another currency', async () => {
    const buyer = await guest(t);
    await buyer.api.expectError('/cart/addFlightOffer', {}, 'MISSING_PARAMETER', 'flightOfferId');
    await buyer.api.expectError('/cart/addFlightOffer', { flightOfferId: 'no-such-offer' }, 'NOTFOUND');
    const { offerId } = await searchedOffer(buyer);
    const unknownOfSearch = offerId.replace(/-\d+$/, '-9999');
    await buyer.api.expectError('/cart/addFlightOffer', { flightOfferId: unknownOfSearch }, 'NOTFOUND');
    await buyer.api.expectError(
      '/cart/addFlightOffer',
      { flightOfferId: offerId, passengers: [{ passengerId: '1', type: 'PILOT' }] },
      'INVALID_FORMAT',
      'passengers',
    );

    // A cart made before the tenant's currency changed: the offer's currency is not the cart's.
    const cart = await buyer.api.ok<CartView>('/cart/create');
    await t.db((sql) => sql`UPDATE carts SET currency = 'EUR' WHERE cart_id = ${cart.cartId}`);
    await buyer.api.expectError('/cart/addFlightOffer', { flightOfferId: offerId }, 'INVALID_STATE', 'EUR');
    await t.db((sql) => sql`UPDATE carts SET currency = 'AED' WHERE cart_id = ${cart.cartId}`);
    await buyer.api.ok('/cart/addFlightOffer', { flightOfferId: offerId });

    // The search is kept 30 minutes: past that, its offers are unknown.
    clockOffsetMs = 31 * 60_000;
    await buyer.api.expectError('/cart/addFlightOffer', { flightOfferId: offerId }, 'NOTFOUND');
    expect((await buyer.api.ok<CartView>('/cart/load')).items).toHaveLength(1);
  });
});
