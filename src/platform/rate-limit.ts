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

/**
 * Refuses with HTTP 429 RATE_LIMITED when `bucket` has counted `perMinute` failures in this minute already; counts
 * nothing itself (countFailure does, once an attempt failed). A read, so the attempts that succeed cost no write;
 * concurrent attempts may pass the budget by as many as are in flight.
 */
export async function refuseSpentBudget(db: Queryable, bucket: string, perMinute: number, now: Date): Promise<void> {
  const window = windowAt(now);
  const [row] = await db<{ hits: number }[]>`
    SELECT hits FROM rate_limit_hits WHERE bucket = ${bucket} AND window_start = ${window.start}`;
  if ((row?.hits ?? 0) >= perMinute) throw rateLimited(window.retryAfterSeconds);
}

/** Counts one failed attempt in `bucket` (for refuseSpentBudget). */
export async function countFailure(db: Queryable, bucket: string, now: Date): Promise<void> {
  await addHit(db, bucket, windowAt(now), now);
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
