// Whose cart a request means: its stored session's (a realm JWT has none) and its user's.
import { ApiError, ErrorCode } from '../../platform/http/errors.js';
import type { TenantContext } from '../../platform/http/operation.js';
import type { CartOwner } from './cart.repository.js';

export function ownerOf(ctx: TenantContext): CartOwner {
  const session = ctx.session;
  if (!session) throw new ApiError(ErrorCode.TOKEN_ERROR, 'Session not recognised');
  return {
    sessionId: session.storedId,
    userId: session.kind === 'user' ? session.userId : null,
  };
}
