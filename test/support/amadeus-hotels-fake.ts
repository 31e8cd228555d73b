// A loopback stand-in for Amadeus's hotel APIs (research/amadeus-openapi/Authorizaton_v1.json, HotelList_v1.json,
// HotelSearch_v3.json) for the Amadeus hotel adapter's tests: a real HTTP server on 127.0.0.1 with the OAuth2
// client-credentials token endpoint (form body, expires_in, the 401 invalid_client body), the bearer check (38190
// invalid, 38192 expired), Hotel List by city (cityCode [A-Za-z]{3}; 895 for a city without hotels; paged by
// meta.links.next when `listPageSize` is set), Hotel Search v3 (hotelIds at most 20, adults and roomQuantity 1-9,
// dates: 381, 404; currency: 61; 424 when no hotel of the list sells) and one offer by id (404 code 1797 when no longer
// sold). Answers are shaped as the specs' examples; `failNext` scripts the next API answers (expired or invalid
// token, 429, 400, 500, a body that is not JSON, a hang). Prices: per room and night, from the hotel and the date.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, hotelOf, offerOf, type Stay, startingCities } from './amadeus-hotels-fake-answers.js';

/** `pass` answers normally: it lets a later request of the script fail (the second batch of a search). */
export type HotelFailure =
  | 'pass'
  | 'expired-token'
  | 'invalid-token'
  | 'rate-limited'
  | 'bad-request'
  | 'server-error'
  | 'not-json'
  | 'hang';

export interface FakeHotel {
  hotelId: string;
  name: string;
  chainCode: string;
  latitude: number;
  longitude: number;
  countryCode: string;
  /** The hotel's board types, one offer each (HotelSearch_v3 BoardType words); none: an offer without boardType. */
  boardTypes: string[];
  /** A hotel that prices only in its own currency (Amadeus then ignores the one asked). */
  ownCurrency?: string;
  /** false: the search answers it `available: false` with no offers (sold out). */
  available?: boolean;
  amenities?: string[];
}

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface AmadeusHotelsFake {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: FakeRequest[];
  tokens: string[];
  tokenLifetimeSeconds: number;
  /** Hotels by IATA city code; PAR (45 hotels: three offer requests), LON (3) and NCE (2) to begin with. */
  cities: Map<string, FakeHotel[]>;
  /** Hotels a hotel-list page holds (a next link for the rest); undefined: the whole list at once. */
  listPageSize: number | undefined;
  /** Offer ids whose next GET by id answers this total instead (a price changed since the search). */
  repriced: Map<string, string>;
  /** Offer ids no longer sold: GET by id answers 404. */
  soldOut: Set<string>;
  failNext(...failures: HotelFailure[]): void;
  expireTokens(): void;
  count(path: string): number;
  stop(): Promise<void>;
}

interface Issue {
  status: number;
  code: number;
  title: string;
  detail?: string;
  parameter?: string;
}

const ISSUES: Record<Exclude<HotelFailure, 'pass' | 'not-json' | 'hang'>, Issue> = {
  'expired-token': { status: 401, code: 38192, title: 'Access token expired', detail: 'The access token is expired' },
  'invalid-token': { status: 401, code: 38190, title: 'Invalid access token', detail: 'The access token is invalid' },
  'rate-limited': {
    status: 429,
    code: 38194,
    title: 'Too many requests',
    detail: 'The network rate limit is exceeded',
  },
  'bad-request': { status: 400, code: 477, title: 'INVALID FORMAT', detail: 'invalid query parameter format' },
  'server-error': { status: 500, code: 141, title: 'SYSTEM ERROR HAS OCCURRED', detail: 'Secret-ish internal text' },
};
const issue = (status: number, code: number, title: string, parameter?: string): Issue => ({
  status,
  code,
  title,
  ...(parameter ? { parameter } : {}),
});

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/vnd.amadeus+json' });
  response.end(JSON.stringify(body));
}

