// Booking requests with issued tickets for the tickets tests, made beside a paid order the admin makes through the
// API (/cart/createInvoice with paid: true): the rows /booking/create and /booking/confirm would write.
import { randomBytes } from 'node:crypto';

import type { SaveProductRequest } from '../../src/areas/catalog/catalog.schemas.js';
import { addDays, formatDate } from '../../src/platform/time.js';
import { cartWithItems, product, type TestTenant } from './factories.js';

export interface SeededTicket {
  barcode: string;
  description?: string;
  startDate?: Date | null;
  timeslot?: string | null;
  resvName?: string | null;
  pickupLocation?: string | null;
  extInfo?: unknown;
}

export interface SeededBooking {
  requestId: number;
  orderNum: string;
  refnum: string;
  accessCode: string;
  ticketIds: number[];
}

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const accessCode = () => Array.from(randomBytes(12), (byte) => ALPHABET[byte % ALPHABET.length]).join('');

/** A paid order of one line (quantity = tickets, at least 1), and its booking request holding `tickets`. */
export async function seededBooking(
  t: TestTenant,
  tickets: readonly SeededTicket[],
  options: {
    status?: 'PENDING' | 'CONFIRMED' | 'CANCELLED';
    accessMaxDate?: Date;
    /** The product the order line sells (its meeting point, pickup window, cancellation policy). */
    product?: Partial<SaveProductRequest>;
  } = {},
): Promise<SeededBooking> {
  const item = await product(t, { freeSale: true, productPrice: 50, ...options.product });
  const day = addDays(formatDate(new Date(), t.record.timezone), 10);
  const quantity = Math.max(1, tickets.length);
  await cartWithItems(t, t.admin, [
    { productId: item.productId, unitId: item.unitId, unitPrice: 50, quantity, bookDate: day },
  ]);
  const { invoices } = await t.adminApi.ok<{ invoices: string[] }>('/cart/createInvoice', { paid: true });
  const code = accessCode();
  const refnum = `BK-T-${randomBytes(4).toString('hex').toUpperCase()}`;
  return t.db(async (sql) => {
    const [order] = await sql<{ sales_order_id: number; order_num: string; total: string; currency: string }[]>`
      SELECT o.sales_order_id, o.order_num, o.total, o.currency
      FROM invoices i JOIN sales_orders o USING (sales_order_id) WHERE i.invoice_number = ${invoices[0] ?? ''}`;
    const [request] = await sql<{ booking_request_id: number }[]>`
      INSERT INTO booking_requests (refnum, sales_order_id, status, access_code, access_max_date, order_num, amount,
                                    currency)
      VALUES (${refnum}, ${order?.sales_order_id ?? 0}, ${options.status ?? (tickets.length ? 'CONFIRMED' : 'PENDING')},
              ${code}, ${options.accessMaxDate ?? new Date(Date.now() + 40 * 86_400_000)}, ${order?.order_num ?? null},
              ${order?.total ?? null}, ${order?.currency ?? null})
      RETURNING booking_request_id`;
    const requestId = request?.booking_request_id ?? 0;
    await sql`INSERT INTO booking_lines (booking_request_id, line_no, source, status, product_id)
              VALUES (${requestId}, 1, 'OWN', ${tickets.length ? 'CONFIRMED' : 'PENDING'}, ${item.productId})`;
    const ticketIds: number[] = [];
    for (const [index, ticket] of tickets.entries()) {
      const [row] = await sql<{ ticket_id: number }[]>`
        INSERT INTO booking_tickets (booking_request_id, line_no, seq, barcode, ticket_description, start_date,
                                     timeslot, ticket_resv_name, pickup_location, ext_info)
        VALUES (${requestId}, 1, ${index + 1}, ${ticket.barcode}, ${ticket.description ?? item.prodName},
                ${ticket.startDate ?? null}, ${ticket.timeslot ?? null}, ${ticket.resvName ?? null},
                ${ticket.pickupLocation ?? null}, ${ticket.extInfo === undefined ? null : sql.json(JSON.parse(JSON.stringify(ticket.extInfo)))})
        RETURNING ticket_id`;
      ticketIds.push(row?.ticket_id ?? 0);
    }
    return { requestId, orderNum: order?.order_num ?? '', refnum, accessCode: code, ticketIds };
  });
}

/** A barcode no other test uses. */
export const barcode = (prefix = 'TK') => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;
