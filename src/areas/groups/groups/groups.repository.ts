// SQL of group travel's reads: groups, their passengers, hotels, transport, rooms and room assignments
// (db/tenant/0033_groups.sql). Plain rows out; calendar dates as yyyy-MM-dd text, instants as Date. The writes are
// in groups-write.repository.ts.
import type { Queryable } from '../../../platform/database/connections.js';

export interface GroupRow {
  group_id: number;
  group_name: string;
  arrival_date: string;
  departure_date: string;
  partner_id: number | null;
  partner_name: string | null;
  /** The passengers entered (kept by the database); answered as paxRegistered. */
  pax_count: number;
  /** The size the agency expects, as written; answered as paxCount. */
  pax_expected: number | null;
  status: string;
  notes: string | null;
  created_at: Date;
}

export interface PaxRow {
  pax_id: number;
  group_id: number;
  first_name: string;
  last_name: string;
  gender: string | null;
  date_of_birth: string | null;
  age: number | null;
  nationality: string | null;
  passport_number: string | null;
  passport_expiry: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  emergency_contact: string | null;
  emergency_tel: string | null;
  visa_required: boolean | null;
  visa_status: string | null;
}

export interface HotelRow {
  hotel_id: number;
  group_id: number;
  hotel_name: string;
  hotel_address: string | null;
  check_in: string;
  check_out: string;
  room_count: number | null;
  confirmation_number: string | null;
}

export interface TransportRow {
  transport_id: number;
  group_id: number;
  type: string;
  departure_at: Date;
  arrival_at: Date;
  from_place: string;
  to_place: string;
  flight_number: string | null;
  carrier: string | null;
  vehicle_type: string | null;
  notes: string | null;
}

export interface RoomRow {
  room_id: number;
  hotel_id: number;
  group_id: number;
  room_type: string;
  room_number: string | null;
  capacity: number | null;
}

export interface RoomPaxRow {
  room_pax_id: number;
  room_id: number;
  hotel_id: number;
  group_id: number;
  pax_id: number;
  is_primary: boolean;
}

const groupColumns = (db: Queryable) => db`
  group_id, group_name, arrival_date::text AS arrival_date, departure_date::text AS departure_date, partner_id,
  partner_name, pax_count, pax_expected, status, notes, created_at`;

const paxColumns = (db: Queryable) => db`
  pax_id, group_id, first_name, last_name, gender, date_of_birth::text AS date_of_birth, age, nationality,
  passport_number, passport_expiry::text AS passport_expiry, phone, email, notes, emergency_contact, emergency_tel,
  visa_required, visa_status`;

const hotelColumns = (db: Queryable) => db`
  hotel_id, group_id, hotel_name, hotel_address, check_in::text AS check_in, check_out::text AS check_out,
  room_count, confirmation_number`;

const transportColumns = (db: Queryable) => db`
  transport_id, group_id, type, departure_at, arrival_at, from_place, to_place, flight_number, carrier,
  vehicle_type, notes`;

export async function selectGroup(db: Queryable, groupId: number): Promise<GroupRow | undefined> {
  const [row] = await db<GroupRow[]>`SELECT ${groupColumns(db)} FROM groups WHERE group_id = ${groupId}`;
  return row;
}

