// SQL of the rooms of a group's hotels and who sleeps in them. Lock order: the room, then its assignments (an
// assign and a capacity change of one room queue on the room's row, so neither oversteps the capacity).
import type { Queryable } from '../../../platform/database/connections.js';
import type { RoomPaxRow } from '../groups/index.js';

export interface NewRoom {
  hotelId: number;
  groupId: number;
  roomType: string;
  roomNumber: string | null;
  capacity: number | null;
}

export async function insertRoom(db: Queryable, room: NewRoom): Promise<number> {
  const [row] = await db<{ room_id: number }[]>`
    INSERT INTO group_rooms (hotel_id, group_id, room_type, room_number, capacity)
    VALUES (${room.hotelId}, ${room.groupId}, ${room.roomType}, ${room.roomNumber}, ${room.capacity})
    RETURNING room_id`;
  if (!row) throw new Error('room insert returned no row');
  return row.room_id;
}

export interface LockedRoom {
  hotel_id: number;
  group_id: number;
  capacity: number | null;
  /** How many passengers it holds now. */
  occupants: number;
}

/**
 * The room with its occupants, its row locked until the transaction ends. Counted by a second statement once the
 * lock is held: a statement that waited for the lock still sees the snapshot it began with, so a count in the
 * locking statement would miss the passengers the previous holder of the lock just put in the room.
 */
export async function lockRoom(db: Queryable, roomId: number): Promise<LockedRoom | undefined> {
  const [room] = await db<Omit<LockedRoom, 'occupants'>[]>`
    SELECT hotel_id, group_id, capacity FROM group_rooms WHERE room_id = ${roomId} FOR UPDATE`;
  if (!room) return undefined;
  const [counted] = await db<{ occupants: number }[]>`
    SELECT count(*)::int AS occupants FROM group_room_pax WHERE room_id = ${roomId}`;
  return { ...room, occupants: counted?.occupants ?? 0 };
}

export async function updateRoom(
  db: Queryable,
  roomId: number,
  room: { roomType: string; roomNumber: string | undefined; capacity: number | null },
): Promise<void> {
  await db`
    UPDATE group_rooms
    SET room_type = ${room.roomType}, room_number = COALESCE(${room.roomNumber ?? null}, room_number),
        capacity = ${room.capacity}, updated_at = now()
    WHERE room_id = ${roomId}`;
}

export async function deleteRoom(db: Queryable, roomId: number): Promise<void> {
  await db`DELETE FROM group_rooms WHERE room_id = ${roomId}`;
}

/** The group of a passenger, when it exists. */
export async function paxGroup(db: Queryable, paxId: number): Promise<number | undefined> {
  const [row] = await db<{ group_id: number }[]>`SELECT group_id FROM group_pax WHERE pax_id = ${paxId}`;
  return row?.group_id;
}

/** Where a passenger already sleeps at a hotel (a passenger has one room per hotel). */
export async function roomOfPaxAtHotel(db: Queryable, hotelId: number, paxId: number): Promise<number | undefined> {
  const [row] = await db<{ room_id: number }[]>`
    SELECT room_id FROM group_room_pax WHERE hotel_id = ${hotelId} AND pax_id = ${paxId}`;
  return row?.room_id;
}

export async function roomHasPrimary(db: Queryable, roomId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM group_room_pax WHERE room_id = ${roomId} AND is_primary`;
  return row !== undefined;
}

/** The room's primary guest becomes an ordinary one (another takes the role). */
export async function clearPrimary(db: Queryable, roomId: number): Promise<void> {
  await db`UPDATE group_room_pax SET is_primary = false WHERE room_id = ${roomId} AND is_primary`;
}

/**
 * The passenger in the room; no row when it already sleeps at the room's hotel (the unique key decides, so two
 * assigns of one passenger at once cannot both succeed).
 */
export async function insertRoomPax(
  db: Queryable,
  assignment: { roomId: number; hotelId: number; groupId: number; paxId: number; isPrimary: boolean },
): Promise<RoomPaxRow | undefined> {
  const [row] = await db<RoomPaxRow[]>`
    INSERT INTO group_room_pax (room_id, hotel_id, group_id, pax_id, is_primary)
    VALUES (${assignment.roomId}, ${assignment.hotelId}, ${assignment.groupId}, ${assignment.paxId},
            ${assignment.isPrimary})
    ON CONFLICT ON CONSTRAINT group_room_pax_once_per_hotel DO NOTHING
    RETURNING room_pax_id, room_id, hotel_id, group_id, pax_id, is_primary`;
  return row;
}

export async function deleteRoomPax(db: Queryable, roomPaxId: number): Promise<boolean> {
  const rows = await db`DELETE FROM group_room_pax WHERE room_pax_id = ${roomPaxId} RETURNING 1`;
  return rows.length > 0;
}
