// /groups/*: groups, passengers, group hotels, transport, rooms and room assignments (employees only, contract §3;
// §7.5). Spreadsheets in and out are in sheets/group-sheets.operations.ts.
import { Type } from '@sinclair/typebox';
import { Allow } from '../../platform/auth/roles.js';
import { type OperationDeclaration, operation } from '../../platform/http/operation.js';
import {
  AssignRoomRequest,
  ExpandedGroup,
  GroupHotel,
  HotelIdRequest,
  Room,
  RoomAssignment,
  RoomIdRequest,
  Transport,
  UnassignRoomRequest,
  WriteHotelRequest,
  WriteRoomRequest,
  WriteTransportRequest,
} from './groups/index.js';
import { rooms, stays } from './stays/index.js';
import type { GroupService } from './groups/index.js';
import { LIMITS } from './groups/index.js';
import {
  Group,
  GroupIdRequest,
  ListGroupsRequest,
  ListPaxRequest,
  Passenger,
  PaxIdRequest,
  WriteGroupRequest,
  WritePaxRequest,
} from './groups/index.js';
import { listPax, readPax, writePax } from './groups/index.js';

const forEmployees = { allow: Allow.employees, tags: ['groups'], methods: ['POST'] } as const;

const writeGroup = (groups: GroupService) =>
  operation({
    ...forEmployees,
    path: '/groups/group/write',
    summary: 'Create a group (status PENDING unless given), or update one (groupId): the fields given',
    description:
      'partnerId names a customer record (NOTFOUND if none); its name is kept as partnerName. paxCount is the ' +
      'expected size as written (kept on an update without it); paxRegistered counts the passengers entered. ' +
      "A status move the group's status does not allow answers INVALID_STATE; departureDate before arrivalDate " +
      'INVALID_FORMAT.',
    input: WriteGroupRequest,
    records: { groupId: 'group', partnerId: 'customer' },
    response: Group,
    handler: (ctx, input) => groups.write(ctx, input),
  });

const listGroups = (groups: GroupService) =>
  operation({
    ...forEmployees,
    path: '/groups/group/list',
    summary: `Groups arriving from arrivalFrom to arrivalTo inclusive, optionally one partner's, by arrival (at most ${LIMITS.listRows})`,
    input: ListGroupsRequest,
    records: { partnerId: 'customer' },
    response: Type.Array(Group),
    handler: (ctx, input) => groups.list(ctx, input),
  });

const loadExpandedGroup = (groups: GroupService) =>
  operation({
    ...forEmployees,
    path: '/groups/group/loadExpanded',
    summary: 'A group with its passengers, hotels, transport, rooms, room assignments and readiness warnings',
    input: GroupIdRequest,
    records: { groupId: 'group' },
    response: ExpandedGroup,
    handler: (ctx, input) => groups.loadExpanded(ctx, input.groupId),
  });

const writePassengers = operation({
  ...forEmployees,
  path: '/groups/pax/write',
  summary: 'Create or update a passenger (single form), or several at once (paxList: all or none)',
  description:
    'Single form: groupId, firstName and lastName required, answers the passenger. Multiple form: paxList, each ' +
    'element a single form, answers the passengers in the order sent. A paxId updates that passenger (the fields ' +
    'given; the others kept); its groupId must be its own (else INVALID_STATE). The group’s paxCount follows.',
  input: WritePaxRequest,
  records: { paxId: 'pax', groupId: 'group' },
  response: Type.Union([Passenger, Type.Array(Passenger)]),
  handler: (ctx, input) => writePax(ctx, input),
});

const readPassenger = operation({
  ...forEmployees,
  path: '/groups/pax/read',
  summary: 'One passenger',
  input: PaxIdRequest,
  records: { paxId: 'pax' },
  response: Passenger,
  handler: (ctx, input) => readPax(ctx, input.paxId),
});

const listPassengers = operation({
  ...forEmployees,
  path: '/groups/pax/list',
  summary: `A group's passengers in the order entered; without groupId the newest ${LIMITS.paxListRows} of all groups`,
  input: ListPaxRequest,
  records: { groupId: 'group' },
  response: Type.Array(Passenger),
  handler: (ctx, input) => listPax(ctx, input.groupId),
});

