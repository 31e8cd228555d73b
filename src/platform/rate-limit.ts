// Fixed-window rate limits counted in the tenant database, so every node of the cluster shares the count.
import type { Queryable } from './database/connections.js';
import { ApiError, ErrorCode } from './http/errors.js';

const WINDOW_SECONDS = 60;

/** Counts one request in `bucket`; refuses it with HTTP 429 RATE_LIMITED past `perMinute`. */
export async function countRequest(db: Queryable, bucket: string, perMinute: number, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / (WINDOW_SECONDS * 1000)) * WINDOW_SECONDS * 1000);
  const [row] = await db<{ hits: number }[]>`
    INSERT INTO rate_limit_hits (bucket, window_start, hits) VALUES (${bucket}, ${windowStart}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits`;
  // Old windows are cleared now and then by the requests themselves: no job to run.
  if (Math.random() < 0.01) {
    await db`DELETE FROM rate_limit_hits WHERE window_start < ${new Date(now.getTime() - 3_600_000)}`;
  }
  if ((row?.hits ?? 0) > perMinute) {
    throw new ApiError(ErrorCode.RATE_LIMITED, 'Too many requests; try again in a minute', 429);
  }
}
