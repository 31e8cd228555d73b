// SQL of loadExpanded: a group and everything of it in one statement (one snapshot, one round trip, whatever the
// group's size). The lists come as JSON text built by PostgreSQL in the answer's own shape (names and order of the
// schemas in group-stays.schemas.ts and groups.schemas.ts), sent on as they are: a 200-passenger group's answer is
// ~130 kB, and parsing it into rows, mapping and serialising it again cost the service three times as much CPU
// (bench `groups`). What the readiness rules read comes beside it as arrays.
import type { Queryable } from '../../platform/database/connections.js';
import type { GroupRow } from './groups.repository.js';

export interface ExpandedGroupRow extends GroupRow {
  /** JSON arrays of Passenger, GroupHotel, Transport, Room and RoomAssignment, in the lists' order. */
  passengers_json: string;
  hotels_json: string;
  transport_json: string;
  rooms_json: string;
  assignments_json: string;
  /**
   * For the readiness rules: the passengers, hotels, transport and assignments, column by column; a missing
   * expiry, confirmation or flight number is '' (a NULL element of a text array did not come back from
   * postgres.js as null, and the readiness warnings went missing).
   */
  pax_ids: number[];
  pax_first_names: string[];
  pax_last_names: string[];
  pax_passport_expiries: string[];
  hotel_ids: number[];
  hotel_names: string[];
  hotel_confirmations: string[];
  transport_ids: number[];
  transport_types: string[];
  transport_froms: string[];
  transport_tos: string[];
  transport_flight_numbers: string[];
  assigned_pax_ids: number[];
  assigned_hotel_ids: number[];
}

/** The group with its lists, or none; instants of the transport in `timezone` (yyyy-MM-ddTHH:mm:ss). */
export async function selectExpandedGroup(
  db: Queryable,
  groupId: number,
  timezone: string,
): Promise<ExpandedGroupRow | undefined> {
  const [row] = await db<ExpandedGroupRow[]>`
    SELECT g.group_id, g.group_name, g.arrival_date::text AS arrival_date, g.departure_date::text AS departure_date,
           g.partner_id, g.partner_name, g.pax_count, g.status, g.notes, g.created_at,
           p.passengers_json, p.pax_ids, p.pax_first_names, p.pax_last_names, p.pax_passport_expiries,
           h.hotels_json, h.hotel_ids, h.hotel_names, h.hotel_confirmations,
           t.transport_json, t.transport_ids, t.transport_types, t.transport_froms, t.transport_tos,
           t.transport_flight_numbers,
           r.rooms_json, a.assignments_json, a.assigned_pax_ids, a.assigned_hotel_ids
    FROM groups g
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object(
               'paxId', pax_id, 'groupId', group_id, 'firstName', first_name, 'lastName', last_name,
               'gender', gender, 'dateOfBirth', date_of_birth, 'age', age, 'nationality', nationality,
               'passportNumber', passport_number, 'passportExpiry', passport_expiry, 'phone', phone, 'email', email,
               'notes', notes, 'emergencyContact', emergency_contact, 'emergencyTel', emergency_tel,
               'visaRequired', visa_required, 'visaStatus', visa_status) ORDER BY pax_id), '[]')::text AS passengers_json,
             coalesce(array_agg(pax_id ORDER BY pax_id), '{}') AS pax_ids,
             coalesce(array_agg(first_name ORDER BY pax_id), '{}') AS pax_first_names,
             coalesce(array_agg(last_name ORDER BY pax_id), '{}') AS pax_last_names,
             coalesce(array_agg(coalesce(passport_expiry::text, '') ORDER BY pax_id), '{}') AS pax_passport_expiries
      FROM group_pax WHERE group_id = g.group_id) p
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object(
               'hotelId', hotel_id, 'groupId', group_id, 'hotelName', hotel_name, 'hotelAddress', hotel_address,
               'checkIn', check_in, 'checkOut', check_out, 'roomCount', room_count,
               'confirmationNumber', confirmation_number) ORDER BY check_in, hotel_id), '[]')::text AS hotels_json,
             coalesce(array_agg(hotel_id ORDER BY check_in, hotel_id), '{}') AS hotel_ids,
             coalesce(array_agg(hotel_name ORDER BY check_in, hotel_id), '{}') AS hotel_names,
             coalesce(array_agg(coalesce(confirmation_number, '') ORDER BY check_in, hotel_id), '{}') AS hotel_confirmations
      FROM group_hotels WHERE group_id = g.group_id) h
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object(
               'transportId', transport_id, 'groupId', group_id, 'type', type,
               'departure', to_char(departure_at AT TIME ZONE ${timezone}::text, 'YYYY-MM-DD"T"HH24:MI:SS'),
               'arrival', to_char(arrival_at AT TIME ZONE ${timezone}::text, 'YYYY-MM-DD"T"HH24:MI:SS'),
               'from', from_place, 'to', to_place, 'flightNumber', flight_number, 'carrier', carrier,
               'vehicleType', vehicle_type, 'notes', notes) ORDER BY departure_at, transport_id), '[]')::text
               AS transport_json,
             coalesce(array_agg(transport_id ORDER BY departure_at, transport_id), '{}') AS transport_ids,
             coalesce(array_agg(type ORDER BY departure_at, transport_id), '{}') AS transport_types,
             coalesce(array_agg(from_place ORDER BY departure_at, transport_id), '{}') AS transport_froms,
             coalesce(array_agg(to_place ORDER BY departure_at, transport_id), '{}') AS transport_tos,
             coalesce(array_agg(coalesce(flight_number, '') ORDER BY departure_at, transport_id), '{}') AS transport_flight_numbers
      FROM group_transport WHERE group_id = g.group_id) t
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object(
               'roomId', room_id, 'hotelId', hotel_id, 'groupId', group_id, 'roomType', room_type,
               'roomNumber', room_number, 'capacity', capacity) ORDER BY hotel_id, room_id), '[]')::text AS rooms_json
      FROM group_rooms WHERE group_id = g.group_id) r
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object(
               'roomPaxId', room_pax_id, 'roomId', room_id, 'hotelId', hotel_id, 'groupId', group_id,
               'paxId', pax_id, 'isPrimary', is_primary) ORDER BY room_id, room_pax_id), '[]')::text
               AS assignments_json,
             coalesce(array_agg(pax_id), '{}') AS assigned_pax_ids,
             coalesce(array_agg(hotel_id), '{}') AS assigned_hotel_ids
      FROM group_room_pax WHERE group_id = g.group_id) a
    WHERE g.group_id = ${groupId}`;
  return row;
}
