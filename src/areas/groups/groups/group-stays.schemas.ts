// Request and answer schemas of a group's hotels, transport, rooms and room assignments (/groups/hotel/*,
// /groups/transport/*, /groups/room/*; spec part 2, contract §7.5), and of loadExpanded, which carries them all.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../../platform/http/schema.js';
import { LIMITS, TRANSPORT_TYPES, type TransportType } from './groups.rules.js';
import { enumOf, Group, Id, Passenger, ReadinessWarning, Text } from './groups.schemas.js';

// Contract §6: a field the specification types as datetime accepts yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss (the date a
// format of its own, so a bad one is answered "must match format date", and a real calendar date is checked).
const DateOrDateTime = (description: string) =>
  Type.Union(
    [Type.String({ format: 'date' }), Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2})?$' })],
    { description: `${description} (yyyy-MM-dd or yyyy-MM-ddTHH:mm:ss, tenant time)` },
  );

export const GroupHotel = Type.Object({
  hotelId: Type.Integer(),
  groupId: Type.Integer(),
  hotelName: Type.String(),
  hotelAddress: Nullable(Type.String()),
  checkIn: Type.String({ description: 'yyyy-MM-dd' }),
  checkOut: Type.String({ description: 'yyyy-MM-dd' }),
  roomCount: Nullable(Type.Integer()),
  confirmationNumber: Nullable(Type.String({ description: "The hotel's booking confirmation (none: a warning)" })),
});
export type GroupHotel = Static<typeof GroupHotel>;

export const WriteHotelRequest = Type.Object({
  hotelId: Type.Optional(Id('Given: the hotel to update (NOTFOUND if none); absent: a new one')),
  groupId: Id('The group (an update may not move the hotel to another: INVALID_STATE)'),
  hotelName: Text(LIMITS.names),
  checkIn: DateOrDateTime('Check-in day (a time given is not kept)'),
  checkOut: DateOrDateTime('Check-out day, not before checkIn'),
  hotelAddress: Type.Optional(Text(500)),
  roomCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  confirmationNumber: Type.Optional(Text(100)),
});
export type WriteHotelRequest = Static<typeof WriteHotelRequest>;

export const Transport = Type.Object({
  transportId: Type.Integer(),
  groupId: Type.Integer(),
  type: enumOf<TransportType>(TRANSPORT_TYPES, TRANSPORT_TYPES.join(', ')),
  departure: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" }),
  arrival: Type.String({ description: "yyyy-MM-dd'T'HH:mm:ss, tenant time" }),
  from: Type.String(),
  to: Type.String(),
  flightNumber: Nullable(Type.String()),
  carrier: Nullable(Type.String()),
  vehicleType: Nullable(Type.String()),
  notes: Nullable(Type.String()),
});
export type Transport = Static<typeof Transport>;

export const WriteTransportRequest = Type.Object({
  transportId: Type.Optional(Id('Given: the entry to update (NOTFOUND if none); absent: a new one')),
  groupId: Id('The group (an update may not move the entry to another: INVALID_STATE)'),
  type: enumOf<TransportType>(TRANSPORT_TYPES, TRANSPORT_TYPES.join(', ')),
  departure: DateOrDateTime('Departure'),
  arrival: DateOrDateTime('Arrival, not before departure'),
  from: Text(LIMITS.names),
  to: Text(LIMITS.names),
  flightNumber: Type.Optional(Text(20, 'A FLIGHT without one is a readiness warning')),
  carrier: Type.Optional(Text(100)),
  vehicleType: Type.Optional(Text(100)),
  notes: Type.Optional(Text(LIMITS.notes)),
});
export type WriteTransportRequest = Static<typeof WriteTransportRequest>;

export const HotelIdRequest = Type.Object({ hotelId: Id("The group's hotel") });

export const Room = Type.Object({
  roomId: Type.Integer(),
  hotelId: Type.Integer(),
  groupId: Type.Integer(),
  roomType: Type.String(),
  roomNumber: Nullable(Type.String()),
  capacity: Nullable(Type.Integer({ description: 'How many passengers fit; null: no limit' })),
});
export type Room = Static<typeof Room>;

export const WriteRoomRequest = Type.Object({
  roomId: Type.Optional(Id('Given: the room to update (NOTFOUND if none); absent: a new room')),
  hotelId: Id("The group's hotel (an update may not move the room to another: INVALID_STATE)"),
  roomType: Text(50, 'e.g. SGL, DBL, TWN, TRP, QUAD (which give the capacity when none is given), SUITE'),
  roomNumber: Type.Optional(Text(20)),
  capacity: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 50,
      description:
        "Absent: the room type's (SGL 1, DBL/TWN 2, TRP 3, QUAD 4), else no limit; below the occupants: INVALID_STATE",
    }),
  ),
});
export type WriteRoomRequest = Static<typeof WriteRoomRequest>;

export const RoomIdRequest = Type.Object({ roomId: Id('The room') });

export const RoomAssignment = Type.Object({
  roomPaxId: Type.Integer(),
  roomId: Type.Integer(),
  hotelId: Type.Integer(),
  groupId: Type.Integer(),
  paxId: Type.Integer(),
  isPrimary: Type.Boolean({ description: 'The guest the hotel registers the room to (one per room)' }),
});
export type RoomAssignment = Static<typeof RoomAssignment>;

export const AssignRoomRequest = Type.Object({
  roomId: Id('The room'),
  paxId: Id("A passenger of the room's group"),
  isPrimary: Type.Optional(
    Type.Boolean({
      description:
        "Absent: true when the room has no primary guest yet; true takes the role from the room's current one",
    }),
  ),
});
export type AssignRoomRequest = Static<typeof AssignRoomRequest>;

export const UnassignRoomRequest = Type.Object({ roomPaxId: Id('The room assignment') });

export const ExpandedGroup = Type.Object({
  group: Group,
  passengers: Type.Array(Passenger, { description: 'In the order they were entered' }),
  hotels: Type.Array(GroupHotel, { description: 'By check-in' }),
  transport: Type.Array(Transport, { description: 'By departure' }),
  rooms: Type.Array(Room, { description: 'By hotel, then room' }),
  roomAssignments: Type.Array(RoomAssignment, { description: 'By room' }),
  readiness: Type.Array(ReadinessWarning, {
    description:
      'What to settle before the group travels: hotels without a confirmation number, passengers without a room ' +
      'at a hotel, passports expiring within six months of departure, flights without a flight number',
  }),
});
export type ExpandedGroup = Static<typeof ExpandedGroup>;
