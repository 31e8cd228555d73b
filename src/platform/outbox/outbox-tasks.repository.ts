// SQL of the outbox rows that are not mail (messages, the ticketing of paid orders' bookings): queued in the
// caller's transaction, claimed by one worker at a time (SKIP LOCKED, a claim that runs out when its worker dies),
// and settled as SENT, retried later, or parked as FAILED. The mail rows keep their own SQL (outbox.repository.ts):
// their payload is the mail.
import type { Queryable } from '../database/connections.js';

export type OutboxTaskKind = 'message' | 'booking-confirm';

/** A row this worker has claimed: nobody else takes it until `lockedUntil`. */
export interface ClaimedTask {
  id: string;
  payload: unknown;
  /** Attempts finished before this one. */
  attempts: number;
  createdAt: Date;
  lockedUntil: Date;
}

interface ClaimedRow {
  id: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  locked_until: Date;
}

/** Queues a task in the caller's transaction, due at once; a second task with the same dedupe key is ignored. */
export async function enqueueTask(
  db: Queryable,
  kind: OutboxTaskKind,
  payload: Record<string, string | number>,
  dedupeKey: string,
): Promise<void> {
  // Millisecond precision, as for mail: workers compare with a millisecond clock.
  await db`
    INSERT INTO outbox (kind, payload, dedupe_key, next_attempt_at)
    VALUES (${kind}, ${db.json(payload)}, ${dedupeKey}, date_trunc('milliseconds', now()))
    ON CONFLICT (dedupe_key) DO NOTHING`;
}

/** Claims up to `limit` due tasks of a kind, oldest first (see claimDueMail for the claim's rules). */
export async function claimDueTasks(
  db: Queryable,
  kind: OutboxTaskKind,
  claim: { now: Date; lockedUntil: Date; limit: number },
): Promise<ClaimedTask[]> {
  const rows = await db<ClaimedRow[]>`
    WITH due AS (
      SELECT id FROM outbox
      WHERE kind = ${kind} AND status IN ('PENDING', 'SENDING') AND next_attempt_at <= ${claim.now}
      ORDER BY next_attempt_at, id
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox
    SET status = 'SENDING', locked_until = ${claim.lockedUntil}, next_attempt_at = ${claim.lockedUntil}
    FROM due
    WHERE outbox.id = due.id
    RETURNING outbox.id, outbox.payload, outbox.attempts, outbox.created_at, outbox.locked_until`;
  return rows
    .map((row) => ({
      id: row.id,
      payload: row.payload,
      attempts: row.attempts,
      createdAt: row.created_at,
      lockedUntil: row.locked_until,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** Records a task done. Not tied to the claim: the side effect happened even if the claim ran out meanwhile. */
export async function markTaskDone(db: Queryable, id: string, at: Date): Promise<void> {
  await db`
    UPDATE outbox
    SET status = 'SENT', sent_at = ${at}, attempts = attempts + 1, locked_until = NULL, last_error = NULL
    WHERE id = ${id} AND status <> 'SENT'`;
}

/** Whether the tenant has tasks of the kind still to do (the sweep visits such tenants at every interval). */
export async function hasPendingTasks(db: Queryable, kind: OutboxTaskKind): Promise<boolean> {
  const [row] = await db<{ pending: boolean }[]>`
    SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = ${kind} AND status IN ('PENDING', 'SENDING')) AS pending`;
  return row?.pending ?? false;
}
