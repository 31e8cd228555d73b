// Fixed-window rate limits counted in a database (the tenant's; the platform's for the identity provider), so
// every node of the cluster shares the count.
// Two shapes: a budget of requests (every call counts), and a budget of failures (every attempt takes a unit
// before it runs and gives it back when it succeeds: logins, and through failure-budgets.ts the look-ups by a
// secret pair, so successes are never limited). Both are decided by one statement on the bucket's row, so requests
// arriving together, on one node or many, cannot all pass a check made before any of them is counted.
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

/** The start of the fixed window `now` falls in: where a reservation made now is counted. */
export function windowStartAt(now: Date): Date {
  return windowAt(now).start;
}

/** HTTP 429 RATE_LIMITED with `Retry-After`: the seconds until the window that refused the call ends. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(ErrorCode.RATE_LIMITED, `Too many requests; try again in ${retryAfterSeconds} s`, 429, {
    'retry-after': String(retryAfterSeconds),
  });
}

/** Old windows are cleared now and then by the requests themselves: no job to run. */
async function clearOldWindowsSometimes(db: Queryable, now: Date): Promise<void> {
  if (Math.random() < 0.01) {
    await db`DELETE FROM rate_limit_hits WHERE window_start < ${new Date(now.getTime() - 3_600_000)}`;
  }
}

async function addHit(db: Queryable, bucket: string, window: Window, now: Date): Promise<number> {
  const [row] = await db<{ hits: number }[]>`
    INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (${bucket}, ${window.start}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits`;
  await clearOldWindowsSometimes(db, now);
  return row?.hits ?? 0;
}

/** Counts one request in `bucket`; refuses it with HTTP 429 RATE_LIMITED past `perMinute`. */
export async function countRequest(db: Queryable, bucket: string, perMinute: number, now: Date): Promise<void> {
  const window = windowAt(now);
  if ((await addHit(db, bucket, window, now)) > perMinute) throw rateLimited(window.retryAfterSeconds);
}

/** A unit of a failure budget held by an attempt in flight, given back when the attempt succeeds. */
export interface FailureReservation {
  bucket: string;
  windowStart: Date;
}

/**
 * Takes a unit of `bucket`'s failures for the attempt before it runs, or refuses it with HTTP 429 once the minute's
 * failures and attempts in flight hold all `perMinute` units: one conditional upsert, so a burst of concurrent
 * attempts gets exactly the units left, whatever the nodes. A refused attempt takes nothing (the count never
 * passes `perMinute`), so a unit given back by a success is free again at once. An attempt that succeeds gives its
 * unit back (refundFailure); one that fails, or never ends, keeps it.
 */
export async function reserveFailure(
  db: Queryable,
  bucket: string,
  perMinute: number,
  now: Date,
): Promise<FailureReservation> {
  const window = windowAt(now);
  const taken = await db<{ hits: number }[]>`
    INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (${bucket}, ${window.start}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
      WHERE rate_limit_hits.hits < ${perMinute}
    RETURNING hits`;
  await clearOldWindowsSometimes(db, now);
  if (taken.length === 0) throw rateLimited(window.retryAfterSeconds);
  return { bucket, windowStart: window.start };
}

/** Gives back the unit an attempt reserved (it succeeded), or `units` of them reserved in the same window. */
export async function refundFailure(db: Queryable, reservation: FailureReservation, units = 1): Promise<void> {
  await db`
    UPDATE rate_limit_hits SET hits = GREATEST(hits - ${units}, 0)
    WHERE bucket = ${reservation.bucket} AND window_start = ${reservation.windowStart}`;
}
