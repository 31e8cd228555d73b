// A cart line's reservation at Tiqets against the loopback fake: `POST /orders` with the variant asked when the
// line is added, a booking that only confirms it (PUT, then the tickets), and a release that cancels the order.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test/support/errors.js';
import { startTiqetsFake, type TiqetsFake } from '../../../../test/support/tiqets-fake.js';
import { TIMED_PRODUCT } from '../../../../test/support/tiqets-fake-data.js';
import { TicketSupplierError } from '../port.js';
import { createTiqets } from './index.js';

let fake: TiqetsFake;
beforeAll(async () => {
  fake = await startTiqetsFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
});

const supplier = () =>
  createTiqets(
    { url: fake.url, token: fake.token, lang: 'en', currency: 'EUR', timeoutMs: 10_000, retries: 1, backoffMs: 5 },
    { log: { warn: () => {} } },
  ).supplier;
const forever = () => new AbortController().signal;
const line = {
  tenantId: 'tenant-1',
  idempotencyKey: 'cart:1:item:0',
  supplierProductId: String(TIMED_PRODUCT),
  supplierVariantId: '12',
  quantity: 3,
  serviceDate: '2027-01-06',
  timeSlot: '10:00',
  resvName: 'Omar Al Farsi',
};

describe('Tiqets reservations behind the ticketing port', () => {
  it('reserves the variant asked; the booking confirms that order and reads its tickets, nothing reserved anew', async () => {
    const tiqets = supplier();
    const reservation = await tiqets.reserve(line, forever());
    const order = fake.orders.get(reservation.reservationId);
    expect(order?.body).toMatchObject({ day: '2027-01-06', variants: [{ variant_id: '12', count: 3 }] });
    expect(reservation).toEqual({ reservationId: order?.id, confirmationToken: order?.token, expiresAt: null });
    fake.requests.length = 0;
    const booking = await tiqets.book(
      {
        tenantId: 'tenant-1',
        idempotencyKey: 'booking:1:line:1:attempt:1',
        productId: 0,
        description: 'Burj Khalifa',
        quantity: 3,
        serviceDate: '2027-01-06',
        timeSlot: '10:00',
        resvName: 'Omar Al Farsi',
        reservation,
      },
      forever(),
    );
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /orders/${order?.id}`,
      `GET /orders/${order?.id}/tickets`,
    ]);
    expect(booking.vouchers).toHaveLength(3);
  });

  it('release cancels the order (twice is nothing more); a sold-out day is refused at reservation', async () => {
    const tiqets = supplier();
    const reservation = await tiqets.reserve({ ...line, idempotencyKey: 'cart:1:item:1' }, forever());
    await tiqets.release('tenant-1', reservation);
    expect(fake.orders.get(reservation.reservationId)?.status).toBe('cancelled');
    await tiqets.release('tenant-1', reservation);
    const soldOut = tiqets.reserve({ ...line, serviceDate: '2027-01-07' }, forever());
    expect(await rejectionOf(soldOut, TicketSupplierError)).toMatchObject({ code: 'SUPPLIER_REFUSED' });
  });
});