function sendIssue(response: ServerResponse, { parameter, ...rest }: Issue): void {
  const headers = rest.status === 429 ? { 'retry-after': '1' } : {};
  response.writeHead(rest.status, { 'content-type': 'application/vnd.amadeus+json', ...headers });
  response.end(JSON.stringify({ errors: [{ ...rest, ...(parameter ? { source: { parameter } } : {}) }] }));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

interface FakeState {
  fake: AmadeusHotelsFake;
  script: HotelFailure[];
  expired: Set<string>;
  hanging: Set<ServerResponse>;
  /** Offers answered so far, by id: what GET by id answers. */
  sold: Map<string, { hotel: Record<string, unknown>; offer: Record<string, unknown> }>;
}

function token(state: FakeState, request: FakeRequest, response: ServerResponse) {
  const form = new URLSearchParams(request.body);
  const formOk = request.contentType?.startsWith('application/x-www-form-urlencoded') ?? false;
  if (
    !formOk ||
    form.get('grant_type') !== 'client_credentials' ||
    form.get('client_id') !== state.fake.clientId ||
    form.get('client_secret') !== state.fake.clientSecret
  ) {
    return send(response, 401, {
      error: 'invalid_client',
      error_description: 'Client credentials are invalid',
      code: 38187,
      title: 'Invalid parameters',
    });
  }
  const accessToken = randomBytes(21).toString('base64url');
  state.fake.tokens.push(accessToken);
  setTimeout(() => state.expired.add(accessToken), state.fake.tokenLifetimeSeconds * 1000).unref();
  send(response, 200, {
    type: 'amadeusOAuth2Token',
    username: 'dev@example.com',
    application_name: 'tc-test',
    client_id: state.fake.clientId,
    token_type: 'Bearer',
    access_token: accessToken,
    expires_in: state.fake.tokenLifetimeSeconds,
    state: 'approved',
    scope: '',
  });
}

function hotelList(state: FakeState, query: URLSearchParams, response: ServerResponse) {
  const cityCode = query.get('cityCode');
  if (!cityCode) return sendIssue(response, issue(400, 32171, 'MANDATORY DATA MISSING', 'cityCode'));
  if (!/^[A-Za-z]{3}$/.test(cityCode)) return sendIssue(response, issue(400, 477, 'INVALID FORMAT', 'cityCode'));
  const hotels = state.fake.cities.get(cityCode.toUpperCase()) ?? [];
  if (hotels.length === 0) return sendIssue(response, issue(400, 895, 'NOTHING FOUND FOR REQUESTED CITY'));
  const offset = Number(query.get('page[offset]') ?? 0);
  const size = state.fake.listPageSize ?? hotels.length;
  const page = hotels.slice(offset, offset + size);
  const link = (at: number) =>
    `http://test.api.amadeus.com/reference-data/locations/hotels/by-city?cityCode=${cityCode}&page%5Boffset%5D=${at}`;
  send(response, 200, {
    data: page.map((listed, i) => ({
      chainCode: listed.chainCode,
      iataCode: cityCode.toUpperCase(),
      dupeId: 504813000 + offset + i,
      name: listed.name,
      hotelId: listed.hotelId,
      geoCode: { latitude: listed.latitude, longitude: listed.longitude },
      address: { countryCode: listed.countryCode },
      distance: { value: (offset + i) / 10, unit: 'KM' },
    })),
    meta: {
      count: hotels.length,
      links: { self: link(offset), ...(offset + size < hotels.length ? { next: link(offset + size) } : {}) },
    },
  });
}

function stayOf(query: URLSearchParams): Stay | Issue {
  const today = new Date().toISOString().slice(0, 10);
  const checkInDate = query.get('checkInDate') ?? today;
  const checkOutDate = query.get('checkOutDate') ?? addDays(checkInDate, 1);
  const adults = Number(query.get('adults') ?? 1);
  const roomQuantity = Number(query.get('roomQuantity') ?? 1);
  const currency = query.get('currency') ?? 'EUR';
  if (!Number.isInteger(adults) || adults < 1 || adults > 9)
    return issue(400, 397, 'INVALID NUMBER OF ADULTS', 'adults');
  if (!Number.isInteger(roomQuantity) || roomQuantity < 1 || roomQuantity > 9) {
    return issue(400, 477, 'INVALID FORMAT', 'roomQuantity');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checkInDate) || checkInDate < today) {
    return issue(400, 381, 'INVALID CHECK-IN DATE', 'checkInDate');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checkOutDate)) return issue(400, 382, 'INVALID CHECK-OUT DATE', 'checkOutDate');
  if (checkOutDate <= checkInDate) {
    return issue(400, 404, 'CHECK_OUT DATE MUST BE FURTHER IN THE FUTURE THAN CHECK-IN DATE', 'checkOutDate');
  }
  if (!/^[A-Z]{3}$/.test(currency)) return issue(400, 61, 'INVALID CURRENCY CODE', 'currency');
  return { checkInDate, checkOutDate, adults, roomQuantity, currency };
}

