// What /metrics shows of domain events on this node, per event name: counted as they happen (published once the
// transaction committed, delivered and failed per subscriber attempt) and, for pending, as each tenant's last
// sweep counted its rows still to deliver (a scrape never touches a tenant database).

export interface EventCounts {
  published: number;
  delivered: number;
  failed: number;
  pending: number;
}

export type EventTally = ReadonlyMap<string, EventCounts>;

export interface EventTallyKeeper {
  published(name: string): void;
  delivered(name: string): void;
  failed(name: string): void;
  /** The tenant's rows still to deliver, by event name, as its sweep just counted them. */
  pendingOf(tenantId: string, pending: ReadonlyMap<string, number>): void;
  snapshot(): EventTally;
}

export function createEventTally(): EventTallyKeeper {
  const counts = new Map<string, Omit<EventCounts, 'pending'>>();
  const pendingByTenant = new Map<string, ReadonlyMap<string, number>>();
  const countsOf = (name: string) => {
    let entry = counts.get(name);
    if (!entry) {
      entry = { published: 0, delivered: 0, failed: 0 };
      counts.set(name, entry);
    }
    return entry;
  };
  return {
    published: (name) => {
      countsOf(name).published += 1;
    },
    delivered: (name) => {
      countsOf(name).delivered += 1;
    },
    failed: (name) => {
      countsOf(name).failed += 1;
    },
    pendingOf(tenantId, pending) {
      if (pending.size === 0) pendingByTenant.delete(tenantId);
      else pendingByTenant.set(tenantId, pending);
      for (const name of pending.keys()) countsOf(name);
    },
    snapshot() {
      const snapshot = new Map<string, EventCounts>();
      for (const [name, entry] of counts) snapshot.set(name, { ...entry, pending: 0 });
      for (const pending of pendingByTenant.values()) {
        for (const [name, rows] of pending) {
          const entry = snapshot.get(name);
          if (entry) entry.pending += rows;
        }
      }
      return snapshot;
    },
  };
}
