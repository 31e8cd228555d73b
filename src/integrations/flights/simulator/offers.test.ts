// The simulator's offers and re-pricing: deterministic (same request and date → same offers), plausible block
// times and connections in local time, return trips, child and infant fares, currencies, last ticketing dates.
import { describe, expect, it } from 'vitest';
import { type FlightOffer, type FlightSearchRequest, FlightSupplierError, type TravelerPricing } from '../port.js';
import { loadConfig } from '../../../config.js';
import { createFlightSupplier } from '../index.js';
import { loadFlightSettings } from '../settings.js';
import { createFlightSimulator } from './index.js';

const TODAY = new Date('2026-11-25T10:00:00Z');
const simulator = createFlightSimulator({ clock: () => TODAY });

function request(over: Partial<FlightSearchRequest> = {}): FlightSearchRequest {
  return {
    origin: 'DXB',
    destination: 'LHR',
    departureDate: '2026-12-10',
    adults: 1,
    children: 0,
    infants: 0,
    currency: 'AED',
    ...over,
  };
}

/** Minutes between two local times given with their zones. */
function utcMs(local: string, timeZone: string): number {
  const wall = Date.parse(`${local}Z`);
  const shown = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .format(wall)
    .replace(' ', 'T');
  return wall - (Date.parse(`${shown}Z`) - wall);
}

function minutesOf(duration: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?$/.exec(duration);
  if (!m) throw new Error(`bad duration ${duration}`);
  return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
}

function cents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

