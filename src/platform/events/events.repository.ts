// SQL of domain events: an event becomes one outbox row per subscriber (kind 'event'), written in the publisher's
// transaction. A claim takes only the head of each subscriber's aggregate (no earlier row of the same subscriber
// and aggregate still PENDING or SENDING), so the events of one order reach a subscriber in the order they were
// published, whichever node's worker claims them. Settling a claim (done, retry, parked) is the outbox's SQL.
import type { Queryable } from '../database/connections.js';

/** What an event row carries in its payload: the event's id (the same for every subscriber) and its data. */
export type EventData = Record<string, string | number | boolean | null>;

export interface ClaimedEvent {
  id: string;
  eventName: string;
  subscriber: string;
  aggregate: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  lockedUntil: Date;
}

interface ClaimedRow {
  id: string;
  event_name: string;
  subscriber: string;
  aggregate: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  locked_until: Date;
}

/** One row per subscriber, due at once (millisecond precision, as the workers' clock compares). */
export async function insertEventRows(
  db: Queryable,
  event: { eventId: string; name: string; aggregate: string; data: EventData; subscribers: readonly string[] },
): Promise<void> {
  if (event.subscribers.length === 0) return;
  const payload = { eventId: event.eventId, data: event.data };
  await db`
    INSERT INTO outbox (kind, event_name, subscriber, aggregate, payload, next_attempt_at)
    SELECT 'event', ${event.name}, subscriber, ${event.aggregate}, ${db.json(payload)},
           date_trunc('milliseconds', now())
    FROM unnest(${event.subscribers}::text[]) WITH ORDINALITY AS s(subscriber, position)
    ORDER BY position`;
}

/** Claims up to `limit` due event rows that head their subscriber's aggregate (see claimDueMail for the claim). */
export async function claimDueEvents(
  db: Queryable,
  claim: { now: Date; lockedUntil: Date; limit: number },
): Promise<ClaimedEvent[]> {
  const rows = await db<ClaimedRow[]>`
    WITH due AS (
      SELECT o.id FROM outbox o
      WHERE o.kind = 'event' AND o.status IN ('PENDING', 'SENDING') AND o.next_attempt_at <= ${claim.now}
        AND NOT EXISTS (
          SELECT 1 FROM outbox earlier
          WHERE earlier.kind = 'event' AND earlier.status IN ('PENDING', 'SENDING')
            AND earlier.subscriber = o.subscriber AND earlier.aggregate = o.aggregate AND earlier.id < o.id)
      ORDER BY o.next_attempt_at, o.id
      LIMIT ${claim.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE outbox
    SET status = 'SENDING', locked_until = ${claim.lockedUntil}, next_attempt_at = ${claim.lockedUntil}
    FROM due
    WHERE outbox.id = due.id
    RETURNING outbox.id, outbox.event_name, outbox.subscriber, outbox.aggregate, outbox.payload, outbox.attempts,
              outbox.created_at, outbox.locked_until`;
  return rows
    .map((row) => ({
      id: row.id,
      eventName: row.event_name,
      subscriber: row.subscriber,
      aggregate: row.aggregate,
      payload: row.payload,
      attempts: row.attempts,
      createdAt: row.created_at,
      lockedUntil: row.locked_until,
    }))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** Event rows still to deliver, by event name (the sweep counts them for /metrics). */
export async function pendingEventsByName(db: Queryable): Promise<Map<string, number>> {
  const rows = await db<{ event_name: string; rows: number }[]>`
    SELECT event_name, count(*)::int AS rows FROM outbox
    WHERE kind = 'event' AND status IN ('PENDING', 'SENDING')
    GROUP BY event_name`;
  return new Map(rows.map((row) => [row.event_name, row.rows]));
}
