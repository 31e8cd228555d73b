// The Amadeus flight supplier against the loopback fake: a search by GET (adults only) and by the POST form with
// X-HTTP-Method-Override (children, infants), offers mapped to the port's model (names from the dictionaries, local
// times, string amounts, bags by quantity or weight), pricing (the search's offer sent back verbatim, taxes, fees,
// billing currency), and answers trimmed of their optional fields or padded with unknown ones still mapping.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusFake, startAmadeusFake } from '../../../../test/support/amadeus-fake.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import { loadConfig } from '../../../config.js';
import { createFlightSupplier } from '../index.js';
import { type FlightOffer, type FlightSearchRequest, FlightSupplierError } from '../port.js';
import { createAmadeusFlightSupplier } from './index.js';
import { durationMinutes, isoDuration } from './offers.js';

let fake: AmadeusFake;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  fake = await startAmadeusFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
  fake.shape = 'full';
});

function supplier() {
  const settings = { url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, timeoutMs: 10_000 };
  return createAmadeusFlightSupplier(settings, { log });
}

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const departureDate = daysAhead(30);
const returnDate = daysAhead(37);
const request: FlightSearchRequest = {
  origin: 'LHR',
  destination: 'DXB',
  departureDate,
  adults: 2,
  children: 0,
  infants: 0,
  currency: 'AED',
};
const searches = () => fake.requests.filter((r) => r.path === '/v2/shopping/flight-offers');

