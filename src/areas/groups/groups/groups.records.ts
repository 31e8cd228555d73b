// Which group-travel records a caller may name (contract §7.1): /groups/* is for employees, who may name every
// group, passenger, hotel, transport entry, room and room assignment of their tenant; anyone else none. The
// reader also asks whether the record exists, so an unknown id (another tenant's among them: its ids are unknown in
// this tenant's database) answers "… not found" before any other check of the request, in either form of pax/write.
import { isEmployee } from '../../../platform/auth/roles.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RecordId, RecordReader, RecordReaders } from '../../../platform/http/records.js';
import { type GroupRecordKind, groupRecordExists } from './groups.repository.js';

const staffOnly = (noun: string, kind: GroupRecordKind): RecordReader => ({
  noun,
  mayRead: async (ctx: TenantContext, id: RecordId) =>
    isEmployee(ctx.roles) && groupRecordExists(ctx.db, kind, Number(id)),
});

export const groupRecords: RecordReaders = {
  group: staffOnly('Group', 'group'),
  pax: staffOnly('Passenger', 'pax'),
  groupHotel: staffOnly('Hotel', 'hotel'),
  groupTransport: staffOnly('Transport', 'transport'),
  groupRoom: staffOnly('Room', 'room'),
  groupRoomAssignment: staffOnly('Room assignment', 'roomAssignment'),
};
