// A loopback stand-in for Amadeus Self-Service (research/external-systems.md §2 and research/amadeus-openapi/*.json)
// for the Amadeus flight adapter's tests: a real HTTP server on 127.0.0.1 with the OAuth2 client-credentials token
// endpoint (form body, expires_in, Amadeus's 401 body), the bearer check (38190 invalid, 38192 expired), flight-offers
// search (GET, and the POST form only with X-HTTP-Method-Override: GET), pricing, locations and airlines, answering
// from amadeus-fake-answers.ts. Bad requests get Amadeus's `errors[]` bodies (32171 missing, 477 format, 425 date).
// `failNext` scripts the next API answers (expired or invalid token, 429 with or without Retry-After, 400, 500, a
// body that is not JSON, a hang); `shape` trims or pads every answer; `delayMs` makes every API answer slow.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnswerShape,
  airlinesAnswer,
  type FakeTraveler,
  locationsAnswer,
  pricingAnswer,
  type SearchAsked,
  searchAnswer,
} from './amadeus-fake-answers.js';

export type { AnswerShape } from './amadeus-fake-answers.js';

export type AmadeusFailure =
  | 'expired-token'
  | 'invalid-token'
  | 'rate-limited'
  | 'rate-limited-bare'
  | 'bad-request'
  | 'no-fare'
  | 'server-error'
  | 'not-json'
  | 'hang';

export type TokenFailure = 'refused' | 'server-error' | 'hang';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  methodOverride: string | undefined;
  contentType: string | undefined;
  /** The raw body (a form for the token, JSON otherwise). */
  body: string;
}

export interface AmadeusFake {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request, the token requests included, in order. */
  requests: FakeRequest[];
  /** The access tokens issued so far. */
  tokens: string[];
  /** How answers look: `full` (the specs' examples), `trimmed` (optional fields left out), `padded` (unknown ones). */
  shape: AnswerShape;
  /** expires_in of the next tokens (Amadeus: 1799). */
  tokenLifetimeSeconds: number;
  /** Every API answer (not the token's) waits this long. */
  delayMs: number;
  /** The token endpoint waits this long. */
  tokenDelayMs: number;
  /** Offer ids whose pricing answers 400 "no fare applicable" (sold out since the search). */
  soldOut: Set<string>;
  failNext(...failures: AmadeusFailure[]): void;
  failNextToken(...failures: TokenFailure[]): void;
  /** Every token issued so far answers 38192 (expired) from now on. */
  expireTokens(): void;
  /** Requests to a path (the token's included), e.g. count('/v1/reference-data/locations'). */
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

const ISSUES = {
  'expired-token': { status: 401, code: 38192, title: 'Access token expired', detail: 'The access token is expired' },
  'invalid-token': {
    status: 401,
    code: 38190,
    title: 'Invalid access token',
    detail: 'The access token provided in the Authorization header is invalid',
  },
  'rate-limited': {
    status: 429,
    code: 38194,
    title: 'Too many requests',
    detail: 'The network rate limit is exceeded',
  },
  'bad-request': { status: 400, code: 477, title: 'INVALID FORMAT', detail: 'Invalid query parameter format' },
  'no-fare': { status: 400, code: 4926, title: 'INVALID DATA RECEIVED', detail: 'No fare applicable' },
  'server-error': { status: 500, code: 141, title: 'SYSTEM ERROR HAS OCCURRED', detail: 'Secret-ish internal text' },
  notFound: { status: 404, code: 38196, title: 'Resource not found', detail: 'The targeted resource does not exist' },
} satisfies Record<string, Issue>;

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/vnd.amadeus+json', ...headers });
  response.end(JSON.stringify(body));
}

