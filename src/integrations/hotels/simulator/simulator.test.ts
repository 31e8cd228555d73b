// The hotel simulator: deterministic offers for any city code (real hotels in DXB, PAR, LON), valuation and the
// breakdown agreeing with the search to the cent, and bookings reported, found by client reference, vouchered and
// cancelled.
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test/support/errors.js';
import { toMinor } from '../../../platform/money.js';
import { type HotelSearchRequest, HotelSupplierError } from '../port.js';
import { createHotelSimulator } from './index.js';

const clock = () => new Date('2026-11-28T08:00:00Z');
const request: HotelSearchRequest = {
  cityCode: 'DXB',
  arrivalDate: '2026-12-10',
  nights: 3,
  rooms: [{ adults: 2, childAges: [6] }],
  currency: 'AED',
};
const guests = {
  adults: [{ title: 'MR' as const, firstName: 'Ana', lastName: 'Silva' }],
  children: [{ title: 'CHD' as const, firstName: 'Rui', lastName: 'Silva', age: 6 }],
};

describe('hotel simulator', () => {
  it('answers the same offers for the same request, from real hotels of the contract cities', async () => {
    const first = await createHotelSimulator({ clock }).search(request);
    const again = await createHotelSimulator({ clock }).search(request);
    expect(again).toEqual(first);
    expect(first.length).toBeGreaterThan(5);
    expect(first.map((o) => o.hotelName)).toContain('Atlantis The Palm');
    for (const offer of first) {
      expect(offer).toMatchObject({ cityCode: 'DXB', currency: 'AED', arrivalDate: '2026-12-10', nights: 3 });
      expect(offer.totalPrice).toMatch(/^\d+\.\d{2}$/);
    }
    const paris = await createHotelSimulator({ clock }).search({ ...request, cityCode: 'PAR', currency: 'EUR' });
    expect(paris.map((o) => o.hotelName)).toContain('Hôtel Le Meurice');
    const london = await createHotelSimulator({ clock }).search({ ...request, cityCode: 'LON' });
    expect(london.map((o) => o.hotelName)).toContain('The Savoy');
    const anywhere = await createHotelSimulator({ clock }).search({ ...request, cityCode: 'NBO' });
    expect(anywhere[0]?.hotelName).toContain('NBO');
  });

  it('filters by meal plan and name; a malformed city code is refused', async () => {
    const hotels = createHotelSimulator({ clock });
    const bb = await hotels.search({ ...request, roomBasis: ['BB'] });
    expect(bb.length).toBeGreaterThan(0);
    expect(new Set(bb.map((o) => o.roomBasis))).toEqual(new Set(['BB']));
    const named = await hotels.search({ ...request, hotelName: 'rove' });
    expect(new Set(named.map((o) => o.hotelName))).toEqual(new Set(['Rove Downtown']));
    expect((await rejectionOf(hotels.search({ ...request, cityCode: 'd-x' }), HotelSupplierError)).kind).toBe(
      'refused',
    );
  });

  it('values an offer at its search price and breaks it down to the same total', async () => {
    const hotels = createHotelSimulator({ clock });
    const [offer] = await hotels.search({ ...request, rooms: [...request.rooms, { adults: 1, childAges: [] }] });
    if (!offer) throw new Error('no offer');
    const valuation = await hotels.valuate(offer.offerCode, offer.arrivalDate);
    expect(valuation.totalPrice).toBe(offer.totalPrice);
    const breakdown = await hotels.priceBreakdown(offer.offerCode);
    expect(breakdown.rooms).toHaveLength(2);
    expect(breakdown.rooms[0]?.nights.map((n) => n.date)).toEqual(['2026-12-10', '2026-12-11', '2026-12-12']);
    const sum = breakdown.rooms.flatMap((r) => r.nights).reduce((total, n) => total + toMinor(n.price, 'AED'), 0);
    expect(sum).toBe(toMinor(offer.totalPrice, 'AED'));
    expect((await rejectionOf(hotels.valuate('S/garbage', '2026-12-10'), HotelSupplierError)).kind).toBe('refused');
  });

  it('books once per client reference; reports, finds, vouchers and cancels', async () => {
    const hotels = createHotelSimulator({ clock });
    const offer = (await hotels.search(request)).find((o) => o.availability === 'AVAILABLE');
    if (!offer) throw new Error('no offer');
    const book = {
      clientReference: 'R1',
      offerCode: offer.offerCode,
      arrivalDate: '2026-12-10',
      nights: 3,
      rooms: [guests],
    };
    const made = await hotels.book(book);
    expect(made).toMatchObject({ status: 'CONFIRMED', totalPrice: offer.totalPrice, clientReference: 'R1' });
    expect((await rejectionOf(hotels.book(book), HotelSupplierError)).kind).toBe('refused');
    expect(await hotels.findByClientReference('R1')).toEqual(made);
    expect(await hotels.findByClientReference('R2')).toBeNull();
    expect((await hotels.status(made.bookingCode)).status).toBe('CONFIRMED');
    expect(await hotels.voucher(made.bookingCode)).toMatchObject({ leadGuest: 'MR Ana Silva', checkOut: '2026-12-13' });
    expect((await hotels.cancel(made.bookingCode)).status).toBe('CANCELLED');
    expect((await rejectionOf(hotels.voucher(made.bookingCode), HotelSupplierError)).kind).toBe('refused');
    expect((await rejectionOf(hotels.status('nope'), HotelSupplierError)).kind).toBe('refused');
  });

  it('times out a slow answer when the caller gives up', async () => {
    const hotels = createHotelSimulator({ clock, latencyMs: 5_000 });
    const error = await rejectionOf(hotels.search(request, AbortSignal.timeout(20)), HotelSupplierError);
    expect(error.kind).toBe('timeout');
  });
});
