// Group travel's rows as the API shows them: camelCase, calendar dates as stored (yyyy-MM-dd), instants in the
// tenant's timezone; and the rows a readiness check reads.
import { formatDateTime } from '../../../platform/time.js';
import type { ExpandedGroupRow } from './group-expanded.repository.js';
import type { GroupHotel, Room, RoomAssignment, Transport } from './group-stays.schemas.js';
import type { GroupRow, HotelRow, PaxRow, RoomPaxRow, RoomRow, TransportRow } from './groups.repository.js';
import {
  GROUP_STATUSES,
  type GroupStatus,
  type ReadinessInput,
  TRANSPORT_TYPES,
  type TransportType,
} from './groups.rules.js';
import type { Group, Passenger } from './groups.schemas.js';

export function toGroup(row: GroupRow, timezone: string): Group {
  return {
    groupId: row.group_id,
    groupName: row.group_name,
    arrivalDate: row.arrival_date,
    departureDate: row.departure_date,
    partnerId: row.partner_id,
    partnerName: row.partner_name,
    paxCount: row.pax_expected,
    paxRegistered: row.pax_count,
    status: statusOf(row.status),
    notes: row.notes,
    createdDate: formatDateTime(row.created_at, timezone),
  };
}

export function toPassenger(row: PaxRow): Passenger {
  return {
    paxId: row.pax_id,
    groupId: row.group_id,
    firstName: row.first_name,
    lastName: row.last_name,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    age: row.age,
    nationality: row.nationality,
    passportNumber: row.passport_number,
    passportExpiry: row.passport_expiry,
    phone: row.phone,
    email: row.email,
    notes: row.notes,
    emergencyContact: row.emergency_contact,
    emergencyTel: row.emergency_tel,
    visaRequired: row.visa_required,
    visaStatus: row.visa_status,
  };
}

export function toGroupHotel(row: HotelRow): GroupHotel {
  return {
    hotelId: row.hotel_id,
    groupId: row.group_id,
    hotelName: row.hotel_name,
    hotelAddress: row.hotel_address,
    checkIn: row.check_in,
    checkOut: row.check_out,
    roomCount: row.room_count,
    confirmationNumber: row.confirmation_number,
  };
}

export function toTransport(row: TransportRow, timezone: string): Transport {
  return {
    transportId: row.transport_id,
    groupId: row.group_id,
    type: transportTypeOf(row.type),
    departure: formatDateTime(row.departure_at, timezone),
    arrival: formatDateTime(row.arrival_at, timezone),
    from: row.from_place,
    to: row.to_place,
    flightNumber: row.flight_number,
    carrier: row.carrier,
    vehicleType: row.vehicle_type,
    notes: row.notes,
  };
}

export function toRoom(row: RoomRow): Room {
  return {
    roomId: row.room_id,
    hotelId: row.hotel_id,
    groupId: row.group_id,
    roomType: row.room_type,
    roomNumber: row.room_number,
    capacity: row.capacity,
  };
}

export function toRoomAssignment(row: RoomPaxRow): RoomAssignment {
  return {
    roomPaxId: row.room_pax_id,
    roomId: row.room_id,
    hotelId: row.hotel_id,
    groupId: row.group_id,
    paxId: row.pax_id,
    isPrimary: row.is_primary,
  };
}

/** What the readiness rules read of a group's rows. */
export function readinessInputOf(rows: {
  group: Pick<GroupRow, 'departure_date'>;
  passengers: readonly PaxRow[];
  hotels: readonly HotelRow[];
  transport: readonly TransportRow[];
  assignments: readonly RoomPaxRow[];
}): ReadinessInput {
  return {
    departureDate: rows.group.departure_date,
    passengers: rows.passengers.map((pax) => ({
      paxId: pax.pax_id,
      firstName: pax.first_name,
      lastName: pax.last_name,
      passportExpiry: pax.passport_expiry,
    })),
    hotels: rows.hotels.map((hotel) => ({
      hotelId: hotel.hotel_id,
      hotelName: hotel.hotel_name,
      confirmationNumber: hotel.confirmation_number,
    })),
    transport: rows.transport.map((leg) => ({
      transportId: leg.transport_id,
      type: leg.type,
      from: leg.from_place,
      to: leg.to_place,
      flightNumber: leg.flight_number,
    })),
    assignments: rows.assignments.map((a) => ({ paxId: a.pax_id, hotelId: a.hotel_id })),
  };
}

/** What the readiness rules read of loadExpanded's row (its lists column by column, in the lists' order). */
export function expandedReadinessInput(row: ExpandedGroupRow): ReadinessInput {
  return {
    departureDate: row.departure_date,
    passengers: row.pax_ids.map((paxId, i) => ({
      paxId,
      firstName: row.pax_first_names[i] ?? '',
      lastName: row.pax_last_names[i] ?? '',
      passportExpiry: row.pax_passport_expiries[i] || null,
    })),
    hotels: row.hotel_ids.map((hotelId, i) => ({
      hotelId,
      hotelName: row.hotel_names[i] ?? '',
      confirmationNumber: row.hotel_confirmations[i] || null,
    })),
    transport: row.transport_ids.map((transportId, i) => ({
      transportId,
      type: row.transport_types[i] ?? '',
      from: row.transport_froms[i] ?? '',
      to: row.transport_tos[i] ?? '',
      flightNumber: row.transport_flight_numbers[i] || null,
    })),
    assignments: row.assigned_pax_ids.map((paxId, i) => ({ paxId, hotelId: row.assigned_hotel_ids[i] ?? 0 })),
  };
}

// The table's CHECK constraints hold these columns to the value sets; an unknown value would be a bug.
function statusOf(value: string): GroupStatus {
  return isOneOf(value, GROUP_STATUSES);
}

function transportTypeOf(value: string): TransportType {
  return isOneOf(value, TRANSPORT_TYPES);
}

function isOneOf<T extends string>(value: string, values: readonly T[]): T {
  const found = values.find((known) => known === value);
  if (found === undefined) throw new Error(`unexpected stored value ${value}`);
  return found;
}
