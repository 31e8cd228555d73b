// A hotel booking row as the operations answer it: camelCase, money as numbers of the currency's minor unit.
import type { TenantContext } from '../../../platform/http/operation.js';
import { decimalAmount } from '../../../platform/money.js';
import { daysBetween, formatDateTime } from '../../../platform/time.js';
import type { HotelBookingRow } from './hotel-bookings.repository.js';
import type { HotelBooking } from './online.schemas.js';

export function hotelBookingView(ctx: TenantContext, row: HotelBookingRow): HotelBooking {
  return {
    bookingId: row.hotel_booking_id,
    reference: row.client_reference,
    searchMode: row.mode,
    status: row.status,
    paymentStatus: row.payment_status,
    cartReference: row.cart_reference,
    supplier: row.supplier,
    supplierBookingCode: row.supplier_booking_code,
    supplierReference: row.supplier_reference,
    offerId: row.offer_code,
    hotelId: row.hotel_id,
    roomId: row.room_id,
    market: row.market,
    hotelCode: row.hotel_code,
    hotelName: row.hotel_name,
    roomName: row.room_name,
    cityCode: row.city_code,
    mealPlan: row.room_basis,
    checkin: row.check_in,
    checkout: row.check_out,
    nights: daysBetween(row.check_in, row.check_out),
    rooms: row.rooms,
    adults: row.adults,
    children: row.children,
    guests: row.guests,
    customerId: row.customer_id,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    totalPrice: decimalAmount(row.total_price, row.currency),
    costPrice: decimalAmount(row.cost_price, row.currency),
    currency: row.currency,
    cancellationDeadline: row.cancellation_deadline,
    remarks: row.remarks,
    createdAt: formatDateTime(row.created_at, ctx.tenant.timezone),
  };
}
