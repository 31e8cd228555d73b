// Back-office bookings as the API shows them: amounts as numbers of the currency's minor unit, datetimes in the
// tenant's timezone, the payment status computed from what was paid.
import { decimalAmount, fromMinor, toMinor } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import type { BookingRow, BookingWithDetailsRow, LineRow, PaymentRow } from './blm.repository.js';
import { paymentStatusOf } from './blm.rules.js';
import type { Booking, BookingLine, BookingPayment, BookingSummary } from './blm.schemas.js';

const amount = (text: string, currency: string) => decimalAmount(text, currency);

export function toBookingSummary(row: BookingRow, timezone: string): BookingSummary {
  const { currency } = row;
  const totalMinor = toMinor(row.total_amount, currency);
  const paidMinor = toMinor(row.paid_amount, currency);
  return {
    bookingId: row.booking_id,
    reference: row.reference,
    customerId: row.customer_id,
    customerName: row.customer_name,
    status: row.current_status,
    paymentStatus: paymentStatusOf(paidMinor, totalMinor, row.deposit_percent),
    cartReference: row.cart_reference,
    paymentLinkActive: row.payment_link_active,
    totalAmount: fromMinor(totalMinor, currency),
    paidAmount: fromMinor(paidMinor, currency),
    openAmount: fromMinor(Math.max(0, totalMinor - paidMinor), currency),
    depositPercent: Number(row.deposit_percent),
    currency,
    notes: row.notes,
    optionExpiresAt: row.option_expires_at ? formatDateTime(row.option_expires_at, timezone) : null,
    createdAt: formatDateTime(row.created_at, timezone),
    updatedAt: formatDateTime(row.updated_at, timezone),
  };
}

const toLine = (row: LineRow, currency: string): BookingLine => ({
  lineNo: row.line_no,
  productId: row.product_id,
  variantId: row.variant_id,
  description: row.description,
  unitName: row.unit_name,
  quantity: row.quantity,
  unitPrice: amount(row.unit_price, currency),
  totalAmount: amount(row.total, currency),
  serviceDate: row.service_date,
  timeSlot: row.time_slot,
  cartNumber: row.cart_number,
});

const toPayment = (row: PaymentRow, currency: string): BookingPayment => ({
  paymentId: row.payment_id,
  amount: amount(row.amount, currency),
  method: row.method,
  paymentDate: row.payment_date,
  reference: row.reference,
});

export function toBooking(row: BookingWithDetailsRow, timezone: string): Booking {
  return {
    ...toBookingSummary(row, timezone),
    lines: row.lines.map((line) => toLine(line, row.currency)),
    payments: row.payments.map((payment) => toPayment(payment, row.currency)),
  };
}
