// Pure: a room's nights of a stay cut out of its kept month runs (hotel_room_month_runs, migration 0039). A run is
// consecutive nights sold alike; the stay takes the part of each run inside it, alike rates folded together. The room answers only when every
// night of the stay is on its calendar and none is on stop sale or outside its booking window.
import type { NightAvailability } from './accommodation-search.rules.js';
import type { NightRate, RateBase, RateType } from './pricing.rules.js';

/** A room's nights of a stay as the rules price them: a run of alike nights, `nights` of them. */
export interface CandidateNight extends NightRate, NightAvailability {}

const DAY_MS = 86_400_000;

/** A run as stored: first night (days since 1970-01-01), nights, the rates, availability, restrictions, window. */
export type MonthRun = [
  firstDay: number,
  nights: number,
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
  hasRoom: boolean,
  onRequest: boolean,
  mlos: number,
  sdmlos: number,
  stopSale: boolean,
  /** Epoch ms; null: open on that side. */
  bookFrom: number | null,
  bookTo: number | null,
];

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
  const [bookFrom, bookTo] = [run[21], run[22]];
  return run[20] || (bookFrom !== null && bookFrom > now) || (bookTo !== null && bookTo < now);
}

function changeAfter(run: MonthRun, now: number): number | null {
  const [bookFrom, bookTo] = [run[21], run[22]];
  if (bookFrom !== null && bookFrom > now) return bookFrom;
  return bookTo !== null && bookTo >= now ? bookTo : null;
}

function toNight(run: MonthRun, nights: number): CandidateNight {
  return {
    nights,
    specialDay: run[2],
    rateBase: run[3],
    baseRate: run[4],
    specDayRate: run[5],
    adultRate: run[6],
    childRate: run[7],
    extraBedRate: run[8],
    adultSdRate: run[9],
    childSdRate: run[10],
    sdRateType: run[11],
    adultRateType: run[12],
    childRateType: run[13],
    mealBase: run[14],
    mealSupplements: run[15],
    available: run[16],
    onRequest: run[16] || run[17],
    mlos: run[18],
    sdmlos: run[19],
  };
}

/** Whether two runs' nights are priced alike: the same rates (members 2-15). */
function sameRates(a: MonthRun, b: MonthRun): boolean {
  for (let i = 2; i <= 15; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The part of a room's runs (its months in date order) inside the stay, nights priced alike folded together
 * wherever they fall (a weekday rate around special weekends is one run, not one per week): the rules price each
 * fold once. A fold has a room to sell or can be asked for only if each of its nights can; its minimum stays are
 * the longest of its nights'. Folds come in the order of their first night.
 */
export function cutStay(months: ReadonlyArray<readonly MonthRun[]>, stay: StayWindow): StayCut {
  // a stay has few folds: found by comparing rates, without building a key for every run
  const folds: Array<{ rates: MonthRun; night: CandidateNight }> = [];
  let covered = 0;
  let closed = false;
  let nextChange: number | null = null;
  for (const run of months.flat()) {
    const inside = Math.min(run[0] + run[1], stay.to) - Math.max(run[0], stay.from);
    if (inside <= 0) continue;
    covered += inside;
    closed ||= isClosed(run, stay.now);
    const change = changeAfter(run, stay.now);
    if (change !== null && (nextChange === null || change < nextChange)) nextChange = change;
    const fold = folds.find((candidate) => sameRates(candidate.rates, run))?.night;
    if (!fold) {
      folds.push({ rates: run, night: toNight(run, inside) });
      continue;
    }
    fold.nights += inside;
    fold.available &&= run[16];
    fold.onRequest &&= run[16] || run[17];
    fold.mlos = Math.max(fold.mlos, run[18]);
    fold.sdmlos = Math.max(fold.sdmlos, run[19]);
  }
  const whole = covered === stay.to - stay.from;
  return { nights: whole && !closed ? folds.map((fold) => fold.night) : null, nextChange };
}
