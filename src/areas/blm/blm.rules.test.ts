import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUSES,
  bookingReferenceOf,
  depositMinor,
  type MergeSource,
  type MergeTarget,
  mergeRefusal,
  moveRefusal,
  paymentStatusOf,
} from './blm.rules.js';

describe('payment status', () => {
  it('is UNPAID, PARTIALLY_PAID, DEPOSIT_PAID or FULLY_PAID by the amount paid, in minor units', () => {
    expect(paymentStatusOf(0, 10_000, '20.00')).toBe('UNPAID');
    expect(paymentStatusOf(1_999, 10_000, '20.00')).toBe('PARTIALLY_PAID');
    expect(paymentStatusOf(2_000, 10_000, '20.00')).toBe('DEPOSIT_PAID');
    expect(paymentStatusOf(9_999, 10_000, '20.00')).toBe('DEPOSIT_PAID');
    expect(paymentStatusOf(10_000, 10_000, '20.00')).toBe('FULLY_PAID');
    expect(paymentStatusOf(1, 10_000, '0.00')).toBe('DEPOSIT_PAID');
  });

  it('rounds the deposit up to the minor unit', () => {
    expect(depositMinor(9_999, '20.00')).toBe(2_000);
    expect(depositMinor(10_000, '20.00')).toBe(2_000);
    expect(depositMinor(30, '50.00')).toBe(15);
    expect(depositMinor(1, '12.50')).toBe(1);
    expect(depositMinor(0, '20.00')).toBe(0);
  });
});

describe('lifecycle moves', () => {
  const allowed = (from: (typeof BOOKING_STATUSES)[number], to: (typeof BOOKING_STATUSES)[number]) =>
    moveRefusal('TQ-2026-00001', from, to) === undefined;

  it('follows ENQUIRY → QUOTED → OPTION_HELD → CONFIRMED → TICKETED → COMPLETED, AMENDED and back', () => {
    expect(allowed('ENQUIRY', 'QUOTED')).toBe(true);
    expect(allowed('QUOTED', 'OPTION_HELD')).toBe(true);
    expect(allowed('OPTION_HELD', 'CONFIRMED')).toBe(true);
    expect(allowed('CONFIRMED', 'TICKETED')).toBe(true);
    expect(allowed('TICKETED', 'COMPLETED')).toBe(true);
    expect(allowed('CONFIRMED', 'AMENDED')).toBe(true);
    expect(allowed('TICKETED', 'AMENDED')).toBe(true);
    expect(allowed('AMENDED', 'CONFIRMED')).toBe(true);
    expect(allowed('ENQUIRY', 'CONFIRMED')).toBe(false);
    expect(allowed('QUOTED', 'AMENDED')).toBe(false);
  });

  it('cancels from every status but the terminal ones, and never moves to EXPIRED by hand', () => {
    for (const from of BOOKING_STATUSES) {
      expect(allowed(from, 'CANCELLED')).toBe(!['COMPLETED', 'CANCELLED', 'EXPIRED'].includes(from));
      expect(allowed(from, 'EXPIRED')).toBe(false);
    }
    expect(moveRefusal('TQ-2026-00001', 'ENQUIRY', 'TICKETED')?.message).toBe(
      'Booking TQ-2026-00001 is ENQUIRY, it cannot become TICKETED',
    );
  });
});

describe('merge eligibility', () => {
  const cart: MergeSource = {
    cartNumber: 7,
    status: 'ACTIVE',
    itemCount: 2,
    customerId: undefined,
    currency: 'AED',
    payableLink: false,
  };
  const booking: MergeTarget = {
    reference: 'TQ-2026-00003',
    status: 'QUOTED',
    paymentStatus: 'UNPAID',
    paymentLinkActive: false,
    cartReference: null,
    customerId: 5,
    currency: 'AED',
  };
  const refusal = (c: Partial<MergeSource>, b: Partial<MergeTarget>) =>
    mergeRefusal({ ...cart, ...c }, { ...booking, ...b })?.message;

  it('names the first failed condition, in the specification order', () => {
    expect(refusal({}, {})).toBeUndefined();
    expect(refusal({ customerId: 5 }, {})).toBeUndefined();
    expect(refusal({ status: 'DELETED', itemCount: 0 }, { status: 'CANCELLED' })).toContain('is not ACTIVE');
    expect(refusal({ itemCount: 0 }, { status: 'CANCELLED' })).toContain('has no items');
    expect(refusal({ payableLink: true }, { status: 'CANCELLED' })).toContain('payment link that can still be paid');
    expect(refusal({}, { status: 'EXPIRED', paymentStatus: 'DEPOSIT_PAID' })).toContain('terminal status (EXPIRED)');
    expect(refusal({}, { paymentStatus: 'DEPOSIT_PAID', paymentLinkActive: true })).toContain('is not UNPAID');
    expect(refusal({}, { paymentLinkActive: true, cartReference: 'SO-1' })).toContain('active payment link');
    expect(refusal({ customerId: 6 }, { cartReference: 'SO-1' })).toContain('already has a cart reference (SO-1)');
    expect(refusal({ customerId: 6 }, {})).toContain("customer 6 is not the booking's customer 5");
    expect(refusal({ currency: 'USD' }, {})).toContain('currency USD');
  });
});

it('numbers references TQ-<yyyy>-<nnnnn>', () => {
  expect(bookingReferenceOf(2026, 42)).toBe('TQ-2026-00042');
});
