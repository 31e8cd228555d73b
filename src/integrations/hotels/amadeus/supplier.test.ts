// The Amadeus hotel adapter against the loopback fake of Hotel List v1, Hotel Search v3 and the OAuth2 token: a
// city's hotels then their offers 20 ids a request, the list followed page by page, every offer mapped with nothing
// lost, offers in another currency left out, the token asked once and again only when expired, a valuation seeing
// a changed price, Amadeus's errors sorted into the port's kinds without its words or a secret, and no booking.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusHotelsFake, startAmadeusHotelsFake } from '../../../../test/support/amadeus-hotels-fake.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import { loadConfig } from '../../../config.js';
import { toMinor } from '../../../platform/money.js';
import { addDays } from '../../../platform/time.js';
import type { AmadeusSettings } from '../../amadeus/settings.js';
import { createHotelSupplier } from '../index.js';
import { type HotelSearchRequest, HotelSupplierError } from '../port.js';
import { createAmadeusHotelSupplier } from './index.js';

let fake: AmadeusHotelsFake;
const warnings: unknown[][] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };
const TOKEN = '/v1/security/oauth2/token';
const LIST = '/v1/reference-data/locations/hotels/by-city';
const OFFERS = '/v3/shopping/hotel-offers';

beforeAll(async () => {
  fake = await startAmadeusHotelsFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
  fake.listPageSize = undefined;
  fake.tokenLifetimeSeconds = 1799;
  warnings.length = 0;
});

function settings(overrides: Partial<AmadeusSettings> = {}): AmadeusSettings {
  return { url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, timeoutMs: 5_000, ...overrides };
}
const supplier = (overrides: Partial<AmadeusSettings> = {}, now?: () => number) =>
  createAmadeusHotelSupplier(settings(overrides), { log, ...(now ? { now } : {}) });

const arrival = addDays(new Date().toISOString().slice(0, 10), 40);
const request = (overrides: Partial<HotelSearchRequest> = {}): HotelSearchRequest => ({
  cityCode: 'PAR',
  arrivalDate: arrival,
  nights: 3,
  rooms: [{ adults: 2, childAges: [] }],
  currency: 'EUR',
  ...overrides,
});
const offerRequests = () => fake.requests.filter((r) => r.path === OFFERS);

