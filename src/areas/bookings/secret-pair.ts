// Look-ups by a secret pair (contract §6, §7.1): /booking/read and verifyAccess by e-mail + refnum, and the tickets
// (getTickets, the voucher, the pages) by id + access code share one budget per client address and minute. What is
// counted is the wrong pairs, as logins count failures: each look-up takes a unit of the budget before it runs
// and a right pair gives it back (rate-limit.ts reserveFailure, one conditional statement), so a burst of guesses
// sent at once gets no more look-ups than the budget, a guesser is refused once it is spent, even for a pair that
// would be right, and a customer opening their tickets again and again (or an office behind one address) is never
// refused for it.
import type { TenantContext } from '../../platform/http/operation.js';
import { refundFailure, reserveFailure } from '../../platform/rate-limit.js';

/** Runs `lookup` unless the caller's budget is spent; a look-up that does not answer (a wrong pair) keeps its unit. */
export async function secretPairLookup<T>(ctx: TenantContext, perMinute: number, lookup: () => Promise<T>): Promise<T> {
  const unit = await reserveFailure(ctx.db, `secret-pair:${ctx.clientIp}`, perMinute, ctx.now);
  const found = await lookup();
  await refundFailure(ctx.db, unit);
  return found;
}
