// Prices of the simulated catalog: a euro base price turned into the city's currency with the fixed rates of
// world.ts, rounded to a step a venue would charge (half euros, whole dirhams, hundreds of yen), kept in minor units.
import { minorToDecimalString, minorUnitExponent } from '../../../platform/money.js';
import { EUR_RATES } from './world.js';

/** The local price of `eur` euros, in minor units of `currency`. */
export function localMinor(eur: number, currency: string): number {
  const rate = EUR_RATES[currency] ?? 1;
  const step = rate < 2 ? 0.5 : 10 ** Math.floor(Math.log10(rate));
  const rounded = Math.max(step, Math.round((eur * rate) / step) * step);
  return Math.round(rounded * 10 ** minorUnitExponent(currency));
}

/** A minor amount times a factor, in minor units of whole (or half, for small rates) local steps. */
export function scaledMinor(minor: number, factor: number, currency: string): number {
  const rate = EUR_RATES[currency] ?? 1;
  const step = (rate < 2 ? 0.5 : 10 ** Math.floor(Math.log10(rate))) * 10 ** minorUnitExponent(currency);
  return Math.max(step, Math.round((minor * factor) / step) * step);
}

export const priceText = (minor: number, currency: string) => minorToDecimalString(minor, currency);
