// The embedded PostgreSQL is this node's to keep running: when its postmaster ends without being asked (a crash,
// the OOM killer, a kill -9), it is started again, with backoff, until it runs or the node shuts down. PostgreSQL
// replays its WAL at that start (crash recovery); the dead process's postmaster.pid is removed by the start
// itself. The pools need nothing: postgres.js opens new connections at the next query.
import type { PostgresProcess } from './embedded-as-root.js';

/** What /system/health reads of the server the node runs itself. */
export interface DatabaseSupervision {
  /** Undefined while PostgreSQL runs (or was stopped on purpose); otherwise what is being done about it. */
  outage(): string | undefined;
}

export interface Supervisor extends DatabaseSupervision {
  /** Stops PostgreSQL (and any restart under way); no restart follows. */
  stop(): Promise<void>;
}

export interface SupervisorOptions {
  /** One start of PostgreSQL, resolved once it accepts connections. */
  start(): Promise<PostgresProcess>;
  /** The server exited, a restart failed: a line for an operator. */
  warn(line: string): void;
  /** The server runs again. */
  info(line: string): void;
  /**
   * Waits before each restart attempt; the last one repeats. The first gives the dead postmaster's backends a
   * moment to notice and exit: a new postmaster refuses to start while they still hold the shared memory.
   */
  delaysMs?: readonly number[];
}

const DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 10_000];

export function supervise(first: PostgresProcess, options: SupervisorOptions): Supervisor {
  const delays = options.delaysMs ?? DELAYS_MS;
  let current: PostgresProcess | undefined = first;
  let stopping = false;
  let outage: string | undefined;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const watch = async (running: PostgresProcess): Promise<void> => {
    const { code, signal } = await running.exited;
    if (stopping) return;
    current = undefined;
    const since = Date.now();
    options.warn(`embedded PostgreSQL exited unasked (${signal ?? `exit code ${code}`}); restarting it`);
    for (let attempt = 1; !stopping; attempt++) {
      outage = `embedded PostgreSQL exited; restarting (attempt ${attempt})`;
      await pause(delays[Math.min(attempt, delays.length) - 1] ?? 1_000);
      if (stopping) return;
      let next: PostgresProcess;
      try {
        next = await options.start();
      } catch (error) {
        options.warn(`embedded PostgreSQL restart attempt ${attempt} failed: ${describe(error)}`);
        continue;
      }
      if (stopping) return next.stop();
      current = next;
      outage = undefined;
      options.info(`embedded PostgreSQL restarted (attempt ${attempt}, ${Date.now() - since} ms after it exited)`);
      return watch(next);
    }
  };

  const watching = watch(first);
  return {
    outage: () => outage,
    async stop() {
      stopping = true;
      outage = undefined;
      wake?.();
      await current?.stop();
      await watching;
    },
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
