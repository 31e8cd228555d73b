// The price of a contracted stay, pure: per night by the entry's rateBase (ROOM: the room's rate; PAX: adult and
// child rates per person), special-day rates, the extra bed, the meal supplement for the requested plan, the
// hotel's fees, then the agency's margin. Amounts are integer minor units of the tenant's currency; rates arrive
// as the decimal text PostgreSQL's numeric gives, so no binary floating point sum is ever made.
import { toMinor } from '../../../platform/money.js';

// A search prices the same few rate texts hundreds of times (every room of a contract has the same rates): their
// minor units are parsed once and looked up after. Memoising keeps the rules pure; the map is bounded.
const parsedAmounts = new Map<string, number>();
const PARSED_AMOUNTS_KEPT = 10_000;

/** toMinor of a decimal text, parsed once per text and currency. */
function minorOf(text: string, currency: string): number {
  const key = `${currency}:${text}`;
  let minor = parsedAmounts.get(key);
  if (minor === undefined) {
    minor = toMinor(text, currency);
    if (parsedAmounts.size >= PARSED_AMOUNTS_KEPT) parsedAmounts.clear();
    parsedAmounts.set(key, minor);
  }
  return minor;
}

export type RateType = 'ABS' | 'PCT';
export type RateBase = 'ROOM' | 'PAX';
export type MarginType = 'PERCENT' | 'ABS';

/**
 * Nights of a room's calendar as pricing needs them (decimal texts for amounts): one entry, or a run of entries of
 * the stay with the very same rates and rules, priced once and counted `nights` times.
 */
export interface NightRate {
  /** How many nights of the stay this rate prices (1 for a single entry). */
  nights: number;
  specialDay: boolean;
  rateBase: RateBase;
  baseRate: string;
  specDayRate: string;
  adultRate: string;
  childRate: string;
  extraBedRate: string;
  adultSdRate: string;
  childSdRate: string;
  sdRateType: RateType;
  adultRateType: RateType;
  childRateType: RateType;
  /** The plan included in the rate (a meal plan's planId). */
  mealBase: number;
  /** "HB:50,FB:90": per person and night, for a plan above the included one. */
  mealSupplements: string | null;
}

/** Who stays, once children are sorted by the hotel's age limits (guestsByAge). Infants stay free. */
export interface Party {
  adults: number;
  children: number;
  infants: number;
}

export interface MealPlanRef {
  planId: number;
  plan: string;
  planOrder: number;
}

/** A hotel's cost of a plan per person and night (decimal texts). */
export interface MealCost {
  adultCost: string;
  childCost: string;
}

export interface StayToPrice {
  /** The stay's nights, in date order (runs of alike nights or single ones). */
  nights: readonly NightRate[];
  party: Party;
  /** An extra bed is charged each night (asked for, needed for the party, or required by the room). */
  extraBed: boolean;
  /** The plan asked for; undefined: each night's included plan. */
  mealPlan: MealPlanRef | undefined;
  /** Every reference plan by planId (to compare a night's included plan with the one asked for). */
  plans: ReadonlyMap<number, MealPlanRef>;
  /** The hotel's plan costs by planId. */
  mealCosts: ReadonlyMap<number, MealCost>;
  /** The hotel's fees per room and night. */
  feesPerNight: string;
  margin: { type: MarginType; value: string };
  currency: string;
}

export interface StayPrice {
  /** What the hotel charges for the stay (rates, extra bed, meals, fees). */
  costMinor: number;
  marginMinor: number;
  /** What the guest pays: cost plus margin. */
  totalMinor: number;
  /** The total over the nights, rounded half up to the minor unit (the total stays exact). */
  perNightMinor: number;
  /** The plan the price includes: the one asked for, else the first night's included one. */
  mealPlan: string;
}

/** Why a stay has no price: the plan asked for cannot be sold on some night. */
export type Unpriced = { reason: 'MEAL_PLAN' };

/** A percentage (decimal text, e.g. "12.5") as thousandths of a percent, so 12.5 % is 12500. */
function percentThousandths(text: string): number {
  return minorOf(text, 'KWD');
}

/** `minor` × percent, rounded half up to the minor unit (amounts and percentages are never negative). */
function percentOf(minor: number, percentText: string): number {
  return Math.round((minor * percentThousandths(percentText)) / 100_000);
}

/** The adult and child rates of a night, per person, after the rate types (PCT: a percentage of another rate). */
function perPersonRates(night: NightRate, currency: string): { adult: number; child: number } {
  const base = minorOf(night.baseRate, currency);
  const adultNormal =
    night.adultRateType === 'PCT' ? percentOf(base, night.adultRate) : minorOf(night.adultRate, currency);
  const childNormal =
    night.childRateType === 'PCT' ? percentOf(adultNormal, night.childRate) : minorOf(night.childRate, currency);
  if (!night.specialDay) return { adult: adultNormal, child: childNormal };
  if (night.sdRateType === 'PCT') {
    // PCT special days: specDayRate is a surcharge in percent on the normal rates
    return {
      adult: adultNormal + percentOf(adultNormal, night.specDayRate),
      child: childNormal + percentOf(childNormal, night.specDayRate),
    };
  }
  return { adult: minorOf(night.adultSdRate, currency), child: minorOf(night.childSdRate, currency) };
}

/** The room part of one night: the room rate (ROOM) or the party's person rates (PAX), special days applied. */
export function roomNightMinor(night: NightRate, party: Party, currency: string): number {
  if (night.rateBase === 'PAX') {
    const rates = perPersonRates(night, currency);
    return rates.adult * party.adults + rates.child * party.children;
  }
  const base = minorOf(night.baseRate, currency);
  if (!night.specialDay) return base;
  return night.sdRateType === 'PCT' ? base + percentOf(base, night.specDayRate) : minorOf(night.specDayRate, currency);
}

