// A bounded number of workers over a list: the periodic round's tenants, the lifecycle's start-up checks.

/** Runs `work` for every item, `concurrency` at a time, until done or `stopped()` says so. */
export async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (!stopped()) {
      const item = items[next];
      if (item === undefined) return;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
}
