// The pricing rules on tables: a night by rate base and rate types, special days, meal supplements, the extra bed,
// fees and margin over a stay, children sorted by age, rooms fitting a party, and the minimum stay.
import { describe, expect, it } from 'vitest';
import {
  fitRoom,
  guestsByAge,
  type MealPlanRef,
  mealSupplementMinor,
  minimumStay,
  type NightRate,
  parseMealSupplements,
  priceStay,
  roomNightMinor,
  type StayToPrice,
} from './pricing.rules.js';

const night = (overrides: Partial<NightRate> = {}): NightRate => ({
  nights: 1,
  specialDay: false,
  rateBase: 'ROOM',
  baseRate: '400.000',
  specDayRate: '500.000',
  adultRate: '150.000',
  childRate: '75.000',
  extraBedRate: '60.000',
  adultSdRate: '180.000',
  childSdRate: '90.000',
  sdRateType: 'ABS',
  adultRateType: 'ABS',
  childRateType: 'ABS',
  mealBase: 1,
  mealSupplements: null,
  ...overrides,
});

const PLANS = new Map<number, MealPlanRef>(
  ['RO', 'BB', 'HB', 'FB', 'AI'].map((plan, index) => [index + 1, { planId: index + 1, plan, planOrder: index + 1 }]),
);
const plan = (code: string): MealPlanRef | undefined => [...PLANS.values()].find((p) => p.plan === code);
const couple = { adults: 2, children: 0, infants: 0 };
const family = { adults: 2, children: 1, infants: 1 };

describe('roomNightMinor', () => {
  it.each([
    ['ROOM, a normal night: the base rate', night(), couple, 40000],
    ['ROOM, a special day ABS: specDayRate', night({ specialDay: true }), couple, 50000],
    [
      'ROOM, a special day PCT: base + 12.5 %',
      night({ specialDay: true, sdRateType: 'PCT', specDayRate: '12.5' }),
      couple,
      45000,
    ],
    ['PAX: adults and children at their rates', night({ rateBase: 'PAX' }), family, 2 * 15000 + 7500],
    [
      'PAX special day ABS: the special-day person rates',
      night({ rateBase: 'PAX', specialDay: true }),
      family,
      2 * 18000 + 9000,
    ],
    [
      'PAX, adult rate PCT of base (40 %)',
      night({ rateBase: 'PAX', adultRateType: 'PCT', adultRate: '40' }),
      couple,
      2 * 16000,
    ],
    [
      'PAX, child rate PCT of the adult rate (50 %)',
      night({ rateBase: 'PAX', childRateType: 'PCT', childRate: '50' }),
      family,
      2 * 15000 + 7500,
    ],
    [
      'PAX special day PCT: +10 % on each person rate',
      night({ rateBase: 'PAX', specialDay: true, sdRateType: 'PCT', specDayRate: '10' }),
      family,
      2 * 16500 + 8250,
    ],
    ['ROOM, a third of a fils rounds half up', night({ baseRate: '100.005' }), couple, 10001],
  ])('%s', (_name, rate, party, expected) => {
    expect(roomNightMinor(rate, party, 'AED')).toBe(expected);
  });

  it('keeps a three-decimal currency exact', () => {
    expect(roomNightMinor(night({ baseRate: '12.345' }), couple, 'KWD')).toBe(12345);
  });
});

describe('meal supplements', () => {
  const stay = (mealPlan: string | undefined, costs: Array<[number, string, string]> = []) => ({
    party: family,
    mealPlan: mealPlan === undefined ? undefined : plan(mealPlan),
    plans: PLANS,
    mealCosts: new Map(costs.map(([id, adultCost, childCost]) => [id, { adultCost, childCost }])),
    currency: 'AED',
  });

  it('parses code:amount pairs in any case and spacing, ignoring junk', () => {
    expect([...parseMealSupplements(' hb:50, FB : 90.5,x,AI:')]).toEqual([
      ['HB', '50'],
      ['FB', '90.5'],
    ]);
    expect(parseMealSupplements(null).size).toBe(0);
  });

  it.each([
    ['no plan asked: nothing', night(), undefined, [], 0],
    ['the included plan: nothing', night({ mealBase: 2 }), 'BB', [], 0],
    [
      'listed on the entry: per person (adults and children, not infants)',
      night({ mealSupplements: 'HB:50' }),
      'HB',
      [],
      3 * 5000,
    ],
    [
      'from the hotel costs: the difference to the included plan',
      night({ mealBase: 2 }),
      'HB',
      [
        [2, '20', '10'],
        [3, '60', '25'],
      ],
      2 * 4000 + 1500,
    ],
    ['from the hotel costs with no cost for the included plan', night(), 'FB', [[4, '90', '40']], 2 * 9000 + 4000],
    ['a plan below the included one: not sold', night({ mealBase: 3 }), 'BB', [[2, '1', '1']], undefined],
    ['a plan with neither a supplement nor a cost: not sold', night(), 'AI', [], undefined],
  ] as const)('%s', (_name, rate, asked, costs, expected) => {
    expect(
      mealSupplementMinor(
        rate,
        stay(
          asked,
          [...costs].map((c) => [...c]),
        ),
      ),
    ).toBe(expected);
  });
});

