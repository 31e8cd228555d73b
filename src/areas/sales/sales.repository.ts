// SQL of the sales ledger: document numbers, sales orders and lines, invoices, payments.
import type { Queryable } from '../../platform/database/connections.js';

export interface SalesOrderRow {
  sales_order_id: number;
  order_num: string;
  cart_id: string | null;
  session_id: string | null;
  user_id: number | null;
  customer_id: number | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  currency: string;
  total: string;
  /** PAID_NOT_FULFILLED: paid, but its seats went to another order; nothing sold, staff refund it. */
  status: 'OPEN' | 'COMPLETED' | 'CANCELLED' | 'PAID_NOT_FULFILLED';
  payment_status: 'UNPAID' | 'PENDING' | 'PAID' | 'CANCELLED_PAYMENT' | 'DECLINED' | 'EXPIRED';
  /** Until when its payment link may be paid (its pay-by); the link itself is the payments area's. */
  payment_expires_at: Date | null;
  /** The VAT rate its lines were taxed at ('5.00'), and the agency's tax number then; '0.00' and null before tax. */
  tax_rate_percent: string;
  tax_registration_number: string | null;
  /** The document the order came from (a quote's number); null for a cart's order. */
  reference: string | null;
}

export interface LineRow {
  line_no: number;
  /** Null on a line invoiced from a quote item that names no product. */
  product_id: number | null;
  variant_id: number | null;
  description: string;
  detail: string | null;
  quantity: number;
  unit_price: string;
  /** The line's gross: net + tax. */
  total: string;
  net: string;
  tax: string;
  hold_id: string | null;
}

/** The service a line sells, kept at checkout for its booking's tickets (absent on a line invoiced from a quote). */
export interface LineService {
  service_date: string | null;
  time_slot: string | null;
  unit_name: string | null;
  pickup_location: string | null;
  resv_name: string | null;
  /** A flight line's priced offer as JSON text (issue 15); null on any other line. */
  flight_offer: string | null;
  /** A ticket-supplier line's product, variant, day and reservation as JSON text (issue 31); else null. */
  supplier_ticket: string | null;
}

export type NewLine = Omit<LineRow, 'line_no'> & Partial<LineService>;

export interface InvoiceRow {
  invoice_id: number;
  invoice_number: string;
  sales_order_id: number;
  customer_id: number | null;
  currency: string;
  /** The gross: net_total + tax_total. */
  total: string;
  net_total: string;
  tax_total: string;
  paid: string;
  status: 'UNPAID' | 'PAID';
  issue_date: string;
  /** yyyy-MM-dd: issue date + the payment terms in force when it was issued. */
  due_date: string;
  /** The key of its payment page (/document/invoicePayment). */
  pay_key: string;
}

export interface PaymentRow {
  payment_id: number;
  invoice_number: string;
  amount: string;
  currency: string;
  payment_date: Date;
  online: boolean;
  payment_method: 'CARD' | 'CASH' | 'BANK';
  status: string;
}

export interface NewSalesOrder {
  orderNum: string;
  cartId: string | null;
  sessionId: string | null;
  userId: number | null;
  customer: { id: number | null; name: string | null; email: string | null; phone: string | null };
  currency: string;
  /** The gross sum of the lines. */
  total: string;
  tax: { ratePercent: string; registrationNumber: string | null };
  reference: string | null;
  paymentStatus: SalesOrderRow['payment_status'];
  /** An order born with its payment link: the id the link names, and the link's pay-by. */
  salesOrderId?: number;
  paymentExpiresAt?: Date;
  now: Date;
}

export async function insertSalesOrder(db: Queryable, order: NewSalesOrder): Promise<SalesOrderRow> {
  const [row] = await db<SalesOrderRow[]>`
    INSERT INTO sales_orders (sales_order_id, order_num, cart_id, session_id, user_id, customer_id, customer_name,
                              customer_email, customer_phone, currency, total, tax_rate_percent, tax_registration_number, reference,
                              payment_status, payment_expires_at, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    VALUES (COALESCE(${order.salesOrderId ?? null}::int, nextval(pg_get_serial_sequence('sales_orders', 'sales_order_id'))),
            ${order.orderNum}, ${order.cartId}, ${order.sessionId}, ${order.userId}, ${order.customer.id},
            ${order.customer.name}, ${order.customer.email}, ${order.customer.phone}, ${order.currency}, ${order.total},
            ${order.tax.ratePercent}, ${order.tax.registrationNumber}, ${order.reference}, ${order.paymentStatus},
            ${order.paymentExpiresAt ?? null}, ${order.now}, ${order.now})
    RETURNING *`;
  if (!row) throw new Error('sales order insert returned no row');
  return row;
}