describe('Amadeus flight search', () => {
  it('asks by GET when only adults travel, and maps the offers', async () => {
    const offers = await supplier().searchOffers(request);

    const [call] = searches();
    expect(call?.method).toBe('GET');
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      originLocationCode: 'LHR',
      destinationLocationCode: 'DXB',
      departureDate,
      adults: '2',
      currencyCode: 'AED',
      max: '100',
    });
    expect(offers).toHaveLength(3);
    const [direct, oneStop] = offers;
    expect(direct).toMatchObject({
      id: '1',
      source: 'GDS',
      instantTicketingRequired: false,
      nonHomogeneous: false,
      oneWay: true,
      lastTicketingDate: departureDate,
      numberOfBookableSeats: 9,
      price: { currency: 'AED', base: '824.00', total: '972.32', grandTotal: '972.32' },
      validatingAirlines: ['EK'],
    });
    expect(direct?.itineraries).toEqual([
      {
        duration: 'PT7H15M',
        segments: [
          {
            segmentId: '1',
            carrierCode: 'EK',
            carrierName: 'EMIRATES',
            flightNumber: '2',
            aircraftCode: '388',
            departure: { iataCode: 'LHR', terminal: '3', at: `${departureDate}T08:30:00` },
            arrival: { iataCode: 'DXB', terminal: '1', at: `${departureDate}T15:45:00` },
            duration: 'PT7H15M',
            numberOfStops: 0,
            blacklistedInEU: false,
          },
        ],
      },
    ]);
    expect(direct?.travelerPricings).toEqual(
      [1, 2].map((id) => ({
        travelerId: String(id),
        travelerType: 'ADULT',
        fareOption: 'STANDARD',
        price: { currency: 'AED', base: '412.00', total: '486.16' },
        fareDetailsBySegment: [
          {
            segmentId: '1',
            cabin: 'ECONOMY',
            fareBasis: 'KLOWXAE1',
            class: 'K',
            includedCheckedBags: { quantity: 1 },
            brandedFare: 'ECOSAVER',
          },
        ],
      })),
    );
    expect(oneStop?.itineraries[0]?.segments.map((s) => `${s.departure.iataCode}-${s.arrival.iataCode}`)).toEqual([
      'LHR-DOH',
      'DOH-DXB',
    ]);
    expect(oneStop?.travelerPricings[0]?.fareDetailsBySegment?.[0]?.includedCheckedBags).toEqual({
      weight: 23,
      weightUnit: 'KG',
    });
  });

  it('keeps the Amadeus offer verbatim for pricing', async () => {
    const [offer] = await supplier().searchOffers(request);
    expect(offer?.supplierData).toMatchObject({ type: 'flight-offer', id: '1', price: { grandTotal: '972.32' } });
    expect(JSON.parse(JSON.stringify(offer?.supplierData))).toEqual(offer?.supplierData);
  });

  it('asks by the POST form with X-HTTP-Method-Override when children or infants travel (return trip)', async () => {
    const offers = await supplier().searchOffers({ ...request, returnDate, children: 1, infants: 1, maxResults: 2 });

    const [call] = searches();
    expect(call?.method).toBe('POST');
    expect(call?.methodOverride).toBe('GET');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      currencyCode: 'AED',
      originDestinations: [
        {
          id: '1',
          originLocationCode: 'LHR',
          destinationLocationCode: 'DXB',
          departureDateTimeRange: { date: departureDate },
        },
        {
          id: '2',
          originLocationCode: 'DXB',
          destinationLocationCode: 'LHR',
          departureDateTimeRange: { date: returnDate },
        },
      ],
      travelers: [
        { id: '1', travelerType: 'ADULT' },
        { id: '2', travelerType: 'ADULT' },
        { id: '3', travelerType: 'CHILD' },
        { id: '4', travelerType: 'HELD_INFANT', associatedAdultId: '1' },
      ],
      sources: ['GDS'],
      searchCriteria: { maxFlightOffers: 2 },
    });
    expect(offers).toHaveLength(2);
    const [offer] = offers;
    expect(offer?.oneWay).toBe(false);
    expect(offer?.itineraries.map((i) => i.segments[0]?.departure.at.slice(0, 10))).toEqual([
      departureDate,
      returnDate,
    ]);
    expect(
      offer?.travelerPricings.map((t) => [t.travelerId, t.travelerType, t.associatedAdultId, t.price.base]),
    ).toEqual([
      ['1', 'ADULT', undefined, '412.00'],
      ['2', 'ADULT', undefined, '412.00'],
      ['3', 'CHILD', undefined, '309.00'],
      ['4', 'HELD_INFANT', '1', '41.20'],
    ]);
  });

  it('an answer trimmed of every optional field still maps, with the fallbacks', async () => {
    fake.shape = 'trimmed';
    const offers = await supplier().searchOffers({ ...request, returnDate });

    expect(offers).toHaveLength(3);
    const [offer] = offers;
    expect(offer).toMatchObject({
      id: '1',
      source: 'GDS',
      instantTicketingRequired: false,
      nonHomogeneous: false,
      oneWay: false,
      lastTicketingDate: departureDate,
      price: { currency: 'AED', base: '972.32', total: '972.32', grandTotal: '972.32' },
      validatingAirlines: ['EK'],
    });
    expect(offer?.itineraries[0]).toEqual({
      duration: 'PT7H15M',
      segments: [
        {
          segmentId: '1.1',
          carrierCode: 'EK',
          flightNumber: '2',
          departure: { iataCode: 'LHR', at: `${departureDate}T08:30:00` },
          arrival: { iataCode: 'DXB', at: `${departureDate}T15:45:00` },
          duration: 'PT7H15M',
          numberOfStops: 0,
          blacklistedInEU: false,
        },
      ],
    });
    expect(offers[1]?.itineraries[0]?.duration).toBe('PT9H45M');
    expect(offer?.travelerPricings[0]).toEqual({
      travelerId: '1',
      travelerType: 'ADULT',
      fareOption: 'STANDARD',
      price: { currency: 'AED', base: '0.00', total: '0.00' },
      fareDetailsBySegment: [
        { segmentId: '1', cabin: '', fareBasis: '', class: '' },
        { segmentId: '2', cabin: '', fareBasis: '', class: '' },
      ],
    });
  });

  it('an answer padded with unknown fields maps as the full one, both bag styles kept', async () => {
    const full = await supplier().searchOffers(request);
    fake.shape = 'padded';
    const padded = await supplier().searchOffers(request);

    const withoutExtras = (offers: FlightOffer[]) =>
      offers.map(({ supplierData: _raw, travelerPricings, ...offer }) => ({
        ...offer,
        travelerPricings: travelerPricings.map(({ fareDetailsBySegment, ...t }) => ({
          ...t,
          fareDetailsBySegment: fareDetailsBySegment?.map(
            ({ includedCheckedBags: _bags, brandedFareLabel: _l, ...f }) => f,
          ),
        })),
      }));
    expect(withoutExtras(padded)).toEqual(withoutExtras(full));
    expect(padded[0]?.travelerPricings[0]?.fareDetailsBySegment?.[0]).toMatchObject({
      includedCheckedBags: { quantity: 2, weight: 23, weightUnit: 'KG' },
      brandedFareLabel: 'ECO SAVER',
    });
    expect(padded[0]?.supplierData).toMatchObject({ extension: { partner: { channel: 'NDC' } } });
  });

  it('a past date refused by Amadeus (425) is a refused error', async () => {
    const error = await rejectionOf(
      supplier().searchOffers({ ...request, departureDate: '2020-01-01' }),
      FlightSupplierError,
    );
    expect(error.kind).toBe('refused');
    expect(error.message).toBe('Amadeus refused the request (HTTP 400, code 425)');
  });

  it('durations: ISO 8601 read and written', () => {
    expect(durationMinutes('PT7H15M')).toBe(435);
    expect(durationMinutes('P1DT2H')).toBe(1560);
    expect(durationMinutes('PT45M')).toBe(45);
    expect(durationMinutes('PT')).toBeUndefined();
    expect(durationMinutes('7h')).toBeUndefined();
    expect(isoDuration(435)).toBe('PT7H15M');
    expect(isoDuration(120)).toBe('PT2H');
    expect(isoDuration(5)).toBe('PT5M');
  });
});