const listHotels = operation({
  ...forEmployees,
  path: '/groups/hotel/list',
  summary: "A group's hotels by check-in",
  input: GroupIdRequest,
  records: { groupId: 'group' },
  response: Type.Array(GroupHotel),
  handler: (ctx, input) => stays.listHotels(ctx, input.groupId),
});

const writeHotel = operation({
  ...forEmployees,
  path: '/groups/hotel/write',
  summary: 'Add a hotel to a group, or update one (hotelId)',
  description:
    'checkOut before checkIn answers INVALID_FORMAT. A hotel without confirmationNumber is a readiness warning.',
  input: WriteHotelRequest,
  records: { hotelId: 'groupHotel', groupId: 'group' },
  response: GroupHotel,
  handler: (ctx, input) => stays.writeHotel(ctx, input),
});

const listTransport = operation({
  ...forEmployees,
  path: '/groups/transport/list',
  summary: "A group's transport by departure",
  input: GroupIdRequest,
  records: { groupId: 'group' },
  response: Type.Array(Transport),
  handler: (ctx, input) => stays.listTransport(ctx, input.groupId),
});

const writeTransport = operation({
  ...forEmployees,
  path: '/groups/transport/write',
  summary: 'Add a transport entry to a group, or update one (transportId)',
  description: 'arrival before departure answers INVALID_FORMAT. A FLIGHT without flightNumber is a readiness warning.',
  input: WriteTransportRequest,
  records: { transportId: 'groupTransport', groupId: 'group' },
  response: Transport,
  handler: (ctx, input) => stays.writeTransport(ctx, input),
});

const listRooms = operation({
  ...forEmployees,
  path: '/groups/room/list',
  summary: "A group hotel's rooms",
  input: HotelIdRequest,
  records: { hotelId: 'groupHotel' },
  response: Type.Array(Room),
  handler: (ctx, input) => rooms.listRooms(ctx, input.hotelId),
});

const writeRoom = operation({
  ...forEmployees,
  path: '/groups/room/write',
  summary: "Add a room to a group's hotel, or update one (roomId)",
  description:
    'A capacity below the passengers the room holds, or another hotelId than the room’s, answers INVALID_STATE.',
  input: WriteRoomRequest,
  records: { roomId: 'groupRoom', hotelId: 'groupHotel' },
  response: Room,
  handler: (ctx, input) => rooms.writeRoom(ctx, input),
});

const deleteRoom = operation({
  ...forEmployees,
  path: '/groups/room/delete',
  summary: 'Delete an empty room (one with room assignments: INVALID_STATE); answers true',
  input: RoomIdRequest,
  records: { roomId: 'groupRoom' },
  response: Type.Boolean(),
  handler: (ctx, input) => rooms.deleteRoom(ctx, input.roomId),
});

const assignRoom = operation({
  ...forEmployees,
  path: '/groups/room/assign',
  summary: 'Put a passenger of the group in a room: the room assignment',
  description:
    'A full room, a passenger who already has a room at the hotel, or a passenger of another group answers ' +
    'INVALID_STATE.',
  input: AssignRoomRequest,
  records: { roomId: 'groupRoom', paxId: 'pax' },
  response: RoomAssignment,
  handler: (ctx, input) => rooms.assignRoom(ctx, input),
});

const unassignRoom = operation({
  ...forEmployees,
  path: '/groups/room/unassign',
  summary: 'Take a passenger out of a room (the room assignment is deleted); answers true',
  input: UnassignRoomRequest,
  records: { roomPaxId: 'groupRoomAssignment' },
  response: Type.Boolean(),
  handler: (ctx, input) => rooms.unassignRoom(ctx, input.roomPaxId),
});

/** Every operation on groups and what belongs to them, bound to the group service. */
export function groupOperations(groups: GroupService): OperationDeclaration[] {
  return [
    writeGroup(groups),
    listGroups(groups),
    loadExpandedGroup(groups),
    writePassengers,
    readPassenger,
    listPassengers,
    listHotels,
    writeHotel,
    listTransport,
    writeTransport,
    listRooms,
    writeRoom,
    deleteRoom,
    assignRoom,
    unassignRoom,
  ];
}
