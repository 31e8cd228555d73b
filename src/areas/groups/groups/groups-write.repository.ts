// SQL of group travel's writes: groups, passengers, hotels and transport (rooms: rooms.repository.ts). A write
// names its columns as in the table; an update sets the columns given and keeps the others.
import type { Queryable } from '../../../platform/database/connections.js';

type Value = string | number | boolean | Date | null;

/** The columns given (undefined: not given, kept by an update). */
function given<T extends Record<string, Value | undefined>>(columns: T): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [name, value] of Object.entries(columns)) if (value !== undefined) out[name] = value;
  return out;
}

export interface GroupColumns {
  group_name: string;
  arrival_date: string;
  departure_date: string;
  partner_id?: number;
  partner_name?: string;
  pax_expected?: number;
  status?: string;
  notes?: string;
}

export async function insertGroup(db: Queryable, columns: GroupColumns, createdBy: number | null): Promise<number> {
  const [row] = await db<{ group_id: number }[]>`
    INSERT INTO groups ${db({ ...given({ ...columns }), created_by: createdBy })} RETURNING group_id`;
  if (!row) throw new Error('group insert returned no row');
  return row.group_id;
}

/** The group's status, its row locked until the transaction ends (a status move reads, then writes it). */
export async function lockGroupStatus(db: Queryable, groupId: number): Promise<string | undefined> {
  const [row] = await db<{ status: string }[]>`SELECT status FROM groups WHERE group_id = ${groupId} FOR UPDATE`;
  return row?.status;
}

export async function updateGroup(db: Queryable, groupId: number, columns: GroupColumns): Promise<void> {
  await db`UPDATE groups SET ${db({ ...given({ ...columns }), updated_at: new Date() })} WHERE group_id = ${groupId}`;
}

export interface PaxColumns {
  group_id?: number;
  first_name?: string;
  last_name?: string;
  gender?: string;
  date_of_birth?: string;
  age?: number;
  nationality?: string;
  passport_number?: string;
  passport_expiry?: string;
  phone?: string;
  email?: string;
  notes?: string;
  emergency_contact?: string;
  emergency_tel?: string;
  visa_required?: boolean;
  visa_status?: string;
}

/** A new passenger; the group's paxCount follows (the table's trigger). */
export async function insertPax(
  db: Queryable,
  columns: PaxColumns & { group_id: number; first_name: string; last_name: string },
): Promise<number> {
  const [row] = await db<{ pax_id: number }[]>`INSERT INTO group_pax ${db(given({ ...columns }))} RETURNING pax_id`;
  if (!row) throw new Error('passenger insert returned no row');
  return row.pax_id;
}

/** The passenger's group, its row locked until the transaction ends (an update checks it, then writes). */
export async function lockPaxGroup(db: Queryable, paxId: number): Promise<number | undefined> {
  const [row] = await db<{ group_id: number }[]>`SELECT group_id FROM group_pax WHERE pax_id = ${paxId} FOR UPDATE`;
  return row?.group_id;
}

export async function updatePax(db: Queryable, paxId: number, columns: PaxColumns): Promise<void> {
  await db`UPDATE group_pax SET ${db({ ...given({ ...columns }), updated_at: new Date() })} WHERE pax_id = ${paxId}`;
}

export interface HotelColumns {
  group_id: number;
  hotel_name: string;
  check_in: string;
  check_out: string;
  hotel_address?: string;
  room_count?: number;
  confirmation_number?: string;
}

export async function insertHotel(db: Queryable, columns: HotelColumns): Promise<number> {
  const [row] = await db<{ hotel_id: number }[]>`
    INSERT INTO group_hotels ${db(given({ ...columns }))} RETURNING hotel_id`;
  if (!row) throw new Error('hotel insert returned no row');
  return row.hotel_id;
}

/** The hotel's group, its row locked until the transaction ends. */
export async function lockHotelGroup(db: Queryable, hotelId: number): Promise<number | undefined> {
  const [row] = await db<{ group_id: number }[]>`
    SELECT group_id FROM group_hotels WHERE hotel_id = ${hotelId} FOR UPDATE`;
  return row?.group_id;
}

export async function updateHotel(db: Queryable, hotelId: number, columns: HotelColumns): Promise<void> {
  await db`
    UPDATE group_hotels SET ${db({ ...given({ ...columns }), updated_at: new Date() })} WHERE hotel_id = ${hotelId}`;
}

export interface TransportColumns {
  group_id: number;
  type: string;
  departure_at: Date;
  arrival_at: Date;
  from_place: string;
  to_place: string;
  flight_number?: string;
  carrier?: string;
  vehicle_type?: string;
  notes?: string;
}

export async function insertTransport(db: Queryable, columns: TransportColumns): Promise<number> {
  const [row] = await db<{ transport_id: number }[]>`
    INSERT INTO group_transport ${db(given({ ...columns }))} RETURNING transport_id`;
  if (!row) throw new Error('transport insert returned no row');
  return row.transport_id;
}

/** The transport entry's group, its row locked until the transaction ends. */
export async function lockTransportGroup(db: Queryable, transportId: number): Promise<number | undefined> {
  const [row] = await db<{ group_id: number }[]>`
    SELECT group_id FROM group_transport WHERE transport_id = ${transportId} FOR UPDATE`;
  return row?.group_id;
}

export async function updateTransport(db: Queryable, transportId: number, columns: TransportColumns): Promise<void> {
  await db`
    UPDATE group_transport SET ${db({ ...given({ ...columns }), updated_at: new Date() })}
    WHERE transport_id = ${transportId}`;
}
