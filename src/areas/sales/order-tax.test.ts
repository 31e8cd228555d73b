// The pure tax of a cart's order: per line, exact, an exempt product's line untaxed, totals the lines' sums.
import { describe, expect, it } from 'vitest';
import type { CheckoutCart, CheckoutItem } from '../cart/index.js';
import { taxCart } from './order-tax.js';

const item = (productId: number, unitPrice: string, quantity: number): CheckoutItem => ({
  itemId: productId,
  productId,
  variantId: productId,
  description: `Product ${productId}`,
  unitName: 'Adult',
  unitPrice,
  quantity,
  bookDate: null,
  timeSlot: '',
  pickupLocation: null,
  resvName: null,
  holdId: null,
  held: false,
  flightOffer: null,
  supplierTicket: null,
});

const cart = (currency: string, items: CheckoutItem[]): CheckoutCart => ({
  cartId: '00000000-0000-4000-8000-000000000000',
  currency,
  orderNum: null,
  paymentRef: null,
  items,
});

const EXCLUSIVE = { ratePercent: '5', registrationNumber: null, pricesIncludeTax: false };
const INCLUSIVE = { ratePercent: '5', registrationNumber: null, pricesIncludeTax: true };

describe('taxCart', () => {
  it('adds the tax to tax-exclusive prices, rounded per line, none on an exempt product', () => {
    const taxed = taxCart(
      cart('AED', [item(1, '33.33', 3), item(2, '40.00', 1), item(1, '0.10', 1)]),
      EXCLUSIVE,
      new Set([2]),
    );
    expect(taxed.lines.map((line) => line.tax)).toEqual([
      { netMinor: 9_999, taxMinor: 500, grossMinor: 10_499 }, // 4.9995 → 5.00
      { netMinor: 4_000, taxMinor: 0, grossMinor: 4_000 },
      { netMinor: 10, taxMinor: 1, grossMinor: 11 }, // 0.005 → 0.01: half away from zero
    ]);
    expect(taxed.lines.map((line) => line.item.productId)).toEqual([1, 2, 1]);
    expect(taxed.totals).toEqual({ netMinor: 14_009, taxMinor: 501, grossMinor: 14_510 });
  });

  it('takes the tax out of tax-inclusive prices: the gross is the cart’s', () => {
    const taxed = taxCart(cart('AED', [item(1, '33.33', 3), item(2, '40.00', 1)]), INCLUSIVE, new Set([2]));
    expect(taxed.totals).toEqual({ netMinor: 13_523, taxMinor: 476, grossMinor: 13_999 });
  });

  it('works in the currency’s minor unit (KWD has three decimals) and taxes nothing at 0 %', () => {
    expect(taxCart(cart('KWD', [item(1, '1.235', 1)]), EXCLUSIVE, new Set()).totals).toEqual({
      netMinor: 1_235,
      taxMinor: 62, // 61.75 fils → 62
      grossMinor: 1_297,
    });
    const untaxed = taxCart(cart('AED', [item(1, '75.00', 2)]), { ...EXCLUSIVE, ratePercent: '0' }, new Set());
    expect(untaxed.totals).toEqual({ netMinor: 15_000, taxMinor: 0, grossMinor: 15_000 });
  });

  it('leaves a flight line untaxed (zero-rated international carriage), with or without tax in prices', () => {
    const flight: CheckoutItem = { ...item(0, '1234.50', 1), productId: null, variantId: null, flightOffer: {} };
    const exclusive = taxCart(cart('AED', [item(1, '100.00', 1), flight]), EXCLUSIVE, new Set());
    expect(exclusive.lines.map((line) => line.tax)).toEqual([
      { netMinor: 10_000, taxMinor: 500, grossMinor: 10_500 },
      { netMinor: 123_450, taxMinor: 0, grossMinor: 123_450 },
    ]);
    const inclusive = taxCart(cart('AED', [flight]), INCLUSIVE, new Set());
    expect(inclusive.totals).toEqual({ netMinor: 123_450, taxMinor: 0, grossMinor: 123_450 });
  });
});
