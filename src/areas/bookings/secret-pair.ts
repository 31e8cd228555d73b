// Look-ups by a secret pair (contract §6, §7.1): /booking/read and verifyAccess by e-mail + refnum, and the tickets
// (getTickets, the voucher, the pages) by id + access code share one budget per client address and minute. What is
// counted is the wrong pairs, as logins count failures: a guesser is refused once the minute's budget of wrong
// pairs is spent, even for a pair that would be right, while a customer opening their tickets again and again (or
// an office behind one address) is never refused for it; a right pair costs no write, and on this node no read
// once the address's count of the minute is known (createFailureBudgets).
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import { createFailureBudgets } from '../../platform/rate-limit.js';

const budgets = createFailureBudgets();

/** Runs `lookup` unless the caller's budget is spent; a NOTFOUND it throws (a wrong pair) is counted. */
export async function secretPairLookup<T>(ctx: TenantContext, perMinute: number, lookup: () => Promise<T>): Promise<T> {
  const place = { db: ctx.db, scope: ctx.tenant.tenantId, bucket: `secret-pair:${ctx.clientIp}` };
  await budgets.refuseSpent(place, perMinute, ctx.now);
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof ApiError && error.code === ErrorCode.NOTFOUND) await budgets.countFailure(place, ctx.now);
    throw error;
  }
}
