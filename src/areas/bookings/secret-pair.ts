// Look-ups by a secret pair (contract §6, §7.1): /booking/read and verifyAccess by e-mail + refnum, and the tickets
// by id + access code. Every call counts against the client address's budget (60 a minute at least), found or
// not, so the pairs cannot be guessed at speed; a wrong pair answers NOTFOUND exactly as a missing booking.
import type { TenantContext } from '../../platform/http/operation.js';
import { countRequest } from '../../platform/rate-limit.js';

export function countSecretPairLookup(ctx: TenantContext, perMinute: number): Promise<void> {
  return countRequest(ctx.db, `secret-pair:${ctx.clientIp}`, perMinute, ctx.now);
}