function sendIssue(response: ServerResponse, issue: Issue, headers: Record<string, string> = {}): void {
  const { parameter, ...rest } = issue;
  send(response, issue.status, { errors: [{ ...rest, ...(parameter ? { source: { parameter } } : {}) }] }, headers);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const missing = (parameter: string): Issue => ({
  status: 400,
  code: 32171,
  title: 'MANDATORY DATA MISSING',
  detail: `Missing ${parameter}`,
  parameter,
});
const malformed = (parameter: string): Issue => ({
  status: 400,
  code: 477,
  title: 'INVALID FORMAT',
  detail: `Invalid ${parameter}`,
  parameter,
});

function travelersOf(adults: number, children: number, infants: number): FakeTraveler[] {
  const travelers: FakeTraveler[] = [];
  for (let i = 0; i < adults; i++) travelers.push({ id: String(travelers.length + 1), travelerType: 'ADULT' });
  for (let i = 0; i < children; i++) travelers.push({ id: String(travelers.length + 1), travelerType: 'CHILD' });
  for (let i = 0; i < infants; i++) {
    travelers.push({ id: String(travelers.length + 1), travelerType: 'HELD_INFANT', associatedAdultId: String(i + 1) });
  }
  return travelers;
}

function askedFromQuery(query: URLSearchParams): SearchAsked | Issue {
  for (const name of ['originLocationCode', 'destinationLocationCode', 'departureDate', 'adults']) {
    if (!query.get(name)) return missing(name);
  }
  const count = (name: string) => Number(query.get(name) ?? 0);
  const [adults, children, infants] = [count('adults'), count('children'), count('infants')];
  if (!Number.isInteger(adults) || adults < 1 || adults + children > 9) return malformed('adults');
  if (infants > adults) return malformed('infants');
  return {
    origin: query.get('originLocationCode') ?? '',
    destination: query.get('destinationLocationCode') ?? '',
    departureDate: query.get('departureDate') ?? '',
    ...(query.get('returnDate') ? { returnDate: query.get('returnDate') ?? '' } : {}),
    travelers: travelersOf(adults, children, infants),
    currency: query.get('currencyCode') ?? 'EUR',
    max: Number(query.get('max') ?? 250),
  };
}

interface BodyLeg {
  originLocationCode?: string;
  destinationLocationCode?: string;
  departureDateTimeRange?: { date?: string };
}

function askedFromBody(body: Record<string, unknown> | undefined): SearchAsked | Issue {
  if (!body) return malformed('body');
  const legs = body.originDestinations as BodyLeg[] | undefined;
  const travelers = body.travelers as FakeTraveler[] | undefined;
  if (!Array.isArray(legs) || legs.length === 0) return missing('originDestinations');
  if (!Array.isArray(travelers) || travelers.length === 0) return missing('travelers');
  if (!Array.isArray(body.sources)) return missing('sources');
  const [out, back] = legs;
  if (!out?.originLocationCode || !out.destinationLocationCode) return missing('originLocationCode');
  if (!out.departureDateTimeRange?.date) return missing('departureDateTimeRange');
  const criteria = body.searchCriteria as { maxFlightOffers?: number } | undefined;
  return {
    origin: out.originLocationCode,
    destination: out.destinationLocationCode,
    departureDate: out.departureDateTimeRange.date,
    ...(back?.departureDateTimeRange?.date ? { returnDate: back.departureDateTimeRange.date } : {}),
    travelers,
    currency: typeof body.currencyCode === 'string' ? body.currencyCode : 'EUR',
    max: criteria?.maxFlightOffers ?? 250,
  };
}

function checkDates(asked: SearchAsked): Issue | undefined {
  const today = new Date().toISOString().slice(0, 10);
  for (const [name, date] of [
    ['departureDate', asked.departureDate],
    ['returnDate', asked.returnDate],
  ] as const) {
    if (date === undefined) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return malformed(name);
    if (date < today)
      return { status: 400, code: 425, title: 'INVALID DATE', detail: 'Date in the past', parameter: name };
  }
  return undefined;
}

interface Handling {
  request: FakeRequest;
  response: ServerResponse;
  fake: AmadeusFake;
}

function search({ response, fake }: Handling, asked: SearchAsked | Issue) {
  if ('status' in asked) return sendIssue(response, asked);
  const dateIssue = checkDates(asked);
  if (dateIssue) return sendIssue(response, dateIssue);
  send(response, 200, searchAnswer(asked, fake.shape));
}

function price({ request, response, fake }: Handling) {
  const body = parseJson(request.body);
  const data = body?.data as { flightOffers?: unknown } | undefined;
  const offers = data?.flightOffers;
  if (!Array.isArray(offers) || offers.length === 0) return sendIssue(response, missing('flightOffers'));
  for (const offer of offers) {
    if (
      typeof offer !== 'object' ||
      offer === null ||
      !Array.isArray((offer as { itineraries?: unknown }).itineraries)
    ) {
      return sendIssue(response, { ...ISSUES['no-fare'], detail: 'Invalid flight offer' });
    }
    if (fake.soldOut.has(String((offer as { id?: unknown }).id))) return sendIssue(response, ISSUES['no-fare']);
  }
  send(response, 200, pricingAnswer(offers as Record<string, unknown>[], fake.shape));
}

function route(handling: Handling) {
  const { request, response, fake } = handling;
  const overridden = request.method === 'POST' && request.methodOverride === 'GET';
  const key = `${request.method} ${request.path}`;
  if (key === 'GET /v2/shopping/flight-offers') return search(handling, askedFromQuery(request.query));
  if (key === 'POST /v2/shopping/flight-offers' && overridden) {
    return search(handling, askedFromBody(parseJson(request.body)));
  }
  if (key === 'POST /v1/shopping/flight-offers/pricing' && overridden) return price(handling);
  if (key === 'GET /v1/reference-data/locations') {
    if (!request.query.get('subType')) return sendIssue(response, missing('subType'));
    const keyword = request.query.get('keyword');
    if (!keyword) return sendIssue(response, missing('keyword'));
    if (!/^[A-Za-z0-9./:()'"\- ]+$/.test(keyword)) return sendIssue(response, malformed('keyword'));
    return send(response, 200, locationsAnswer(request.query, fake.url));
  }
  if (key === 'GET /v1/reference-data/airlines') return send(response, 200, airlinesAnswer(request.query, fake.url));
  sendIssue(response, ISSUES.notFound);
}

export async function startAmadeusFake(): Promise<AmadeusFake> {
  const apiScript: AmadeusFailure[] = [];
  const tokenScript: TokenFailure[] = [];
  const expired = new Set<string>();
  const hanging = new Set<ServerResponse>();
  const fake: AmadeusFake = {
    url: '',
    clientId: `fakeClient${randomBytes(6).toString('hex')}`,
    clientSecret: `fakeSecret${randomBytes(12).toString('hex')}`,
    requests: [],
    tokens: [],
    shape: 'full',
    tokenLifetimeSeconds: 1799,
    delayMs: 0,
    tokenDelayMs: 0,
    soldOut: new Set(),
    failNext: (...failures) => void apiScript.push(...failures),
    failNextToken: (...failures) => void tokenScript.push(...failures),
    expireTokens: () => {
      for (const token of fake.tokens) expired.add(token);
    },
    count: (path) => fake.requests.filter((request) => request.path === path).length,
    stop: async () => {},
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function token(request: FakeRequest, response: ServerResponse): Promise<void> {
    const failure = tokenScript.shift();
    if (failure === 'hang') return void hanging.add(response);
    if (fake.tokenDelayMs > 0) await wait(fake.tokenDelayMs);
    if (failure === 'server-error') return sendIssue(response, ISSUES['server-error']);
    const form = new URLSearchParams(request.body);
    const formOk = request.contentType?.startsWith('application/x-www-form-urlencoded') ?? false;
    const grantOk = form.get('grant_type') === 'client_credentials';
    if (
      failure === 'refused' ||
      !formOk ||
      !grantOk ||
      form.get('client_id') !== fake.clientId ||
      form.get('client_secret') !== fake.clientSecret
    ) {
      return send(response, 401, {
        error: 'invalid_client',
        error_description: 'Client credentials are invalid',
        code: 38187,
        title: 'Invalid parameters',
      });
    }
    const accessToken = randomBytes(21).toString('base64url');
    const expiresAt = Date.now() + fake.tokenLifetimeSeconds * 1000;
    fake.tokens.push(accessToken);
    setTimeout(() => expired.add(accessToken), Math.max(0, expiresAt - Date.now())).unref();
    send(response, 200, {
      type: 'amadeusOAuth2Token',
      username: 'dev@example.com',
      application_name: 'tc-test',
      client_id: fake.clientId,
      token_type: 'Bearer',
      access_token: accessToken,
      expires_in: fake.tokenLifetimeSeconds,
      state: 'approved',
      scope: '',
    });
  }

  async function api(request: FakeRequest, response: ServerResponse): Promise<void> {
    const bearer = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1];
    if (!bearer || !fake.tokens.includes(bearer)) return sendIssue(response, ISSUES['invalid-token']);
    if (expired.has(bearer)) return sendIssue(response, ISSUES['expired-token']);
    const failure = apiScript.shift();
    if (failure === 'hang') return void hanging.add(response);
    if (fake.delayMs > 0) await wait(fake.delayMs);
    if (failure === 'rate-limited') return sendIssue(response, ISSUES['rate-limited'], { 'retry-after': '1' });
    if (failure === 'rate-limited-bare') return sendIssue(response, ISSUES['rate-limited']);
    if (failure === 'not-json') {
      response.writeHead(502, { 'content-type': 'text/html' });
      return void response.end('<html><body>Bad gateway</body></html>');
    }
    if (failure) return sendIssue(response, ISSUES[failure]);
    route({ request, response, fake });
  }

  const server: Server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const header = (name: string) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const request: FakeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: header('authorization'),
      methodOverride: header('x-http-method-override'),
      contentType: header('content-type'),
      body: await readBody(incoming),
    };
    fake.requests.push(request);
    if (request.method === 'POST' && request.path === '/v1/security/oauth2/token') return token(request, response);
    return api(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === 'string') throw new Error('the Amadeus fake did not bind');
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.stop = async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
