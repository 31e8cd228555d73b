// What bookings read of a sales order (issue 14): the order, whether it is paid, its invoice and its lines with the
// service each sells (kept at checkout). A booking request copies it once the order is paid.
import type { Queryable } from '../../platform/database/connections.js';

export interface BookableLine {
  lineNo: number;
  productId: number | null;
  variantId: number | null;
  description: string;
  quantity: number;
  unitName: string | null;
  /** yyyy-MM-dd, the tenant's calendar date; null for an undated service. */
  serviceDate: string | null;
  timeSlot: string | null;
  pickupLocation: string | null;
  resvName: string | null;
  /** A flight offer's line (issue 15): ticketed offline by an agent in this release, not by booking confirm. */
  flight: boolean;
  /** A ticket-supplier line's product, variant, day and reservation (the cart's SupplierTicketLine); else null. */
  supplierTicket: unknown;
}

export interface OrderForBooking {
  salesOrderId: number;
  orderNum: string;
  paid: boolean;
  /** Who placed it: a booking of theirs is readable by the same callers as the order. */
  sessionId: string | null;
  userId: number | null;
  customerId: number | null;
  customerEmail: string | null;
  customerName: string | null;
  createdAt: Date;
  invoiceNum: string | null;
  /** Decimal text, the order's gross. */
  total: string;
  currency: string;
  lines: BookableLine[];
}

interface OrderRow {
  sales_order_id: number;
  order_num: string;
  payment_status: string;
  session_id: string | null;
  user_id: number | null;
  customer_id: number | null;
  customer_email: string | null;
  customer_name: string | null;
  created_at: Date;
  invoice_number: string | null;
  total: string;
  currency: string;
}

interface LineRow {
  line_no: number;
  product_id: number | null;
  variant_id: number | null;
  description: string;
  quantity: number;
  unit_name: string | null;
  service_date: string | null;
  time_slot: string | null;
  pickup_location: string | null;
  resv_name: string | null;
  flight: boolean;
  supplier_ticket: unknown;
}

/** The order of that number with its lines; undefined when there is none. */
export async function orderForBooking(db: Queryable, orderNum: string): Promise<OrderForBooking | undefined> {
  const [order] = await db<OrderRow[]>`
    SELECT o.sales_order_id, o.order_num, o.payment_status, o.session_id::text AS session_id, o.user_id, o.customer_id,
           o.customer_email, o.customer_name, o.created_at, i.invoice_number, o.total::text AS total, o.currency
    FROM sales_orders o LEFT JOIN invoices i USING (sales_order_id)
    WHERE o.order_num = ${orderNum}`;
  if (!order) return undefined;
  const lines = await db<LineRow[]>`
    SELECT line_no, product_id, variant_id, description, quantity::float8 AS quantity, unit_name,
           service_date::text AS service_date,
           time_slot, pickup_location, resv_name, flight_offer IS NOT NULL AS flight, supplier_ticket
    FROM sales_order_lines WHERE sales_order_id = ${order.sales_order_id} ORDER BY line_no`;
  return {
    salesOrderId: order.sales_order_id,
    orderNum: order.order_num,
    paid: order.payment_status === 'PAID',
    sessionId: order.session_id,
    userId: order.user_id,
    customerId: order.customer_id,
    customerEmail: order.customer_email,
    customerName: order.customer_name,
    createdAt: order.created_at,
    invoiceNum: order.invoice_number,
    total: order.total,
    currency: order.currency,
    lines: lines.map((line) => ({
      lineNo: line.line_no,
      productId: line.product_id,
      variantId: line.variant_id,
      description: line.description,
      quantity: line.quantity,
      unitName: line.unit_name,
      serviceDate: line.service_date,
      timeSlot: line.time_slot,
      pickupLocation: line.pickup_location,
      resvName: line.resv_name,
      flight: line.flight,
      supplierTicket: line.supplier_ticket,
    })),
  };
}
