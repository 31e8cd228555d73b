// /blm/cart/addToBooking (every precondition of the spec's merge eligibility, one transaction, two carts at once)
// and /blm/booking/searchEligible (its filters, at most 15, newest first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
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
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { CartView } from '../cart/index.js';
import type { Booking, BookingSummary } from './blm.schemas.js';
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';

/** An item as /cart/addItem takes it. */
type NewItem = Parameters<typeof cartWithItems>[2][number];

let t: TestTenant;
let agent: TestUser;
let ofProduct: Awaited<ReturnType<typeof product>>;
let bookDate: string;
let servid: number;

beforeAll(async () => {
  t = await tenant(await startTestService({ env: { TC_RATE_LIMIT_GUEST: '1000' } }));
  agent = await user(t, 'agent');
  bookDate = addDays(formatDate(new Date(), t.record.timezone), 5);
  ofProduct = await product(t);
  servid = (await variantWithInventory(t, ofProduct, { dateFrom: bookDate, capacity: 500 })).servid;
});
afterAll(() => t?.service.close());

/** The payer declines on the simulator's page and the browser opens the return page (the order is settled). */
async function declineOnGateway(paymentUrl: string): Promise<void> {
  expect((await settleOnSimulator(t, paymentUrl, 'decline')).body).toContain('declined');
}

interface Customer {
  customerId: number;
  custName: string;
  email: string;
  phone: string;
}

