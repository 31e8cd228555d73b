// A counting semaphore with a bounded waiting line: at most `concurrency` tasks run, at most `queue` wait
// (first come, first served), and anything beyond is refused at once instead of waiting behind a flood.

export class GateFullError extends Error {
  constructor() {
    super('too many tasks are waiting');
    this.name = 'GateFullError';
  }
}

export interface GateLoad {
  running: number;
  waiting: number;
}

export interface ConcurrencyGate {
  /** Runs `task` once a slot is free; rejects with GateFullError, without running it, when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  load(): GateLoad;
}

export function createConcurrencyGate(limits: { concurrency: number; queue: number }): ConcurrencyGate {
  let running = 0;
  const waiting: Array<() => void> = [];

  function release(): void {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so a newcomer cannot overtake it.
    if (next) next();
    else running -= 1;
  }

  async function acquire(): Promise<void> {
    if (running < limits.concurrency) {
      running += 1;
      return;
    }
    if (waiting.length >= limits.queue) throw new GateFullError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
