// One gapless per-tenant counter for every human-facing number (TQ-2026-00001, QUO-2026-000001, invoice numbers,
// visa applications, …): table `counters` of the tenant database, a row per series and year. The number is taken
// inside the caller's transaction and the row stays locked until it ends, so a rolled-back write gives its number
// back (no gap) and a concurrent writer waits for it, then takes the next one (no repeat). Take it last in the
// transaction, so the lock is held only for the statements before commit. Each area formats its own numbers.
import type { TransactionSql } from './connections.js';

/** A series is the number's own prefix, upper case: SO, INV, QUO, TQ, VA, VI (the table refuses anything else). */
const SERIES = /^[A-Z][A-Z0-9]{0,15}$/;

/** The next number of a series in a year: 1 for the year's first, then 2, 3, … without gaps. */
export async function nextNumber(tx: TransactionSql, series: string, year: number): Promise<number> {
  if (!SERIES.test(series)) throw new Error(`counter series ${JSON.stringify(series)} is not an upper-case prefix`);
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new Error(`counter year ${year} is not a year`);
  const [row] = await tx<{ last_number: number }[]>`
    INSERT INTO counters (series, year, last_number) VALUES (${series}, ${year}, 1)
    ON CONFLICT (series, year) DO UPDATE SET last_number = counters.last_number + 1
    RETURNING last_number`;
  if (!row) throw new Error(`counter ${series} ${year} returned no row`);
  return row.last_number;
}