describe('searchOffers', () => {
  it('is deterministic: the same request gives the same offers; another date other ones', async () => {
    const first = await simulator.searchOffers(request({ returnDate: '2026-12-20', adults: 2, infants: 1 }));
    const again = await simulator.searchOffers(request({ returnDate: '2026-12-20', adults: 2, infants: 1 }));
    expect(again).toEqual(first);
    const other = await simulator.searchOffers(request({ departureDate: '2026-12-11' }));
    expect(other.map((o) => o.itineraries[0]?.segments[0]?.departure.at)).not.toEqual(
      first.map((o) => o.itineraries[0]?.segments[0]?.departure.at),
    );
    expect(first.map((o) => o.id)).toEqual(first.map((_, i) => String(i + 1)));
  });

  it('flies DXB–LHR direct by Emirates in 6 to 8 hours, in local times of each airport', async () => {
    const offers = await simulator.searchOffers(request());
    const direct = offers.filter((o) => o.itineraries[0]?.segments.length === 1);
    expect(direct.some((o) => o.itineraries[0]?.segments[0]?.carrierCode === 'EK')).toBe(true);
    for (const offer of direct) {
      const [segment] = offer.itineraries[0]?.segments ?? [];
      if (!segment) throw new Error('no segment');
      const minutes = minutesOf(segment.duration);
      expect(minutes).toBeGreaterThanOrEqual(360);
      expect(minutes).toBeLessThanOrEqual(480);
      expect(segment.departure).toMatchObject({ iataCode: 'DXB', timeZone: 'Asia/Dubai' });
      expect(segment.departure.terminal).toMatch(/^[123]$/);
      expect(segment.departure.at.startsWith('2026-12-10T')).toBe(true);
      const flown = utcMs(segment.arrival.at, 'Europe/London') - utcMs(segment.departure.at, 'Asia/Dubai');
      expect(flown / 60_000).toBe(minutes);
      expect(segment.carrierName).toBeTruthy();
      expect(offer.oneWay).toBe(true);
    }
  });

  it('connects one-stop itineraries through real hubs in 75 minutes to 4 hours, on one carrier', async () => {
    const offers = await simulator.searchOffers(request({ origin: 'CDG', destination: 'SIN' }));
    const oneStop = offers.filter((o) => o.itineraries[0]?.segments.length === 2);
    expect(oneStop.length).toBeGreaterThan(0);
    for (const offer of oneStop) {
      const [first, second] = offer.itineraries[0]?.segments ?? [];
      if (!first || !second) throw new Error('no segments');
      expect(first.arrival.iataCode).toBe(second.departure.iataCode);
      expect(['DXB', 'DOH', 'IST', 'FRA', 'AUH', 'HKG', 'ZRH', 'AMS', 'LHR', 'MAD']).toContain(first.arrival.iataCode);
      const connection =
        utcMs(second.departure.at, second.departure.timeZone ?? '') -
        utcMs(first.arrival.at, first.arrival.timeZone ?? '');
      expect(connection / 60_000).toBeGreaterThanOrEqual(75);
      expect(connection / 60_000).toBeLessThanOrEqual(240);
      expect(first.carrierCode).toBe(second.carrierCode);
      const total = minutesOf(offer.itineraries[0]?.duration ?? '');
      expect(total).toBe(minutesOf(first.duration) + minutesOf(second.duration) + connection / 60_000);
    }
  });

  it('keeps local times and durations consistent across a change to summer time', async () => {
    const around = new Date('2026-03-20T10:00:00Z');
    const offers = await createFlightSimulator({ clock: () => around }).searchOffers(
      request({ origin: 'JFK', destination: 'FRA', departureDate: '2026-03-29', returnDate: '2026-04-05' }),
    );
    expect(offers.length).toBeGreaterThan(0);
    for (const segment of offers.flatMap((o) => o.itineraries.flatMap((i) => i.segments))) {
      const departed = utcMs(segment.departure.at, segment.departure.timeZone ?? '');
      const arrived = utcMs(segment.arrival.at, segment.arrival.timeZone ?? '');
      expect((arrived - departed) / 60_000).toBe(minutesOf(segment.duration));
    }
  });

  it('gives return trips a second itinerary from the destination on the return date', async () => {
    const offers = await simulator.searchOffers(request({ returnDate: '2026-12-20' }));
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.oneWay).toBe(false);
      expect(offer.itineraries).toHaveLength(2);
      const back = offer.itineraries[1]?.segments[0];
      expect(back?.departure.iataCode).toBe('LHR');
      expect(back?.departure.at.startsWith('2026-12-20T')).toBe(true);
      expect(offer.itineraries[1]?.segments.at(-1)?.arrival.iataCode).toBe('DXB');
      const ids = offer.itineraries.flatMap((i) => i.segments.map((s) => s.segmentId));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('prices children at 75% and held infants at 10% of the adult base fare, totals summed', async () => {
    const [offer] = await simulator.searchOffers(request({ adults: 2, children: 1, infants: 1 }));
    if (!offer) throw new Error('no offer');
    const types = offer.travelerPricings.map((t) => t.travelerType);
    expect(types).toEqual(['ADULT', 'ADULT', 'CHILD', 'HELD_INFANT']);
    const [adult, , child, infant] = offer.travelerPricings;
    expect(infant?.associatedAdultId).toBe('1');
    const adultBase = Number(adult?.price.base);
    expect(Math.abs(Number(child?.price.base) - adultBase * 0.75)).toBeLessThanOrEqual(1);
    expect(Math.abs(Number(infant?.price.base) - adultBase * 0.1)).toBeLessThanOrEqual(1);
    const travelers = offer.travelerPricings;
    const sum = (pick: (t: TravelerPricing) => string) => travelers.reduce((s, t) => s + cents(pick(t)), 0);
    expect(cents(offer.price.base)).toBe(sum((t) => t.price.base));
    expect(cents(offer.price.total)).toBe(sum((t) => t.price.total));
    expect(offer.price.grandTotal).toBe(offer.price.total);
    expect(cents(offer.price.total)).toBeGreaterThan(cents(offer.price.base));
  });

  it('quotes in the requested currency with its minor unit', async () => {
    const [jpy] = await simulator.searchOffers(request({ currency: 'JPY' }));
    expect(jpy?.price.currency).toBe('JPY');
    expect(jpy?.price.total).toMatch(/^\d+$/);
    const [kwd] = await simulator.searchOffers(request({ currency: 'KWD' }));
    expect(kwd?.price.total).toMatch(/^\d+\.\d{3}$/);
  });

  it('sets the last ticketing date after today and before departure', async () => {
    const far = await simulator.searchOffers(request());
    expect(far[0]?.lastTicketingDate).toBe('2026-11-28');
    const soon = await simulator.searchOffers(request({ departureDate: '2026-11-27' }));
    expect(soon[0]?.lastTicketingDate).toBe('2026-11-26');
    const today = await simulator.searchOffers(request({ departureDate: '2026-11-25' }));
    expect(today[0]?.lastTicketingDate).toBe('2026-11-25');
  });

  it('flies between city codes and between small airports (through a gateway)', async () => {
    const cities = await simulator.searchOffers(request({ origin: 'LON', destination: 'PAR' }));
    expect(cities.length).toBeGreaterThan(0);
    expect(cities[0]?.itineraries[0]?.segments[0]?.departure.iataCode).toBe('LHR');
    const small = await simulator.searchOffers(request({ origin: 'GKA', destination: 'JFK', currency: 'USD' }));
    expect(small.length).toBeGreaterThan(0);
  });

  it('refuses unknown airports and has no flights within one city', async () => {
    const refused = simulator.searchOffers(request({ origin: 'QQQ' }));
    await expect(refused).rejects.toBeInstanceOf(FlightSupplierError);
    await expect(refused).rejects.toMatchObject({ kind: 'refused' });
    expect(await simulator.searchOffers(request({ origin: 'LGW', destination: 'LHR' }))).toEqual([]);
    await expect(simulator.searchOffers(request({ infants: 2 }))).rejects.toMatchObject({ kind: 'refused' });
  });

  it('searches fast (measured, not asserted)', async () => {
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      await simulator.searchOffers(request({ origin: 'CDG', destination: 'SIN', returnDate: '2026-12-24', adults: 2 }));
    }
    console.info(`flight simulator: ${((performance.now() - started) / 50).toFixed(1)} ms per return search`);
  });
});

