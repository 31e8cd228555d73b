// The latency a supplier simulator is set to answer with (TC_*_SIMULATOR_LATENCY_MS), cut short by the caller's
// timeout the way a real supplier's call is.

/** Waits `ms`, or rejects with `aborted()` at once when `signal` is or becomes aborted. */
export async function simulatedLatency(
  ms: number,
  signal: AbortSignal | undefined,
  aborted: () => Error,
): Promise<void> {
  if (signal?.aborted) throw aborted();
  if (ms <= 0) return;
  await new Promise<void>((resolve, reject) => {
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
