// Rows → the specification's shapes: Booking request, Booking search row, Booking access. Datetimes in the
// tenant's timezone.
import { decimalAmount } from '../../platform/money.js';
import { formatDateTime } from '../../platform/time.js';
import type { BookingRequestRow, SearchLine } from './bookings.repository.js';
import type { BookingAccess, BookingRequest, BookingSearchRow } from './bookings.schemas.js';

export function requestView(row: BookingRequestRow, timeZone: string): BookingRequest {
  return {
    bookingrequestid: row.booking_request_id,
    refnum: row.refnum,
    rqdate: formatDateTime(row.created_at, timeZone),
    rqmoddate: formatDateTime(row.updated_at, timeZone),
    reqstatus: row.status,
    orderNum: row.order_num,
    customerid: row.customer_id,
    accessCode: row.access_code,
    accessMaxDate: formatDateTime(row.access_max_date, timeZone),
    orderDate: formatDateTime(row.order_date, timeZone),
    invoiceNum: row.invoice_num,
    amount: decimalAmount(row.amount, row.currency),
  };
}

/** A line once it was tried: OK when ticketed, FAILED after a failure; null while pending or in progress. */
function resultOf(line: SearchLine): string | null {
  if (line.status === 'CONFIRMED') return 'OK';
  return line.status === 'FAILED' ? 'FAILED' : null;
}

export function searchRowView(request: BookingRequestRow, line: SearchLine, timeZone: string): BookingSearchRow {
  return {
    bookingReference: request.refnum,
    bookingRequestId: request.booking_request_id,
    bookingRequestDate: formatDateTime(request.created_at, timeZone),
    bookingRequestStatus: request.status,
    ticketingRequestStatus: line.status,
    ticketingRequestId: line.line_no,
    ticketingRequestResult: resultOf(line),
    ticketingRequestErrorCode: line.error_code,
    ticketingRequestErrorMessage: line.error_message,
    ticketItemId: line.product_id ?? 0,
    paxCount: String(line.quantity),
    unitId: line.variant_id ?? 0,
    unitName: line.unit_name ?? '',
    itemDescription: line.description,
    supplierBookingId: line.supplier_booking_id,
    isConfirmed: line.status === 'CONFIRMED',
  };
}

export function accessView(row: BookingRequestRow, timeZone: string): BookingAccess {
  return {
    bookingRequestId: row.booking_request_id,
    accessCode: row.access_code,
    maxAccess: formatDateTime(row.access_max_date, timeZone),
  };
}
