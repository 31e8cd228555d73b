// Passes over one tenant's due outbox rows, started by kicks after commits. Kicks of the same tick (several
// commits of one request), or arriving while a pass runs, become one more pass rather than one each. stop() lets
// no new pass start and waits for the running ones and for any other work handed to track().
export interface TenantPasses {
  /** Set by stop(): loops end at their next step and no pass starts. */
  readonly stopping: boolean;
  kick(tenantId: string): void;
  /** Work stop() waits for (a drain started outside a kick). */
  track<T>(work: Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

export function createTenantPasses(
  pass: (tenantId: string) => Promise<unknown>,
  onFailure: (error: unknown, tenantId: string) => void,
): TenantPasses {
  const inFlight = new Set<Promise<unknown>>();
  /** Tenants with a pass scheduled or running; `again` asks for one more pass after it. */
  const kicked = new Map<string, { again: boolean }>();
  let stopping = false;

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    const forget = () => {
      inFlight.delete(work);
    };
    // Both branches handled: tracking must not turn a rejection the caller handles into an unhandled one.
    work.then(forget, forget);
    return work;
  }

  async function runKicked(tenantId: string, request: { again: boolean }): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      do {
        request.again = false;
        await pass(tenantId);
      } while (request.again && !stopping);
    } catch (error) {
      onFailure(error, tenantId);
    } finally {
      kicked.delete(tenantId);
    }
  }

  return {
    get stopping() {
      return stopping;
    },
    kick(tenantId) {
      if (stopping) return;
      const scheduled = kicked.get(tenantId);
      if (scheduled) {
        scheduled.again = true;
        return;
      }
      const request = { again: false };
      kicked.set(tenantId, request);
      track(runKicked(tenantId, request));
    },
    track,
    async stop() {
      stopping = true;
      // Nothing new starts once stopping is set, so one wait covers everything.
      await Promise.allSettled([...inFlight]);
    },
  };
}