async function customer(): Promise<Customer> {
  const mark = uniqueName('c');
  const phone = `+9715${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const made = await agent.api.ok<Customer>('/customer/create', {
    custName: `Customer ${mark}`,
    email: `${mark}@example.com`,
    mobilePhone: phone,
  });
  return { ...made, phone };
}

/** An item of the test product at an agent's price (agents may sell at another price than the catalog's). */
const item = (unitPrice: number, quantity: number, extra: Partial<NewItem> = {}): NewItem => ({
  productId: ofProduct.productId,
  extVariantId: servid,
  unitId: ofProduct.unitId,
  unitPrice,
  quantity,
  bookDate,
  ...extra,
});

const create = (customerId: number) => agent.api.ok<Booking>('/blm/booking/create', { customerId });
const merge = (caller: TestUser, cartId: number, bookingId: number) =>
  caller.api.call<Booking>('/blm/cart/addToBooking', { cartId, bookingId });
const cartStatus = (cartId: string) =>
  t.db(async (sql) => (await sql`SELECT status FROM carts WHERE cart_id = ${cartId}`)[0]?.status);

describe('/blm/cart/addToBooking', () => {
  it("moves the cart's lines into the booking in exact amounts, sets the cart reference and closes the cart", async () => {
    const { customerId } = await customer();
    const booking = await create(customerId);
    const cart = await cartWithItems(t, agent.session, [
      item(0.1, 3, { description: 'Dhow cruise, lower deck' }),
      item(25.55, 2, { timeSlot: '' }),
    ]);
    const merged = await agent.api.ok<Booking>('/blm/cart/addToBooking', {
      cartId: cart.cartNumber,
      bookingId: booking.bookingId,
    });
    expect(merged).toMatchObject({
      bookingId: booking.bookingId,
      status: 'ENQUIRY',
      paymentStatus: 'UNPAID',
      cartReference: String(cart.cartNumber),
      paymentLinkActive: false,
      totalAmount: 51.4,
      openAmount: 51.4,
    });
    expect(merged.lines).toEqual([
      {
        lineNo: 1,
        productId: ofProduct.productId,
        variantId: servid,
        description: 'Dhow cruise, lower deck',
        unitName: expect.any(String),
        quantity: 3,
        unitPrice: 0.1,
        totalAmount: 0.3,
        serviceDate: bookDate,
        timeSlot: '',
        cartNumber: cart.cartNumber,
      },
      expect.objectContaining({ lineNo: 2, quantity: 2, unitPrice: 25.55, totalAmount: 51.1, serviceDate: bookDate }),
    ]);
    expect(await agent.api.ok('/blm/booking/read', { bookingId: booking.bookingId })).toEqual(merged);
    expect(await cartStatus(cart.cartId)).toBe('ORDERED');
    // The agent's next cart is a new one; the seats of the merged lines stay sold to the booking.
    const next = await agent.api.ok<CartView>('/cart/create');
    expect(next.cartNumber).not.toBe(cart.cartNumber);
    const holds = await t.db(
      (sql) => sql`SELECT h.status FROM blm_booking_lines l JOIN capacity_holds h ON h.hold_id = l.hold_id
                   WHERE l.booking_id = ${booking.bookingId}`,
    );
    expect(holds.map((hold) => hold.status)).toEqual(['SOLD', 'SOLD']);
  });

  it('refuses a cart whose payment link can still be paid; once declined, takes it with the orderNum as reference', async () => {
    const buyer = await user(t, 'customer');
    const booking = await create(defined(buyer.contactId, 'contactId'));
    await cartWithItems(t, buyer.session, [item(100, 1)]);
    const linked = await buyer.api.ok<CartView & { paymentUrl: string }>('/cart/createPaymentLink');
    const orderNum = defined(linked.orderNum, 'orderNum');
    const answer = await merge(agent, linked.cartNumber, booking.bookingId);
    expect(answer.apiStatus.errorCode).toBe('INVALID_STATE');
    expect(answer.apiStatus.errorMessage).toContain(
      `Cart ${linked.cartNumber} has a payment link that can still be paid`,
    );
    await declineOnGateway(linked.paymentUrl);
    const merged = await agent.api.ok<Booking>('/blm/cart/addToBooking', {
      cartId: linked.cartNumber,
      bookingId: booking.bookingId,
    });
    expect(merged).toMatchObject({ cartReference: orderNum, totalAmount: 100 });
  });

  it('refuses each failed precondition with INVALID_STATE naming it', async () => {
    const { customerId } = await customer();
    const refuse = async (cartId: number, bookingId: number, naming: string) => {
      const answer = await merge(agent, cartId, bookingId);
      expect(answer.apiStatus.errorCode, naming).toBe('INVALID_STATE');
      expect(answer.apiStatus.errorMessage).toContain(naming);
      expect(answer.apiData).toBeNull();
    };
    // A booking that took a cart: that cart is no longer ACTIVE, and the booking has a cart reference.
    const taken = await create(customerId);
    const first = await cartWithItems(t, agent.session, [item(10, 1)]);
    expect((await merge(agent, first.cartNumber, taken.bookingId)).apiStatus.errorCode).toBe('OK');
    const fresh = await create(customerId);
    await refuse(first.cartNumber, fresh.bookingId, `Cart ${first.cartNumber} is not ACTIVE (it is ORDERED)`);
    const empty = await agent.api.ok<CartView>('/cart/create');
    await refuse(empty.cartNumber, fresh.bookingId, `Cart ${empty.cartNumber} has no items`);
    const full = await cartWithItems(t, agent.session, [item(10, 1)]);
    await refuse(full.cartNumber, taken.bookingId, `Booking ${taken.reference} already has a cart reference`);

    const cancelled = await create(customerId);
    await agent.api.ok('/blm/booking/setStatus', { bookingId: cancelled.bookingId, status: 'CANCELLED' });
    await refuse(full.cartNumber, cancelled.bookingId, 'is in a terminal status (CANCELLED)');

    const linked = await create(customerId);
    expect((await merge(agent, full.cartNumber, linked.bookingId)).apiStatus.errorCode).toBe('OK');
    await agent.api.ok('/blm/booking/createPaymentLink', { bookingId: linked.bookingId });
    const another = await cartWithItems(t, agent.session, [item(10, 1)]);
    await refuse(another.cartNumber, linked.bookingId, 'has an active payment link');

    await agent.api.ok('/blm/booking/recordPayment', { bookingId: taken.bookingId, amount: 1 });
    await refuse(another.cartNumber, taken.bookingId, `Booking ${taken.reference} is not UNPAID (PARTIALLY_PAID)`);

    const buyer = await user(t, 'customer');
    const theirs = await cartWithItems(t, buyer.session, [item(100, 1)]);
    await refuse(theirs.cartNumber, fresh.bookingId, `Cart ${theirs.cartNumber}'s customer ${buyer.contactId}`);
    // Nothing of a refused merge stays: the carts are still ACTIVE with their items, the booking has no lines.
    expect(await cartStatus(theirs.cartId)).toBe('ACTIVE');
    expect((await agent.api.ok<Booking>('/blm/booking/read', { bookingId: fresh.bookingId })).lines).toEqual([]);
  });

  it('answers NOTFOUND for an unknown cart or booking, and refuses missing or malformed ids', async () => {
    const { customerId } = await customer();
    const { bookingId } = await create(customerId);
    const path = '/blm/cart/addToBooking';
    await agent.api.expectError(path, { cartId: 2_000_000_000, bookingId }, 'NOTFOUND', 'Cart');
    await agent.api.expectError(path, { cartId: 1, bookingId: 2_000_000_000 }, 'NOTFOUND', 'Booking');
    await agent.api.expectError(path, { bookingId }, 'MISSING_PARAMETER', 'cartId');
    await agent.api.expectError(path, { cartId: 1 }, 'MISSING_PARAMETER', 'bookingId');
    await agent.api.expectError(path, { cartId: 'abc', bookingId }, 'INVALID_FORMAT', 'cartId');
    const buyer = await user(t, 'customer');
    await buyer.api.expectError(path, { cartId: 1, bookingId }, 'FORBIDDEN');
  });

  it('takes exactly one of two carts sent into one booking at the same time', async () => {
    const { customerId } = await customer();
    const { bookingId } = await create(customerId);
    const [one, two] = [await user(t, 'agent'), await user(t, 'agent')];
    const carts = [
      await cartWithItems(t, one.session, [item(10, 1)]),
      await cartWithItems(t, two.session, [item(20, 2)]),
    ];
    const answers = await Promise.all([
      merge(one, defined(carts[0], 'cart').cartNumber, bookingId),
      merge(two, defined(carts[1], 'cart').cartNumber, bookingId),
    ]);
    const codes = answers.map((answer) => answer.apiStatus.errorCode).sort();
    expect(codes).toEqual(['INVALID_STATE', 'OK']);
    const won = answers.findIndex((answer) => answer.apiStatus.errorCode === 'OK');
    const booking = await agent.api.ok<Booking>('/blm/booking/read', { bookingId });
    expect(booking.lines).toHaveLength(won === 0 ? 1 : 2);
    expect(booking.totalAmount).toBe(won === 0 ? 10 : 40);
    expect(booking.cartReference).toBe(String(carts[won]?.cartNumber));
    expect(await cartStatus(defined(carts[1 - won], 'cart').cartId)).toBe('ACTIVE');
  });
});

