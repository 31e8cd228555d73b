// After a failed delivery a mail waits before its next attempt, twice as long each time, so a server that
// is down is not hammered; the wait is capped so that a mail goes out soon after the server is back. There is
// no last attempt: a mail is never dropped because a server was down for long.

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 15 * 60_000;

/** The wait after the `failedAttempts`-th failed attempt: 5 s, 10 s, 20 s … at most 15 min. */
export function retryDelayMs(failedAttempts: number): number {
  // The exponent is capped too: 2 ** 1000 would overflow to Infinity long after the cap took over.
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), 20);
  return Math.min(FIRST_RETRY_MS * 2 ** doublings, LONGEST_RETRY_MS);
}
