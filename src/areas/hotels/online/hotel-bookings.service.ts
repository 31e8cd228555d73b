// Hotel bookings (/hotel/online/book, status, cancel, voucher): searchMode online books the supplier's offer
// (hotel-bookings.online.ts), contracted a room of the agency's calendar (hotel-bookings.contracted.ts). Status asks
// the supplier and keeps our row in step (a PENDING row left by a lost answer is settled here); cancel cancels at the
// supplier or gives the contracted nights back; the voucher is the supplier's, or ours for a contracted room.
import type { HotelSupplier } from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { bookContracted, cancelContracted } from './hotel-bookings.contracted.js';
import { bookOnline, outcomeOf } from './hotel-bookings.online.js';
import {
  type HotelBookingRow,
  markFailed,
  recordSupplierBooking,
  selectBooking,
  updateStatus,
} from './hotel-bookings.repository.js';
import { fromSupplier, ourStatus } from './hotel-bookings.supplier.js';
import { hotelBookingView } from './hotel-bookings.view.js';
import type { BookRequest, HotelBooking, HotelVoucher } from './online.schemas.js';

/**
 * A PENDING row younger than this may still have its booking call under way (another request's): it is not
 * declared FAILED yet. Longer than any supplier timeout (at most 120 s) with its one retry.
 */
export const PENDING_SETTLE_MS = 5 * 60_000;

export interface HotelBookings {
  book(ctx: TenantContext, input: BookRequest): Promise<HotelBooking>;
  status(ctx: TenantContext, bookingId: number): Promise<HotelBooking>;
  cancel(ctx: TenantContext, bookingId: number): Promise<HotelBooking>;
  voucher(ctx: TenantContext, bookingId: number): Promise<HotelVoucher>;
}

async function bookingOf(ctx: TenantContext, bookingId: number): Promise<HotelBookingRow> {
  const row = await selectBooking(ctx.db, bookingId);
  if (!row) throw notFound('Hotel booking');
  return row;
}

function supplierCode(row: HotelBookingRow): string {
  if (row.supplier_booking_code === null) throw new Error(`online booking ${row.hotel_booking_id} without its code`);
  return row.supplier_booking_code;
}

/** A PENDING online row: the supplier's booking of our reference confirms it; none, once old enough, fails it. */
async function settlePending(ctx: TenantContext, supplier: HotelSupplier, row: HotelBookingRow) {
  const found = await fromSupplier(ctx, 'look the booking up', () =>
    supplier.findByClientReference(row.client_reference),
  );
  if (found) return (await recordSupplierBooking(ctx.db, row.hotel_booking_id, outcomeOf(found), ctx.now)) ?? row;
  if (ctx.now.getTime() - row.created_at.getTime() < PENDING_SETTLE_MS) return row;
  await markFailed(ctx.db, row.hotel_booking_id, ctx.now);
  return bookingOf(ctx, row.hotel_booking_id);
}

async function refreshStatus(ctx: TenantContext, supplier: HotelSupplier, row: HotelBookingRow) {
  if (row.mode === 'contracted' || row.status === 'CANCELLED' || row.status === 'FAILED') return row;
  if (row.status === 'PENDING') return settlePending(ctx, supplier, row);
  const state = await fromSupplier(ctx, 'report the booking', () => supplier.status(supplierCode(row)));
  const next = ourStatus(state.status);
  if (next === undefined || next === row.status) return row;
  return (await updateStatus(ctx.db, row.hotel_booking_id, next, ctx.now)) ?? row;
}

function refuseUnlessOpen(row: HotelBookingRow): void {
  if (row.status !== 'CONFIRMED' && row.status !== 'ON_REQUEST') {
    throw new ApiError(ErrorCode.INVALID_STATE, `A ${row.status} booking cannot be cancelled`);
  }
}

async function cancelBooking(ctx: TenantContext, supplier: HotelSupplier, row: HotelBookingRow) {
  refuseUnlessOpen(row);
  if (row.mode === 'contracted') return (await cancelContracted(ctx, row)) ?? bookingOf(ctx, row.hotel_booking_id);
  const state = await fromSupplier(ctx, 'cancel the booking', () => supplier.cancel(supplierCode(row)));
  // a cancellation the hotel has still to confirm (RX) leaves the booking as it is until status says CANCELLED
  if (ourStatus(state.status) !== 'CANCELLED') return row;
  return (await updateStatus(ctx.db, row.hotel_booking_id, 'CANCELLED', ctx.now)) ?? row;
}

async function voucherOf(ctx: TenantContext, supplier: HotelSupplier, row: HotelBookingRow): Promise<HotelVoucher> {
  if (row.status !== 'CONFIRMED') {
    throw new ApiError(ErrorCode.INVALID_STATE, `A ${row.status} booking has no voucher; it must be CONFIRMED`);
  }
  const lead = row.guests[0];
  const ours: HotelVoucher = {
    bookingId: row.hotel_booking_id,
    reference: row.client_reference,
    supplierBookingCode: row.supplier_booking_code,
    supplierReference: row.supplier_reference,
    hotelName: row.hotel_name,
    address: null,
    phone: null,
    checkin: row.check_in,
    checkout: row.check_out,
    mealPlan: row.room_basis,
    roomTypes: row.room_name ? [row.room_name] : [],
    leadGuest: lead ? `${lead.title} ${lead.firstName} ${lead.lastName}` : '',
    guests: row.guests,
    bookedAndPayableBy: ctx.tenant.tenantName,
    emergencyPhone: null,
    remarks: row.remarks,
  };
  if (row.mode === 'contracted') return ours;
  const theirs = await fromSupplier(ctx, 'give the voucher', () => supplier.voucher(supplierCode(row)));
  return {
    ...ours,
    supplierReference: theirs.supplierReference ?? row.supplier_reference,
    hotelName: theirs.hotelName || row.hotel_name,
    address: theirs.address ?? null,
    phone: theirs.phone ?? null,
    mealPlan: theirs.roomBasis || row.room_basis,
    roomTypes: theirs.roomTypes,
    bookedAndPayableBy: theirs.bookedAndPayableBy ?? null,
    emergencyPhone: theirs.emergencyPhone ?? null,
    remarks: theirs.remarks ?? row.remarks,
  };
}

export function createHotelBookings(deps: { supplier: HotelSupplier }): HotelBookings {
  const { supplier } = deps;
  return {
    async book(ctx, input) {
      const row =
        input.searchMode === 'contracted' ? await bookContracted(ctx, input) : await bookOnline(ctx, supplier, input);
      return hotelBookingView(ctx, row);
    },
    status: async (ctx, id) => hotelBookingView(ctx, await refreshStatus(ctx, supplier, await bookingOf(ctx, id))),
    cancel: async (ctx, id) => hotelBookingView(ctx, await cancelBooking(ctx, supplier, await bookingOf(ctx, id))),
    voucher: async (ctx, id) => voucherOf(ctx, supplier, await bookingOf(ctx, id)),
  };
}