export async function groupExists(db: Queryable, groupId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM groups WHERE group_id = ${groupId}`;
  return row !== undefined;
}

export type GroupRecordKind = 'group' | 'pax' | 'hotel' | 'transport' | 'room' | 'roomAssignment';

/** Whether a record of the area exists (each by its primary key). */
export async function groupRecordExists(db: Queryable, kind: GroupRecordKind, id: number): Promise<boolean> {
  const statements = {
    group: () => db`SELECT 1 FROM groups WHERE group_id = ${id}`,
    pax: () => db`SELECT 1 FROM group_pax WHERE pax_id = ${id}`,
    hotel: () => db`SELECT 1 FROM group_hotels WHERE hotel_id = ${id}`,
    transport: () => db`SELECT 1 FROM group_transport WHERE transport_id = ${id}`,
    room: () => db`SELECT 1 FROM group_rooms WHERE room_id = ${id}`,
    roomAssignment: () => db`SELECT 1 FROM group_room_pax WHERE room_pax_id = ${id}`,
  };
  const [row] = await statements[kind]();
  return row !== undefined;
}

/** Groups arriving from `from` to `to` inclusive (tenant dates), optionally one partner's, by arrival then id. */
export function selectGroupsArriving(
  db: Queryable,
  range: { from: string; to: string; partnerId: number | null },
  limit: number,
): Promise<GroupRow[]> {
  const partner = range.partnerId === null ? db`true` : db`partner_id = ${range.partnerId}`;
  return db<GroupRow[]>`
    SELECT ${groupColumns(db)} FROM groups
    WHERE arrival_date BETWEEN ${range.from}::date AND ${range.to}::date AND ${partner}
    ORDER BY arrival_date, group_id LIMIT ${limit}`;
}

/** A group's passengers in the order they were entered. */
export function selectGroupPax(db: Queryable, groupId: number): Promise<PaxRow[]> {
  return db<PaxRow[]>`SELECT ${paxColumns(db)} FROM group_pax WHERE group_id = ${groupId} ORDER BY pax_id`;
}

/** Passengers of every group, newest first (pax/list without a group), at most `limit`. */
export function selectLatestPax(db: Queryable, limit: number): Promise<PaxRow[]> {
  return db<PaxRow[]>`SELECT ${paxColumns(db)} FROM group_pax ORDER BY pax_id DESC LIMIT ${limit}`;
}

export async function selectPax(db: Queryable, paxId: number): Promise<PaxRow | undefined> {
  const [row] = await db<PaxRow[]>`SELECT ${paxColumns(db)} FROM group_pax WHERE pax_id = ${paxId}`;
  return row;
}

/** The passengers of those ids (in no particular order). */
export function selectPaxByIds(db: Queryable, paxIds: readonly number[]): Promise<PaxRow[]> {
  return db<PaxRow[]>`SELECT ${paxColumns(db)} FROM group_pax WHERE pax_id = ANY(${[...paxIds]}::int[])`;
}

/** A group's hotels by check-in date. */
export function selectGroupHotels(db: Queryable, groupId: number): Promise<HotelRow[]> {
  return db<HotelRow[]>`
    SELECT ${hotelColumns(db)} FROM group_hotels WHERE group_id = ${groupId} ORDER BY check_in, hotel_id`;
}

export async function selectHotel(db: Queryable, hotelId: number): Promise<HotelRow | undefined> {
  const [row] = await db<HotelRow[]>`SELECT ${hotelColumns(db)} FROM group_hotels WHERE hotel_id = ${hotelId}`;
  return row;
}

/** A group's transport by departure. */
export function selectGroupTransport(db: Queryable, groupId: number): Promise<TransportRow[]> {
  return db<TransportRow[]>`
    SELECT ${transportColumns(db)} FROM group_transport WHERE group_id = ${groupId}
    ORDER BY departure_at, transport_id`;
}

export async function selectTransport(db: Queryable, transportId: number): Promise<TransportRow | undefined> {
  const [row] = await db<TransportRow[]>`
    SELECT ${transportColumns(db)} FROM group_transport WHERE transport_id = ${transportId}`;
  return row;
}

/** The rooms of every hotel of a group, by hotel then room. */
export function selectGroupRooms(db: Queryable, groupId: number): Promise<RoomRow[]> {
  return db<RoomRow[]>`
    SELECT room_id, hotel_id, group_id, room_type, room_number, capacity FROM group_rooms
    WHERE group_id = ${groupId} ORDER BY hotel_id, room_id`;
}

/** A hotel's rooms. */
export function selectHotelRooms(db: Queryable, hotelId: number): Promise<RoomRow[]> {
  return db<RoomRow[]>`
    SELECT room_id, hotel_id, group_id, room_type, room_number, capacity FROM group_rooms
    WHERE hotel_id = ${hotelId} ORDER BY room_id`;
}

export async function selectRoom(db: Queryable, roomId: number): Promise<RoomRow | undefined> {
  const [row] = await db<RoomRow[]>`
    SELECT room_id, hotel_id, group_id, room_type, room_number, capacity FROM group_rooms WHERE room_id = ${roomId}`;
  return row;
}

/** Every room assignment of a group, by room then assignment. */
export function selectGroupRoomPax(db: Queryable, groupId: number): Promise<RoomPaxRow[]> {
  return db<RoomPaxRow[]>`
    SELECT room_pax_id, room_id, hotel_id, group_id, pax_id, is_primary FROM group_room_pax
    WHERE group_id = ${groupId} ORDER BY room_id, room_pax_id`;
}

export async function selectRoomPax(db: Queryable, roomPaxId: number): Promise<RoomPaxRow | undefined> {
  const [row] = await db<RoomPaxRow[]>`
    SELECT room_pax_id, room_id, hotel_id, group_id, pax_id, is_primary FROM group_room_pax
    WHERE room_pax_id = ${roomPaxId}`;
  return row;
}
