// Contract §7.1's rate limits through real HTTP requests with their client addresses: logins limited by failures
// (never by successes), the lockout, guest sessions, Retry-After on every 429, and X-Forwarded-For honoured
// only from a trusted proxy. The service runs with the default budgets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { loadConfig } from '../../config.js';
import type { Service } from '../../service.js';

let service: Service;
let t: TestTenant;
let agent: TestUser;
// The clock stands still unless a test moves it, so a test's requests all fall in one minute's window.
let nowMs = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
const clock = () => new Date(nowMs);
/** Logins hash a password each (scrypt, ~0.1 to 0.5 s): they run a few at a time and get time to finish. */
const SLOW = 240_000;

const PROXY = '10.20.30.40';

beforeAll(async () => {
  service = await startTestService({ clock, env: { TC_TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32' } });
  t = await tenant(service);
  agent = await user(t, 'agent');
});

afterAll(async () => {
  await service.close();
});

function post(url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.api.inject({ method: 'POST', url, payload, remoteAddress, headers });
}

const login = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  post('/user/authenticate', { username, password }, remoteAddress, headers);

const errorCodeOf = (answer: LightMyRequestResponse) =>
  answer.json<{ apiStatus: { errorCode: string } }>().apiStatus.errorCode;

/** The refusal of contract §7.1: 429 RATE_LIMITED, Retry-After the whole seconds left of the minute's window. */
function expectRateLimited(answer: LightMyRequestResponse): number {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toEqual({
    apiStatus: { errorCode: 'RATE_LIMITED', errorMessage: expect.any(String) },
    apiData: null,
  });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  return retryAfter;
}

/** Moves the clock by a 429's Retry-After: the next window, which starts with a fresh budget. */
function waitOut(retryAfterSeconds: number): void {
  nowMs += retryAfterSeconds * 1000;
}

/** Moves the clock to one second into the next minute's window. */
function nextWindow(): void {
  nowMs = Math.floor(nowMs / 60_000) * 60_000 + 61_000;
}

/** `count` calls, four at a time (the thread pool's size, where scrypt runs); answers in order. */
async function inBatches<T>(count: number, call: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, (_, offset) => call(start + offset));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** The client address the service saw: /common/wact records the caller's address when the body names none. */
async function seenAddress(remoteAddress: string, forwardedFor?: string): Promise<string> {
  const answer = await post(
    '/common/wact',
    { actionType: 'CLICK' },
    remoteAddress,
    forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  );
  expect(answer.statusCode).toBe(200);
  return answer.json<{ apiData: { ipAddress: string } }>().apiData.ipAddress;
}

describe('logins', () => {
  // 40: twice the old limit of successes (20) and more than the failure budget (30); each login hashes a password.
  it('40 successful logins from one address within one minute are all answered OK', { timeout: SLOW }, async () => {
    nextWindow();
    const answers = await inBatches(40, () => login(agent.userLogin, agent.password, '192.0.2.10'));
    expect(answers.map(errorCodeOf)).toEqual(Array(40).fill('OK'));
  });

  it('30 failures a minute spend an address: then 429 with Retry-After, the right password too; successes never count', {
    timeout: SLOW,
  }, async () => {
    nextWindow();
    const office = '192.0.2.20';
    // Unknown users: the failures of the address, not the lockout of an account, are what is counted.
    const failures = await inBatches(29, (i) => login(`nobody-${i}`, 'a wrong password', office));
    expect(failures.map((answer) => [answer.statusCode, errorCodeOf(answer)])).toEqual(
      Array(29).fill([200, 'NOTFOUND']),
    );
    // Had the successes counted, the budget of 30 would be spent by now. One after another: a login in flight
    // holds a unit of the budget until it succeeds (rate-limit.ts reserveFailure), so two at once would not fit.
    for (let i = 0; i < 3; i += 1) {
      expect(errorCodeOf(await login(agent.userLogin, agent.password, office))).toBe('OK');
    }
    expect(errorCodeOf(await login('nobody-30', 'a wrong password', office))).toBe('NOTFOUND');

    expectRateLimited(await login('nobody-31', 'a wrong password', office));
    const retryAfter = expectRateLimited(await login(agent.userLogin, agent.password, office));
    expect(retryAfter).toBe(59);
    expect(errorCodeOf(await login(agent.userLogin, agent.password, '192.0.2.21'))).toBe('OK');

    waitOut(retryAfter);
    expect(errorCodeOf(await login(agent.userLogin, agent.password, office))).toBe('OK');
  });

  it('locks an account after 5 failures in a row, from any address, and answers it like a wrong password', {
    timeout: SLOW,
  }, async () => {
    nextWindow();
    const victim = await user(t, 'customer');
    for (let i = 0; i < 5; i += 1) {
      expect(errorCodeOf(await login(victim.userLogin, 'not the password', `192.0.2.${40 + i}`))).toBe('NOTFOUND');
    }
    const locked = await login(victim.userLogin, victim.password, '192.0.2.50');
    // A lock never tells that the account exists: the same answer as an unknown user or a wrong password.
    expect([locked.statusCode, errorCodeOf(locked)]).toEqual([200, 'NOTFOUND']);
    expect(errorCodeOf(await login(agent.userLogin, agent.password, '192.0.2.50'))).toBe('OK');

    nowMs += 15 * 60_000 + 1000;
    expect(errorCodeOf(await login(victim.userLogin, victim.password, '192.0.2.50'))).toBe('OK');
  });
});

describe('guest sessions', () => {
  it('are served 600 a minute to one address, then refused with 429 and Retry-After', async () => {
    const website = '192.0.2.60';
    const codes: string[] = [];
    // A website behind one address: 600 sessions within the same minute, 50 at a time.
    nextWindow();
    for (let batch = 0; batch < 12; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post('/auth/guest', {}, website)));
      codes.push(...answers.map(errorCodeOf));
    }
    expect(codes).toEqual(Array(600).fill('OK'));
    expectRateLimited(await post('/auth/guest', {}, website));
    expect(errorCodeOf(await post('/auth/guest', {}, '192.0.2.61'))).toBe('OK');
  });
});

describe('the client address', () => {
  it('is the socket peer when that peer is not a trusted proxy: a spoofed X-Forwarded-For is ignored', async () => {
    expect(await seenAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(await seenAddress('203.0.113.5', '198.51.100.7')).toBe('203.0.113.5');
    expect(await seenAddress('2a00:1450::5', '198.51.100.7')).toBe('2a00:1450::5');
  });

  it('is the right-most untrusted address of X-Forwarded-For when the peer is a trusted proxy', async () => {
    expect(await seenAddress(PROXY, '198.51.100.7')).toBe('198.51.100.7');
    // The client may write anything left of what our proxies append: only the right-most untrusted entry counts.
    expect(await seenAddress(PROXY, '1.1.1.1, 198.51.100.7, 10.9.9.9')).toBe('198.51.100.7');
    expect(await seenAddress('::ffff:10.1.1.1', '198.51.100.8')).toBe('198.51.100.8');
    expect(await seenAddress('2001:db8::1', '2a00:1450::7')).toBe('2a00:1450::7');
    expect(await seenAddress(PROXY)).toBe(PROXY);
  });

  it('counts login failures per client behind a trusted proxy; a spoofed X-Forwarded-For escapes nothing', {
    timeout: SLOW,
  }, async () => {
    nextWindow();
    const client = { 'x-forwarded-for': '198.51.100.77' };
    await inBatches(30, (i) => login(`ghost-${i}`, 'wrong', PROXY, client));
    expectRateLimited(await login(agent.userLogin, agent.password, PROXY, client));
    // The proxy's other clients keep their budgets.
    const neighbour = { 'x-forwarded-for': '198.51.100.78' };
    expect(errorCodeOf(await login(agent.userLogin, agent.password, PROXY, neighbour))).toBe('OK');
    // An untrusted peer naming the spent client is counted as itself, and naming another one does not help it.
    const peer = '203.0.113.66';
    expect(errorCodeOf(await login(agent.userLogin, agent.password, peer, client))).toBe('OK');
    expectRateLimited(await login(agent.userLogin, agent.password, '198.51.100.77', neighbour));
  });
});

describe('the settings', () => {
  it('default to the contract floors and refuse less, and accept only addresses and CIDRs as trusted proxies', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits).toMatchObject({
      loginFailures: 30,
      register: 60,
      resetRequest: 60,
      resetTarget: 5,
      guest: 600,
    });
    expect(defaults.trustedProxies).toEqual([]);
    expect(loadConfig({ TC_RATE_LIMIT_LOGIN_FAILURES: '60' }).rateLimits.loginFailures).toBe(60);
    for (const [name, value] of [
      ['TC_RATE_LIMIT_LOGIN_FAILURES', '29'],
      ['TC_RATE_LIMIT_LOGIN_FAILURES', '61'],
      ['TC_RATE_LIMIT_REGISTER', '59'],
      ['TC_RATE_LIMIT_RESET_REQUEST', '59'],
      ['TC_RATE_LIMIT_RESET_TARGET', '4'],
      ['TC_RATE_LIMIT_GUEST', '599'],
      ['TC_TRUSTED_PROXIES', '10.0.0.1, proxy.example'],
      ['TC_TRUSTED_PROXIES', '10.0.0.0/33'],
      ['TC_TRUSTED_PROXIES', '2001:db8::/129'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
    expect(loadConfig({ TC_TRUSTED_PROXIES: ' 10.0.0.1 , 192.168.0.0/16,::1, 2001:db8::/32' }).trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      '2001:db8::/32',
    ]);
  });
});
