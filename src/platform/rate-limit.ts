// Fixed-window rate limits counted in the tenant database, so every node of the cluster shares the count.
// Two shapes: a budget of requests (every call counts), and a budget of failures (only failures count, and a
// call is refused once the failures of the window used the budget up: logins, so successes are never limited).
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
 * Refuses the call with HTTP 429 when the failures counted in `bucket` this minute (countFailure) used up
 * `perMinute`; counts nothing itself. Concurrent calls may each pass before their failures are counted, so a
 * burst can overshoot the budget by the calls in flight: a password hash each, which keeps bursts small.
 */
export async function refuseWhenFailuresSpent(
  db: Queryable,
  bucket: string,
  perMinute: number,
  now: Date,
): Promise<void> {
  const window = windowAt(now);
  const [row] = await db<{ hits: number }[]>`
    SELECT hits FROM rate_limit_hits WHERE bucket = ${bucket} AND window_start = ${window.start}`;
  if ((row?.hits ?? 0) >= perMinute) throw rateLimited(window.retryAfterSeconds);
}

/** Counts one failure in `bucket` for refuseWhenFailuresSpent. */
export async function countFailure(db: Queryable, bucket: string, now: Date): Promise<void> {
  await addHit(db, bucket, windowAt(now), now);
}
