// Resolves the token an operation received into the caller's session.
import type { Kernel } from '../http/kernel.js';
import { findLiveSession } from './session.repository.js';

export function createSessionResolver(): Kernel['sessions'] {
  return {
    resolve: (ctx, token) => findLiveSession(ctx.db, token, ctx.now),
  };
}