describe('Amadeus hotel search', () => {
  it("lists the city's hotels, then asks for their offers 20 ids a request, with one token", async () => {
    const offers = await supplier().search(request());
    expect(fake.count(TOKEN)).toBe(1);
    expect(fake.count(LIST)).toBe(1);
    expect(fake.requests.find((r) => r.path === LIST)?.query.get('cityCode')).toBe('PAR');
    const batches = offerRequests().map((r) => (r.query.get('hotelIds') ?? '').split(','));
    expect(batches.map((ids) => ids.length)).toEqual([20, 20, 5]);
    expect(new Set(batches.flat()).size).toBe(45);
    const asked = offerRequests()[0]?.query;
    expect(Object.fromEntries(asked ?? [])).toMatchObject({
      adults: '2',
      checkInDate: arrival,
      checkOutDate: addDays(arrival, 3),
      roomQuantity: '1',
      currency: 'EUR',
    });
    // 15 hotels with two board types, 30 with one
    expect(offers).toHaveLength(60);
    for (const request of fake.requests.filter((r) => r.path !== TOKEN)) {
      expect(request.authorization).toBe(`Bearer ${fake.tokens.at(-1)}`);
    }
  });

  it('maps an offer without loss: hotel, room, board, stay, price, cancellation and remarks', async () => {
    const offers = await supplier().search(request());
    const first = offers.find((offer) => offer.hotelCode === 'ZZPAR001' && offer.roomBasis === 'BB');
    expect(first).toEqual({
      offerCode: expect.stringMatching(/^[A-F0-9]{12}$/),
      hotelCode: 'ZZPAR001',
      hotelName: 'HOTEL PAR 1',
      cityCode: 'PAR',
      countryCode: 'FR',
      category: '',
      latitude: 48.851,
      longitude: 2.351,
      chainCode: 'HI',
      amenities: undefined,
      roomTypes: ['Superior King Room'],
      roomBasis: 'BB',
      supplierBoardType: 'BREAKFAST',
      availability: 'AVAILABLE',
      arrivalDate: arrival,
      nights: 3,
      // (12000 + 731 + 900) cents a night, 50 more each night
      totalPrice: '410.43',
      currency: 'EUR',
      // the penalty starts at 23:59 two days before arrival: that day is still free
      cancellationDeadline: addDays(arrival, -2),
      nonRefundable: false,
      remark: 'Superior King Room\n1 King, 21 sqm\nCheck-in from 14:00:00\nCheck-out until 11:00:00',
    });
    const nonRefundable = offers.find((offer) => offer.hotelCode === 'ZZPAR002');
    expect(nonRefundable).toMatchObject({ cancellationDeadline: null, nonRefundable: true, roomBasis: 'RO' });
    expect(nonRefundable?.remark).toContain('NON-REFUNDABLE RATE');
  });

  it("leaves out a hotel sold out and offers in the hotel's own currency (logged), keeps amenities", async () => {
    const offers = await supplier().search(request({ cityCode: 'lon' }));
    expect(fake.requests.find((r) => r.path === LIST)?.query.get('cityCode')).toBe('LON');
    expect(offers.map((offer) => [offer.hotelCode, offer.roomBasis, offer.supplierBoardType])).toEqual([
      ['ZZLON001', 'BB', 'ENGLISH_BREAKFAST'],
      ['ZZLON001', 'HB', 'HALF_BOARD'],
    ]);
    expect(offers[0]?.amenities).toEqual(['WIFI', 'SPA']);
    expect(warnings).toContainEqual([{ dropped: 1, kept: 2 }, expect.stringContaining('other currency')]);
  });

  it('maps an offer without boardType as room only, and a full board', async () => {
    const offers = await supplier().search(request({ cityCode: 'NCE' }));
    expect(offers.map((offer) => [offer.roomBasis, offer.supplierBoardType])).toEqual([
      ['RO', undefined],
      ['FB', 'FULL_BOARD'],
    ]);
  });

  it('follows the hotel list page by page (meta.links.next)', async () => {
    fake.listPageSize = 10;
    const offers = await supplier().search(request());
    const pages = fake.requests.filter((r) => r.path === LIST);
    expect(pages.map((page) => page.query.get('page[offset]'))).toEqual([null, '10', '20', '30', '40']);
    expect(offerRequests().map((r) => (r.query.get('hotelIds') ?? '').split(',').length)).toEqual([20, 20, 5]);
    expect(offers).toHaveLength(60);
  });

  it('asks for the rooms of the largest party, children counted as adults; one plan filtered by Amadeus', async () => {
    const rooms = [
      { adults: 2, childAges: [5] },
      { adults: 1, childAges: [] },
    ];
    const offers = await supplier().search(request({ rooms, roomBasis: ['BB'] }));
    expect(Object.fromEntries(offerRequests()[0]?.query ?? [])).toMatchObject({
      adults: '3',
      roomQuantity: '2',
      boardType: 'BREAKFAST',
    });
    expect(offers.length).toBe(15);
    expect(offers.every((offer) => offer.roomBasis === 'BB' && offer.roomTypes.length === 2)).toBe(true);
    fake.requests.length = 0;
    const either = await supplier().search(request({ roomBasis: ['BB', 'RO'], maxResults: 7 }));
    expect(offerRequests()[0]?.query.get('boardType')).toBeNull();
    expect(either).toHaveLength(7);
  });

  it('answers no offer for a city without hotels (895) and refuses a code Amadeus does not take', async () => {
    expect(await supplier().search(request({ cityCode: 'XYZ' }))).toEqual([]);
    expect(offerRequests()).toHaveLength(0);
    const error = await rejectionOf(supplier().search(request({ cityCode: '1234' })), HotelSupplierError);
    expect(error.kind).toBe('refused');
  });
});

describe('Amadeus hotel token', () => {
  it('is asked for again only when it expires, by its lifetime or when Amadeus says so', async () => {
    let now = Date.now();
    fake.tokenLifetimeSeconds = 600;
    const hotels = supplier({}, () => now);
    await hotels.search(request({ cityCode: 'NCE' }));
    await hotels.search(request({ cityCode: 'NCE' }));
    expect(fake.count(TOKEN)).toBe(1);
    // kept until a minute before it expires
    now += 541_000;
    await hotels.search(request({ cityCode: 'NCE' }));
    expect(fake.count(TOKEN)).toBe(2);
    fake.expireTokens();
    expect(await hotels.search(request({ cityCode: 'NCE' }))).toHaveLength(2);
    expect(fake.count(TOKEN)).toBe(3);
  });

  it('refused (wrong secret) is unavailable, and neither secret is in the error or the log', async () => {
    const error = await rejectionOf(supplier({ clientSecret: 'wrong' }).search(request()), HotelSupplierError);
    expect(error.kind).toBe('unavailable');
    const written = JSON.stringify([error.message, warnings]);
    expect(written).not.toContain(fake.clientSecret);
    expect(written).not.toContain('wrong');
  });
});