export async function insertLines(db: Queryable, salesOrderId: number, lines: NewLine[]): Promise<void> {
  for (const [index, line] of lines.entries()) {
    await db`
      INSERT INTO sales_order_lines (sales_order_id, line_no, product_id, variant_id, description, detail, quantity,
                                     unit_price, total, net, tax, hold_id, service_date, time_slot, unit_name,
                                     pickup_location, resv_name, flight_offer, supplier_ticket)
      VALUES (${salesOrderId}, ${index + 1}, ${line.product_id}, ${line.variant_id}, ${line.description}, ${line.detail},
              ${line.quantity}, ${line.unit_price}, ${line.total}, ${line.net}, ${line.tax}, ${line.hold_id},
              ${line.service_date ?? null}, ${line.time_slot ?? null}, ${line.unit_name ?? null},
              ${line.pickup_location ?? null}, ${line.resv_name ?? null}, ${line.flight_offer ?? null}::text::jsonb,
              ${line.supplier_ticket ?? null}::text::jsonb)`;
  }
}

export function selectLines(db: Queryable, salesOrderId: number): Promise<LineRow[]> {
  return db<LineRow[]>`
    SELECT line_no, product_id, variant_id, description, detail, quantity::float8 AS quantity, unit_price, total, net, tax,
           hold_id::text AS hold_id
    FROM sales_order_lines WHERE sales_order_id = ${salesOrderId} ORDER BY line_no`;
}

/** The lines as the invoice prints them: each with the pickup its service was sold with. */
export function selectPrintedLines(
  db: Queryable,
  salesOrderId: number,
): Promise<Array<LineRow & Pick<LineService, 'pickup_location'>>> {
  return db<Array<LineRow & Pick<LineService, 'pickup_location'>>>`
    SELECT line_no, product_id, variant_id, description, detail, quantity::float8 AS quantity, unit_price, total, net, tax,
           hold_id::text AS hold_id, pickup_location
    FROM sales_order_lines WHERE sales_order_id = ${salesOrderId} ORDER BY line_no`;
}

export async function findOrderByNumber(db: Queryable, orderNum: string): Promise<SalesOrderRow | undefined> {
  const [row] = await db<SalesOrderRow[]>`SELECT * FROM sales_orders WHERE order_num = ${orderNum}`;
  return row;
}

/**
 * Whether a payment link made for the cart can still be paid: its order open, the payment pending at the gateway
 * and the link not past its expiry. A cart with such a link must not be sold another way (a back-office merge).
 */
/** The cart's order whose link can still be paid (see cartHasPayableLink), if it has one. */
export async function payableOrderOfCart(db: Queryable, cartId: string, now: Date): Promise<SalesOrderRow | undefined> {
  const [row] = await db<SalesOrderRow[]>`
    SELECT * FROM sales_orders
    WHERE cart_id = ${cartId} AND status = 'OPEN' AND payment_status = 'PENDING'
      AND (payment_expires_at IS NULL OR payment_expires_at > ${now})
    ORDER BY sales_order_id DESC
    LIMIT 1`;
  return row;
}

export async function cartHasPayableLink(db: Queryable, cartId: string, now: Date): Promise<boolean> {
  const [row] = await db`
    SELECT 1 FROM sales_orders
    WHERE cart_id = ${cartId} AND status = 'OPEN' AND payment_status = 'PENDING'
      AND (payment_expires_at IS NULL OR payment_expires_at > ${now})
    LIMIT 1`;
  return row !== undefined;
}

/** The order, locked until the transaction ends (payment outcomes change it once). */
export async function lockOrder(db: Queryable, salesOrderId: number): Promise<SalesOrderRow | undefined> {
  const [row] = await db<SalesOrderRow[]>`SELECT * FROM sales_orders WHERE sales_order_id = ${salesOrderId} FOR UPDATE`;
  return row;
}

