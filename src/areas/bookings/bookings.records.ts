// Which booking requests a caller may name by `requestId` (contract §7.1): employees any of their tenant's; a guest,
// the website key or a customer those of the orders it placed (the session or the user that ordered), and a
// customer user also those of its customer record. Another's, or another tenant's, answers NOTFOUND as a missing one.
import { isEmployee } from '../../platform/auth/roles.js';
import { loggedInUserId } from '../../platform/auth/session.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReaders } from '../../platform/http/records.js';
import type { CustomerRecordOf } from '../customers/index.js';
import * as repo from './bookings.repository.js';

export function bookingRecords(customerRecordOf: CustomerRecordOf): RecordReaders {
  return {
    bookingRequest: {
      noun: 'Booking request',
      async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
        const request = await repo.findRequest(ctx.db, Number(id));
        if (!request) return false;
        if (isEmployee(ctx.roles)) return true;
        const sessionId = ctx.session?.storedId ?? null;
        if (request.session_id !== null && request.session_id === sessionId) return true;
        const userId = loggedInUserId(ctx.session);
        if (request.user_id !== null && request.user_id === userId) return true;
        if (!ctx.roles.includes('customer') || request.customer_id === null) return false;
        return request.customer_id === (await customerRecordOf(ctx));
      },
    },
  };
}
