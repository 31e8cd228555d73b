import { describe, expect, it } from 'vitest';
import { partyTotal, type SaleFacts, saleVerdict, seats, transferTotal, unitPrices } from './catalog.rules.js';

describe('unit prices', () => {
  it.each([
    // adult, child, infant, adjustments → adult, child, infant
    [
      { adult: 10000, child: 7500, infant: 0, adjustments: [] },
      { adult: 10000, child: 7500, infant: 0 },
    ],
    [
      { adult: 10000, child: null, infant: 0, adjustments: [] },
      { adult: 10000, child: 10000, infant: 0 },
    ],
    [
      { adult: 10000, child: 7500, infant: 1000, adjustments: [2500, 500] },
      { adult: 13000, child: 10500, infant: 1000 },
    ],
    [
      { adult: 10000, child: 7500, infant: 0, adjustments: [-9000] },
      { adult: 1000, child: 0, infant: 0 },
    ],
  ])('%o → %o', (basis, expected) => {
    expect(unitPrices(basis)).toEqual(expected);
  });
});

describe('totals', () => {
  const prices = { adult: 25000, child: 15000, infant: 0 };
  it.each([
    [{ adults: 2, children: 0, infants: 0 }, 50000],
    [{ adults: 2, children: 2, infants: 1 }, 80000],
    [{ adults: 0, children: 3, infants: 0 }, 45000],
  ])('%o costs %i', (party, total) => {
    expect(partyTotal(prices, party)).toBe(total);
  });

  it('charges a shared transfer per seat and a private one per booking', () => {
    const party = { adults: 2, children: 1, infants: 1 };
    expect(seats(party)).toBe(3);
    expect(transferTotal({ type: 'SIC', price: 5000 }, party)).toBe(15000);
    expect(transferTotal({ type: 'PVT', price: 30000 }, party)).toBe(30000);
  });
});

describe('sale verdict', () => {
  const base: SaleFacts = {
    date: '2026-12-10',
    today: '2026-11-22',
    party: { adults: 2, children: 1, infants: 0 },
    limits: {
      minQuantity: 1,
      maxQuantity: 10,
      maxAdults: null,
      maxChildren: null,
      maxOccupancy: null,
      availableFrom: null,
      availableTo: null,
    },
    free: 10,
  };
  const withLimits = (limits: Partial<SaleFacts['limits']>): SaleFacts => ({
    ...base,
    limits: { ...base.limits, ...limits },
  });

  it.each<[string, SaleFacts, string | null]>([
    ['sellable', base, null],
    ['past date', { ...base, date: '2026-11-21' }, 'in the past'],
    ['today is fine', { ...base, date: '2026-11-22' }, null],
    ['before the sales period', withLimits({ availableFrom: '2026-12-11' }), 'before 2026-12-11'],
    ['after the sales period', withLimits({ availableTo: '2026-12-09' }), 'after 2026-12-09'],
    ['below minimum', withLimits({ minQuantity: 4 }), 'At least 4'],
    ['above maximum', withLimits({ maxQuantity: 2 }), 'At most 2 participants'],
    ['too many adults', withLimits({ maxAdults: 1 }), 'At most 1 adults'],
    ['no children', withLimits({ maxChildren: 0 }), 'Children are not admitted'],
    ['occupancy', withLimits({ maxOccupancy: 2 }), 'At most 2 people'],
    ['no inventory', { ...base, free: null }, 'Not available on 2026-12-10'],
    ['sold out', { ...base, free: 0 }, 'Sold out'],
    ['not enough left', { ...base, free: 2 }, 'Only 2 places left'],
    ['infants take no seat', { ...base, free: 3, party: { adults: 2, children: 1, infants: 2 } }, null],
  ])('%s', (_name, facts, reason) => {
    const verdict = saleVerdict(facts);
    expect(verdict.available).toBe(reason === null);
    if (reason) expect(verdict.statusReason).toContain(reason);
    else expect(verdict.statusReason).toBeNull();
  });
});
