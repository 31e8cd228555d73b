// /tripmaker/accommodation/search with TC_HOTELS=amadeus against the loopback Amadeus hotels fake: Amadeus's offers
// as the spec's accommodation offers in the tenant's currency (chain, amenities, board words), and Amadeus failing or
// hanging answered API_ERROR within the timeout, without Amadeus's words in the answer or a secret in the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusHotelsFake, startAmadeusHotelsFake } from '../../../../test/support/amadeus-hotels-fake.js';
import { type TestTenant, tenant, user } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';

interface Offer {
  hotelId: string;
  chainCode: string | null;
  starRating: number | null;
  boardType: string;
  amenities: string[];
  price: { total: number; currency: string; perNight: number };
}

const PATH = '/tripmaker/accommodation/search';
let fake: AmadeusHotelsFake;
let t: TestTenant;
let agent: string;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startAmadeusHotelsFake();
  const env = {
    TC_HOTELS: 'amadeus',
    TC_AMADEUS_URL: fake.url,
    TC_AMADEUS_CLIENT_ID: fake.clientId,
    TC_AMADEUS_CLIENT_SECRET: fake.clientSecret,
    // loose enough for a loaded machine's searches; a hang costs it once
    TC_AMADEUS_TIMEOUT_MS: '3000',
  };
  t = await tenant(await startTestService({ env, logLines }));
  agent = (await user(t, 'agent')).session;
});
afterAll(async () => {
  await t.service.close();
  await fake.stop();
});

const stay = (cityCode: string) => {
  const today = formatDate(new Date(), t.record.timezone);
  return { cityCode, checkInDate: addDays(today, 20), checkOutDate: addDays(today, 22), adults: 2 };
};

describe('accommodation search on Amadeus', () => {
  it("answers Amadeus's offers in the tenant's currency, with chain, amenities and board words", async () => {
    const offers = await t.api.as(agent).ok<Offer[]>(PATH, stay('LON'));
    // cheapest first: the fake's half board costs less than its English breakfast; the GBP-only hotel is left out
    expect(offers.map((offer) => [offer.hotelId, offer.boardType])).toEqual([
      ['ZZLON001', 'HALF_BOARD'],
      ['ZZLON001', 'BED_AND_BREAKFAST'],
    ]);
    expect(offers[0]?.price.total).toBeLessThan(offers[1]?.price.total ?? 0);
    expect(offers[0]).toMatchObject({ chainCode: 'HI', starRating: null, amenities: ['WIFI', 'SPA'] });
    for (const offer of offers) expect(offer.price.currency).toBe(t.record.currency);
    expect(fake.requests.some((request) => request.query.get('currency') === t.record.currency)).toBe(true);
  });

  it('answers API_ERROR when Amadeus fails, without its words', async () => {
    fake.failNext('server-error');
    const refused = await t.api.as(agent).expectError(PATH, stay('PAR'), 'API_ERROR');
    expect(refused.apiStatus.errorMessage).not.toMatch(/Secret-ish|SYSTEM ERROR|141/);
  });

  it('answers API_ERROR within the timeout when Amadeus does not answer; no secret in the log', async () => {
    fake.failNext('hang');
    const started = Date.now();
    await t.api.as(agent).expectError(PATH, stay('PAR'), 'API_ERROR');
    expect(Date.now() - started).toBeLessThan(6_000);
    const log = logLines.join('\n');
    expect(log).toContain('trip-planning hotel search failed');
    expect(log).not.toContain(fake.clientSecret);
    for (const token of fake.tokens) expect(log).not.toContain(token);
  });
});
