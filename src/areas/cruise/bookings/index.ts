// Cruise bookings (contract §8.3): a cabin of a sailing booked for a customer, its total in the tenant's currency,
// the back-office booking it becomes, and the sailing's manifest. Records of kind `cruiseBooking` are readable by
// employees of the tenant (the operations themselves are for agents and admins).
import { isEmployee } from '../../../platform/auth/roles.js';
import type { OperationDeclaration, TenantContext } from '../../../platform/http/operation.js';
import type { RecordReaders } from '../../../platform/http/records.js';
import { cruiseBookingOperations } from './bookings.operations.js';
import { type CruiseBookingDeps, createCruiseBookingService } from './bookings.service.js';

export type { CruiseBookingDeps } from './bookings.service.js';
export type { BookingTotal, CruiseBooking } from './bookings.schemas.js';

export const cruiseBookingRecords: RecordReaders = {
  cruiseBooking: { noun: 'Cruise booking', mayRead: async (ctx: TenantContext) => isEmployee(ctx.roles) },
};

export function cruiseBookingsModule(deps: CruiseBookingDeps): {
  operations: OperationDeclaration[];
  records: RecordReaders;
} {
  return { operations: cruiseBookingOperations(createCruiseBookingService(deps)), records: cruiseBookingRecords };
}