function hotelOffers(state: FakeState, query: URLSearchParams, response: ServerResponse) {
  const ids = (query.get('hotelIds') ?? '').split(',').filter((id) => id !== '');
  if (ids.length === 0) return sendIssue(response, issue(400, 32171, 'MANDATORY DATA MISSING', 'hotelIds'));
  if (ids.length > 20) return sendIssue(response, issue(400, 477, 'INVALID FORMAT', 'hotelIds'));
  const stay = stayOf(query);
  if ('status' in stay) return sendIssue(response, stay);
  const boardType = query.get('boardType');
  const data: unknown[] = [];
  for (const [cityCode, hotels] of state.fake.cities) {
    for (const listed of hotels.filter((candidate) => ids.includes(candidate.hotelId))) {
      const hotelAnswer = hotelOf(listed, cityCode);
      if (listed.available === false) {
        data.push({ type: 'hotel-offers', hotel: hotelAnswer, available: false, offers: [] });
        continue;
      }
      const boards = listed.boardTypes.length > 0 ? listed.boardTypes : [undefined];
      const offers = boards
        .filter((board) => !boardType || board === boardType)
        .map((board) => {
          const id = randomBytes(6).toString('hex').toUpperCase();
          const offer = offerOf(listed, board, stay, id);
          state.sold.set(id, { hotel: hotelAnswer, offer });
          return offer;
        });
      if (offers.length > 0) data.push({ type: 'hotel-offers', hotel: hotelAnswer, available: true, offers });
    }
  }
  if (data.length === 0) return sendIssue(response, issue(400, 424, 'NO HOTELS FOUND WHICH MATCH THIS INPUT'));
  send(response, 200, { data });
}

function offerById(state: FakeState, offerId: string, response: ServerResponse) {
  const found = state.sold.get(offerId);
  if (!found || state.fake.soldOut.has(offerId)) {
    return sendIssue(response, { ...issue(404, 1797, 'NOT FOUND', 'offerId'), detail: 'no response found' });
  }
  const total = state.fake.repriced.get(offerId);
  const price = found.offer.price as Record<string, unknown>;
  const offer = total ? { ...found.offer, price: { ...price, total } } : found.offer;
  send(response, 200, { data: { type: 'hotel-offers', hotel: found.hotel, available: true, offers: [offer] } });
}

function api(state: FakeState, request: FakeRequest, response: ServerResponse) {
  const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
  if (!bearer || !state.fake.tokens.includes(bearer)) return sendIssue(response, ISSUES['invalid-token']);
  if (state.expired.has(bearer)) return sendIssue(response, ISSUES['expired-token']);
  const failure = state.script.shift();
  if (failure === 'hang') return void state.hanging.add(response);
  if (failure === 'not-json') {
    response.writeHead(502, { 'content-type': 'text/html' });
    return void response.end('<html><body>Bad gateway</body></html>');
  }
  if (failure && failure !== 'pass') return sendIssue(response, ISSUES[failure]);
  if (request.method !== 'GET') return sendIssue(response, issue(405, 4, 'METHOD NOT ALLOWED'));
  if (request.path === '/v1/reference-data/locations/hotels/by-city') return hotelList(state, request.query, response);
  if (request.path === '/v3/shopping/hotel-offers') return hotelOffers(state, request.query, response);
  const byId = /^\/v3\/shopping\/hotel-offers\/([A-Z0-9]*)$/.exec(request.path);
  if (byId) return offerById(state, byId[1] ?? '', response);
  sendIssue(response, issue(404, 38196, 'Resource not found'));
}

async function requestOf(incoming: IncomingMessage): Promise<FakeRequest> {
  const url = new URL(incoming.url ?? '/', 'http://fake');
  const header = (name: string) => {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    method: incoming.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    authorization: header('authorization'),
    contentType: header('content-type'),
    body: await readBody(incoming),
  };
}

function newState(): FakeState {
  const state: FakeState = {
    script: [],
    expired: new Set(),
    hanging: new Set(),
    sold: new Map(),
    fake: {
      url: '',
      clientId: `fakeClient${randomBytes(6).toString('hex')}`,
      clientSecret: `fakeSecret${randomBytes(12).toString('hex')}`,
      requests: [],
      tokens: [],
      tokenLifetimeSeconds: 1799,
      cities: startingCities(),
      listPageSize: undefined,
      repriced: new Map(),
      soldOut: new Set(),
      failNext: (...failures) => void state.script.push(...failures),
      expireTokens: () => {
        for (const token of state.fake.tokens) state.expired.add(token);
      },
      count: (path) => state.fake.requests.filter((request) => request.path === path).length,
      stop: async () => {},
    },
  };
  return state;
}

export async function startAmadeusHotelsFake(): Promise<AmadeusHotelsFake> {
  const state = newState();
  const { fake } = state;
  const server = createServer(async (incoming, response) => {
    const request = await requestOf(incoming);
    fake.requests.push(request);
    if (request.method === 'POST' && request.path === '/v1/security/oauth2/token') {
      return token(state, request, response);
    }
    api(state, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the Amadeus hotels fake did not bind');
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.stop = async () => {
    for (const response of state.hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
