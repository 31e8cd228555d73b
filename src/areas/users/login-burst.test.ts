// The client address's budget of login failures (contract §7.1: 30 a minute) under concurrency, over real sockets
// (issue 29 finding 3): a burst of wrong logins sent at once over many keep-alive connections gets at most the
// budget's password checks, the rest 429; logins refused while the budget is held take nothing from it, so an
// office whose right logins arrive together with the last unit is not shut out for the rest of the minute.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestTenant, type TestUser, tenant, user } from '../../../test/support/factories.js';
import { type BurstTarget, burstTarget, tally } from '../../../test/support/http-burst.js';
import { startTestService } from '../../../test/support/service.js';

// The clock stands still, so every burst falls in one minute's window whatever the machine's load.
const nowMs = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
const LIMIT = 30;
const BURST = 240;
/** Logins hash (or imitate hashing) a password each, a few at a time on two cores. */
const SLOW = 120_000;

let t: TestTenant;
let agent: TestUser;
let http: BurstTarget;

beforeAll(async () => {
  const service = await startTestService({
    clock: () => new Date(nowMs),
    // The tests name their client address in X-Forwarded-For: one fresh address (budget) each.
    env: { TC_TRUSTED_PROXIES: '127.0.0.1' },
  });
  t = await tenant(service);
  agent = await user(t, 'agent');
  http = await burstTarget(service, t.host, BURST);
  // Opens the connections first (a missing parameter is refused before any check), so a burst arrives at once.
  expect(tally(await http.post('/user/authenticate', Array(BURST).fill({})))).toEqual({ MISSING_PARAMETER: BURST });
  expect(http.connections()).toBeGreaterThan(BURST / 2);
});
afterAll(async () => {
  http.close();
  await t.service.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
// Unknown users: the failures of the address, not the lockout of an account, are what is counted.
const wrong = (i: number) => ({ username: `nobody-${i}`, password: 'a wrong password' });
const right = () => ({ username: agent.userLogin, password: agent.password });
const loginOnce = async (body: object, address: string) =>
  (await http.post('/user/authenticate', [body], from(address)))[0]?.errorCode;

it(`${BURST} wrong logins sent at once over ${BURST} keep-alive connections: ${LIMIT} checked, the rest 429`, {
  timeout: SLOW,
}, async () => {
  const address = '198.51.100.20';
  const answers = await http.post(
    '/user/authenticate',
    Array.from({ length: BURST }, (_, i) => wrong(i)),
    from(address),
  );
  expect(tally(answers)).toEqual({ NOTFOUND: LIMIT, RATE_LIMITED: BURST - LIMIT });
  for (const refused of answers.filter((answer) => answer.errorCode === 'RATE_LIMITED')) {
    expect([refused.status, Number(refused.retryAfter) >= 1]).toEqual([429, true]);
  }
  expect(await loginOnce(right(), address)).toBe('RATE_LIMITED');
});

it('right logins at once with the last unit: those refused take nothing, and the unit comes back after', {
  timeout: SLOW,
}, async () => {
  const office = '198.51.100.21';
  const failures = await http.post(
    '/user/authenticate',
    Array.from({ length: LIMIT - 1 }, (_, i) => wrong(i)),
    from(office),
  );
  expect(tally(failures)).toEqual({ NOTFOUND: LIMIT - 1 });
  // one unit left: one of five right logins at once takes it (the others are refused while it is held)
  const together = tally(await http.post('/user/authenticate', Array(5).fill(right()), from(office)));
  expect(together.OK).toBeGreaterThanOrEqual(1);
  expect((together.OK ?? 0) + (together.RATE_LIMITED ?? 0)).toBe(5);
  // the success gave the unit back, and the refused logins never took one
  expect(await loginOnce(right(), office)).toBe('OK');
  expect(await loginOnce(right(), office)).toBe('OK');
  expect(await loginOnce(wrong(LIMIT), office)).toBe('NOTFOUND');
  expect(await loginOnce(right(), office)).toBe('RATE_LIMITED');
});
