// add-accommodation with the real GoGlobal adapter (TC_HOTELS=goglobal) against the loopback fake that speaks its
// SOAP envelope: an offer of /hotel/searchAccommodation valued again (a BOOKING_VALUATION_REQUEST) at the price the
// supplier gives, refused without a rate from the supplier's currency and converted with one; the supplier failing is API_ERROR
// in our words and adds nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../../../test/support/api.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { type GoGlobalFake, startGoGlobalFake } from '../../../../test/support/goglobal-fake.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { HotelComponent, Itinerary, Project } from '../trip.schemas.js';

// What the test reads of the hotels area's answer (its schema is its own).
type Found = {
  results: Array<{
    resultSource: string;
    hotel: { name: string };
    rooms: Array<{ offerId: string | null; roomName: string; mealPlan: string; totalPrice: number; currency: string }>;
  }>;
};

let fake: GoGlobalFake;
let t: TestTenant;
let agent: TestUser;

beforeAll(async () => {
  fake = await startGoGlobalFake();
  const service = await startTestService({
    env: {
      TC_HOTELS: 'goglobal',
      TC_GOGLOBAL_URL: fake.url,
      TC_GOGLOBAL_AGENCY: fake.agency,
      TC_GOGLOBAL_USER: fake.user,
      TC_GOGLOBAL_PASSWORD: fake.password,
      TC_GOGLOBAL_TIMEOUT_MS: '500',
    },
  });
  t = await tenant(service);
  agent = await user(t, 'agent');
}, 120_000);
afterAll(async () => {
  await t?.service.close();
  await fake?.stop();
});

describe('add-accommodation through GoGlobal', () => {
  it("values the offer again at the supplier's price; a failing supplier is API_ERROR", async () => {
    const today = formatDate(new Date(), t.record.timezone);
    const checkIn = addDays(today, 20);
    const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const found = await agent.api.ok<Found>('/hotel/searchAccommodation', {
      checkin: dmy(checkIn),
      checkout: dmy(addDays(checkIn, 3)),
      adults: 2,
      children: 0,
      cityCode: '75',
      searchMode: 'online',
    });
    const result = defined(found.results[0], 'an online result');
    const room = defined(result.rooms[0], 'a room');
    const project = await agent.api.ok<Project>('/tripmaker/project/create', { projectName: 'Paris' });
    const { itineraryId } = await agent.api.ok<Itinerary>('/tripmaker/itinerary/create', {
      projectId: project.projectId,
      itineraryName: 'A',
    });
    const hotelOffer = {
      offerId: defined(room.offerId, 'an offer id'),
      hotelName: result.hotel.name,
      roomType: room.roomName,
      boardType: room.mealPlan,
    };
    const body = { itineraryId, hotelOffer, checkInDate: checkIn, nights: 3 };
    const valuations = fake.count('BOOKING_VALUATION_REQUEST');
    fake.failNext('soap-fault');
    const refused = await agent.api.call('/tripmaker/itinerary/add-accommodation', body);
    expect(refused.apiStatus.errorCode).toBe('API_ERROR');
    expect(refused.apiStatus.errorMessage).not.toMatch(/goglobal|soap|xml/i);
    // the supplier prices in USD: without a rate into the project's AED the offer is refused, naming it
    await agent.api.expectError('/tripmaker/itinerary/add-accommodation', body, 'INVALID_FORMAT', 'hotelOffer');
    const rate = { fromCurrency: 'USD', toCurrency: 'AED', rate: 3.6725, validFrom: addDays(today, -1) };
    await agent.api.ok('/cruise/exchangerate/write', rate);
    const hotel = await agent.api.ok<HotelComponent>('/tripmaker/itinerary/add-accommodation', body);
    expect(fake.count('BOOKING_VALUATION_REQUEST')).toBe(valuations + 3);
    expect(hotel.currency).toBe(fake.currency);
    const itinerary = await agent.api.ok<Itinerary>('/tripmaker/itinerary/get', { itineraryId });
    expect(itinerary.totalCost).toBe(Math.round(hotel.costPrice * 3.6725 * 100) / 100);
    expect(hotel).toMatchObject({ hotelName: result.hotel.name, nights: 3, checkIn, checkOut: addDays(checkIn, 3) });
    expect(hotel.costPrice).toBeGreaterThan(0);
    expect(await agent.api.ok('/tripmaker/itinerary/get-accommodations', { itineraryId })).toEqual([hotel]);
  });
});
