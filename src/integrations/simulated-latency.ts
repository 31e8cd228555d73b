// The latency a supplier simulator is set to answer with (TC_*_SIMULATOR_LATENCY_MS), cut short by the caller's
// timeout the way a real supplier's call is.

/**
 * Waits `ms`, or rejects with `aborted()` at once when `signal` is or becomes aborted. Without latency, nothing to
 * wait for (undefined): a simulator's every call awaits this, and an async function would cost a promise each time.
 */
export function simulatedLatency(
  ms: number,
  signal: AbortSignal | undefined,
  aborted: () => Error,
): Promise<void> | undefined {
  if (signal?.aborted) return Promise.reject(aborted());
  if (ms <= 0) return undefined;
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(aborted());
      },
      { once: true },
    );
  });
}
