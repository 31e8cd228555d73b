// The area's pure rules (contract §8.5): a component's selling price, conversion into the project's currency,
// an itinerary's totals, and which project status moves are allowed. Money is integer minor units or decimal text.
import { invalidFormat } from '../../platform/http/errors.js';
import { fromMinor, minorToDecimalString, minorUnitExponent, toMinor } from '../../platform/money.js';
import type { ComponentType, MarginType, ProjectStatus } from './trip.schemas.js';

/** Margins are kept to 4 decimals (numeric(18, 4)): a percentage of 12.3456 is exact. */
const MARGIN_SCALE = 4;

/** A decimal's digits as a scaled integer: "12.5" → { value: 125n, scale: 1 }. */
function scaled(text: string): { value: bigint; scale: number } {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction) * (text.startsWith('-') ? -1n : 1n);
  return { value, scale: fraction.length };
}

/** value / divisor rounded half away from zero (values here are never so large that bigint would not hold them). */
function divideRounded(value: bigint, divisor: bigint): bigint {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const quotient = magnitude / divisor;
  const rounded = 2n * (magnitude % divisor) >= divisor ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** A number of the request as exact decimal text with at most `decimals` digits; INVALID_FORMAT naming it if more. */
export function exactDecimal(value: number, decimals: number, parameter: string): string {
  const text = value.toFixed(decimals);
  if (Number(text) !== value) throw invalidFormat(parameter, `must have at most ${decimals} decimals`);
  return text;
}

/** An amount of the request as decimal text of the currency; INVALID_FORMAT naming it when negative or too precise. */
export function exactAmount(value: number, currency: string, parameter: string): string {
  if (value < 0) throw invalidFormat(parameter, 'must not be negative');
  const minor = toMinor(value, currency);
  if (fromMinor(minor, currency) !== value) {
    throw invalidFormat(parameter, `must have at most the decimals of ${currency}`);
  }
  return minorToDecimalString(minor, currency);
}

/**
 * The selling price in minor units (contract §8.5): cost × (1 + margin / 100) for PERCENTAGE, rounded half up to the
 * minor unit; cost + margin for FIXED (the margin in the component's currency). A margin that makes it negative, or a
 * percentage under −100, is INVALID_FORMAT naming marginValue.
 */
export function sellingMinor(costMinor: number, margin: { type: MarginType; value: string }, currency: string): number {
  let selling: number;
  if (margin.type === 'PERCENTAGE') {
    const percent = scaled(margin.value);
    const hundred = 100n * 10n ** BigInt(percent.scale);
    if (percent.value < -hundred) throw invalidFormat('marginValue', 'must not be under -100 (percent)');
    selling = Number(divideRounded(BigInt(costMinor) * (hundred + percent.value), hundred));
  } else {
    const marginMinor = toMinor(margin.value, currency);
    if (fromMinor(marginMinor, currency) !== Number(margin.value)) {
      throw invalidFormat('marginValue', `must have at most the decimals of ${currency}`);
    }
    selling = costMinor + marginMinor;
  }
  if (selling < 0) throw invalidFormat('marginValue', 'must not make the selling price negative');
  return selling;
}

export const marginText = (value: number) => exactDecimal(value, MARGIN_SCALE, 'marginValue');

/**
 * An amount (decimal text of `from`) in minor units of `to` at `rate` (decimal text: units of `to` for one of
 * `from`), rounded half away from zero; the amount itself when the currencies are the same.
 */
export function convertMinor(amount: string, from: string, to: string, rate: string | null): number {
  if (from === to) return toMinor(amount, to);
  if (rate === null) throw new Error(`no rate ${from}→${to}`);
  const a = scaled(amount);
  const r = scaled(rate);
  const shift = a.scale + r.scale - minorUnitExponent(to);
  const product = a.value * r.value;
  if (shift <= 0) return Number(product * 10n ** BigInt(-shift));
  return Number(divideRounded(product, 10n ** BigInt(shift)));
}

/** The totals of an itinerary from its components' converted cost and selling (minor units of the project). */
export function itineraryTotals(components: ReadonlyArray<{ costMinor: number; sellingMinor: number }>) {
  const cost = components.reduce((sum, component) => sum + component.costMinor, 0);
  const selling = components.reduce((sum, component) => sum + component.sellingMinor, 0);
  return { cost, selling, margin: selling - cost, marginPercentage: marginPercentage(cost, selling - cost) };
}

/** totalMargin / totalCost × 100 to two decimals; 0 when there is no cost (contract §8.5). */
export function marginPercentage(costMinor: number, marginMinor: number): number {
  if (costMinor === 0) return 0;
  return Number(divideRounded(BigInt(marginMinor) * 10_000n, BigInt(costMinor))) / 100;
}

/** Display order of the types within a day: how the trip unfolds (travel, stay, do, extras, then what is not in). */
export const TYPE_ORDER: Record<ComponentType, number> = { FLIGHT: 0, HOTEL: 1, ACTIVITY: 2, SERVICE: 3, EXCLUSION: 4 };

/** Statuses whose project and itineraries refuse every change but a status move (contract §8.5). */
export const FROZEN_STATUSES: readonly ProjectStatus[] = ['CONFIRMED', 'COMPLETED', 'CANCELLED'];

/**
 * Whether project/update may move `from` → `to` (contract §8.5): DRAFT ↔ QUOTED; CONFIRMED → COMPLETED once the
 * project's endDate is before the tenant's today; CANCELLED from any but COMPLETED. CONFIRMED is toBooking's only.
 * Staying in the same status is no move (allowed: an update that names the status it has).
 */
export function mayMove(from: ProjectStatus, to: ProjectStatus, ended: boolean): boolean {
  if (from === to) return true;
  if (to === 'CANCELLED') return from !== 'COMPLETED';
  if (to === 'COMPLETED') return from === 'CONFIRMED' && ended;
  if (to === 'QUOTED') return from === 'DRAFT';
  if (to === 'DRAFT') return from === 'QUOTED';
  return false;
}
