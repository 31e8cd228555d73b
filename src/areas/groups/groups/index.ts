// The core of group travel: groups and their passengers (schemas, rules, reads and writes, the API view), and the
// shapes of a group's hotels, transport and rooms, which the expanded group view embeds (so they live here, below
// stays/ and sheets/, which lean on this folder and never the other way).
export * as groupReads from './groups.repository.js';
export { type PaxRow, type RoomPaxRow, selectGroup, selectGroupPax } from './groups.repository.js';
export * as groupWrites from './groups-write.repository.js';
export { LIMITS, type ReadinessWarning, readinessWarnings, roomCapacity, roomHasSpace } from './groups.rules.js';
export {
  Group,
  GroupIdRequest,
  Id,
  ListGroupsRequest,
  ListPaxRequest,
  Passenger,
  PaxIdRequest,
  WriteGroupRequest,
  WritePaxRequest,
} from './groups.schemas.js';
export {
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
} from './group-stays.schemas.js';
export { readinessInputOf, toGroupHotel, toPassenger, toRoom, toRoomAssignment, toTransport } from './groups.view.js';
export { createGroupService, type GroupService } from './groups.service.js';
export { listPax, readPax, writePax } from './pax.service.js';
export { groupRecords } from './groups.records.js';
