// What the Amadeus fake (amadeus-fake.ts) answers, in the shapes of research/amadeus-openapi/*.json: flight offers
// made up deterministically from the request (a direct flight, a one-stop through Doha and a late direct, the same
// way back on a return date; per traveler prices with taxes, ids "1".."n"), the pricing of such offers (taxes,
// FORM_OF_PAYMENT fee, billingCurrency, bookingRequirements), a handful of real airports, cities and airlines.
// `trimmed` drops every field the specs call optional and the mapping can do without; `padded` adds fields the
// specs do not know (and both bag allowance styles, extra traveler types, warnings) as a newer Amadeus might.

export type AnswerShape = 'full' | 'trimmed' | 'padded';

export interface FakeTraveler {
  id: string;
  travelerType: string;
  associatedAdultId?: string;
}

export interface SearchAsked {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate?: string;
  travelers: FakeTraveler[];
  currency: string;
  max: number;
}

type Json = Record<string, unknown>;

interface FakeLocation {
  subType: 'AIRPORT' | 'CITY';
  iataCode: string;
  name: string;
  cityName: string;
  cityCode: string;
  countryName: string;
  countryCode: string;
  regionCode: string;
  timeZoneOffset: string;
  latitude: number;
  longitude: number;
  score: number;
}

function place(
  subType: FakeLocation['subType'],
  iataCode: string,
  name: string,
  city: [string, string],
  country: [string, string, string],
  geo: [number, number, string, number],
): FakeLocation {
  const [cityName, cityCode] = city;
  const [countryName, countryCode, regionCode] = country;
  const [latitude, longitude, timeZoneOffset, score] = geo;
  return {
    subType,
    iataCode,
    name,
    cityName,
    cityCode,
    countryName,
    countryCode,
    regionCode,
    timeZoneOffset,
    latitude,
    longitude,
    score,
  };
}

const GB: [string, string, string] = ['UNITED KINGDOM', 'GB', 'EUROP'];
const AE: [string, string, string] = ['UNITED ARAB EMIRATES', 'AE', 'MEAST'];
const FR: [string, string, string] = ['FRANCE', 'FR', 'EUROP'];
const US: [string, string, string] = ['UNITED STATES OF AMERICA', 'US', 'NAMER'];
const QA: [string, string, string] = ['QATAR', 'QA', 'MEAST'];

export const FAKE_LOCATIONS: FakeLocation[] = [
  place('CITY', 'LON', 'LONDON', ['LONDON', 'LON'], GB, [51.5, -0.16666, '+00:00', 100]),
  place('AIRPORT', 'LHR', 'HEATHROW', ['LONDON', 'LON'], GB, [51.47294, -0.45061, '+00:00', 45]),
  place('AIRPORT', 'LGW', 'GATWICK', ['LONDON', 'LON'], GB, [51.15609, -0.17818, '+00:00', 27]),
  place('AIRPORT', 'STN', 'STANSTED', ['LONDON', 'LON'], GB, [51.885, 0.235, '+00:00', 15]),
  place('CITY', 'DXB', 'DUBAI', ['DUBAI', 'DXB'], AE, [25.25, 55.33333, '+04:00', 80]),
  place('AIRPORT', 'DXB', 'DUBAI INTL', ['DUBAI', 'DXB'], AE, [25.25278, 55.36444, '+04:00', 70]),
  place('CITY', 'PAR', 'PARIS', ['PARIS', 'PAR'], FR, [48.85341, 2.3488, '+01:00', 90]),
  place('AIRPORT', 'CDG', 'CHARLES DE GAULLE', ['PARIS', 'PAR'], FR, [49.01278, 2.55, '+01:00', 60]),
  place('CITY', 'NYC', 'NEW YORK', ['NEW YORK', 'NYC'], US, [40.71427, -74.00597, '-05:00', 95]),
  place('AIRPORT', 'JFK', 'JOHN F KENNEDY INTL', ['NEW YORK', 'NYC'], US, [40.63975, -73.77893, '-05:00', 50]),
  place('AIRPORT', 'DOH', 'HAMAD INTERNATIONAL', ['DOHA', 'DOH'], QA, [25.27306, 51.60806, '+03:00', 40]),
];

export const FAKE_AIRLINES = [
  { iataCode: 'EK', icaoCode: 'UAE', businessName: 'EMIRATES', commonName: 'EMIRATES' },
  { iataCode: 'QR', icaoCode: 'QTR', businessName: 'QATAR AIRWAYS', commonName: 'QATAR AIRWAYS' },
  { iataCode: 'BA', icaoCode: 'BAW', businessName: 'BRITISH AIRWAYS', commonName: 'BRITISH A/W' },
  { iataCode: 'AF', icaoCode: 'AFR', businessName: 'AIR FRANCE', commonName: 'AIRFRANCE' },
  { iataCode: 'EY', icaoCode: 'ETD', businessName: 'ETIHAD AIRWAYS', commonName: 'ETIHAD' },
];

