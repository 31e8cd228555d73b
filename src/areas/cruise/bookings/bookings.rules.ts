// Pure rules of a cruise booking's total (contract §8.3): which charges it has, and each one's price converted into
// the tenant's currency exactly. No I/O; amounts are decimal text in, integer minor units out.
import { minorUnitExponent, toMinor } from '../../../platform/money.js';

/** A charge of the booking as stored: its unit price in its own currency and how many of it. */
export interface Charge {
  kind: 'cabin' | 'charge' | 'addOn';
  chargeTypeId: number | null;
  description: string;
  unitName: string;
  quantity: number;
  unitPrice: string;
  currency: string;
}

/** A decimal text as an integer and its number of decimals ("12.345" → 12345n, 3). */
function scaled(text: string): { value: bigint; scale: number } {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) throw new Error(`not a non-negative decimal: ${text}`);
  const fraction = match[2] ?? '';
  return { value: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/**
 * `amount` (decimal text) × `rate` (decimal text) in minor units of `toCurrency`, rounded once, half-up: the product
 * is exact (integers), so the only rounding is this one.
 */
export function convertToMinor(amount: string, rate: string, toCurrency: string): number {
  const a = scaled(amount);
  const r = scaled(rate);
  const product = a.value * r.value;
  const shift = a.scale + r.scale - minorUnitExponent(toCurrency);
  if (shift <= 0) return Number(product * 10n ** BigInt(-shift));
  const divisor = 10n ** BigInt(shift);
  const quotient = product / divisor;
  return Number(2n * (product % divisor) >= divisor ? quotient + 1n : quotient);
}

/** The unit price in minor units of the tenant currency: as it is when in that currency, else converted. */
export function unitMinor(charge: Charge, tenantCurrency: string, rate: string | null): number {
  if (charge.currency === tenantCurrency) return toMinor(charge.unitPrice, tenantCurrency);
  if (rate === null) throw new Error(`no rate ${charge.currency}→${tenantCurrency}`);
  return convertToMinor(charge.unitPrice, rate, tenantCurrency);
}

/** The currencies the booking's charges need a rate from (none for the tenant's own). */
export function foreignCurrencies(charges: readonly Charge[], tenantCurrency: string): string[] {
  return [...new Set(charges.map((charge) => charge.currency).filter((currency) => currency !== tenantCurrency))];
}

/**
 * The charges of a booking: its cabin once; each mandatory charge per passenger when perPerson, else once; each
 * add-on by its quantity.
 */
export function bookingCharges(input: {
  cabin: { description: string; price: string; currency: string };
  mandatory: ReadonlyArray<{ chargeTypeId: number; name: string; price: string; currency: string; perPerson: boolean }>;
  addOns: ReadonlyArray<{ chargeTypeId: number; name: string; price: string; currency: string; quantity: number }>;
  passengers: number;
}): Charge[] {
  const cabin: Charge = {
    kind: 'cabin',
    chargeTypeId: null,
    description: input.cabin.description,
    unitName: 'cabin',
    quantity: 1,
    unitPrice: input.cabin.price,
    currency: input.cabin.currency,
  };
  const mandatory = input.mandatory.map(
    (charge): Charge => ({
      kind: 'charge',
      chargeTypeId: charge.chargeTypeId,
      description: charge.name,
      unitName: charge.perPerson ? 'passenger' : 'booking',
      quantity: charge.perPerson ? input.passengers : 1,
      unitPrice: charge.price,
      currency: charge.currency,
    }),
  );
  const addOns = input.addOns.map(
    (addOn): Charge => ({
      kind: 'addOn',
      chargeTypeId: addOn.chargeTypeId,
      description: addOn.name,
      unitName: 'unit',
      quantity: addOn.quantity,
      unitPrice: addOn.price,
      currency: addOn.currency,
    }),
  );
  return [cabin, ...mandatory, ...addOns];
}