describe('priceOffer', () => {
  async function offerOf(over: Partial<FlightSearchRequest>): Promise<FlightOffer> {
    const [offer] = await simulator.searchOffers(request(over));
    if (!offer) throw new Error('no offer');
    return JSON.parse(JSON.stringify(offer)) as FlightOffer;
  }

  it('keeps the offer id and totals, splitting fees and taxes', async () => {
    const offer = await offerOf({ adults: 2, children: 1, infants: 1, returnDate: '2026-12-20' });
    const priced = await simulator.priceOffer(offer, []);
    expect(priced).toMatchObject({ id: offer.id, type: 'flight-offer', oneWay: false });
    expect(priced.price).toMatchObject({
      currency: 'AED',
      base: offer.price.base,
      total: offer.price.total,
      grandTotal: offer.price.grandTotal,
      billingCurrency: 'AED',
    });
    expect(priced.price.fees.map((f) => f.type)).toEqual(['SUPPLIER', 'TICKETING']);
    const taxes = priced.price.taxes.reduce((s, t) => s + cents(t.amount), 0);
    expect(taxes).toBe(cents(priced.price.total) - cents(priced.price.base));
    expect(priced.price.taxes.map((t) => t.code)).toEqual(expect.arrayContaining(['YQ', 'AE', 'GB']));
    expect(priced.itineraries).toEqual(offer.itineraries);
    expect(priced.travelerPricings.map((t) => t.travelerType)).toEqual(['ADULT', 'ADULT', 'CHILD', 'HELD_INFANT']);
    const segments = offer.itineraries.flatMap((i) => i.segments.map((s) => s.segmentId));
    for (const traveler of priced.travelerPricings) {
      expect(traveler.fareDetailsBySegment.map((d) => d.segmentId)).toEqual(segments);
      const kg = traveler.travelerType === 'HELD_INFANT' ? 10 : 30;
      expect(traveler.fareDetailsBySegment[0]).toMatchObject({
        cabin: 'ECONOMY',
        class: expect.stringMatching(/^[A-Z]$/),
        fareBasis: expect.stringMatching(/^[A-Z]RTEK/),
        includedCheckedBags: { weight: kg, weightUnit: 'KG' },
      });
    }
    expect(await simulator.priceOffer(offer, [])).toEqual(priced);
  });

  it('prices the passengers given, by type', async () => {
    const offer = await offerOf({ adults: 1 });
    const priced = await simulator.priceOffer(offer, [
      { passengerId: 'a', type: 'ADULT' },
      { passengerId: 'c', type: 'CHILD', dateOfBirth: '2018-01-01' },
      { passengerId: 'i', type: 'INFANT' },
    ]);
    expect(priced.travelerPricings.map((t) => t.travelerType)).toEqual(['ADULT', 'CHILD', 'HELD_INFANT']);
    const totals = priced.travelerPricings.reduce((s, t) => s + cents(t.price.total), 0);
    expect(cents(priced.price.total)).toBe(totals);
    expect(cents(priced.price.total)).toBeGreaterThan(cents(offer.price.total));
  });

  it('refuses more infants than adults and offers it did not make', async () => {
    const offer = await offerOf({});
    await expect(
      simulator.priceOffer(offer, [
        { passengerId: '1', type: 'ADULT' },
        { passengerId: '2', type: 'INFANT' },
        { passengerId: '3', type: 'INFANT' },
      ]),
    ).rejects.toMatchObject({ kind: 'refused' });
    await expect(simulator.priceOffer({ ...offer, supplierData: { foreign: true } }, [])).rejects.toMatchObject({
      kind: 'refused',
    });
  });
});

describe('latency', () => {
  it('waits the configured time and gives up when aborted', async () => {
    const slow = createFlightSimulator({ clock: () => TODAY, latencyMs: 200 });
    const started = performance.now();
    await slow.findAirlines('EK');
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    const controller = new AbortController();
    const pending = slow.searchOffers(request(), controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('reads TC_FLIGHTS_SIMULATOR_LATENCY_MS (default 0, whole milliseconds up to a minute)', () => {
    expect(loadFlightSettings({})).toEqual({ kind: 'simulator', latencyMs: 0 });
    expect(loadFlightSettings({ TC_FLIGHTS_SIMULATOR_LATENCY_MS: '250' })).toEqual({
      kind: 'simulator',
      latencyMs: 250,
    });
    expect(() => loadFlightSettings({ TC_FLIGHTS_SIMULATOR_LATENCY_MS: '-1' })).toThrow(
      /TC_FLIGHTS_SIMULATOR_LATENCY_MS/,
    );
  });

  it('is the default supplier, with the configured latency', async () => {
    const supplier = createFlightSupplier(loadConfig({ TC_FLIGHTS_SIMULATOR_LATENCY_MS: '150' }), {
      clock: () => TODAY,
    });
    expect(supplier.kind).toBe('simulator');
    const started = performance.now();
    expect((await supplier.findAirlines('EK'))[0]?.iataCode).toBe('EK');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
