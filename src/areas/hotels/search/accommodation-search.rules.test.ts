// The search's rules on tables: dd/MM/yyyy dates, the stay's nights and its refusals, and whether a room's nights
// can be sold (minimum stay, no room left, on request, release days).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../platform/http/errors.js';
import { asSearchDate, type NightAvailability, searchDate, sellability, stayOf } from './accommodation-search.rules.js';

function refusal(work: () => unknown): { code: string; message: string } | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe('searchDate and stayOf', () => {
  it.each([
    ['05/03/2027', '2027-03-05'],
    ['29/02/2028', '2028-02-29'],
  ])('%s is %s, and back', (text, iso) => {
    expect(searchDate(text, 'checkin')).toBe(iso);
    expect(asSearchDate(iso)).toBe(text);
  });

  it.each(['2027-03-05', '5/3/2027', '31/02/2027', '29/02/2027', '00/01/2027', '12/13/2027'])(
    '%s is INVALID_FORMAT naming the parameter',
    (text) => {
      expect(refusal(() => searchDate(text, 'checkout'))).toEqual({
        code: 'INVALID_FORMAT',
        message: 'Parameter checkout must be a date dd/MM/yyyy',
      });
    },
  );

  const today = '2027-03-01';
  it.each([
    ['one night', '01/03/2027', '02/03/2027', 1],
    ['30 nights', '10/03/2027', '09/04/2027', 30],
    ['across a year end', '30/12/2027', '02/01/2028', 3],
  ])('%s', (_name, checkin, checkout, nights) => {
    expect(stayOf(checkin, checkout, today).nights).toBe(nights);
  });

  it.each([
    ['checkin in the past', '28/02/2027', '02/03/2027', 'checkin'],
    ['checkout on checkin', '05/03/2027', '05/03/2027', 'checkout'],
    ['checkout before checkin', '05/03/2027', '04/03/2027', 'checkout'],
    ['31 nights', '05/03/2027', '05/04/2027', 'checkout'],
  ])('%s: INVALID_FORMAT naming %s', (_name, checkin, checkout, parameter) => {
    expect(refusal(() => stayOf(checkin, checkout, today))).toMatchObject({
      code: 'INVALID_FORMAT',
      message: expect.stringContaining(`Parameter ${parameter}`),
    });
  });
});

describe('sellability', () => {
  const run = (overrides: Partial<NightAvailability> = {}): NightAvailability => ({
    nights: 1,
    specialDay: false,
    available: true,
    onRequest: false,
    mlos: 1,
    sdmlos: 1,
    ...overrides,
  });
  const stay = { checkin: '2027-03-10', checkout: '2027-03-13', nights: 3 };
  const release = { days: 0, daysBeforeCheckin: 9 };

  it.each([
    ['every night has a room', [run({ nights: 3 })], release, { sellable: true, available: true, onRequest: false }],
    ['a night missing', [run({ nights: 2 })], release, { sellable: false }],
    [
      'a run with no room, on request',
      [run({ nights: 2 }), run({ available: false, onRequest: true })],
      release,
      { sellable: true, available: false, onRequest: true },
    ],
    [
      'a run with no room, not on request',
      [run({ nights: 2 }), run({ available: false })],
      release,
      { sellable: false },
    ],
    ['mlos above the stay', [run({ nights: 3, mlos: 4 })], release, { sellable: false }],
    ['mlos met', [run({ nights: 3, mlos: 3 })], release, { sellable: true, available: true, onRequest: false }],
    [
      'sdmlos with a special day',
      [run({ nights: 2, sdmlos: 5 }), run({ specialDay: true })],
      release,
      { sellable: false },
    ],
    [
      'sdmlos without a special day',
      [run({ nights: 3, sdmlos: 5 })],
      release,
      { sellable: true, available: true, onRequest: false },
    ],
    [
      'inside the release days',
      [run({ nights: 3 })],
      { days: 10, daysBeforeCheckin: 9 },
      { sellable: true, available: false, onRequest: true },
    ],
    [
      'on the last release day boundary',
      [run({ nights: 3 })],
      { days: 9, daysBeforeCheckin: 9 },
      { sellable: true, available: true, onRequest: false },
    ],
  ] as const)('%s', (_name, nights, releaseDays, expected) => {
    expect(sellability(nights, stay, releaseDays)).toEqual(expected);
  });
});
