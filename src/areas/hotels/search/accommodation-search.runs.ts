// Pure: a room's nights of a stay cut out of its kept month runs (hotel_room_month_runs, migration 0039). A run is
// consecutive nights sold alike; the stay takes the part of each run inside it, alike rates folded together. The
// room answers only when every night of the stay is on its calendar and none is on stop sale or outside its
// booking window.
import type { NightAvailability } from './accommodation-search.rules.js';
import type { NightRate, RateBase, RateType } from './pricing.rules.js';

/** A room's nights of a stay as the rules price them: a run of alike nights, `nights` of them. */
export interface CandidateNight extends NightRate, NightAvailability {}

const DAY_MS = 86_400_000;

/** A night's pricing columns as stored (`rates`), in this order. */
export type Rates = [
  specialDay: boolean,
  rateBase: RateBase,
  baseRate: string,
  specDayRate: string,
  adultRate: string,
  childRate: string,
  extraBedRate: string,
  adultSdRate: string,
  childSdRate: string,
  sdRateType: RateType,
  adultRateType: RateType,
  childRateType: RateType,
  mealBase: number,
  mealSupplements: string | null,
];

/** A run as stored: first night (days since 1970-01-01), nights, its rates' place in the month's list, the rest. */
export type MonthRun = [
  firstDay: number,
  nights: number,
  ratesAt: number,
  hasRoom: boolean,
  onRequest: boolean,
  mlos: number,
  sdmlos: number,
  stopSale: boolean,
  /** Epoch ms; null: open on that side. */
  bookFrom: number | null,
  bookTo: number | null,
];

/** One month of a room as stored: its distinct rates once each, then its runs in date order. */
export type MonthRuns = [rates: Rates[], runs: MonthRun[]];

/** yyyy-MM-dd → days since 1970-01-01 (the runs' first-night numbers). */
export function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

export interface StayWindow {
  /** Day number of the first night. */
  from: number;
  /** Day number of the check-out (exclusive). */
  to: number;
  /** Epoch ms of the search: booking windows are judged at it. */
  now: number;
}

export interface StayCut {
  /** The stay's nights as runs in date order; null when the room cannot answer for the stay. */
  nights: CandidateNight[] | null;
  /** When the first booking window of these nights opens or closes after `now` (epoch ms); null: never. */
  nextChange: number | null;
}

function isClosed(run: MonthRun, now: number): boolean {
  const [bookFrom, bookTo] = [run[8], run[9]];
  return run[7] || (bookFrom !== null && bookFrom > now) || (bookTo !== null && bookTo < now);
}

function changeAfter(run: MonthRun, now: number): number | null {
  const [bookFrom, bookTo] = [run[8], run[9]];
  if (bookFrom !== null && bookFrom > now) return bookFrom;
  return bookTo !== null && bookTo >= now ? bookTo : null;
}

function toNight(rates: Rates, run: MonthRun, nights: number): CandidateNight {
  return {
    nights,
    specialDay: rates[0],
    rateBase: rates[1],
    baseRate: rates[2],
    specDayRate: rates[3],
    adultRate: rates[4],
    childRate: rates[5],
    extraBedRate: rates[6],
    adultSdRate: rates[7],
    childSdRate: rates[8],
    sdRateType: rates[9],
    adultRateType: rates[10],
    childRateType: rates[11],
    mealBase: rates[12],
    mealSupplements: rates[13],
    available: run[3],
    onRequest: run[3] || run[4],
    mlos: run[5],
    sdmlos: run[6],
  };
}

/** Whether two rates are the same (the same list entry of one month, or equal members across months). */
function sameRates(a: Rates, b: Rates): boolean {
  if (a === b) return true;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The part of a room's runs (its months in date order) inside the stay, nights priced alike folded together
 * wherever they fall (a weekday rate around special weekends is one fold, not one per week): the rules price each
 * fold once. A fold has a room to sell or can be asked for only if each of its nights can; its minimum stays are
 * the longest of its nights'. Folds come in the order of their first night.
 */
export function cutStay(months: ReadonlyArray<MonthRuns>, stay: StayWindow): StayCut {
  const folds: Array<{ rates: Rates; night: CandidateNight }> = [];
  let covered = 0;
  let closed = false;
  let nextChange: number | null = null;
  for (const [ratesList, runs] of months) {
    for (const run of runs) {
      const inside = Math.min(run[0] + run[1], stay.to) - Math.max(run[0], stay.from);
      const rates = ratesList[run[2]];
      if (inside <= 0 || !rates) continue;
      covered += inside;
      closed ||= isClosed(run, stay.now);
      const change = changeAfter(run, stay.now);
      if (change !== null && (nextChange === null || change < nextChange)) nextChange = change;
      const fold = folds.find((candidate) => sameRates(candidate.rates, rates))?.night;
      if (!fold) {
        folds.push({ rates, night: toNight(rates, run, inside) });
        continue;
      }
      fold.nights += inside;
      fold.available &&= run[3];
      fold.onRequest &&= run[3] || run[4];
      fold.mlos = Math.max(fold.mlos, run[5]);
      fold.sdmlos = Math.max(fold.sdmlos, run[6]);
    }
  }
  const whole = covered === stay.to - stay.from;
  return { nights: whole && !closed ? folds.map((fold) => fold.night) : null, nextChange };
}
