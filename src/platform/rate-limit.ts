// Fixed-window rate limits counted in a database (the tenant's; the platform's for the identity provider), so
// every node of the cluster shares the count.
// Two shapes: a budget of requests (every call counts), and a budget of failures (every attempt is counted
// before it runs and refunded when it succeeds: logins, so successes are never limited).
import type { Queryable } from './database/connections.js';
import { ApiError, ErrorCode } from './http/errors.js';

const WINDOW_MS = 60_000;

interface Window {
  start: Date;
  /** Whole seconds until the window ends (at least 1): the answer's `Retry-After`. */
  retryAfterSeconds: number;
}

function windowAt(now: Date): Window {
  const start = Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS;
  const left = start + WINDOW_MS - now.getTime();
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

/** HTTP 429 RATE_LIMITED with `Retry-After`: the seconds until the window that refused the call ends. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(ErrorCode.RATE_LIMITED, `Too many requests; try again in ${retryAfterSeconds} s`, 429, {
    'retry-after': String(retryAfterSeconds),
  });
}

async function addHit(db: Queryable, bucket: string, window: Window, now: Date): Promise<number> {
  const [row] = await db<{ hits: number }[]>`
    INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (${bucket}, ${window.start}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits`;
  // Old windows are cleared now and then by the requests themselves: no job to run.
  if (Math.random() < 0.01) {
    await db`DELETE FROM rate_limit_hits WHERE window_start < ${new Date(now.getTime() - 3_600_000)}`;
  }
  return row?.hits ?? 0;
}

/** Counts one request in `bucket`; refuses it with HTTP 429 RATE_LIMITED past `perMinute`. */
export async function countRequest(db: Queryable, bucket: string, perMinute: number, now: Date): Promise<void> {
  const window = windowAt(now);
  if ((await addHit(db, bucket, window, now)) > perMinute) throw rateLimited(window.retryAfterSeconds);
}

/** Where a failure budget is counted: the tenant's database (`scope` names it in this node's memory) and bucket. */
export interface BudgetPlace {
  db: Queryable;
  scope: string;
  bucket: string;
}

/**
 * Budgets of failures checked before each attempt and counted after a failed one, for attempts whose successes
 * must cost nothing (a look-up by a secret pair). The count is kept in the database for the cluster; this node
 * remembers it per bucket and minute: read once, then set from each failure it counts (the database answers the
 * cluster's count). Failures on other nodes are seen at this node's next failure, so a guesser spread over n
 * nodes passes the budget by at most one attempt per node a minute, and attempts in flight together by their number.
 */
export function createFailureBudgets(maxRemembered = 10_000) {
  const remembered = new Map<string, number>();
  let minute = 0;
  const keyOf = (place: BudgetPlace, window: Window) => {
    // A new minute forgets the last one's counts.
    if (window.start.getTime() !== minute) {
      remembered.clear();
      minute = window.start.getTime();
    }
    if (remembered.size >= maxRemembered) remembered.clear();
    return `${place.scope}\u0000${place.bucket}`;
  };
  return {
    /** HTTP 429 RATE_LIMITED when the minute's `perMinute` failures are spent; counts nothing itself. */
    async refuseSpent(place: BudgetPlace, perMinute: number, now: Date): Promise<void> {
      const window = windowAt(now);
      const key = keyOf(place, window);
      let hits = remembered.get(key);
      if (hits === undefined) {
        const [row] = await place.db<{ hits: number }[]>`
          SELECT hits FROM rate_limit_hits WHERE bucket = ${place.bucket} AND window_start = ${window.start}`;
        hits = row?.hits ?? 0;
        remembered.set(key, hits);
      }
      if (hits >= perMinute) throw rateLimited(window.retryAfterSeconds);
    },
    /** Counts one failed attempt. */
    async countFailure(place: BudgetPlace, now: Date): Promise<void> {
      const window = windowAt(now);
      const hits = await addHit(place.db, place.bucket, window, now);
      const key = keyOf(place, window);
      remembered.set(key, Math.max(hits, remembered.get(key) ?? 0));
    },
  };
}

/** A unit of a failure budget held by an attempt in flight, given back when the attempt succeeds. */
export interface FailureReservation {
  bucket: string;
  windowStart: Date;
}

/**
 * Counts the attempt as a failure in `bucket` before it runs, and refuses it with HTTP 429 once the minute's
 * failures (attempts in flight included) pass `perMinute`. Counting first means a burst of concurrent attempts
 * cannot all pass before the first of them fails; an attempt that succeeds gives its unit back (refundFailure),
 * so successes never spend the budget.
 */
export async function reserveFailure(
  db: Queryable,
  bucket: string,
  perMinute: number,
  now: Date,
): Promise<FailureReservation> {
  const window = windowAt(now);
  if ((await addHit(db, bucket, window, now)) > perMinute) throw rateLimited(window.retryAfterSeconds);
  return { bucket, windowStart: window.start };
}

/** Gives back the unit an attempt reserved: it succeeded. */
export async function refundFailure(db: Queryable, reservation: FailureReservation): Promise<void> {
  await db`
    UPDATE rate_limit_hits SET hits = hits - 1
    WHERE bucket = ${reservation.bucket} AND window_start = ${reservation.windowStart} AND hits > 0`;
}
