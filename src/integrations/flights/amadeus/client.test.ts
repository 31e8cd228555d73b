// The Amadeus client against the loopback fake: the OAuth2 token (form body, kept until shortly before expires_in,
// one request for concurrent callers, refreshed once on 38192/38190), 429 retried once after Retry-After or 1 s,
// the timeout of the whole call, Amadeus's errors sorted into FlightSupplierError kinds, and neither the client
// secret, the access token nor Amadeus's text in an error message or a log line.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AmadeusFake, startAmadeusFake } from '../../../../test/support/amadeus-fake.js';
import { rejectionOf } from '../../../../test/support/errors.js';
import { FlightSupplierError } from '../port.js';
import type { AmadeusSettings } from '../settings.js';
import { type AmadeusCall, backoffMs, createAmadeusClient } from './client.js';
import { keepUntil, TOKEN_PATH } from '../../amadeus/token.js';

let fake: AmadeusFake;
const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => void warnings.push(args) };

beforeAll(async () => {
  fake = await startAmadeusFake();
});
afterAll(() => fake.stop());
afterEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
  fake.tokenDelayMs = 0;
  fake.tokenLifetimeSeconds = 1799;
});

function settings(overrides: Partial<AmadeusSettings> = {}): AmadeusSettings {
  return { url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret, timeoutMs: 10_000, ...overrides };
}

const AIRLINES: AmadeusCall = { method: 'GET', path: '/v1/reference-data/airlines', query: { airlineCodes: 'EK' } };
const tokenRequests = () => fake.count(TOKEN_PATH);
const airlineRequests = () => fake.requests.filter((r) => r.path === AIRLINES.path);