const CARRIERS: Record<string, string> = { EK: 'EMIRATES', QR: 'QATAR AIRWAYS', BA: 'BRITISH AIRWAYS' };

/** One leg of a plan: carrier, flight number, minutes after midnight, minutes in the air, aircraft. */
type Leg = [carrier: string, number: string, departs: number, minutes: number, aircraft: string];

interface Plan {
  legs: (from: string, to: string) => Array<[string, string, Leg]>;
  /** Base fare of an adult in cents. */
  adultBase: number;
  bags: Json;
}

function hubOf(from: string, to: string): string {
  return from === 'DOH' || to === 'DOH' ? 'DXB' : 'DOH';
}

const PLANS: Plan[] = [
  { legs: (a, b) => [[a, b, ['EK', '2', 510, 435, '388']]], adultBase: 41_200, bags: { quantity: 1 } },
  {
    legs: (a, b) => [
      [a, hubOf(a, b), ['QR', '8', 600, 190, '77W']],
      [hubOf(a, b), b, ['QR', '1017', 905, 280, '351']],
    ],
    adultBase: 35_650,
    bags: { weight: 23, weightUnit: 'KG' },
  },
  { legs: (a, b) => [[a, b, ['BA', '107', 1265, 460, '789']]], adultBase: 49_800, bags: { quantity: 2 } },
];

function clock(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `PT${hours}H${minutes % 60 ? `${minutes % 60}M` : ''}`.replace(/H$/, 'H');
}

function localTime(date: string, minutes: number): string {
  const at = new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000);
  return at.toISOString().slice(0, 19);
}

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function itinerary(plan: Plan, from: string, to: string, date: string, nextId: () => string): Json {
  const legs = plan.legs(from, to);
  const first = legs[0]?.[2][2] ?? 0;
  const segments = legs.map(([a, b, [carrier, number, departs, minutes, aircraft]]) => ({
    departure: { iataCode: a, terminal: '3', at: localTime(date, departs) },
    arrival: { iataCode: b, terminal: '1', at: localTime(date, departs + minutes) },
    carrierCode: carrier,
    number,
    aircraft: { code: aircraft },
    operating: { carrierCode: carrier },
    duration: clock(minutes),
    id: nextId(),
    numberOfStops: 0,
    blacklistedInEU: false,
  }));
  const last = legs[legs.length - 1]?.[2];
  const end = last ? last[2] + last[3] : first;
  return { duration: clock(end - first), segments };
}

function travelerShare(type: string): number {
  if (type === 'CHILD') return 0.75;
  if (type === 'HELD_INFANT') return 0.1;
  return 1;
}

function travelerPricing(traveler: FakeTraveler, plan: Plan, segmentIds: string[], currency: string): Json {
  const base = Math.round(plan.adultBase * travelerShare(traveler.travelerType));
  const taxes = Math.round(base * 0.18);
  return {
    travelerId: traveler.id,
    fareOption: 'STANDARD',
    travelerType: traveler.travelerType,
    ...(traveler.associatedAdultId ? { associatedAdultId: traveler.associatedAdultId } : {}),
    price: { currency, total: money(base + taxes), base: money(base) },
    fareDetailsBySegment: segmentIds.map((segmentId) => ({
      segmentId,
      cabin: 'ECONOMY',
      fareBasis: 'KLOWXAE1',
      brandedFare: 'ECOSAVER',
      class: 'K',
      includedCheckedBags: plan.bags,
    })),
  };
}

function offer(asked: SearchAsked, plan: Plan, index: number): Json {
  let segmentId = 0;
  const nextId = () => String(++segmentId);
  const itineraries = [itinerary(plan, asked.origin, asked.destination, asked.departureDate, nextId)];
  if (asked.returnDate) itineraries.push(itinerary(plan, asked.destination, asked.origin, asked.returnDate, nextId));
  const segmentIds = Array.from({ length: segmentId }, (_, i) => String(i + 1));
  const pricings = asked.travelers.map((t) => travelerPricing(t, plan, segmentIds, asked.currency));
  const cents = pricings.reduce((sum, p) => sum + Math.round(Number((p.price as Json).total) * 100), 0);
  const baseCents = pricings.reduce((sum, p) => sum + Math.round(Number((p.price as Json).base) * 100), 0);
  const carrier = plan.legs(asked.origin, asked.destination)[0]?.[2][0] ?? 'EK';
  return {
    type: 'flight-offer',
    id: String(index + 1),
    source: 'GDS',
    instantTicketingRequired: false,
    nonHomogeneous: false,
    oneWay: !asked.returnDate,
    lastTicketingDate: asked.departureDate,
    lastTicketingDateTime: asked.departureDate,
    numberOfBookableSeats: 9 - index,
    itineraries,
    price: {
      currency: asked.currency,
      total: money(cents),
      base: money(baseCents),
      fees: [
        { amount: '0.00', type: 'SUPPLIER' },
        { amount: '0.00', type: 'TICKETING' },
      ],
      grandTotal: money(cents),
    },
    pricingOptions: { fareType: ['PUBLISHED'], includedCheckedBagsOnly: true },
    validatingAirlineCodes: [carrier],
    travelerPricings: pricings,
  };
}

