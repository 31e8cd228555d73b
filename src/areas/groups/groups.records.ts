// Which group-travel records a caller may name (contract §7.1): /groups/* is for employees, who may name every
// group, passenger, hotel, transport entry, room and room assignment of their tenant (whether it exists, each
// operation's own read says with the same "… not found"); anyone else none. Another tenant's ids are unknown in
// this tenant's database, so they answer NOTFOUND too.
import { isEmployee } from '../../platform/auth/roles.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordReader, RecordReaders } from '../../platform/http/records.js';

const staffOnly = (noun: string): RecordReader => ({
  noun,
  mayRead: async (ctx: TenantContext) => isEmployee(ctx.roles),
});

export const groupRecords: RecordReaders = {
  group: staffOnly('Group'),
  pax: staffOnly('Passenger'),
  groupHotel: staffOnly('Hotel'),
  groupTransport: staffOnly('Transport'),
  groupRoom: staffOnly('Room'),
  groupRoomAssignment: staffOnly('Room assignment'),
};
