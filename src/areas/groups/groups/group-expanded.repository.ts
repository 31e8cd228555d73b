// SQL of loadExpanded: a group and everything of it in one statement (one snapshot, one round trip, whatever the
// group's size). The lists come as JSON text built by PostgreSQL in the answer's own shape (names and order of the
// schemas in group-stays.schemas.ts and groups.schemas.ts), sent on as they are: a 200-passenger group's answer is
// ~130 kB, and parsing it into rows, mapping and serialising it again cost the service three times as much CPU
// (bench `groups`). What the readiness rules read comes beside it as arrays.
import type { Queryable } from '../../../platform/database/connections.js';
import type { GroupRow } from './groups.repository.js';

export interface ExpandedGroupRow extends GroupRow {
  /** groups.version when the statement read it (bigint as text). */
  version: string;
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
  // Each list is aggregated from a subquery already in the list's order (aggregates read their input in that
  // order), its columns named as the answer's fields: json_agg of whole rows costs PostgreSQL less than half of
  // json_build_object per row, which looks up every argument's type again for each row.
  const [row] = await db<ExpandedGroupRow[]>`
    SELECT g.group_id, g.group_name, g.arrival_date::text AS arrival_date, g.departure_date::text AS departure_date,
           g.partner_id, g.partner_name, g.pax_count, g.pax_expected, g.status, g.notes, g.created_at, g.version::text AS version,
           p.passengers_json, p.pax_ids, p.pax_first_names, p.pax_last_names, p.pax_passport_expiries,
           h.hotels_json, h.hotel_ids, h.hotel_names, h.hotel_confirmations,
           t.transport_json, t.transport_ids, t.transport_types, t.transport_froms, t.transport_tos,
           t.transport_flight_numbers,
           r.rooms_json, a.assignments_json, a.assigned_pax_ids, a.assigned_hotel_ids
    FROM groups g
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x), '[]')::text AS passengers_json,
             coalesce(array_agg(x."paxId"), '{}') AS pax_ids,
             coalesce(array_agg(x."firstName"), '{}') AS pax_first_names,
             coalesce(array_agg(x."lastName"), '{}') AS pax_last_names,
             coalesce(array_agg(coalesce(x."passportExpiry"::text, '')), '{}') AS pax_passport_expiries
      FROM (SELECT pax_id AS "paxId", group_id AS "groupId", first_name AS "firstName", last_name AS "lastName",
                   gender, date_of_birth AS "dateOfBirth", age, nationality, passport_number AS "passportNumber",
                   passport_expiry AS "passportExpiry", phone, email, notes, emergency_contact AS "emergencyContact",
                   emergency_tel AS "emergencyTel", visa_required AS "visaRequired", visa_status AS "visaStatus"
            FROM group_pax WHERE group_id = g.group_id ORDER BY pax_id) x) p
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x), '[]')::text AS hotels_json,
             coalesce(array_agg(x."hotelId"), '{}') AS hotel_ids,
             coalesce(array_agg(x."hotelName"), '{}') AS hotel_names,
             coalesce(array_agg(coalesce(x."confirmationNumber", '')), '{}') AS hotel_confirmations
      FROM (SELECT hotel_id AS "hotelId", group_id AS "groupId", hotel_name AS "hotelName",
                   hotel_address AS "hotelAddress", check_in AS "checkIn", check_out AS "checkOut",
                   room_count AS "roomCount", confirmation_number AS "confirmationNumber"
            FROM group_hotels WHERE group_id = g.group_id ORDER BY check_in, hotel_id) x) h
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x), '[]')::text AS transport_json,
             coalesce(array_agg(x."transportId"), '{}') AS transport_ids,
             coalesce(array_agg(x.type), '{}') AS transport_types,
             coalesce(array_agg(x."from"), '{}') AS transport_froms,
             coalesce(array_agg(x."to"), '{}') AS transport_tos,
             coalesce(array_agg(coalesce(x."flightNumber", '')), '{}') AS transport_flight_numbers
      FROM (SELECT transport_id AS "transportId", group_id AS "groupId", type,
                   to_char(departure_at AT TIME ZONE ${timezone}::text, 'YYYY-MM-DD"T"HH24:MI:SS') AS departure,
                   to_char(arrival_at AT TIME ZONE ${timezone}::text, 'YYYY-MM-DD"T"HH24:MI:SS') AS arrival,
                   from_place AS "from", to_place AS "to", flight_number AS "flightNumber", carrier,
                   vehicle_type AS "vehicleType", notes
            FROM group_transport WHERE group_id = g.group_id ORDER BY departure_at, transport_id) x) t
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x), '[]')::text AS rooms_json
      FROM (SELECT room_id AS "roomId", hotel_id AS "hotelId", group_id AS "groupId", room_type AS "roomType",
                   room_number AS "roomNumber", capacity
            FROM group_rooms WHERE group_id = g.group_id ORDER BY hotel_id, room_id) x) r
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(x), '[]')::text AS assignments_json,
             coalesce(array_agg(x."paxId"), '{}') AS assigned_pax_ids,
             coalesce(array_agg(x."hotelId"), '{}') AS assigned_hotel_ids
      FROM (SELECT room_pax_id AS "roomPaxId", room_id AS "roomId", hotel_id AS "hotelId", group_id AS "groupId",
                   pax_id AS "paxId", is_primary AS "isPrimary"
            FROM group_room_pax WHERE group_id = g.group_id ORDER BY room_id, room_pax_id) x) a
    WHERE g.group_id = ${groupId}`;
  return row;
}

/** The group's version (bigint as text), which changes with every change of the group or of anything of it. */
export async function selectGroupVersion(db: Queryable, groupId: number): Promise<string | undefined> {
  const [row] = await db<
    { version: string }[]
  >`SELECT version::text AS version FROM groups WHERE group_id = ${groupId}`;
  return row?.version;
}