describe('Amadeus hotel valuation', () => {
  it('prices the offer again by its id, sees a changed price, and breaks it down night by night', async () => {
    const hotels = supplier();
    const offer = (await hotels.search(request({ cityCode: 'NCE' })))[1];
    const offerCode = offer?.offerCode ?? '';
    const same = await hotels.valuate(offerCode, arrival);
    expect(fake.requests.at(-1)?.path).toBe(`${OFFERS}/${offerCode}`);
    expect(same).toEqual({
      offerCode,
      arrivalDate: arrival,
      totalPrice: offer?.totalPrice,
      currency: 'EUR',
      cancellationDeadline: null,
      remarks: expect.stringContaining('NON-REFUNDABLE RATE'),
    });
    fake.repriced.set(offerCode, '512.30');
    expect((await hotels.valuate(offerCode, arrival)).totalPrice).toBe('512.30');
    fake.repriced.delete(offerCode);
    const breakdown = await hotels.priceBreakdown(offerCode);
    expect(breakdown.rooms[0]?.nights.map((night) => night.date)).toEqual([0, 1, 2].map((n) => addDays(arrival, n)));
    const sum = breakdown.rooms[0]?.nights.reduce((total, night) => total + toMinor(night.price, 'EUR'), 0);
    expect(sum).toBe(toMinor(offer?.totalPrice ?? '0', 'EUR'));
  });

  it('an offer no longer sold (404) is refused', async () => {
    const hotels = supplier();
    const offerCode = (await hotels.search(request({ cityCode: 'NCE' })))[0]?.offerCode ?? '';
    fake.soldOut.add(offerCode);
    expect((await rejectionOf(hotels.valuate(offerCode, arrival), HotelSupplierError)).kind).toBe('refused');
    expect((await rejectionOf(hotels.valuate('NOSUCHOFFER', arrival), HotelSupplierError)).kind).toBe('refused');
    const other = (await hotels.search(request({ cityCode: 'NCE' })))[0]?.offerCode ?? '';
    const otherDay = await rejectionOf(hotels.valuate(other, addDays(arrival, 1)), HotelSupplierError);
    expect(otherDay.kind).toBe('refused');
  });
});

describe('Amadeus hotel failures', () => {
  it.each([
    [['server-error'], 'unavailable'],
    [['not-json'], 'unavailable'],
    [['bad-request'], 'refused'],
    [['rate-limited', 'rate-limited'], 'rate-limited'],
    [['invalid-token', 'invalid-token'], 'unavailable'],
    // the list answers, the second offer batch fails: the whole search fails
    [['pass', 'pass', 'server-error'], 'unavailable'],
  ] as const)('%j is %s, without the words of Amadeus', async (failures, kind) => {
    fake.failNext(...failures);
    const error = await rejectionOf(supplier().search(request()), HotelSupplierError);
    expect(error.kind).toBe(kind);
    expect(error.message).not.toMatch(/Secret-ish|SYSTEM ERROR|INVALID FORMAT/);
    expect(JSON.stringify(warnings)).not.toContain(fake.clientSecret);
  });

  it('a rate limit once is retried after its Retry-After', async () => {
    fake.failNext('rate-limited');
    expect(await supplier().search(request({ cityCode: 'NCE' }))).toHaveLength(2);
  });

  it('no answer within the timeout is a timeout', async () => {
    fake.failNext('hang');
    const started = Date.now();
    const error = await rejectionOf(supplier({ timeoutMs: 400 }).search(request()), HotelSupplierError);
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('cannot be reached: unavailable', async () => {
    const hotels = supplier({ url: 'http://127.0.0.1:9' });
    expect((await rejectionOf(hotels.search(request()), HotelSupplierError)).kind).toBe('unavailable');
  });
});

describe('Amadeus hotel bookings', () => {
  it('are refused with a clear message: Hotel Search sells no booking; none is found by our reference', async () => {
    const hotels = supplier();
    const calls = [
      hotels.book({ clientReference: 'HB1', offerCode: 'X', arrivalDate: arrival, nights: 1, rooms: [] }),
      hotels.status('B1'),
      hotels.cancel('B1'),
      hotels.voucher('B1'),
    ];
    for (const call of calls) {
      const error = await rejectionOf(call, HotelSupplierError);
      expect(error.kind).toBe('refused');
      expect(error.message).toMatch(/sells no booking/);
    }
    expect(await hotels.findByClientReference('HB1')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('hotel supplier settings for Amadeus', () => {
  it('choose Amadeus with TC_HOTELS=amadeus and the Amadeus application settings the flights share', () => {
    const env = { TC_HOTELS: 'amadeus', TC_AMADEUS_CLIENT_ID: 'AbC123', TC_AMADEUS_CLIENT_SECRET: 's3cr3t' };
    const config = loadConfig(env);
    expect(config.hotels).toEqual({
      kind: 'amadeus',
      url: 'https://test.api.amadeus.com',
      clientId: 'AbC123',
      clientSecret: 's3cr3t',
      timeoutMs: 15_000,
    });
    expect(createHotelSupplier(config, { clock: () => new Date() }).kind).toBe('amadeus');
    expect(() => loadConfig({ TC_HOTELS: 'amadeus' })).toThrow(/TC_HOTELS=amadeus needs TC_AMADEUS_CLIENT_ID/);
  });
});
