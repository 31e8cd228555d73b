// Which customer records a caller may read (contract §7.1): employees any of their tenant's, a customer user its
// own (its contactId), guests and the website key none: a customer id sent by anyone else answers NOTFOUND, so
// nobody learns a stored name, e-mail or phone by naming an id.
import { isEmployee } from '../../platform/auth/roles.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReader } from '../../platform/http/records.js';
import { findById } from './customers.lookup.js';

/** The customer record the caller is, when it is one (the users area knows: a customer user's contactId). */
export type CustomerRecordOf = (ctx: TenantContext) => Promise<number | undefined>;

export function customerRecords(customerRecordOf: CustomerRecordOf): RecordReader {
  return {
    noun: 'Customer',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      const customerId = Number(id);
      const readable = isEmployee(ctx.roles) || (await customerRecordOf(ctx)) === customerId;
      return readable && (await findById(ctx.db, customerId)) !== undefined;
    },
  };
}
