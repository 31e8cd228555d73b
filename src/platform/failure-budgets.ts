// Budgets of failures for attempts that succeed far more often than they fail and must stay cheap when they do
// (look-ups by a secret pair): as reserveFailure, every attempt holds a unit of the minute's budget while it runs,
// taken from the database's count by one conditional statement, so attempts sent at once, to one node or to many,
// never run more than the units left; a failure keeps its unit counted. What differs is the giving back: a unit a
// success frees stays with this node, idle, for the next attempt of the same bucket, so a customer or an office
// opening their bookings again and again costs no write per look-up; only idle units beyond KEPT_IDLE go back to
// the database at once. Idle units still count in the database: other nodes see the budget smaller by them until
// the minute ends, and a guesser from the address spends them here as failures like any other unit.
import type { Queryable } from './database/connections.js';
import { refundFailure, reserveFailure, windowStartAt } from './rate-limit.js';

/** Where a failure budget is counted: the database, the bucket, and `scope` naming the database in this node. */
export interface BudgetPlace {
  db: Queryable;
  scope: string;
  bucket: string;
}

/** The units this node holds of one bucket in one window: `inFlight` of them used by attempts running now. */
interface HeldUnits {
  windowStart: Date;
  held: number;
  inFlight: number;
}

/** Idle units kept per bucket: enough for an office's look-ups at once, few enough not to starve other nodes. */
export const KEPT_IDLE = 8;

export function createFailureBudgets(maxBuckets = 10_000) {
  const buckets = new Map<string, HeldUnits>();
  let latestWindow = 0;

  /** Units of past windows count nowhere any more; attempts still running keep their own reference. */
  const forgetOlderThan = (windowStart: number) => {
    for (const [key, units] of buckets) {
      if (units.windowStart.getTime() < windowStart) buckets.delete(key);
    }
  };

  const unitsOf = (place: BudgetPlace, windowStart: Date): { key: string; units: HeldUnits } => {
    if (windowStart.getTime() > latestWindow) {
      latestWindow = windowStart.getTime();
      forgetOlderThan(latestWindow);
    }
    const key = `${place.scope}\u0000${place.bucket}\u0000${windowStart.getTime()}`;
    let units = buckets.get(key);
    if (!units) {
      // Idle units dropped here stay counted until their minute ends: the budget of their bucket is smaller.
      if (buckets.size >= maxBuckets) buckets.clear();
      units = { windowStart, held: 0, inFlight: 0 };
      buckets.set(key, units);
    }
    return { key, units };
  };

  /** After an attempt: idle units beyond KEPT_IDLE go back to the database; an empty bucket is forgotten. */
  const settle = async (place: BudgetPlace, key: string, units: HeldUnits) => {
    const excess = units.held - units.inFlight - KEPT_IDLE;
    if (excess > 0) units.held -= excess;
    if (units.held === 0 && units.inFlight === 0 && buckets.get(key) === units) buckets.delete(key);
    if (excess > 0) await refundFailure(place.db, { bucket: place.bucket, windowStart: units.windowStart }, excess);
  };

  return {
    /**
     * Runs `attempt` holding a unit of `place`'s budget of `perMinute` failures a minute: an idle unit of this
     * node's, or one taken from the database (HTTP 429 RATE_LIMITED when none is left). An attempt that throws is
     * a failure: its unit stays counted; one that answers frees its unit for the next.
     */
    async run<T>(place: BudgetPlace, perMinute: number, now: Date, attempt: () => Promise<T>): Promise<T> {
      const windowStart = windowStartAt(now);
      let held = unitsOf(place, windowStart);
      if (held.units.inFlight >= held.units.held) {
        await reserveFailure(place.db, place.bucket, perMinute, now);
        // looked up again: the bucket may have been forgotten while the unit was being taken
        held = unitsOf(place, windowStart);
        held.units.held += 1;
      }
      const { key, units } = held;
      units.inFlight += 1;
      let answered = false;
      try {
        const result = await attempt();
        answered = true;
        return result;
      } finally {
        units.inFlight -= 1;
        if (!answered) units.held -= 1;
        await settle(place, key, units);
      }
    },
  };
}
