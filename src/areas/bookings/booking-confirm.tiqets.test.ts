// /booking/confirm with TC_TICKET_SUPPLIER=tiqets: a hasVendorBooking line is ticketed through the Tiqets adapter
// against the loopback fake (an order reserved, confirmed, its tickets read: their barcodes on our tickets), and a
// Tiqets that fails past its retries fails the line with API_ERROR, ticketed by the next confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { bookingOf, staffPaidOrder } from '../../../test/support/bookings.js';
import { product, type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { startTiqetsFake, type TiqetsFake } from '../../../test/support/tiqets-fake.js';
import { soldOut } from '../../../test/support/tiqets-fake-data.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { BookingRequest, BookingResult } from './bookings.schemas.js';

type Product = Awaited<ReturnType<typeof product>>;

let fake: TiqetsFake;
let t: TestTenant;
let customer: TestUser;
let vendor: Product;
let day: string;

beforeAll(async () => {
  fake = await startTiqetsFake();
  t = await tenant(
    await startTestService({
      env: {
        TC_TICKET_SUPPLIER: 'tiqets',
        TC_TIQETS_URL: fake.url,
        TC_TIQETS_TOKEN: fake.token,
        TC_TIQETS_RETRIES: '1',
        TC_TIQETS_BACKOFF_MS: '5',
      },
    }),
  );
  customer = await user(t, 'customer');
  const today = formatDate(new Date(), t.record.timezone);
  day = addDays(today, 9);
  if (soldOut(day)) day = addDays(day, 1);
  vendor = await product(t, { freeSale: true, productPrice: 60, hasVendorBooking: true });
  fake.addProduct(vendor.productId);
});
afterAll(async () => {
  await t?.service.close();
  await fake?.stop();
});

async function paidBooking(quantity: number): Promise<BookingRequest> {
  const orderNum = await staffPaidOrder(t, [{ product: vendor, quantity, bookDate: day, resvName: 'Lina Haddad' }], {
    customerId: defined(customer.contactId, 'customer record'),
  });
  return customer.api.ok<BookingRequest>('/booking/create', { orderNum });
}

const confirm = (requestId: number) => customer.api.ok<BookingResult>('/booking/confirm', { requestId });

describe('/booking/confirm through Tiqets', () => {
  it('tickets the supplier line with the tickets of a Tiqets order', async () => {
    expect(t.service.ticketSupplierSimulator).toBeUndefined();
    const request = await paidBooking(2);
    const result = await confirm(request.bookingrequestid);
    expect(result.completeResult).toBe('OK');
    const order = [...fake.orders.values()].at(-1);
    expect(order).toMatchObject({ status: 'done' });
    expect(order?.body).toMatchObject({ product_id: String(vendor.productId), day, variants: [{ count: 2 }] });
    const rows = await bookingOf(t, request.bookingrequestid);
    expect(rows.tickets.map((ticket) => ticket.barcode)).toEqual([`${order?.id}-1`, `${order?.id}-2`]);
    expect(rows.tickets.map((ticket) => ticket.supplier_voucher)).toEqual([
      `https://tickets.example/${order?.id}/1.pdf`,
      `https://tickets.example/${order?.id}/2.pdf`,
    ]);
  });

  it('Tiqets failing past its retries fails the line with API_ERROR; the next confirm tickets it', async () => {
    const request = await paidBooking(1);
    fake.failNextOn('POST', { status: 429 }, { status: 429 });
    const failed = await confirm(request.bookingrequestid);
    expect(failed.completeResult).toBe('FAILED');
    expect(failed.ticketingResults).toEqual([expect.objectContaining({ result: 'FAILED', statusCode: 'API_ERROR' })]);
    expect(JSON.stringify(failed)).not.toContain(fake.token);
    const retried = await confirm(request.bookingrequestid);
    expect(retried.completeResult).toBe('OK');
    expect((await bookingOf(t, request.bookingrequestid)).tickets).toHaveLength(1);
  });
});
