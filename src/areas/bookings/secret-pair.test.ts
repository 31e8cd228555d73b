// The budget of secret-pair look-ups (contract §7.1: 60 a minute per client address) under concurrency, over real
// sockets (issue 29 finding 3): a burst of wrong pairs sent at once over many keep-alive connections gets at most
// the budget's look-ups, the rest 429; a right pair gives back the unit it took, so successes never spend it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defined } from '../../../test/support/api.js';
import { staffPaidOrder } from '../../../test/support/bookings.js';
import {
  type Caller,
  guest,
  product,
  type TestTenant,
  type TestUser,
  tenant,
  user,
} from '../../../test/support/factories.js';
import { type BurstAnswer, type BurstTarget, burstTarget, tally } from '../../../test/support/http-burst.js';
import { startTestService } from '../../../test/support/service.js';
import { addDays, formatDate } from '../../platform/time.js';
import type { BookingRequest } from './bookings.schemas.js';

// The clock stands still, so every burst falls in one minute's window whatever the machine's load.
const nowMs = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
const LIMIT = 60;
const BURST = 240;

let t: TestTenant;
let customer: TestUser;
let caller: Caller;
let http: BurstTarget;
let booking: BookingRequest;

beforeAll(async () => {
  const service = await startTestService({
    clock: () => new Date(nowMs),
    // The tests name their client address in X-Forwarded-For: one fresh address (budget) each.
    env: { TC_TRUSTED_PROXIES: '127.0.0.1', TC_RATE_LIMIT_GUEST: '1000' },
  });
  t = await tenant(service);
  customer = await user(t, 'customer');
  caller = await guest(t);
  const day = addDays(formatDate(new Date(nowMs), t.record.timezone), 12);
  const lines = [{ product: await product(t, { freeSale: true, productPrice: 40 }), quantity: 1, bookDate: day }];
  const orderNum = await staffPaidOrder(t, lines, { customerId: defined(customer.contactId, 'customer record') });
  booking = await customer.api.ok<BookingRequest>('/booking/create', { orderNum });
  http = await burstTarget(service, t.host, BURST);
  // Opens the connections first (a missing parameter is refused before any look-up), so a burst arrives at once.
  const warmUp = await http.post('/booking/read', Array(BURST).fill({ session: caller.session }));
  expect(tally(warmUp)).toEqual({ MISSING_PARAMETER: BURST });
  expect(http.connections()).toBeGreaterThan(BURST / 2);
});
afterAll(async () => {
  http.close();
  await t.service.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const wrongPair = (i: number) => ({
  session: caller.session,
  email: 'guesser@example.com',
  refnum: `BK-2025-${String(i + 1).padStart(6, '0')}`,
});
const rightPair = () => ({ session: caller.session, email: customer.userEmail, refnum: booking.refnum });

function expectRefused(answers: readonly BurstAnswer[]): void {
  for (const answer of answers.filter((one) => one.errorCode === 'RATE_LIMITED')) {
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  }
}

it(`${BURST} wrong pairs sent at once over ${BURST} keep-alive connections: ${LIMIT} look-ups, the rest 429`, async () => {
  const address = '198.51.100.10';
  const answers = await http.post(
    '/booking/verifyAccess',
    Array.from({ length: BURST }, (_, i) => wrongPair(i)),
    from(address),
  );
  expect(tally(answers)).toEqual({ NOTFOUND: LIMIT, RATE_LIMITED: BURST - LIMIT });
  expectRefused(answers);
  // the budget is the address's for every secret pair: the right one and the tickets are refused too
  const [verify] = await http.post('/booking/verifyAccess', [rightPair()], from(address));
  expect(verify?.errorCode).toBe('RATE_LIMITED');
  const tickets = { session: caller.session, id: booking.bookingrequestid, code: booking.accessCode };
  expect((await http.post('/booking/getTickets', [tickets], from(address)))[0]?.errorCode).toBe('RATE_LIMITED');
});

it('a burst of /booking/read and getTickets together shares the one budget', async () => {
  const address = '198.51.100.11';
  const reads = Array.from({ length: BURST / 2 }, (_, i) => wrongPair(i));
  const tickets = Array.from({ length: BURST / 2 }, (_, i) => ({
    session: caller.session,
    id: booking.bookingrequestid + 1000 + i,
    code: 'ABCDEFGHJKMN',
  }));
  const answers = (
    await Promise.all([
      http.post('/booking/read', reads, from(address)),
      http.post('/booking/getTickets', tickets, from(address)),
    ])
  ).flat();
  expect(tally(answers)).toEqual({ NOTFOUND: LIMIT, RATE_LIMITED: BURST - LIMIT });
  expectRefused(answers);
});

it('a right pair gives back the unit it took: successes never spend the budget, before or after failures', async () => {
  const address = '198.51.100.12';
  // more right pairs than the budget, a few at a time: each holds a unit only while it runs
  for (let i = 0; i < 10; i++) {
    const answers = await http.post('/booking/verifyAccess', Array(10).fill(rightPair()), from(address));
    expect(tally(answers)).toEqual({ OK: 10 });
  }
  const failures = await http.post(
    '/booking/verifyAccess',
    Array.from({ length: LIMIT - 1 }, (_, i) => wrongPair(i)),
    from(address),
  );
  expect(tally(failures)).toEqual({ NOTFOUND: LIMIT - 1 });
  // one unit is left: a right pair takes it and gives it back, again and again
  for (let i = 0; i < 3; i++) {
    expect((await http.post('/booking/verifyAccess', [rightPair()], from(address)))[0]?.errorCode).toBe('OK');
  }
  // the last unit spent by a failure: now the right pair is refused too
  expect((await http.post('/booking/read', [wrongPair(99)], from(address)))[0]?.errorCode).toBe('NOTFOUND');
  const [refused] = await http.post('/booking/verifyAccess', [rightPair()], from(address));
  expect([refused?.status, refused?.errorCode]).toEqual([429, 'RATE_LIMITED']);
});