describe('Amadeus pricing', () => {
  const pricings = () => fake.requests.filter((r) => r.path === '/v1/shopping/flight-offers/pricing');

  it('sends the offer back verbatim with X-HTTP-Method-Override and maps the priced offer', async () => {
    const flights = supplier();
    const [offer] = await flights.searchOffers({ ...request, children: 1 });
    if (!offer) throw new Error('no offer');
    const priced = await flights.priceOffer(offer, []);

    const [call] = pricings();
    expect(call?.method).toBe('POST');
    expect(call?.methodOverride).toBe('GET');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      data: { type: 'flight-offers-pricing', flightOffers: [offer.supplierData] },
    });
    expect(priced).toMatchObject({
      id: '1',
      type: 'flight-offer',
      paymentCardRequired: false,
      lastTicketingDate: departureDate,
      pricingOptions: { fareType: ['PUBLISHED'], includedCheckedBagsOnly: true },
      validatingAirlines: ['EK'],
      price: {
        currency: 'AED',
        base: '1133.00',
        total: '1336.94',
        grandTotal: '1336.94',
        billingCurrency: 'AED',
        fees: [
          { amount: '0.00', type: 'SUPPLIER' },
          { amount: '0.00', type: 'TICKETING' },
          { amount: '0.00', type: 'FORM_OF_PAYMENT' },
        ],
        taxes: [
          { amount: '122.37', code: 'YQ' },
          { amount: '81.57', code: 'GB' },
        ],
      },
    });
    expect(priced.itineraries).toEqual(offer.itineraries);
    expect(priced.travelerPricings.map((t) => [t.travelerId, t.travelerType, t.price.total])).toEqual([
      ['1', 'ADULT', '486.16'],
      ['2', 'ADULT', '486.16'],
      ['3', 'CHILD', '364.62'],
    ]);
    expect(priced.travelerPricings[2]?.fareDetailsBySegment).toHaveLength(1);
    expect(priced).not.toHaveProperty('supplierData');
  });

  it('a trimmed or padded pricing answer still maps', async () => {
    const flights = supplier();
    const [offer] = await flights.searchOffers(request);
    if (!offer) throw new Error('no offer');
    fake.shape = 'trimmed';
    const trimmed = await flights.priceOffer(offer, []);
    expect(trimmed.price).toEqual({
      currency: 'AED',
      base: '972.32',
      total: '972.32',
      grandTotal: '972.32',
      fees: [],
      taxes: [],
    });
    expect(trimmed.pricingOptions).toEqual({ fareType: ['PUBLISHED'], includedCheckedBagsOnly: false });
    fake.shape = 'padded';
    const padded = await flights.priceOffer(offer, []);
    expect(padded.price.additionalServices).toEqual([{ amount: '45.00', type: 'CHECKED_BAGS' }]);
    expect(padded.price.taxes.map((t) => t.code)).toEqual(['YQ', 'GB']);
  });

  it('passengers of the searched make-up are priced; another make-up is refused without a call', async () => {
    const flights = supplier();
    const [offer] = await flights.searchOffers(request);
    if (!offer) throw new Error('no offer');
    const adults = [
      { passengerId: 'p1', type: 'ADULT' as const },
      { passengerId: 'p2', type: 'ADULT' as const, dateOfBirth: '1980-02-03' },
    ];
    await expect(flights.priceOffer(offer, adults)).resolves.toMatchObject({ id: '1' });
    const error = await rejectionOf(flights.priceOffer(offer, adults.slice(0, 1)), FlightSupplierError);
    expect(error.kind).toBe('refused');
    expect(pricings()).toHaveLength(1);
  });

  it('an offer no longer sold is refused; an offer without Amadeus data is refused without a call', async () => {
    const flights = supplier();
    const [offer] = await flights.searchOffers(request);
    if (!offer) throw new Error('no offer');
    fake.soldOut.add('1');
    try {
      expect((await rejectionOf(flights.priceOffer(offer, []), FlightSupplierError)).kind).toBe('refused');
    } finally {
      fake.soldOut.clear();
    }
    const { supplierData: _raw, ...bare } = offer;
    expect((await rejectionOf(flights.priceOffer(bare, []), FlightSupplierError)).kind).toBe('refused');
    expect(pricings()).toHaveLength(1);
  });
});

describe('TC_FLIGHTS=amadeus', () => {
  it('makes createFlightSupplier build the Amadeus adapter from the settings', async () => {
    const config = loadConfig({
      TC_FLIGHTS: 'amadeus',
      TC_AMADEUS_URL: fake.url,
      TC_AMADEUS_CLIENT_ID: fake.clientId,
      TC_AMADEUS_CLIENT_SECRET: fake.clientSecret,
    });
    const flights = createFlightSupplier(config, { clock: () => new Date(), log });
    expect(flights.kind).toBe('amadeus');
    expect((await flights.findLocations('LON'))[0]).toMatchObject({ subType: 'CITY', iataCode: 'LON' });
    expect(fake.count('/v1/security/oauth2/token')).toBe(1);
  });
});
