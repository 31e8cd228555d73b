// Password hashing only after the cheap checks, and the lockout reserved before the hash (issue 11, findings 4
// and 5). Whether a request hashed is read from the password module's own count of derivations.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant, user } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import { passwordWork } from '../../platform/passwords.js';

let t: TestTenant;
// The clock stands still unless a test moves it (the lock lasts 15 minutes).
let nowMs = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
const clock = () => new Date(nowMs);
const SLOW = 120_000;

beforeAll(async () => {
  t = await tenant(await startTestService({ clock }));
});
afterAll(() => t.service.close());

const derivations = () => passwordWork().derivations;

const login = (username: string, password: string, remoteAddress: string) =>
  t.api.inject({ method: 'POST', url: '/user/authenticate', payload: { username, password }, remoteAddress });

const errorCodeOf = (answer: LightMyRequestResponse) =>
  answer.json<{ apiStatus: { errorCode: string } }>().apiStatus.errorCode;

describe('no password hash before the cheap checks', () => {
  it('40 concurrent resetpwd with unknown tokens answer NOTFOUND and hash nothing', async () => {
    const before = derivations();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.api.call('/user/resetpwd', { resetToken: `not-a-token-${i}`, newPassword: 'a long new password' }),
      ),
    );
    expect(answers.map((answer) => answer.apiStatus.errorCode)).toEqual(Array(40).fill('NOTFOUND'));
    expect(derivations()).toBe(before);
  });

  it('a registration or a user made with a taken login or address hashes nothing', async () => {
    const taken = await user(t, 'customer');
    const before = derivations();
    const password = 'a long enough password';
    await t.api.expectError(
      '/user/register',
      { userLogin: taken.userLogin, userEmail: 'someone.else@example.com', password, userName: 'Someone' },
      'DUPLICATE',
    );
    await t.api.expectError(
      '/user/register',
      { userLogin: 'someone-else', userEmail: taken.userEmail, password, userName: 'Someone' },
      'DUPLICATE',
    );
    await t.adminApi.expectError(
      '/user/create',
      { userLogin: taken.userLogin, userEmail: 'another@example.com', userName: 'Another', roles: ['agent'] },
      'DUPLICATE',
    );
    expect(derivations()).toBe(before);
  });

  it('a login of an unknown user hashes nothing, yet is answered like a wrong password', async () => {
    const before = derivations();
    const answer = await login('nobody-at-all', 'some password', '192.0.2.60');
    expect([answer.statusCode, errorCodeOf(answer)]).toEqual([200, 'NOTFOUND']);
    expect(derivations()).toBe(before);
  });
});

describe('the lockout', () => {
  it('15 concurrent wrong passwords: at most 5 checked, the account ends locked, the right one refused', {
    timeout: SLOW,
  }, async () => {
    const victim = await user(t, 'customer');
    const before = derivations();
    // From as many addresses, so only the account's lockout stands in the way.
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(victim.userLogin, `wrong password ${i}`, `198.51.100.${i + 1}`)),
    );
    expect(answers.map(errorCodeOf)).toEqual(Array(15).fill('NOTFOUND'));
    // Checking all 15 was the finding: the lockout admits 5 at a time, and the fifth failure locks.
    expect(derivations() - before).toBeLessThanOrEqual(5);

    expect(errorCodeOf(await login(victim.userLogin, victim.password, '198.51.100.100'))).toBe('NOTFOUND');
    nowMs += 15 * 60_000 + 1000;
    expect(errorCodeOf(await login(victim.userLogin, victim.password, '198.51.100.100'))).toBe('OK');
  });

  it('20 concurrent logins with the right password all log in: only failures lock', { timeout: SLOW }, async () => {
    const office = await user(t, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(office.userLogin, office.password, `192.0.2.${100 + i}`)),
    );
    // The old code counted every attempt before its check: the fifth at once locked the account.
    expect(answers.map(errorCodeOf)).toEqual(Array(20).fill('OK'));
    expect(errorCodeOf(await login(office.userLogin, office.password, '192.0.2.99'))).toBe('OK');
  });

  it('4 failures then the right password logs in and starts the count again', { timeout: SLOW }, async () => {
    const person = await user(t, 'customer');
    for (let i = 0; i < 4; i += 1) {
      expect(errorCodeOf(await login(person.userLogin, 'not the password', '203.0.113.1'))).toBe('NOTFOUND');
    }
    expect(errorCodeOf(await login(person.userLogin, person.password, '203.0.113.1'))).toBe('OK');
    for (let i = 0; i < 4; i += 1) {
      expect(errorCodeOf(await login(person.userLogin, 'not the password', '203.0.113.1'))).toBe('NOTFOUND');
    }
    expect(errorCodeOf(await login(person.userLogin, person.password, '203.0.113.1'))).toBe('OK');
  });

  it("wrong current passwords at /user/updatepwd count towards the account's lockout", { timeout: SLOW }, async () => {
    const person = await user(t, 'customer');
    for (let i = 0; i < 5; i += 1) {
      await person.api.expectError(
        '/user/updatepwd',
        { userId: person.userId, password: `not the password ${i}`, newPassword: 'another long password' },
        'INVALID_CREDENTIALS',
      );
    }
    expect(errorCodeOf(await login(person.userLogin, person.password, '203.0.113.2'))).toBe('NOTFOUND');
  });
});
