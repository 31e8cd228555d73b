// Waiting for something another node or a worker does asynchronously: polled, and always bounded. The bound is a
// net against a hang, not a figure: under load (a shared CI machine) everything is slower, so a wait is given all
// the time that still proves the point, and a test never asserts how long a wait took.

/** Polls `condition` every 20 ms; answers the time it took, or throws after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await condition()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/**
 * Polls `condition` until the moment `deadline` (epoch ms) at the latest: for a change that must come before
 * something else would have made it anyway (a cached entry's own expiry, a reconciliation timer), so the test
 * proves the mechanism without a bound tighter than that.
 */
export async function untilBefore(condition: () => boolean | Promise<boolean>, deadline: number): Promise<number> {
  return until(condition, deadline - Date.now());
}
