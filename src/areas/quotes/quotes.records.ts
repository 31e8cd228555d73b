// Which quotes a caller may name (contract §7.1): employees any of their tenant's, a customer user those of its own
// customer record, anyone else none; a quote the caller may not read answers NOTFOUND exactly as a missing one.
// Two kinds, as requests carry them: `quote` (a quoteId) and `quoteNumber` (a quote number, e.g. printQuote's docnum).
import { isEmployee } from '../../platform/auth/roles.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { RecordId, RecordReader, RecordReaders } from '../../platform/http/records.js';
import type { CustomerRecordOf } from '../customers/index.js';
import * as repo from './quotes.repository.js';

export function quoteRecords(customerRecordOf: CustomerRecordOf): RecordReaders {
  const reader = (key: (id: RecordId) => { quoteId: number } | { quoteNumber: string }): RecordReader => ({
    noun: 'Quote',
    async mayRead(ctx: TenantContext, id: RecordId): Promise<boolean> {
      // Employees may read every quote of the tenant; whether it exists, each operation's own read says with this
      // same "Quote not found", so the hot path of a staff read costs no extra query.
      if (isEmployee(ctx.roles)) return true;
      if (!ctx.roles.includes('customer')) return false;
      const owner = await customerRecordOf(ctx);
      return owner !== undefined && (await repo.selectQuoteCustomer(ctx.db, key(id))) === owner;
    },
  });
  return {
    quote: reader((id) => ({ quoteId: Number(id) })),
    quoteNumber: reader((id) => ({ quoteNumber: String(id) })),
  };
}
