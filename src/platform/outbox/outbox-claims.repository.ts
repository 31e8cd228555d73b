// How a worker settles the outbox rows it claimed but did not finish, whatever their kind (mail or task): each
// statement holds only while the worker's claim does (status SENDING and its locked_until), so a worker whose
// claim ran out and was taken over changes nothing.
import type { Queryable } from '../database/connections.js';

/** Puts a failed attempt back in the queue until `nextAttemptAt`, if this worker's claim still holds. */
export async function rescheduleClaim(
  db: Queryable,
  retry: { id: string; lockedUntil: Date; nextAttemptAt: Date; error: string },
): Promise<void> {
  await db`
    UPDATE outbox
    SET status = 'PENDING', attempts = attempts + 1, next_attempt_at = ${retry.nextAttemptAt},
        locked_until = NULL, last_error = ${retry.error}
    WHERE id = ${retry.id} AND status = 'SENDING' AND locked_until = ${retry.lockedUntil}`;
}

/** Hands claimed rows that were not attempted back to the queue, due at once (a pass ended early). */
export async function releaseClaims(
  db: Queryable,
  release: { ids: string[]; lockedUntil: Date; now: Date },
): Promise<void> {
  if (release.ids.length === 0) return;
  await db`
    UPDATE outbox
    SET status = 'PENDING', locked_until = NULL, next_attempt_at = ${release.now}
    WHERE id = ANY(${release.ids}::bigint[]) AND status = 'SENDING' AND locked_until = ${release.lockedUntil}`;
}

/** Parks a row that can never succeed (a payload that is not what its kind needs, a refused recipient) as FAILED. */
export async function parkClaim(
  db: Queryable,
  failure: { id: string; lockedUntil: Date; error: string },
): Promise<void> {
  await db`
    UPDATE outbox
    SET status = 'FAILED', attempts = attempts + 1, locked_until = NULL, last_error = ${failure.error}
    WHERE id = ${failure.id} AND status = 'SENDING' AND locked_until = ${failure.lockedUntil}`;
}
