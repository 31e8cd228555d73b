// Booking an online offer as steps with undo (platform/steps.ts): our row first (PENDING, with a fresh client
// reference), then the booking at the supplier, then our row confirmed with the supplier's codes. When our side fails
// after the supplier booked, the supplier booking is cancelled (and if that fails too, our row stays PENDING for
// status to reconcile); when the supplier refuses, our row becomes FAILED.
// A booking call that times out may have booked all the same: the supplier is asked for a booking of our client
// reference before the one retry, so an offer is never booked twice; if even that cannot be told, the row stays
// PENDING and /hotel/online/status settles it later.
import { randomBytes } from 'node:crypto';
import {
  type HotelBookingRequest,
  type HotelSupplier,
  HotelSupplierError,
  type SupplierBooking,
} from '../../../integrations/hotels/index.js';
import { ApiError, ErrorCode, missingParameter } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { steps } from '../../../platform/steps.js';
import { daysBetween, formatDate } from '../../../platform/time.js';
import { stayOf } from '../search/index.js';
import {
  type BookedGuest,
  type HotelBookingRow,
  insertPendingBooking,
  markFailed,
  type NewHotelBooking,
  recordSupplierBooking,
} from './hotel-bookings.repository.js';
import { fromSupplier, supplierFailure } from './hotel-bookings.supplier.js';
import type { BookedRoom, BookRequest } from './online.schemas.js';

/** Ours, unique across every tenant of a shared supplier account: 16 characters GoGlobal takes as AgentReference. */
export function newClientReference(): string {
  return `HB${randomBytes(7).toString('hex').toUpperCase()}`;
}

/** Every guest of the rooms, numbered by room from 1, children titled CHD. */
export function guestsOf(rooms: readonly BookedRoom[]): BookedGuest[] {
  return rooms.flatMap((room, index) => [
    ...room.adults.map((adult) => ({ room: index + 1, ...adult })),
    ...(room.children ?? []).map((child) => ({ room: index + 1, title: 'CHD', ...child })),
  ]);
}

function supplierRequest(row: HotelBookingRow, rooms: readonly BookedRoom[], remark?: string): HotelBookingRequest {
  return {
    clientReference: row.client_reference,
    offerCode: row.offer_code ?? '',
    arrivalDate: row.check_in,
    nights: daysBetween(row.check_in, row.check_out),
    rooms: rooms.map((room) => ({
      adults: room.adults,
      children: (room.children ?? []).map((child) => ({ title: 'CHD' as const, ...child })),
    })),
    ...(remark ? { remark } : {}),
  };
}

/** What the supplier made, or undefined when a timed-out call leaves it unknown whether it booked. */
async function bookOnce(supplier: HotelSupplier, request: HotelBookingRequest): Promise<SupplierBooking | undefined> {
  try {
    return await supplier.book(request);
  } catch (error) {
    if (!(error instanceof HotelSupplierError) || error.kind !== 'timeout') throw error;
    // the answer never came: the booking may exist; asking is the only safe way to a retry
    try {
      return (await supplier.findByClientReference(request.clientReference)) ?? (await retryBook(supplier, request));
    } catch {
      return undefined;
    }
  }
}

async function retryBook(supplier: HotelSupplier, request: HotelBookingRequest): Promise<SupplierBooking | undefined> {
  try {
    return await supplier.book(request);
  } catch (error) {
    if (error instanceof HotelSupplierError && error.kind === 'timeout') return undefined;
    throw error;
  }
}

export async function bookOnline(
  ctx: TenantContext,
  supplier: HotelSupplier,
  input: BookRequest,
): Promise<HotelBookingRow> {
  const offerCode = input.offerId;
  if (offerCode === undefined) throw missingParameter('offerId');
  const stay = stayOf(input.checkin, input.checkout, formatDate(ctx.now, ctx.tenant.timezone));
  const valuation = await fromSupplier(ctx, 'value the offer', () => supplier.valuate(offerCode, stay.checkin));
  const guests = guestsOf(input.rooms);
  const booking: NewHotelBooking = {
    ...ownerFields(ctx, input),
    clientReference: newClientReference(),
    mode: 'online',
    supplier: supplier.kind,
    offerCode,
    hotelId: null,
    roomId: null,
    market: null,
    hotelCode: null,
    hotelName: input.hotelName ?? '',
    roomName: null,
    cityCode: input.cityCode?.toUpperCase() ?? null,
    roomBasis: input.meals ?? null,
    checkIn: stay.checkin,
    checkOut: stay.checkout,
    rooms: input.rooms.length,
    adults: guests.filter((g) => g.title !== 'CHD').length,
    children: guests.filter((g) => g.title === 'CHD').length,
    guests,
    currency: valuation.currency,
    totalPrice: valuation.totalPrice,
    costPrice: valuation.totalPrice,
    cancellationDeadline: valuation.cancellationDeadline,
  };
  return runBookingSteps(ctx, supplier, booking, input);
}

function ownerFields(ctx: TenantContext, input: BookRequest) {
  return {
    customerId: input.customerId ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    remarks: input.remarks ?? null,
    createdBy: ctx.session?.userId ?? null,
  };
}

async function runBookingSteps(
  ctx: TenantContext,
  supplier: HotelSupplier,
  booking: NewHotelBooking,
  input: BookRequest,
): Promise<HotelBookingRow> {
  // the supplier may hold a booking of ours: its answer was lost, or cancelling it failed. The row then stays
  // PENDING, so status reconciles it with what the supplier has (FAILED would hide a booking that exists)
  let mayBeBookedAtSupplier = false;
  const plan = steps('hotel booking')
    .stepWithResults('our booking row', {
      run: async () => ({ row: await insertPendingBooking(ctx.db, booking, ctx.now) }),
      undo: async ({ row }) => (mayBeBookedAtSupplier ? undefined : markFailed(ctx.db, row.hotel_booking_id, ctx.now)),
    })
    .stepWithResults('supplier booking', {
      run: async ({ row }) => {
        const booked = await bookOnce(supplier, supplierRequest(row, input.rooms, input.remarks));
        if (!booked) {
          mayBeBookedAtSupplier = true;
          throw new ApiError(ErrorCode.API_ERROR, 'The hotel supplier did not answer in time; ask the booking status');
        }
        if (booked.status === 'REJECTED') throw new HotelSupplierError('refused', 'the supplier rejected the booking');
        return { booked };
      },
      undo: async ({ booked }) => {
        try {
          await supplier.cancel(booked.bookingCode);
        } catch (error) {
          mayBeBookedAtSupplier = true;
          throw error;
        }
      },
    })
    .stepWithResults('our booking row confirmed', {
      run: async ({ row, booked }) => {
        const confirmed = await recordSupplierBooking(ctx.db, row.hotel_booking_id, outcomeOf(booked), ctx.now);
        if (!confirmed) throw new Error('the booking row was no longer PENDING');
        return { confirmed };
      },
    });
  const { confirmed } = await plan.run({
    log: ctx.log,
    rethrowAs: (_step, error) => toError(supplierFailure(ctx, 'book the offer', error)),
  });
  return confirmed;
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

export function outcomeOf(booked: SupplierBooking) {
  return {
    status: booked.status === 'ON_REQUEST' ? ('ON_REQUEST' as const) : ('CONFIRMED' as const),
    supplierBookingCode: booked.bookingCode,
    supplierReference: booked.supplierReference ?? null,
    costPrice: booked.totalPrice,
    totalPrice: booked.totalPrice,
    hotelName: booked.hotelName,
    cancellationDeadline: booked.cancellationDeadline,
  };
}