describe('priceStay', () => {
  const base: StayToPrice = {
    nights: [night(), night({ specialDay: true }), night()],
    party: couple,
    extraBed: false,
    mealPlan: undefined,
    plans: PLANS,
    mealCosts: new Map(),
    feesPerNight: '0',
    margin: { type: 'PERCENT', value: '0' },
    currency: 'AED',
  };

  it.each([
    ['three nights, one special', {}, { cost: 130000, margin: 0, total: 130000, perNight: 43333, plan: 'RO' }],
    [
      'with fees per night',
      { feesPerNight: '20' },
      { cost: 136000, margin: 0, total: 136000, perNight: 45333, plan: 'RO' },
    ],
    [
      'with the extra bed each night',
      { extraBed: true },
      { cost: 148000, margin: 0, total: 148000, perNight: 49333, plan: 'RO' },
    ],
    [
      'margin 10 %',
      { margin: { type: 'PERCENT', value: '10' } },
      { cost: 130000, margin: 13000, total: 143000, perNight: 47667, plan: 'RO' },
    ],
    [
      'margin ABS 25 per night',
      { margin: { type: 'ABS', value: '25' } },
      { cost: 130000, margin: 7500, total: 137500, perNight: 45833, plan: 'RO' },
    ],
    [
      'half board from the entries',
      { mealPlan: plan('HB'), nights: base.nights.map((n) => ({ ...n, mealSupplements: 'HB:50' })) },
      { cost: 160000, margin: 0, total: 160000, perNight: 53333, plan: 'HB' },
    ],
  ] as const)('%s', (_name, overrides, expected) => {
    const price = priceStay({ ...base, ...overrides });
    expect(price).toEqual({
      costMinor: expected.cost,
      marginMinor: expected.margin,
      totalMinor: expected.total,
      perNightMinor: expected.perNight,
      mealPlan: expected.plan,
    });
  });

  it('prices a run of alike nights as those nights one by one', () => {
    const runs = [night({ nights: 2 }), night({ specialDay: true })];
    const margin = { type: 'PERCENT', value: '12.5' } as const;
    const extras = { feesPerNight: '7.5', extraBed: true, mealPlan: plan('HB'), margin };
    const supplements = (n: NightRate) => ({ ...n, mealSupplements: 'HB:45.5' });
    expect(priceStay({ ...base, ...extras, nights: runs.map(supplements) })).toEqual(
      priceStay({ ...base, ...extras, nights: base.nights.map(supplements) }),
    );
  });

  it('names the included plan of the first night, and refuses a plan some night cannot sell', () => {
    expect(priceStay({ ...base, nights: [night({ mealBase: 2 })] })).toMatchObject({ mealPlan: 'BB' });
    expect(priceStay({ ...base, mealPlan: plan('AI') })).toEqual({ reason: 'MEAL_PLAN' });
  });
});

describe('guestsByAge', () => {
  const limits = { infant: 1, child: 11 };
  it.each([
    ['no ages: every child a child', 2, 2, undefined, { adults: 2, children: 2, infants: 0 }],
    ['an infant at the limit, a child at the limit', 2, 2, [1, 11], { adults: 2, children: 1, infants: 1 }],
    ['older than the child limit: an adult', 1, 2, [0, 12], { adults: 2, children: 0, infants: 1 }],
  ])('%s', (_name, adults, children, ages, expected) => {
    expect(guestsByAge(adults, children, ages, limits)).toEqual(expected);
  });
});

describe('fitRoom', () => {
  const room = { maxOccupancy: 2, maxAdults: 2, extraBed: false, extraBedRequired: false };
  it.each([
    ['a couple in a double', room, couple, false, { fits: true, extraBed: false }],
    ['an infant does not count', room, { adults: 2, children: 0, infants: 1 }, false, { fits: true, extraBed: false }],
    [
      'three adults over maxAdults',
      { ...room, maxOccupancy: 3 },
      { adults: 3, children: 0, infants: 0 },
      false,
      { fits: false },
    ],
    ['a third guest without an extra bed', room, family, false, { fits: false }],
    [
      'a third guest with the room’s extra bed (charged)',
      { ...room, extraBed: true },
      family,
      false,
      { fits: true, extraBed: true },
    ],
    [
      'a fourth guest: one extra bed is not enough',
      { ...room, extraBed: true },
      { adults: 2, children: 2, infants: 0 },
      false,
      { fits: false },
    ],
    ['an extra bed asked where none is offered', room, couple, true, { fits: false }],
    ['an extra bed asked and offered', { ...room, extraBed: true }, couple, true, { fits: true, extraBed: true }],
    [
      'an extra bed the room requires',
      { ...room, extraBed: true, extraBedRequired: true },
      couple,
      false,
      { fits: true, extraBed: true },
    ],
  ])('%s', (_name, capacity, party, asked, expected) => {
    expect(fitRoom(capacity, party, asked)).toEqual(expected);
  });
});

describe('minimumStay', () => {
  it.each([
    ['no restriction', [{ specialDay: false, mlos: 1, sdmlos: 3 }], 1],
    [
      'the longest mlos of the nights',
      [
        { specialDay: false, mlos: 2, sdmlos: 1 },
        { specialDay: false, mlos: 3, sdmlos: 1 },
      ],
      3,
    ],
    [
      'sdmlos when the stay holds a special day',
      [
        { specialDay: false, mlos: 1, sdmlos: 4 },
        { specialDay: true, mlos: 1, sdmlos: 2 },
      ],
      4,
    ],
  ])('%s', (_name, nights, expected) => {
    expect(minimumStay(nights)).toBe(expected);
  });
});