/** "HB:50, fb:90.5" → { HB: "50", FB: "90.5" }; pieces that are not code:amount are ignored. */
export function parseMealSupplements(text: string | null): Map<string, string> {
  const supplements = new Map<string, string>();
  for (const piece of (text ?? '').split(',')) {
    const match = /^\s*([A-Za-z]{2})\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(piece);
    if (match?.[1] && match[2]) supplements.set(match[1].toUpperCase(), match[2]);
  }
  return supplements;
}

/**
 * The meal supplement of one night for the plan asked for: nothing for the included plan; the entry's own
 * supplement per person when it lists the plan; else the difference of the hotel's plan costs. A plan below the
 * included one, or one with neither a supplement nor a hotel cost, cannot be sold (undefined).
 */
export function mealSupplementMinor(
  night: NightRate,
  stay: Pick<StayToPrice, 'party' | 'mealPlan' | 'plans' | 'mealCosts' | 'currency'>,
): number | undefined {
  const wanted = stay.mealPlan;
  if (!wanted || wanted.planId === night.mealBase) return 0;
  const included = stay.plans.get(night.mealBase);
  if (included && wanted.planOrder < included.planOrder) return undefined;
  const persons = stay.party.adults + stay.party.children;
  const listed = parseMealSupplements(night.mealSupplements).get(wanted.plan);
  if (listed !== undefined) return minorOf(listed, stay.currency) * persons;
  const wantedCost = stay.mealCosts.get(wanted.planId);
  if (!wantedCost) return undefined;
  const includedCost = stay.mealCosts.get(night.mealBase);
  const perAdult =
    minorOf(wantedCost.adultCost, stay.currency) - minorOf(includedCost?.adultCost ?? '0', stay.currency);
  const perChild =
    minorOf(wantedCost.childCost, stay.currency) - minorOf(includedCost?.childCost ?? '0', stay.currency);
  return Math.max(0, perAdult) * stay.party.adults + Math.max(0, perChild) * stay.party.children;
}

/** The price of the whole stay, or why it has none. */
export function priceStay(stay: StayToPrice): StayPrice | Unpriced {
  const fees = minorOf(stay.feesPerNight, stay.currency);
  let roomsMinor = 0;
  let extrasMinor = 0;
  let nights = 0;
  for (const night of stay.nights) {
    const meals = mealSupplementMinor(night, stay);
    if (meals === undefined) return { reason: 'MEAL_PLAN' };
    roomsMinor += roomNightMinor(night, stay.party, stay.currency) * night.nights;
    extrasMinor += (meals + fees + (stay.extraBed ? minorOf(night.extraBedRate, stay.currency) : 0)) * night.nights;
    nights += night.nights;
  }
  const costMinor = roomsMinor + extrasMinor;
  const marginMinor =
    stay.margin.type === 'PERCENT'
      ? percentOf(costMinor, stay.margin.value)
      : minorOf(stay.margin.value, stay.currency) * nights;
  const totalMinor = costMinor + marginMinor;
  const includedPlan = stay.plans.get(stay.nights[0]?.mealBase ?? 1)?.plan ?? 'RO';
  return {
    costMinor,
    marginMinor,
    totalMinor,
    perNightMinor: nights === 0 ? 0 : Math.round(totalMinor / nights),
    mealPlan: stay.mealPlan?.plan ?? includedPlan,
  };
}

/** Sorts the children by the hotel's age limits: up to `infant` an infant, up to `child` a child, older an adult. */
export function guestsByAge(
  adults: number,
  children: number,
  childAges: readonly number[] | undefined,
  limits: { infant: number; child: number },
): Party {
  if (!childAges) return { adults, children, infants: 0 };
  const party = { adults, children: 0, infants: 0 };
  for (const age of childAges) {
    if (age <= limits.infant) party.infants += 1;
    else if (age <= limits.child) party.children += 1;
    else party.adults += 1;
  }
  return party;
}

export interface RoomCapacity {
  maxOccupancy: number;
  maxAdults: number;
  extraBed: boolean;
  extraBedRequired: boolean;
}

/**
 * Whether the party fits the room, and whether an extra bed is charged. Infants share a bed and do not count. An
 * extra bed (when the room offers one) adds one place; it is charged when asked for, when the party needs it, and
 * always when the room requires it.
 */
export function fitRoom(
  room: RoomCapacity,
  party: Party,
  extraBedAsked: boolean,
): { fits: false } | { fits: true; extraBed: boolean } {
  if (party.adults > room.maxAdults) return { fits: false };
  if (extraBedAsked && !room.extraBed) return { fits: false };
  const guests = party.adults + party.children;
  const needsExtraBed = guests > room.maxOccupancy;
  if (needsExtraBed && (!room.extraBed || guests > room.maxOccupancy + 1)) return { fits: false };
  return { fits: true, extraBed: extraBedAsked || needsExtraBed || room.extraBedRequired };
}

/** The minimum stay the nights ask for: each night's mlos, and its sdmlos when the stay holds a special day. */
export function minimumStay(nights: ReadonlyArray<{ specialDay: boolean; mlos: number; sdmlos: number }>): number {
  const hasSpecialDay = nights.some((night) => night.specialDay);
  let minimum = 1;
  for (const night of nights) {
    minimum = Math.max(minimum, night.mlos, hasSpecialDay ? night.sdmlos : 1);
  }
  return minimum;
}