function dictionaries(asked: SearchAsked): Json {
  const codes = [asked.origin, asked.destination, 'DOH', 'DXB'];
  const locations = Object.fromEntries(
    codes.map((code) => {
      const known = FAKE_LOCATIONS.find((l) => l.iataCode === code);
      return [code, { cityCode: known?.cityCode ?? code, countryCode: known?.countryCode ?? 'XX' }];
    }),
  );
  const aircraft = {
    '388': 'AIRBUS A380-800',
    '77W': 'BOEING 777-300ER',
    '351': 'AIRBUS A350-1000',
    '789': 'BOEING 787-9',
  };
  return { locations, aircraft, currencies: { [asked.currency]: 'CURRENCY' }, carriers: CARRIERS };
}

/** The optional fields a trimmed answer leaves out, per level of the offer. */
const TRIMMED = {
  offer: [
    'source',
    'instantTicketingRequired',
    'nonHomogeneous',
    'oneWay',
    'lastTicketingDate',
    'lastTicketingDateTime',
    'numberOfBookableSeats',
    'pricingOptions',
    'validatingAirlineCodes',
    'paymentCardRequired',
  ],
  price: ['base', 'fees', 'grandTotal', 'billingCurrency', 'refundableTaxes'],
  segment: ['aircraft', 'operating', 'duration', 'numberOfStops', 'blacklistedInEU', 'id'],
  endpoint: ['terminal'],
  traveler: ['price', 'associatedAdultId'],
  fare: ['cabin', 'fareBasis', 'brandedFare', 'class', 'includedCheckedBags'],
};

function drop(target: unknown, keys: string[]): void {
  if (typeof target !== 'object' || target === null) return;
  for (const key of keys) delete (target as Json)[key];
}

function each(value: unknown, visit: (item: Json) => void): void {
  if (Array.isArray(value)) for (const item of value) if (typeof item === 'object' && item !== null) visit(item);
}

export function trimOffer(offer: Json): Json {
  drop(offer, TRIMMED.offer);
  drop(offer.price, TRIMMED.price);
  each(offer.itineraries, (itinerary) => {
    delete itinerary.duration;
    each(itinerary.segments, (segment) => {
      drop(segment, TRIMMED.segment);
      drop(segment.departure, TRIMMED.endpoint);
      drop(segment.arrival, TRIMMED.endpoint);
    });
  });
  each(offer.travelerPricings, (traveler) => {
    drop(traveler, TRIMMED.traveler);
    each(traveler.fareDetailsBySegment, (fare) => drop(fare, TRIMMED.fare));
  });
  return offer;
}

export function padOffer(offer: Json): Json {
  offer.choiceProbability = '0.8';
  offer.extension = { partner: { channel: 'NDC', tiers: [1, 2, 3] } };
  const price = offer.price as Json;
  price.additionalServices = [{ amount: '45.00', type: 'CHECKED_BAGS' }];
  price.loyaltyDiscount = { amount: '0.00' };
  each(offer.itineraries, (itinerary) => {
    itinerary.overnight = false;
    each(itinerary.segments, (segment) => {
      segment.co2Emissions = [{ weight: 212, weightUnit: 'KG', cabin: 'ECONOMY' }];
      segment.stops = [];
      (segment.departure as Json).gate = { number: 'B12', status: 'OPEN' };
      segment.wifi = true;
    });
  });
  each(offer.travelerPricings, (traveler) => {
    traveler.loyalty = { program: 'SKYWARDS' };
    each(traveler.fareDetailsBySegment, (fare) => {
      fare.includedCheckedBags = { quantity: 2, weight: 23, weightUnit: 'KG', note: 'per piece' };
      fare.includedCabinBags = { quantity: 1 };
      fare.amenities = [{ description: 'MEAL', isChargeable: false }];
      fare.brandedFareLabel = 'ECO SAVER';
    });
  });
  return offer;
}

function shaped(offers: Json[], shape: AnswerShape): Json[] {
  if (shape === 'trimmed') return offers.map(trimOffer);
  if (shape === 'padded') return offers.map(padOffer);
  return offers;
}

