// The conversion of a booking's prices: exact products, one rounding half-up to the target's minor unit.
import { describe, expect, it } from 'vitest';
import { bookingCharges, convertToMinor, foreignCurrencies, unitMinor } from './bookings.rules.js';

describe('convertToMinor', () => {
  it('rounds the exact product once, half-up, to the minor unit of the target currency', () => {
    expect(convertToMinor('50.00', '3.6725', 'AED')).toBe(18363); // 183.625
    expect(convertToMinor('50.00', '3.67249999', 'AED')).toBe(18362); // 183.6249995
    expect(convertToMinor('75.50', '4.01234567', 'AED')).toBe(30293); // 302.932098…
    expect(convertToMinor('0.1', '0.2', 'AED')).toBe(2); // 0.02, where binary floating point says 0.020000000000000004
    expect(convertToMinor('1000', '0.38', 'OMR')).toBe(380000); // three decimals
    expect(convertToMinor('99.99', '162.5', 'JPY')).toBe(16248); // 16248.375, no decimals
    expect(convertToMinor('99.99', '162.55', 'JPY')).toBe(16253); // 16253.3745
    expect(convertToMinor('0', '4.2', 'AED')).toBe(0);
    expect(convertToMinor('12345678901.125', '1', 'USD')).toBe(1234567890113);
  });

  it('takes a price in the tenant currency as it is, and refuses to convert without a rate', () => {
    const charge = {
      kind: 'cabin' as const,
      chargeTypeId: null,
      description: 'Cabin',
      unitName: 'cabin',
      quantity: 1,
      unitPrice: '10.505',
      currency: 'AED',
    };
    expect(unitMinor(charge, 'AED', null)).toBe(1051);
    expect(unitMinor({ ...charge, currency: 'USD', unitPrice: '10' }, 'AED', '3.6725')).toBe(3673);
    expect(() => unitMinor({ ...charge, currency: 'USD' }, 'AED', null)).toThrow('USD→AED');
  });
});

describe('bookingCharges', () => {
  it('the cabin once, mandatory charges per passenger or once, add-ons by quantity', () => {
    const charges = bookingCharges({
      cabin: { description: 'Cabin C01', price: '1000', currency: 'AED' },
      mandatory: [
        { chargeTypeId: 1, name: 'Port fees', price: '50', currency: 'USD', perPerson: true },
        { chargeTypeId: 2, name: 'Service', price: '100', currency: 'AED', perPerson: false },
      ],
      addOns: [{ chargeTypeId: 3, name: 'Drinks', price: '75.5', currency: 'EUR', quantity: 3 }],
      passengers: 2,
    });
    expect(charges.map((c) => [c.kind, c.chargeTypeId, c.unitName, c.quantity, c.unitPrice])).toEqual([
      ['cabin', null, 'cabin', 1, '1000'],
      ['charge', 1, 'passenger', 2, '50'],
      ['charge', 2, 'booking', 1, '100'],
      ['addOn', 3, 'unit', 3, '75.5'],
    ]);
    expect(foreignCurrencies(charges, 'AED')).toEqual(['USD', 'EUR']);
  });
});
