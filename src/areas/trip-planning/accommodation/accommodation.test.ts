// /tripmaker/accommodation/search through the API on a fresh tenant with the hotel simulator: the offers of a stay
// in the tenant's currency, cheapest first, every field of the spec's offer; employees only; each refusal naming
// its parameter. The supplier failing (API_ERROR) is tested against the Amadeus fake: accommodation.amadeus.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant, user, guest } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';

interface Offer {
  offerId: string;
  hotelId: string;
  hotelName: string;
  chainCode: string | null;
  starRating: number | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  roomType: string;
  boardType: string;
  price: { total: number; currency: string; perNight: number };
  amenities: string[];
  checkInDate: string;
  checkOutDate: string;
  nights: number;
}

const PATH = '/tripmaker/accommodation/search';
let t: TestTenant;
let agent: string;
const today = () => formatDate(new Date(), t.record.timezone);
const stay = (overrides: object = {}) => ({
  cityCode: 'DXB',
  checkInDate: addDays(today(), 30),
  checkOutDate: addDays(today(), 33),
  adults: 2,
  ...overrides,
});
const search = (body: object) => t.api.as(agent).ok<Offer[]>(PATH, body);
const refused = (body: object, code: string, naming?: string) => t.api.as(agent).expectError(PATH, body, code, naming);

beforeAll(async () => {
  t = await tenant(await startTestService());
  agent = (await user(t, 'agent')).session;
});
afterAll(() => t.service.close());

describe('accommodation search', () => {
  it("answers the simulator's Dubai offers in the tenant's currency, cheapest first, with every field", async () => {
    const offers = await search(stay());
    expect(offers.length).toBeGreaterThan(5);
    const first = offers[0];
    expect(first).toEqual({
      offerId: expect.any(String),
      hotelId: expect.any(String),
      hotelName: expect.any(String),
      chainCode: null,
      starRating: expect.any(Number),
      address: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      roomType: expect.any(String),
      boardType: expect.stringMatching(/^(ROOM_ONLY|BED_AND_BREAKFAST|HALF_BOARD|FULL_BOARD|ALL_INCLUSIVE)$/),
      price: { total: expect.any(Number), currency: t.record.currency, perNight: expect.any(Number) },
      amenities: [],
      checkInDate: stay().checkInDate,
      checkOutDate: stay().checkOutDate,
      nights: 3,
    });
    const totals = offers.map((offer) => offer.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    for (const offer of offers) {
      expect(offer.price.currency).toBe(t.record.currency);
      // perNight is total / 3 rounded to the minor unit
      expect(Math.abs(offer.price.perNight * 3 - offer.price.total)).toBeLessThanOrEqual(0.02);
    }
    expect(new Set(offers.map((offer) => offer.hotelName))).toContain('Atlantis The Palm');
    expect(new Set(offers.map((offer) => offer.boardType)).size).toBeGreaterThan(1);
  });

  it('is the same search twice, any case and spaces of the city code, several rooms named in roomType', async () => {
    expect(await search(stay({ cityCode: ' dxb ' }))).toEqual(await search(stay()));
    const twoRooms = await search(stay({ adults: 3, roomQuantity: 2 }));
    expect(twoRooms[0]?.roomType).toContain(' + ');
    // two rooms cost more than one room for the same hotel and plan
    const one = await search(stay({ adults: 2, roomQuantity: 1 }));
    const key = (offer: Offer) => `${offer.hotelId}|${offer.boardType}|${offer.roomType.split(' (')[0]}`;
    const single = new Map(one.map((offer) => [key(offer), offer.price.total]));
    const both = twoRooms.find((offer) => single.has(key(offer)));
    expect(both?.price.total).toBeGreaterThan(single.get(both ? key(both) : '') ?? Number.POSITIVE_INFINITY);
  });

  it('takes a stay from today and one of 30 nights', async () => {
    expect((await search(stay({ checkInDate: today(), checkOutDate: addDays(today(), 1) })))[0]?.nights).toBe(1);
    const month = await search(stay({ checkOutDate: addDays(today(), 60) }));
    expect(month[0]?.nights).toBe(30);
  });

  it('is for employees only', async () => {
    for (const role of ['employee', 'admin'] as const) {
      const session = role === 'admin' ? t.admin : (await user(t, role)).session;
      expect(await t.api.as(session).ok<Offer[]>(PATH, stay())).not.toHaveLength(0);
    }
    await t.api.as((await user(t, 'customer')).session).expectError(PATH, stay(), 'FORBIDDEN');
    await t.api.as((await guest(t)).session).expectError(PATH, stay(), 'NOT_LOGGED_IN');
    await t.api.as(undefined).expectError(PATH, stay(), 'NOT_LOGGED_IN');
  });

  it('answers MISSING_PARAMETER naming each required parameter', async () => {
    for (const name of ['cityCode', 'checkInDate', 'checkOutDate', 'adults']) {
      const body: Record<string, unknown> = stay();
      delete body[name];
      await refused(body, 'MISSING_PARAMETER', name);
    }
  });

  it('answers INVALID_FORMAT naming the parameter', async () => {
    await refused(stay({ cityCode: 'D' }), 'INVALID_FORMAT', 'cityCode');
    await refused(stay({ cityCode: 'DXB;1' }), 'INVALID_FORMAT', 'cityCode');
    await refused(stay({ checkInDate: '2030-02-30' }), 'INVALID_FORMAT', 'checkInDate');
    await refused(stay({ checkOutDate: '01/03/2030' }), 'INVALID_FORMAT', 'checkOutDate');
    await refused(stay({ checkInDate: addDays(today(), -1) }), 'INVALID_FORMAT', 'checkInDate');
    await refused(stay({ checkOutDate: stay().checkInDate }), 'INVALID_FORMAT', 'checkOutDate');
    await refused(stay({ checkOutDate: addDays(today(), 29) }), 'INVALID_FORMAT', 'checkOutDate');
    await refused(stay({ checkOutDate: addDays(today(), 61) }), 'INVALID_FORMAT', 'checkOutDate');
    for (const adults of [0, 10, 1.5, '2']) await refused(stay({ adults }), 'INVALID_FORMAT', 'adults');
    for (const roomQuantity of [0, 10, 1.5]) await refused(stay({ roomQuantity }), 'INVALID_FORMAT', 'roomQuantity');
    await refused(stay({ adults: 2, roomQuantity: 3 }), 'INVALID_FORMAT', 'roomQuantity');
  });
});
