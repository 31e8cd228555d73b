// /hotel/searchAccommodation with the real GoGlobal adapter (TC_HOTELS=goglobal) against the loopback fake that
// speaks its SOAP envelope: GoGlobal's offers as ONLINE results beside the contracted ones, and the supplier
// answering an Error element, a fault, HTTP 500 or nothing at all: API_ERROR for searchMode online (in our words),
// the contracted results alone for the merged search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../../../../test/support/database.js';
import { type TestTenant, type TestUser, tenant, user } from '../../../../test/support/factories.js';
import { type GoGlobalFailure, type GoGlobalFake, startGoGlobalFake } from '../../../../test/support/goglobal-fake.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';
import type { SearchAccommodationResult } from './accommodation-search.schemas.js';
import type { Hotel, Room } from '../inventory/index.js';

let fake: GoGlobalFake;
let t: TestTenant;
let employee: TestUser;
let hotel: Hotel;
let body: Record<string, unknown>;

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
  employee = await user(t, 'employee');
  hotel = await employee.api.ok<Hotel>('/hotel/saveHotel', { hotel: { name: uniqueName('Direct') } });
  const room = await employee.api.ok<Room>('/hotel/saveRoom', { room: { hotelId: hotel.hotelId, name: 'Double' } });
  const checkin = addDays(formatDate(new Date(), t.record.timezone), 20);
  await employee.api.ok('/hotel/createRoomCalendar', {
    template: { roomId: room.roomId, stayDate: checkin, baseRate: 100 },
    stayTo: addDays(checkin, 2),
    specDays: 'NONE',
  });
  const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  body = { checkin: dmy(checkin), checkout: dmy(addDays(checkin, 3)), adults: 2, children: 0, cityCode: '75' };
});
afterAll(async () => {
  await t?.service.close();
  await fake?.stop();
});

const sources = (answer: SearchAccommodationResult) => answer.results.map((result) => result.resultSource);

describe('GoGlobal offers in the search', () => {
  it('answers its offers as ONLINE results after the contracted ones', async () => {
    const answer = await employee.api.ok<SearchAccommodationResult>('/hotel/searchAccommodation', body);
    expect(sources(answer)[0]).toBe('DIRECT');
    const online = answer.results.filter((result) => result.resultSource === 'ONLINE');
    expect(online.length).toBeGreaterThan(0);
    expect(online.map((result) => result.hotel.name)).toContain('Fake City Inn');
    for (const result of online) {
      expect(result.hotel.hotelId).toBeNull();
      expect(result.rooms.every((room) => room.offerId !== null && room.totalPrice > 0)).toBe(true);
    }
    expect(fake.count('HOTEL_SEARCH_REQUEST')).toBeGreaterThan(0);
  });

  it.each<GoGlobalFailure>(['error-element', 'soap-fault', 'http-500', 'not-xml', 'hang'])(
    'a supplier failure (%s): API_ERROR online, the contracted results merged',
    async (failure) => {
      fake.failNext(failure);
      const refused = await employee.api.call('/hotel/searchAccommodation', { ...body, searchMode: 'online' });
      expect(refused.apiStatus.errorCode).toBe('API_ERROR');
      expect(refused.apiStatus.errorMessage).not.toMatch(/goglobal|soap|xml|500/i);
      expect(refused.apiData).toBeNull();
      fake.failNext(failure);
      const merged = await employee.api.ok<SearchAccommodationResult>('/hotel/searchAccommodation', body);
      expect(sources(merged)).toEqual(['DIRECT']);
      expect(merged.results[0]?.hotel.hotelId).toBe(hotel.hotelId);
    },
  );
});