/** A new order's id, taken before the order is written (its payment link is recorded first, naming it). */
export async function nextSalesOrderId(db: Queryable): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    SELECT nextval(pg_get_serial_sequence('sales_orders', 'sales_order_id'))::int AS id`;
  if (!row) throw new Error('no sales order id');
  return row.id;
}

export async function findOrder(db: Queryable, salesOrderId: number): Promise<SalesOrderRow | undefined> {
  const [row] = await db<SalesOrderRow[]>`SELECT * FROM sales_orders WHERE sales_order_id = ${salesOrderId}`;
  return row;
}

/** An unpaid order whose payment link ran out: it ends, and nothing more is expected of the gateway. */
/** An order that can no longer be paid ends: EXPIRED, or the failure the gateway reported (kept as it was). */
export async function endUnpaidOrder(
  db: Queryable,
  salesOrderId: number,
  paymentStatus: 'EXPIRED' | 'DECLINED' | 'CANCELLED_PAYMENT',
  now: Date,
): Promise<void> {
  await db`UPDATE sales_orders SET status = 'CANCELLED', payment_status = ${paymentStatus}, updated_at = ${now}
           WHERE sales_order_id = ${salesOrderId}`;
}

export async function setDownloadTokenHash(db: Queryable, salesOrderId: number, hash: Buffer): Promise<void> {
  await db`UPDATE sales_orders SET download_token_hash = ${hash} WHERE sales_order_id = ${salesOrderId}`;
}

/** The hash of the ticket-download token e-mailed with a completed order, if one was sent. */
export async function downloadTokenHash(db: Queryable, salesOrderId: number): Promise<Buffer | undefined> {
  const [row] = await db<{ hash: Buffer | null }[]>`
    SELECT download_token_hash AS hash FROM sales_orders WHERE sales_order_id = ${salesOrderId}`;
  return row?.hash ?? undefined;
}

export async function setPaymentStatus(
  db: Queryable,
  salesOrderId: number,
  paymentStatus: SalesOrderRow['payment_status'],
  now: Date,
): Promise<void> {
  await db`UPDATE sales_orders SET payment_status = ${paymentStatus}, updated_at = ${now} WHERE sales_order_id = ${salesOrderId}`;
}

export async function completeOrder(db: Queryable, salesOrderId: number, now: Date): Promise<void> {
  await db`
    UPDATE sales_orders SET status = 'COMPLETED', payment_status = 'PAID', completed_at = ${now},
                            updated_at = ${now}
    WHERE sales_order_id = ${salesOrderId}`;
}

/** Paid, but its seats went to another order: it ends, sells nothing, and waits for staff to refund it. */
export async function endPaidNotFulfilled(db: Queryable, salesOrderId: number, now: Date): Promise<void> {
  await db`
    UPDATE sales_orders SET status = 'PAID_NOT_FULFILLED', payment_status = 'PAID',
                            completed_at = ${now}, updated_at = ${now}
    WHERE sales_order_id = ${salesOrderId}`;
}

/** Records the tickets page of the order's booking (relative to the tenant's address), once bookings made it. */
export async function setTicketsPage(db: Queryable, salesOrderId: number, page: string): Promise<void> {
  await db`UPDATE sales_orders SET tickets_page = ${page} WHERE sales_order_id = ${salesOrderId}`;
}

export async function ticketsPageOf(db: Queryable, salesOrderId: number): Promise<string | undefined> {
  const [row] = await db<{ page: string | null }[]>`
    SELECT tickets_page AS page FROM sales_orders WHERE sales_order_id = ${salesOrderId}`;
  return row?.page ?? undefined;
}

/**
 * The open orders the reconciliation ends: their payment failed (declined or cancelled) and their link ran out by
 * `now` (the payments area's round settles the pending ones).
 */
export function selectOrdersToReconcile(db: Queryable, now: Date = new Date()): Promise<SalesOrderRow[]> {
  return db<SalesOrderRow[]>`
    SELECT * FROM sales_orders
    WHERE status = 'OPEN' AND payment_status IN ('CANCELLED_PAYMENT', 'DECLINED') AND payment_expires_at <= ${now}
    ORDER BY sales_order_id LIMIT 100`;
}

export async function findInvoiceOfOrder(db: Queryable, salesOrderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db<InvoiceRow[]>`
    SELECT *, issue_date::text AS issue_date, due_date::text AS due_date FROM invoices
    WHERE sales_order_id = ${salesOrderId}`;
  return row;
}

type InvoiceWithOrderOwner = InvoiceRow & { order_user_id: number | null; order_session_id: string | null };

export async function findInvoice(db: Queryable, invoiceNumber: string): Promise<InvoiceWithOrderOwner | undefined> {
  const [row] = await db<InvoiceWithOrderOwner[]>`
    SELECT i.*, i.issue_date::text AS issue_date, i.due_date::text AS due_date, o.user_id AS order_user_id,
           o.session_id::text AS order_session_id
    FROM invoices i JOIN sales_orders o USING (sales_order_id)
    WHERE i.invoice_number = ${invoiceNumber}`;
  return row;
}

/** The invoice, locked until the transaction ends (a payment is registered once). */
export async function lockInvoice(db: Queryable, invoiceNumber: string): Promise<InvoiceWithOrderOwner | undefined> {
  const [row] = await db<InvoiceWithOrderOwner[]>`
    SELECT i.*, i.issue_date::text AS issue_date, i.due_date::text AS due_date, o.user_id AS order_user_id,
           o.session_id::text AS order_session_id
    FROM invoices i JOIN sales_orders o USING (sales_order_id)
    WHERE i.invoice_number = ${invoiceNumber} FOR UPDATE OF i`;
  return row;
}

/** The invoice of that id (an invoice's payment link names it by id). */
export async function selectInvoiceById(db: Queryable, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db<InvoiceRow[]>`
    SELECT *, issue_date::text AS issue_date, due_date::text AS due_date FROM invoices WHERE invoice_id = ${invoiceId}`;
  return row;
}

/** Locks the invoice of that id until the transaction ends; false when there is none. */
export async function lockInvoiceById(db: Queryable, invoiceId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM invoices WHERE invoice_id = ${invoiceId} FOR UPDATE`;
  return rows.length === 1;
}