describe('Amadeus token', () => {
  it('is asked for with a client-credentials form and sent as a bearer token', async () => {
    const client = createAmadeusClient(settings(), { log });
    const answer = await client.call(AIRLINES);

    expect(answer).toMatchObject({ data: [{ type: 'airline', iataCode: 'EK', icaoCode: 'UAE' }] });
    const [tokenRequest, call] = fake.requests;
    expect(tokenRequest?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    expect(call?.authorization).toBe(`Bearer ${fake.tokens.at(-1)}`);
    expect(call?.query.get('airlineCodes')).toBe('EK');
  });

  it('is kept for later calls until shortly before expires_in, then asked for again', async () => {
    let now = Date.now();
    const client = createAmadeusClient(settings(), { log, now: () => now });
    await client.call(AIRLINES);
    now += (1799 - 61) * 1000;
    await client.call(AIRLINES);
    expect(tokenRequests()).toBe(1);
    now += 2_000; // within the last minute of its 1799 s
    await client.call(AIRLINES);
    expect(tokenRequests()).toBe(2);
    const [first, , third] = airlineRequests();
    expect(first?.authorization).not.toBe(third?.authorization);
    expect(keepUntil(0, 1799)).toBe(1_739_000);
    expect(keepUntil(0, 20)).toBe(18_000);
  });

  it('is asked for once by concurrent callers', async () => {
    fake.tokenDelayMs = 150;
    const client = createAmadeusClient(settings(), { log });
    await Promise.all(Array.from({ length: 8 }, () => client.call(AIRLINES)));
    expect(tokenRequests()).toBe(1);
    expect(new Set(airlineRequests().map((r) => r.authorization)).size).toBe(1);
  });

  it('is refreshed once when Amadeus says it expired (38192), and the call answered', async () => {
    const client = createAmadeusClient(settings(), { log });
    await client.call(AIRLINES);
    fake.expireTokens();
    await expect(client.call(AIRLINES)).resolves.toMatchObject({ data: [{ iataCode: 'EK' }] });
    expect(tokenRequests()).toBe(2);
    expect(airlineRequests()).toHaveLength(3);
  });

  it('is refreshed only once: a second refusal is an error, not a loop', async () => {
    const client = createAmadeusClient(settings(), { log });
    fake.failNext('expired-token', 'expired-token');
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('unavailable');
    expect(tokenRequests()).toBe(2);
    expect(airlineRequests()).toHaveLength(2);
  });

  it('an invalid token (38190) is refreshed the same way', async () => {
    const client = createAmadeusClient(settings(), { log });
    fake.failNext('invalid-token');
    await expect(client.call(AIRLINES)).resolves.toBeDefined();
    expect(tokenRequests()).toBe(2);
  });

  it('refused credentials are an unavailable supplier, the secret in no message or log line', async () => {
    warnings.length = 0;
    const client = createAmadeusClient(settings({ clientSecret: 'wrong-secret-value' }), { log });
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('Amadeus gave no access token (HTTP 401)');
    expect(JSON.stringify(warnings)).toContain('38187');
    expect(JSON.stringify(warnings)).not.toContain('wrong-secret-value');
    expect(airlineRequests()).toHaveLength(0);
  });

  it('a failed token request is not kept: the next call asks again', async () => {
    const client = createAmadeusClient(settings(), { log });
    fake.failNextToken('server-error');
    await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    await expect(client.call(AIRLINES)).resolves.toBeDefined();
    expect(tokenRequests()).toBe(2);
  });
});

describe('Amadeus rate limit (429)', () => {
  it('is retried once after its Retry-After', async () => {
    const client = createAmadeusClient(settings(), { log });
    fake.failNext('rate-limited');
    const started = Date.now();
    await expect(client.call(AIRLINES)).resolves.toMatchObject({ data: [{ iataCode: 'EK' }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(airlineRequests()).toHaveLength(2);
  });

  it('twice in a row is a rate-limited error after one retry', async () => {
    const client = createAmadeusClient(settings(), { log });
    fake.failNext('rate-limited-bare', 'rate-limited-bare');
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toBe('Amadeus asked to slow down (HTTP 429, code 38194)');
    expect(airlineRequests()).toHaveLength(2);
  });

  it('is not waited for past the call deadline', async () => {
    const client = createAmadeusClient(settings({ timeoutMs: 500 }), { log });
    fake.failNext('rate-limited');
    warnings.length = 0;
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('rate-limited');
    // No back-off was scheduled (it is logged when it is), so none was waited for.
    expect(JSON.stringify(warnings)).not.toContain('back-off');
    expect(airlineRequests()).toHaveLength(1);
  });

  it('back-off: Retry-After in seconds or as a date, 1 s without, never more than 3 s', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(backoffMs('2', now)).toBe(2_000);
    expect(backoffMs(null, now)).toBe(1_000);
    expect(backoffMs('120', now)).toBe(3_000);
    expect(backoffMs('Wed, 25 Nov 2026 12:00:01 GMT', now)).toBe(1_000);
    expect(backoffMs('soon', now)).toBe(1_000);
  });
});

describe('Amadeus failures', () => {
  it.each([
    ['bad-request', 'refused', 'Amadeus refused the request (HTTP 400, code 477)'],
    ['no-fare', 'refused', 'Amadeus refused the request (HTTP 400, code 4926)'],
    ['server-error', 'unavailable', 'Amadeus failed (HTTP 500, code 141)'],
    ['not-json', 'unavailable', 'Amadeus failed (HTTP 502)'],
  ] as const)('%s is a %s error in our words; Amadeus text goes to the log', async (failure, kind, message) => {
    warnings.length = 0;
    const client = createAmadeusClient(settings(), { log });
    fake.failNext(failure);
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe(kind);
    expect(error.message).toBe(message);
    if (failure === 'server-error') {
      expect(error.message).not.toContain('Secret-ish');
      expect(JSON.stringify(warnings)).toContain('Secret-ish internal text');
    }
  });

  it('a hanging Amadeus is a timeout within the configured time', async () => {
    const client = createAmadeusClient(settings({ timeoutMs: 300 }), { log });
    fake.failNext('hang');
    // The fake never answers: only the configured deadline ends the call (a hang is the test's timeout).
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('timeout');
  });

  it('a slow token endpoint counts against the same deadline', async () => {
    fake.tokenDelayMs = 1_000;
    const client = createAmadeusClient(settings({ timeoutMs: 300 }), { log });
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('timeout');
  });

  it("the caller's own signal ends the call too", async () => {
    fake.delayMs = 1_000;
    const client = createAmadeusClient(settings(), { log });
    const error = await rejectionOf(client.call(AIRLINES, AbortSignal.timeout(100)), FlightSupplierError);
    expect(error.kind).toBe('timeout');
  });

  it('an unreachable Amadeus is unavailable', async () => {
    const client = createAmadeusClient(settings({ url: 'http://127.0.0.1:9' }), { log });
    const error = await rejectionOf(client.call(AIRLINES), FlightSupplierError);
    expect(error.kind).toBe('unavailable');
  });

  it('no error message or log line carries the client secret or an access token', async () => {
    warnings.length = 0;
    // Room for a token refresh and a retry on a loaded machine; the hang ends at this deadline.
    const client = createAmadeusClient(settings({ timeoutMs: 2_000 }), { log });
    const messages: string[] = [];
    for (const failure of ['bad-request', 'server-error', 'rate-limited-bare', 'hang', 'expired-token'] as const) {
      fake.failNext(failure, ...(failure === 'rate-limited-bare' || failure === 'expired-token' ? [failure] : []));
      const error = await client.call(AIRLINES).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      if (error instanceof Error) messages.push(error.message, String(error.cause ?? ''));
    }
    const written = JSON.stringify([messages, warnings]);
    expect(warnings.length).toBeGreaterThan(4);
    expect(written).not.toContain(fake.clientSecret);
    for (const token of fake.tokens) expect(written).not.toContain(token);
  });
});
