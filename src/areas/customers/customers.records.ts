// Which customer records and trip requests a caller may read (contract §7.1). Customers: employees any of their
// tenant's (archived ones too), a customer user its own active record (its contactId). Trip requests: employees
// any, a customer user those it sent or that name its e-mail as the contact's. Guests and the website key read
// none: an id sent by anyone else answers NOTFOUND, so nobody learns a stored name, e-mail or phone by naming it.
import { loggedInUserId } from '../../platform/auth/session.js';
import { isEmployee } from '../../platform/auth/roles.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReader } from '../../platform/http/records.js';
import { findById } from './customers.lookup.js';
import { customerExists } from './customers.repository.js';
import { isOwnTripRequest, selectTripRequest } from './trip-requests.repository.js';

/** The customer record the caller is, when it is one (the users area knows: a customer user's contactId). */
export type CustomerRecordOf = (ctx: TenantContext) => Promise<number | undefined>;

export function customerRecords(customerRecordOf: CustomerRecordOf): RecordReader {
  return {
    noun: 'Customer',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const customerId = Number(id);
      if (isEmployee(ctx.roles)) return customerExists(ctx.db, customerId);
      return (await customerRecordOf(ctx)) === customerId && (await findById(ctx.db, customerId)) !== undefined;
    },
  };
}

export function tripRequestRecords(customerRecordOf: CustomerRecordOf): RecordReader {
  return {
    noun: 'Trip request',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const requestId = Number(id);
      if (isEmployee(ctx.roles)) return (await selectTripRequest(ctx.db, requestId)) !== undefined;
      const userId = loggedInUserId(ctx.session);
      if (userId === null || !ctx.roles.includes('customer')) return false;
      const ownRecord = await customerRecordOf(ctx);
      const own = ownRecord === undefined ? undefined : await findById(ctx.db, ownRecord);
      return isOwnTripRequest(ctx.db, requestId, { userId, email: own?.email ?? null });
    },
  };
}
