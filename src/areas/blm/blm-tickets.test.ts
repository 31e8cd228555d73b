// Offline tickets reserved for a booking's cart reference (/offline/sale/reserveForCart's blmCartReference) follow
// the booking: SOLD once it is fully paid (by hand or by its payment link), AVAILABLE again when it is cancelled or
// its option expires.
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
import { settleOnSimulator } from '../../../test/support/payment-simulator.js';
import { runJobOnce, startTestService } from '../../../test/support/service.js';
import { addDays, formatDate, formatDateTime } from '../../platform/time.js';
import type { OfflineTicket } from '../offline-tickets/index.js';
import type { Booking, PaymentLinkAnswer } from './blm.schemas.js';

let t: TestTenant;
let agent: TestUser;
let ofProduct: Awaited<ReturnType<typeof product>>;
let bookDate: string;
let servid: number;
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  t = await tenant(await startTestService({ clock: now }));
  agent = await user(t, 'agent');
  bookDate = addDays(formatDate(new Date(), t.record.timezone), 5);
  ofProduct = await product(t);
  servid = (await variantWithInventory(t, ofProduct, { dateFrom: bookDate, capacity: 100 })).servid;
});
afterAll(() => t?.service.close());

/** A booking of 2 × 50 from the agent's cart, with two offline tickets reserved for the cart's number first. */
async function bookingWithTickets(): Promise<{ booking: Booking; ticketIds: number[] }> {
  const { customerId } = await agent.api.ok<{ customerId: number }>('/customer/create', {
    custName: 'Ticket Customer',
    email: `${uniqueName('c')}@example.com`,
    mobilePhone: '+971500000003',
  });
  const { bookingId } = await agent.api.ok<Booking>('/blm/booking/create', { customerId });
  const item = { productId: ofProduct.productId, extVariantId: servid, unitId: ofProduct.unitId, bookDate };
  const cart = await cartWithItems(t, agent.session, [{ ...item, unitPrice: 50, quantity: 2 }]);
  const loaded = await agent.api.ok<OfflineTicket[]>('/offline/ticket/load', {
    productId: ofProduct.productId,
    tickets: [{ code: uniqueName('T') }, { code: uniqueName('T') }],
  });
  const ticketIds = loaded.map((ticket) => ticket.ticketId);
  await agent.api.ok('/offline/sale/reserveForCart', { ticketIds, blmCartReference: String(cart.cartNumber) });
  const booking = await agent.api.ok<Booking>('/blm/cart/addToBooking', { cartId: cart.cartNumber, bookingId });
  expect(booking.cartReference).toBe(String(cart.cartNumber));
  return { booking, ticketIds };
}

const statuses = async (ticketIds: number[]) => {
  const listed = await agent.api.ok<OfflineTicket[]>('/offline/ticket/list', { productId: ofProduct.productId });
  return ticketIds.map((id) => listed.find((ticket) => ticket.ticketId === id)?.status);
};

describe("a booking's reserved offline tickets", () => {
  it('are sold once the booking is fully paid by hand', async () => {
    const { booking, ticketIds } = await bookingWithTickets();
    await agent.api.ok('/blm/booking/recordPayment', { bookingId: booking.bookingId, amount: 40 });
    expect(await statuses(ticketIds)).toEqual(['RESERVED', 'RESERVED']);
    await agent.api.ok('/blm/booking/recordPayment', { bookingId: booking.bookingId, amount: 60 });
    expect(await statuses(ticketIds)).toEqual(['SOLD', 'SOLD']);
  });

  it('are sold when its payment link is paid', async () => {
    const { booking, ticketIds } = await bookingWithTickets();
    const link = await agent.api.ok<PaymentLinkAnswer>('/blm/booking/createPaymentLink', {
      bookingId: booking.bookingId,
    });
    expect((await settleOnSimulator(t, link.paymentUrl)).statusCode).toBe(200);
    expect(await statuses(ticketIds)).toEqual(['SOLD', 'SOLD']);
  });

  it('go back to the inventory when the booking is cancelled', async () => {
    const { booking, ticketIds } = await bookingWithTickets();
    await agent.api.ok('/blm/booking/setStatus', { bookingId: booking.bookingId, status: 'CANCELLED' });
    expect(await statuses(ticketIds)).toEqual(['AVAILABLE', 'AVAILABLE']);
  });

  it('go back to the inventory when the sweep expires the booking’s option', async () => {
    const { booking, ticketIds } = await bookingWithTickets();
    const { bookingId } = booking;
    await agent.api.ok('/blm/booking/setStatus', { bookingId, status: 'QUOTED' });
    const optionExpiresAt = formatDateTime(new Date(now().getTime() + 2 * 60_000), t.record.timezone);
    await agent.api.ok('/blm/booking/setStatus', { bookingId, status: 'OPTION_HELD', optionExpiresAt });
    clockOffsetMs += 5 * 60_000;
    await runJobOnce(t.service, 'booking option expiry');
    expect(await statuses(ticketIds)).toEqual(['AVAILABLE', 'AVAILABLE']);
    expect((await agent.api.ok<Booking>('/blm/booking/read', { bookingId })).status).toBe('EXPIRED');
  });
});