export function searchAnswer(asked: SearchAsked, shape: AnswerShape): Json {
  const offers = PLANS.slice(0, asked.max).map((plan, index) => offer(asked, plan, index));
  const data = shaped(offers, shape);
  if (shape === 'trimmed') return { data };
  const answer: Json = { meta: { count: data.length }, data, dictionaries: dictionaries(asked) };
  if (shape === 'padded') {
    answer.meta = { count: data.length, links: { self: 'https://test.api.amadeus.com/v2/shopping/flight-offers' } };
    answer.warnings = [{ status: 200, code: 12345, title: 'NEW WARNING', detail: 'something new' }];
    answer.experiments = { ranking: 'B' };
  }
  return answer;
}

/** The same offers priced again: per traveler taxes, the form-of-payment fee, the billing currency. */
export function pricingAnswer(offers: Json[], shape: AnswerShape): Json {
  const priced = offers.map((source) => {
    const copy = structuredClone(source);
    const price = (copy.price ?? {}) as Json;
    const fees = Array.isArray(price.fees) ? price.fees : [];
    copy.price = { ...price, fees: [...fees, { amount: '0.00', type: 'FORM_OF_PAYMENT' }] };
    (copy.price as Json).billingCurrency = price.currency;
    copy.paymentCardRequired = false;
    each(copy.travelerPricings, (traveler) => {
      const travelerPrice = traveler.price as Json | undefined;
      if (!travelerPrice) return;
      const base = Number(travelerPrice.base);
      const tax = Number(travelerPrice.total) - base;
      const yq = Math.round(tax * 60) / 100;
      travelerPrice.taxes = [
        { amount: yq.toFixed(2), code: 'YQ' },
        { amount: (Math.round(tax * 100) / 100 - yq).toFixed(2), code: 'GB' },
      ];
    });
    return copy;
  });
  const flightOffers = shaped(priced, shape);
  const data: Json = { type: 'flight-offers-pricing', flightOffers };
  if (shape !== 'trimmed') {
    data.bookingRequirements = { emailAddressRequired: true, mobilePhoneNumberRequired: true };
  }
  return { data, ...(shape === 'padded' ? { included: { bags: {} }, warnings: [{ code: 0, title: 'X' }] } : {}) };
}

function wordStarts(text: string, keyword: string): boolean {
  return text.startsWith(keyword) || text.split(/[\s/-]+/).some((word) => word.startsWith(keyword));
}

export function locationsAnswer(query: URLSearchParams, baseUrl: string): Json {
  const keyword = (query.get('keyword') ?? '').toUpperCase();
  const subTypes = (query.get('subType') ?? '').split(',');
  const limit = Number(query.get('page[limit]') ?? 10);
  const offset = Number(query.get('page[offset]') ?? 0);
  const matches = FAKE_LOCATIONS.filter(
    (l) =>
      subTypes.includes(l.subType) &&
      (l.iataCode.startsWith(keyword) || wordStarts(l.name, keyword) || wordStarts(l.cityName, keyword)),
  ).sort((a, b) => b.score - a.score);
  const page = matches.slice(offset, offset + limit).map((l) => ({
    type: 'location',
    subType: l.subType,
    name: l.name,
    detailedName: l.subType === 'CITY' ? `${l.name}/${l.countryCode}` : `${l.cityName}/${l.countryCode}:${l.name}`,
    id: `${l.subType[0]}${l.iataCode}`,
    self: { href: `${baseUrl}/v1/reference-data/locations/${l.subType[0]}${l.iataCode}`, methods: ['GET'] },
    timeZoneOffset: l.timeZoneOffset,
    iataCode: l.iataCode,
    geoCode: { latitude: l.latitude, longitude: l.longitude },
    address: {
      cityName: l.cityName,
      cityCode: l.cityCode,
      countryName: l.countryName,
      countryCode: l.countryCode,
      regionCode: l.regionCode,
    },
    analytics: { travelers: { score: l.score } },
  }));
  const self = `${baseUrl}/v1/reference-data/locations?${query.toString()}`;
  const next = offset + limit < matches.length ? { next: `${self}&page[offset]=${offset + limit}` } : {};
  return { meta: { count: matches.length, links: { self, ...next } }, data: page };
}

export function airlinesAnswer(query: URLSearchParams, baseUrl: string): Json {
  const codes = query.get('airlineCodes');
  const wanted = codes ? codes.split(',').map((code) => code.trim().toUpperCase()) : undefined;
  const data = FAKE_AIRLINES.filter((a) => !wanted || wanted.includes(a.iataCode) || wanted.includes(a.icaoCode)).map(
    (a) => ({ type: 'airline', ...a }),
  );
  return { meta: { count: data.length, links: { self: `${baseUrl}/v1/reference-data/airlines` } }, data };
}
