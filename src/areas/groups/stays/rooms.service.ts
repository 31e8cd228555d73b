// Rooms of a group's hotels and who sleeps in them (contract §7.5): a room holds at most its capacity, a passenger
// sleeps in one room per hotel, and only in rooms of its own group. A room is deleted only when empty.
import { withTransaction } from '../../../platform/database/transaction.js';
import { ApiError, ErrorCode, notFound } from '../../../platform/http/errors.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { AssignRoomRequest, Room, RoomAssignment, WriteRoomRequest } from '../groups/index.js';
import { groupReads as reads } from '../groups/index.js';
import { roomCapacity, roomHasSpace } from '../groups/index.js';
import { toRoom, toRoomAssignment } from '../groups/index.js';
import * as repo from './rooms.repository.js';

const invalidState = (message: string) => new ApiError(ErrorCode.INVALID_STATE, message);

export async function listRooms(ctx: TenantContext, hotelId: number): Promise<Room[]> {
  const [hotel, rows] = await Promise.all([
    reads.selectHotel(ctx.db, hotelId),
    reads.selectHotelRooms(ctx.db, hotelId),
  ]);
  if (!hotel) throw notFound('Hotel');
  return rows.map(toRoom);
}

/** A new room of the hotel, or an update of one (its type, number if given, and capacity). */
export async function writeRoom(ctx: TenantContext, input: WriteRoomRequest): Promise<Room> {
  const capacity = roomCapacity(input.roomType, input.capacity);
  const roomId = await withTransaction(ctx, async (tx) => {
    if (input.roomId === undefined) {
      const hotel = await reads.selectHotel(tx, input.hotelId);
      if (!hotel) throw notFound('Hotel');
      const room = { hotelId: hotel.hotel_id, groupId: hotel.group_id, roomType: input.roomType, capacity };
      return repo.insertRoom(tx, { ...room, roomNumber: input.roomNumber ?? null });
    }
    const room = await repo.lockRoom(tx, input.roomId);
    if (!room) throw notFound('Room');
    if (room.hotel_id !== input.hotelId) {
      throw invalidState(`Room ${input.roomId} is a room of hotel ${room.hotel_id}, not ${input.hotelId}`);
    }
    if (capacity !== null && capacity < room.occupants) {
      throw invalidState(`Room ${input.roomId} holds ${room.occupants} passengers: its capacity cannot be ${capacity}`);
    }
    await repo.updateRoom(tx, input.roomId, { roomType: input.roomType, roomNumber: input.roomNumber, capacity });
    return input.roomId;
  });
  const row = await reads.selectRoom(ctx.db, roomId);
  if (!row) throw notFound('Room');
  return toRoom(row);
}

/** Deletes an empty room; one that passengers sleep in is refused (contract §7.1: unassign them first). */
export async function deleteRoom(ctx: TenantContext, roomId: number): Promise<boolean> {
  await withTransaction(ctx, async (tx) => {
    const room = await repo.lockRoom(tx, roomId);
    if (!room) throw notFound('Room');
    if (room.occupants > 0) {
      throw invalidState(`Room ${roomId} has ${room.occupants} room assignments: unassign its passengers first`);
    }
    await repo.deleteRoom(tx, roomId);
  });
  return true;
}

/**
 * Puts a passenger of the room's group in the room. The room's row is locked first, so concurrent assigns to it
 * count its occupants one after the other; a passenger already sleeping at the hotel is refused by the unique key.
 */
export async function assignRoom(ctx: TenantContext, input: AssignRoomRequest): Promise<RoomAssignment> {
  return withTransaction(ctx, async (tx) => {
    const room = await repo.lockRoom(tx, input.roomId);
    if (!room) throw notFound('Room');
    const paxGroup = await repo.paxGroup(tx, input.paxId);
    if (paxGroup === undefined) throw notFound('Passenger');
    if (paxGroup !== room.group_id) {
      throw invalidState(`Passenger ${input.paxId} is not of group ${room.group_id}, whose room this is`);
    }
    if (!roomHasSpace(room.capacity, room.occupants)) {
      throw invalidState(`Room ${input.roomId} is full (capacity ${room.capacity})`);
    }
    const isPrimary = input.isPrimary ?? !(await repo.roomHasPrimary(tx, input.roomId));
    if (isPrimary) await repo.clearPrimary(tx, input.roomId);
    const assignment = { roomId: input.roomId, hotelId: room.hotel_id, groupId: room.group_id, paxId: input.paxId };
    const row = await repo.insertRoomPax(tx, { ...assignment, isPrimary });
    if (!row) {
      const where = await repo.roomOfPaxAtHotel(tx, room.hotel_id, input.paxId);
      throw invalidState(`Passenger ${input.paxId} already has room ${where ?? '?'} at this hotel`);
    }
    return toRoomAssignment(row);
  });
}

export async function unassignRoom(ctx: TenantContext, roomPaxId: number): Promise<boolean> {
  if (!(await repo.deleteRoomPax(ctx.db, roomPaxId))) throw notFound('Room assignment');
  return true;
}
