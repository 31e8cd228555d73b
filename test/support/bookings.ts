// Test helpers of the bookings area: paid orders made by staff through the API (the payment flow's own orders are
// in booking-payment.test.ts), and the rows of a booking request.
import type { Product } from '../../src/areas/catalog/catalog.schemas.js';
import { defined } from './api.js';
import { cartWithItems, type TestTenant } from './factories.js';

export interface BookingLine {
  product: Pick<Product, 'productId' | 'unitId' | 'productPrice'>;
  quantity: number;
  bookDate?: string;
  resvName?: string;
  pickupLocation?: string;
}

/** An order of the lines checked out by the admin (paid in cash unless `paid: false`); answers its order number. */
export async function staffPaidOrder(
  t: TestTenant,
  lines: readonly BookingLine[],
  options: { customerId?: number; paid?: boolean },
): Promise<string> {
  await cartWithItems(
    t,
    t.admin,
    lines.map((line) => ({
      productId: line.product.productId,
      unitId: line.product.unitId,
      unitPrice: line.product.productPrice,
      quantity: line.quantity,
      ...(line.bookDate ? { bookDate: line.bookDate } : {}),
      ...(line.resvName ? { resvName: line.resvName } : {}),
      ...(line.pickupLocation ? { pickupLocation: line.pickupLocation } : {}),
    })),
  );
  const customer = options.customerId === undefined ? {} : { customer: { customerId: options.customerId } };
  const { invoices } = await t.adminApi.ok<{ invoices: string[] }>('/cart/createInvoice', {
    paid: options.paid ?? true,
    ...customer,
  });
  const [order] = await t.db(
    (sql) => sql<{ order_num: string }[]>`
      SELECT o.order_num FROM invoices i JOIN sales_orders o USING (sales_order_id)
      WHERE i.invoice_number = ${defined(invoices[0], 'invoice')}`,
  );
  return defined(order, 'order').order_num;
}

export interface BookingRows {
  status: string;
  lines: Array<{ line_no: number; source: string; status: string; attempts: number; error_code: string | null }>;
  tickets: Array<{ line_no: number; seq: number; barcode: string; supplier_voucher: string | null }>;
}

export async function bookingOf(t: TestTenant, requestId: number): Promise<BookingRows> {
  return t.db(async (sql) => {
    const [request] = await sql<{ status: string }[]>`
      SELECT status FROM booking_requests WHERE booking_request_id = ${requestId}`;
    const lines = await sql<BookingRows['lines']>`
      SELECT line_no, source, status, attempts, error_code FROM booking_lines
      WHERE booking_request_id = ${requestId} ORDER BY line_no`;
    const tickets = await sql<BookingRows['tickets']>`
      SELECT line_no, seq, barcode, supplier_voucher FROM booking_tickets
      WHERE booking_request_id = ${requestId} ORDER BY line_no, seq`;
    return { status: defined(request, 'booking request').status, lines: [...lines], tickets: [...tickets] };
  });
}
