// /flight/* through the API with TC_FLIGHTS=amadeus against the loopback Amadeus fake: locations from Airport & City
// Search (kept: a second look-up makes no call), a search kept with its pages, pricing that sends the Amadeus offer
// back verbatim and keeps the offer's id, and Amadeus failing, rate limiting or hanging answered API_ERROR within the
// timeout, with neither Amadeus's text in the answer nor a secret in a log line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusFake, startAmadeusFake } from '../../../../test/support/amadeus-fake.js';
import { defined } from '../../../../test/support/api.js';
import { type Caller, guest, type TestTenant, tenant } from '../../../../test/support/factories.js';
import { startTestService } from '../../../../test/support/service.js';
import { addDays, formatDate } from '../../../platform/time.js';

let fake: AmadeusFake;
let t: TestTenant;
let g: Caller;
const logLines: string[] = [];

interface Offer {
  id: string;
  currency: string;
  grandTotal: number;
  itineraries: Array<{ segments: Array<{ carrierName: string; departureAirportName: string }> }>;
}
interface OfferSet {
  searchId: string;
  totalRes: number;
  offers: Offer[];
}
interface PricedOffer {
  id: string;
  price: { grandTotal: string; currency: string; fees: Array<{ type: string }> };
}

beforeAll(async () => {
  fake = await startAmadeusFake();
  const env = {
    TC_FLIGHTS: 'amadeus',
    TC_AMADEUS_URL: fake.url,
    TC_AMADEUS_CLIENT_ID: fake.clientId,
    TC_AMADEUS_CLIENT_SECRET: fake.clientSecret,
    // The whole call's deadline: loose, so a loaded machine's successful searches fit; a hang costs it once.
    TC_AMADEUS_TIMEOUT_MS: '5000',
    TC_RATE_LIMIT_GUEST: '1000',
  };
  t = await tenant(await startTestService({ env, logLines }));
  g = await guest(t);
});
afterAll(async () => {
  await t.service.close();
  await fake.stop();
});

const trip = () => {
  const today = formatDate(new Date(), t.record.timezone);
  return { origin: 'LHR', destination: 'DXB', departureDate: addDays(today, 20), numAdults: 2 };
};

describe('flights on Amadeus', () => {
  it('finds London by LON through Airport & City Search, a second time from the cache', async () => {
    const london = await g.api.ok<Array<{ iataCode: string; subType: string }>>('/flight/getLocations', {
      keyword: 'LON',
    });
    expect(london.map((l) => `${l.subType} ${l.iataCode}`)).toContain('AIRPORT LHR');
    const calls = fake.count('/v1/reference-data/locations');
    await g.api.ok('/flight/getLocations', { keyword: 'lon' });
    expect(fake.count('/v1/reference-data/locations')).toBe(calls);
    const airlines = await g.api.ok<Array<{ iataCode: string }>>('/flight/getAirlines', { code: 'EK' });
    expect(airlines.map((a) => a.iataCode)).toEqual(['EK']);
  });

  it('searches, pages and prices an offer: Amadeus gets its own offer back, the id is kept', async () => {
    const set = await g.api.ok<OfferSet>('/flight/search', trip());
    expect(set.totalRes).toBe(3);
    const offer = defined(set.offers[0], 'first offer');
    expect(offer.currency).toBe(t.record.currency);
    expect(offer.itineraries[0]?.segments[0]?.carrierName).not.toBe('');
    const page = await g.api.ok<OfferSet>('/flight/fetchResults', { searchId: set.searchId, page: 1 });
    expect(page.offers.map((o) => o.id)).toEqual(set.offers.map((o) => o.id));

    const priced = await g.api.ok<PricedOffer>('/flight/price', { flightOfferId: offer.id });
    expect(priced.id).toBe(offer.id);
    expect(priced.price.currency).toBe(t.record.currency);
    expect(priced.price.fees.map((f) => f.type)).toContain('FORM_OF_PAYMENT');
    const pricing = fake.requests.filter((r) => r.path === '/v1/shopping/flight-offers/pricing').at(-1);
    const sent = JSON.parse(pricing?.body ?? '{}') as {
      data: { flightOffers: Array<{ price: { grandTotal: string } }> };
    };
    expect(sent.data.flightOffers.map((o) => Number(o.price.grandTotal))).toEqual([offer.grandTotal]);
  });

  it.each([
    ['server-error', ['server-error']],
    ['rate-limited twice', ['rate-limited-bare', 'rate-limited-bare']],
    ['hanging', ['hang']],
  ] as const)('Amadeus %s is API_ERROR within the timeout, its words not in the answer', async (_name, failures) => {
    await g.api.ok('/flight/search', trip()); // the airports are known (kept) before the failure is scripted
    fake.failNext(...failures);
    // A hang would be the test's timeout: the answer coming at all shows the client's deadline ended the call.
    const answer = await g.api.call('/flight/search', trip());
    expect(answer.apiStatus).toMatchObject({ errorCode: 'API_ERROR' });
    expect(JSON.stringify(answer)).not.toMatch(/Secret-ish|SYSTEM ERROR|Too many/);
  });

  it('never logs the client secret or an access token', () => {
    const log = logLines.join('\n');
    expect(log).toContain('Amadeus');
    expect(log).not.toContain(fake.clientSecret);
    for (const token of fake.tokens) expect(log).not.toContain(token);
  });
});
