// Look-ups by a secret pair (contract §6, §7.1): /booking/read and verifyAccess by e-mail + refnum, and the tickets
// (getTickets, the voucher, the pages) by id + access code share one budget per client address and minute. What is
// counted is the wrong pairs, as logins count failures: each look-up holds a unit of the budget while it runs and a
// right pair frees it (platform/failure-budgets.ts), so a burst of guesses sent at once, to one node or many, gets
// no more look-ups than the budget, a guesser is refused once it is spent, even for a pair that would be right, and
// a customer opening their tickets again and again (or an office behind one address) is never refused for it and
// costs no write per look-up.
import { createFailureBudgets } from '../../platform/failure-budgets.js';
import type { TenantContext } from '../../platform/http/operation.js';

const budgets = createFailureBudgets();

/** Runs `lookup` unless the caller's budget is spent; a look-up that does not answer (a wrong pair) keeps its unit. */
export function secretPairLookup<T>(ctx: TenantContext, perMinute: number, lookup: () => Promise<T>): Promise<T> {
  const place = { db: ctx.db, scope: ctx.tenant.tenantId, bucket: `secret-pair:${ctx.clientIp}` };
  return budgets.run(place, perMinute, ctx.now, lookup);
}
