// The simulator's fares: an adult's base fare from the distance flown (a falling rate per kilometre), varied per
// carrier and flight by the journey's seed; children pay 75% of it and held infants 10%; taxes are a carrier
// surcharge (YQ) and a departure tax per country of departure. Fares are set in US dollars and shown in the
// requested currency at fixed reference rates (an unknown currency is taken at par), bases in whole units.
import { minorUnitExponent } from '../../../platform/money.js';
import type { PassengerType } from '../port.js';
import { seededRandom } from './clock.js';
import type { Journey } from './routes.js';

/** One traveler's price in minor units of the offer's currency. */
export interface UnitFare {
  base: number;
  taxes: { code: string; amount: number }[];
}

export type UnitFares = Record<PassengerType, UnitFare>;

/** Units of the currency per US dollar (reference rates; documented in docs/decisions.md). */
const USD_RATES: Record<string, number> = {
  USD: 1,
  AED: 3.6725,
  SAR: 3.75,
  QAR: 3.64,
  OMR: 0.3845,
  BHD: 0.376,
  KWD: 0.307,
  EUR: 0.92,
  GBP: 0.79,
  CHF: 0.88,
  INR: 83,
  PKR: 280,
  JPY: 150,
  CNY: 7.2,
  HKD: 7.8,
  SGD: 1.34,
  THB: 36,
  MYR: 4.7,
  AUD: 1.52,
  CAD: 1.36,
  TRY: 32,
  EGP: 48,
  ZAR: 18.5,
  KES: 130,
  SEK: 10.5,
  NOK: 10.7,
  DKK: 6.9,
};

const SHARE: Record<PassengerType, number> = { ADULT: 1, CHILD: 0.75, INFANT: 0.1 };

function perKmUsd(km: number): number {
  if (km < 1500) return 0.14;
  if (km < 5000) return 0.09;
  return 0.065;
}

/** The unit fares of journeys flown together (one, or two for a return trip; a return is 10% off the sum). */
export function unitFares(flown: Journey[], currency: string): UnitFares {
  const rate = USD_RATES[currency.toUpperCase()] ?? 1;
  const minor = 10 ** minorUnitExponent(currency);
  let adultUsd = 0;
  let surchargeUsd = 0;
  const departureTaxes: { code: string; usd: number }[] = [];
  for (const journey of flown) {
    const random = seededRandom(`fare|${journey.key}`);
    const stopFactor = journey.legs.length > 1 ? 0.88 : 1;
    adultUsd += (40 + journey.km * perKmUsd(journey.km)) * stopFactor * (0.85 + random.next() * 0.5);
    surchargeUsd += 10 + journey.km * 0.006;
    for (const leg of journey.legs) {
      const usd = 8 + seededRandom(`tax|${leg.from.countryCode}`).int(0, 52);
      departureTaxes.push({ code: leg.from.countryCode, usd });
    }
  }
  if (flown.length > 1) adultUsd *= 0.9;
  const fares = {} as UnitFares;
  for (const type of ['ADULT', 'CHILD', 'INFANT'] as const) {
    const share = SHARE[type];
    const base = Math.max(1, Math.round(adultUsd * share * rate)) * minor;
    const taxes = [{ code: 'YQ', amount: Math.round(surchargeUsd * share * rate * minor) }];
    if (type !== 'INFANT') {
      for (const tax of departureTaxes) taxes.push({ code: tax.code, amount: Math.round(tax.usd * rate * minor) });
    }
    fares[type] = { base, taxes: mergeTaxes(taxes) };
  }
  return fares;
}

function mergeTaxes(taxes: { code: string; amount: number }[]): { code: string; amount: number }[] {
  const merged = new Map<string, number>();
  for (const tax of taxes) merged.set(tax.code, (merged.get(tax.code) ?? 0) + tax.amount);
  return [...merged].map(([code, amount]) => ({ code, amount }));
}

export function fareTotal(fare: UnitFare): number {
  return fare.base + fare.taxes.reduce((sum, tax) => sum + tax.amount, 0);
}