describe('/blm/booking/searchEligible', () => {
  it('answers only UNPAID bookings without a cart reference or link, not terminal, newest first', async () => {
    const someone = await customer();
    const eligible = [await create(someone.customerId), await create(someone.customerId)];
    await agent.api.ok('/blm/booking/setStatus', {
      bookingId: defined(eligible[1], 'booking').bookingId,
      status: 'QUOTED',
    });
    const cancelled = await create(someone.customerId);
    await agent.api.ok('/blm/booking/setStatus', { bookingId: cancelled.bookingId, status: 'CANCELLED' });
    const withCart = await create(someone.customerId);
    const cart = await cartWithItems(t, agent.session, [item(10, 1)]);
    await agent.api.ok('/blm/cart/addToBooking', { cartId: cart.cartNumber, bookingId: withCart.bookingId });
    const completed = await create(someone.customerId);
    for (const status of ['QUOTED', 'OPTION_HELD', 'CONFIRMED', 'TICKETED', 'COMPLETED']) {
      await agent.api.ok('/blm/booking/setStatus', {
        bookingId: completed.bookingId,
        status,
        optionExpiresAt: addDays(formatDate(new Date(), t.record.timezone), 2),
      });
    }
    const latest = await create(someone.customerId);
    const search = (body: object) => agent.api.ok<BookingSummary[]>('/blm/booking/searchEligible', body);
    const ids = (rows: BookingSummary[]) => rows.map((row) => row.bookingId);
    const expected = [latest, ...eligible.slice().reverse()].map((booking) => booking.bookingId);
    expect(ids(await search({ customerId: someone.customerId }))).toEqual(expected);
    expect(ids(await search({ keyword: someone.email }))).toEqual(expected);
    expect(ids(await search({ keyword: someone.phone }))).toEqual(expected);
    expect(ids(await search({ keyword: someone.custName.slice(9) }))).toEqual(expected);
    expect(ids(await search({ keyword: latest.reference }))).toEqual([latest.bookingId]);
    expect(ids(await search({ keyword: withCart.reference }))).toEqual([]);
    const other = await customer();
    expect(await search({ customerId: other.customerId, keyword: someone.email })).toEqual([]);
    await agent.api.expectError('/blm/booking/searchEligible', { customerId: 2_000_000 }, 'NOTFOUND', 'Customer');
  });

  it('answers at most 15', async () => {
    const { customerId } = await customer();
    const made: number[] = [];
    for (let i = 0; i < 17; i += 1) made.push((await create(customerId)).bookingId);
    const found = await agent.api.ok<BookingSummary[]>('/blm/booking/searchEligible', { customerId });
    expect(found.map((row) => row.bookingId)).toEqual(made.reverse().slice(0, 15));
    expect(await agent.api.ok<BookingSummary[]>('/blm/booking/searchEligible', {})).toHaveLength(15);
  });
});
