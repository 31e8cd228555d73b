// Which back-office bookings and carts a caller may name (contract §7.1): /blm/* is for agents and admins, who may
// name every booking and cart of their tenant (whether it exists, each operation's own read says with the same
// "… not found"); anyone else none.
import { isEmployee } from '../../platform/auth/roles.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordReaders } from '../../platform/http/records.js';

const staffOnly = (noun: string) => ({
  noun,
  mayRead: async (ctx: TenantContext) => isEmployee(ctx.roles),
});

export const blmRecords: RecordReaders = {
  blmBooking: staffOnly('Booking'),
  cartNumber: staffOnly('Cart'),
};
