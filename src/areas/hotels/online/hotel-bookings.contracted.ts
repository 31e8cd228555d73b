// Booking a contracted room: the room priced now by the contracted search (same rules as the search answered), then
// in one transaction one room of every night taken from the calendar (all or none: takeContractedRoom's one
// conditional statement, so two bookings cannot take the last room twice) and the booking written. A room sold on
// request is booked ON_REQUEST; a cancellation gives the nights back in the same transaction as its status.
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, invalidFormat, missingParameter } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import { minorToDecimalString, toMinor } from '../../../platform/money.js';
import { formatDate } from '../../../platform/time.js';
import { stayOf, releaseContractedRoom, searchContracted, takeContractedRoom } from '../search/index.js';
import {
  type HotelBookingRow,
  insertPendingBooking,
  type NewHotelBooking,
  recordSupplierBooking,
  updateStatus,
} from './hotel-bookings.repository.js';
import { guestsOf, newClientReference } from './hotel-bookings.online.js';
import type { BookRequest } from './online.schemas.js';

const decimal = (amount: number, currency: string) => minorToDecimalString(toMinor(amount, currency), currency);

/** The room priced now for the stay and party, as the search would answer it; INVALID_STATE when it cannot be sold. */
async function pricedRoom(ctx: TenantContext, input: BookRequest) {
  const roomId = input.roomId;
  if (roomId === undefined) throw missingParameter('roomId');
  const [party, ...others] = input.rooms;
  if (!party || others.length > 0) throw invalidFormat('rooms', 'must hold one room for a contracted booking');
  const stay = stayOf(input.checkin, input.checkout, formatDate(ctx.now, ctx.tenant.timezone));
  const market = (input.market ?? ctx.tenant.market).toUpperCase();
  const childAges = (party.children ?? []).map((child) => child.age);
  const [result] = await searchContracted(ctx, {
    stay,
    adults: party.adults.length,
    children: childAges.length,
    childAges,
    ...(input.meals ? { meals: input.meals } : {}),
    market,
    roomId,
    withCost: true,
  });
  const priced = result?.rooms[0];
  if (!result || !priced) {
    throw new ApiError(
      ErrorCode.INVALID_STATE,
      'The room cannot be sold for this stay and party (calendar, stay rules)',
    );
  }
  return { hotel: result.hotel, priced, stay, market, roomId, adults: party.adults.length, children: childAges.length };
}

type PricedRoom = Awaited<ReturnType<typeof pricedRoom>>;

function contractedBooking(ctx: TenantContext, input: BookRequest, room: PricedRoom): NewHotelBooking {
  const { currency } = room.priced;
  return {
    clientReference: newClientReference(),
    mode: 'contracted',
    supplier: null,
    offerCode: null,
    hotelId: room.hotel.hotelId,
    roomId: room.roomId,
    market: room.market,
    hotelCode: null,
    hotelName: room.hotel.name,
    roomName: room.priced.roomName,
    cityCode: null,
    roomBasis: room.priced.mealPlan,
    checkIn: room.stay.checkin,
    checkOut: room.stay.checkout,
    rooms: 1,
    adults: room.adults,
    children: room.children,
    guests: guestsOf(input.rooms),
    customerId: input.customerId ?? null,
    contactEmail: input.contactEmail ?? null,
    contactPhone: input.contactPhone ?? null,
    currency,
    totalPrice: decimal(room.priced.totalPrice, currency),
    costPrice: decimal(room.priced.costPrice ?? room.priced.totalPrice, currency),
    cancellationDeadline: null,
    remarks: input.remarks ?? null,
    createdBy: ctx.session?.userId ?? null,
  };
}

export async function bookContracted(ctx: TenantContext, input: BookRequest): Promise<HotelBookingRow> {
  const room = await pricedRoom(ctx, input);
  const booking = contractedBooking(ctx, input, room);
  const nights = { roomId: room.roomId, market: room.market, checkin: room.stay.checkin, checkout: room.stay.checkout };
  return withTransaction(ctx, async (tx) => {
    if (!(await takeContractedRoom(tx, nights))) {
      throw new ApiError(ErrorCode.INVALID_STATE, 'The room is sold out on some night of the stay');
    }
    const row = await insertPendingBooking(tx, booking, ctx.now);
    const outcome = {
      // a room sold on request only (no room left that night, or inside the release days) waits for the hotel
      status: room.priced.available ? ('CONFIRMED' as const) : ('ON_REQUEST' as const),
      supplierBookingCode: null,
      supplierReference: null,
      costPrice: booking.costPrice,
      totalPrice: null,
      hotelName: null,
      cancellationDeadline: null,
    };
    const booked = await recordSupplierBooking(tx, row.hotel_booking_id, outcome, ctx.now);
    if (!booked) throw new Error('a booking just written was not PENDING');
    return booked;
  });
}

/** CONFIRMED or ON_REQUEST → CANCELLED with the room's nights given back; undefined when it was not open. */
export async function cancelContracted(ctx: TenantContext, row: HotelBookingRow): Promise<HotelBookingRow | undefined> {
  const { room_id: roomId, market } = row;
  if (roomId === null || market === null) throw new Error('a contracted booking without its room');
  return withTransaction(ctx, async (tx) => {
    const cancelled = await updateStatus(tx, row.hotel_booking_id, 'CANCELLED', ctx.now);
    if (cancelled) await releaseContractedRoom(tx, { roomId, market, checkin: row.check_in, checkout: row.check_out });
    return cancelled;
  });
}
