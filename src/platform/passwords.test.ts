// Password hashes (argon2id; scrypt ones made before still verify) and the node's gate in front of their
// derivations: as many at a time as there are CPUs, a short line, and an
// immediate 429 beyond it (issue 11, finding 4), so a flood of password checks cannot queue real logins.
import { scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../test/support/errors.js';
import { createConcurrencyGate, GateFullError } from './concurrency-gate.js';
import { ApiError } from './http/errors.js';
import { hashPassword, imitatePasswordCheck, passwordWork, verifyPassword } from './passwords.js';

describe('the gate', () => {
  it('runs `concurrency` tasks at once, lets `queue` wait in order, and refuses the rest at once', async () => {
    const gate = createConcurrencyGate({ concurrency: 2, queue: 1 });
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const task = (id: number) => () =>
      new Promise<number>((resolve) => {
        started.push(id);
        releases.push(() => resolve(id));
      });
    const [first, second, third] = [gate.run(task(1)), gate.run(task(2)), gate.run(task(3))];
    await rejectionOf(gate.run(task(4)), GateFullError);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    expect(started).toEqual([1, 2]);
    releases[0]?.();
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    releases[1]?.();
    releases[2]?.();
    expect(await Promise.all([second, third])).toEqual([2, 3]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('password derivations', () => {
  it('a flood beyond the line is refused with 429 RATE_LIMITED and Retry-After, without being derived', {
    timeout: 60_000,
  }, async () => {
    const cpus = Math.max(1, availableParallelism());
    const capacity = cpus + 8 * cpus;
    const before = passwordWork();
    const flood = Array.from({ length: capacity + 5 }, (_, i) =>
      hashPassword(`flood ${i}`).then(
        () => 'hashed',
        (error: unknown) => error,
      ),
    );
    // An unknown user's imitated check is refused alike while the line is full: a 429 tells no account apart.
    const imitated = await rejectionOf(imitatePasswordCheck(), ApiError);
    expect([imitated.code, imitated.httpStatus]).toEqual(['RATE_LIMITED', 429]);
    const outcomes = await Promise.all(flood);
    const refused = outcomes.filter((outcome): outcome is ApiError => outcome instanceof ApiError);
    expect(refused).toHaveLength(5);
    for (const error of refused) {
      expect([error.code, error.httpStatus, error.headers['retry-after']]).toEqual(['RATE_LIMITED', 429, '1']);
    }
    const after = passwordWork();
    expect(after.derivations - before.derivations).toBe(capacity);
    expect(after.refused - before.refused).toBe(6);
  });

  it('an imitated check derives nothing once a real check was timed', async () => {
    expect(await verifyPassword('right', await hashPassword('right'))).toBe(true);
    const before = passwordWork().derivations;
    await imitatePasswordCheck();
    expect(passwordWork().derivations).toBe(before);
  });
});

describe('password hashes', () => {
  it("are argon2id at twice OWASP's first cost, salted, and verify only the right password", async () => {
    const [one, two] = [await hashPassword('correct horse battery'), await hashPassword('correct horse battery')];
    expect(one).toMatch(/^\$argon2id\$v=19\$m=47104,p=1,t=2\$/);
    expect(one).not.toBe(two);
    expect(await verifyPassword('correct horse battery', one)).toBe(true);
    expect(await verifyPassword('correct horse batterY', one)).toBe(false);
  });

  it('made by scrypt before still verify', async () => {
    // scrypt N=2^14 (a cheap cost, for the test) of 'old password' with salt 'salt-of-16-bytes'.
    const salt = Buffer.from('salt-of-16-bytes');
    const hash = scryptSync('old password', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64'), hash.toString('base64')].join('$');
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(await verifyPassword('new password', stored)).toBe(false);
  });

  it('refuse a damaged or absurd stored value without deriving', async () => {
    const before = passwordWork().derivations;
    for (const stored of [
      '',
      'plain text',
      '$argon2id$v=19$m=999999999,p=1,t=2$c2FsdHNhbHQ$aGFzaA',
      '$argon2id$v=19$m=19456,p=1,t=99$c2FsdHNhbHQ$aGFzaA',
      'scrypt$3$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
    ]) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
    expect(passwordWork().derivations).toBe(before);
  });
});
