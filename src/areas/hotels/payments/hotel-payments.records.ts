// Which hotel booking ids a caller may send (contract §7.1): hotel bookings are made and paid by staff, so an employee
// may name any booking of the tenant; anyone else none. Another tenant's id is unknown here: NOTFOUND.
import { isEmployee } from '../../../platform/auth/roles.js';
import type { TenantContext } from '../../../platform/http/operation.js';
import type { RecordId, RecordReaders } from '../../../platform/http/records.js';
import { hotelBookingExists } from './hotel-payments.repository.js';

export const hotelBookingRecords: RecordReaders = {
  hotelBooking: {
    noun: 'Hotel booking',
    mayRead: async (ctx: TenantContext, id: RecordId) =>
      isEmployee(ctx.roles) && (await hotelBookingExists(ctx.db, Number(id))),
  },
};