/**
 * The invoice of an order: its customer, currency and gross total, and the tax of its lines (net = gross - tax, so
 * the totals agree with the lines to the minor unit).
 */
export async function insertInvoiceOfOrder(
  db: Queryable,
  invoice: { number: string; salesOrderId: number; issueDate: string; dueDate?: string },
): Promise<InvoiceRow> {
  const [row] = await db<InvoiceRow[]>`
    INSERT INTO invoices (invoice_number, sales_order_id, customer_id, currency, total, net_total, tax_total, issue_date,
                          due_date)
    SELECT ${invoice.number}, o.sales_order_id, o.customer_id, o.currency, o.total, o.total - lines.tax, lines.tax,
           ${invoice.issueDate}, ${invoice.dueDate ?? invoice.issueDate}
    FROM sales_orders o,
         LATERAL (SELECT coalesce(sum(tax), 0) AS tax FROM sales_order_lines l WHERE l.sales_order_id = o.sales_order_id) lines
    WHERE o.sales_order_id = ${invoice.salesOrderId}
    RETURNING *, issue_date::text AS issue_date, due_date::text AS due_date`;
  if (!row) throw new Error('invoice insert returned no row');
  return row;
}

/** Records a payment of the invoice's open balance and marks it PAID; answers the payment. */
export async function payInvoice(
  db: Queryable,
  invoice: InvoiceRow,
  payment: {
    online: boolean;
    method: 'CARD' | 'CASH' | 'BANK';
    gatewayRef: string | null;
    recordedBy: number | null;
    now: Date;
  },
): Promise<PaymentRow> {
  const [row] = await db<PaymentRow[]>`
    WITH paid AS (
      INSERT INTO payments (invoice_id, amount, payment_date, online, payment_method, gateway_ref, recorded_by, created_at)
      VALUES (${invoice.invoice_id}, ${invoice.total}::numeric - ${invoice.paid}::numeric, ${payment.now}, ${payment.online},
              ${payment.method}, ${payment.gatewayRef}, ${payment.recordedBy}, ${payment.now})
      RETURNING *),
    settled AS (
      UPDATE invoices SET paid = total, status = 'PAID' WHERE invoice_id = ${invoice.invoice_id} RETURNING 1)
    SELECT paid.payment_id, ${invoice.invoice_number} AS invoice_number, paid.amount, ${invoice.currency} AS currency,
           paid.payment_date, paid.online, paid.payment_method, paid.status
    FROM paid`;
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export function selectPayments(db: Queryable, invoiceId: number) {
  return db<{ payment_date: Date; payment_method: string; amount: string }[]>`
    SELECT payment_date, payment_method, amount FROM payments WHERE invoice_id = ${invoiceId} ORDER BY payment_id`;
}
