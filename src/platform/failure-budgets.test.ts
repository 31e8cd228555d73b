// Budgets of failures (reserveFailure / refundFailure) on a tenant's real database, as the nodes of a cluster use
// them: attempts sent at once over many connections take exactly the units left, a refused attempt takes nothing,
// and a unit given back by a success is free again at once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../test/support/factories.js';
import { startTestService } from '../../test/support/service.js';
import { ApiError } from './http/errors.js';
import { type FailureReservation, refundFailure, reserveFailure } from './rate-limit.js';

let t: TestTenant;
beforeAll(async () => {
  t = await tenant(await startTestService());
});
afterAll(() => t.service.close());

/** The reservation, or 'refused' for a 429 RATE_LIMITED with a Retry-After. */
const attempt = (bucket: string, perMinute: number, now: Date) =>
  t
    .db((db) => reserveFailure(db, bucket, perMinute, now))
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.httpStatus === 429 && Number(error.headers['retry-after']) >= 1) {
        return 'refused' as const;
      }
      throw error;
    });

const hitsOf = async (bucket: string) => {
  const rows = await t.db((db) => db<{ hits: number }[]>`SELECT hits FROM rate_limit_hits WHERE bucket = ${bucket}`);
  return rows.map((row) => row.hits);
};

it('40 attempts at once over several connections take the 10 units of the minute; the 30 refused take nothing', async () => {
  const bucket = `test-burst:${Date.now()}`;
  const now = new Date();
  const answers = await Promise.all(Array.from({ length: 40 }, () => attempt(bucket, 10, now)));
  expect(answers.filter((answer) => answer === 'refused')).toHaveLength(30);
  expect(await hitsOf(bucket)).toEqual([10]);
});

it('a success gives its unit back at once, on whichever connection; failures keep theirs; a new minute starts afresh', async () => {
  const bucket = `test-refund:${Date.now()}`;
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  const held: FailureReservation[] = [];
  for (let i = 0; i < 3; i++) {
    const taken = await attempt(bucket, 3, now);
    if (taken === 'refused') throw new Error('the budget had units left');
    held.push(taken);
  }
  expect(await attempt(bucket, 3, now)).toBe('refused');
  const [success] = held;
  if (!success) throw new Error('three units were taken');
  await t.db((db) => refundFailure(db, success));
  // the unit given back is taken by the first of several attempts at once, and only by it
  const answers = await Promise.all(Array.from({ length: 5 }, () => attempt(bucket, 3, now)));
  expect(answers.filter((answer) => answer !== 'refused')).toHaveLength(1);
  expect(await hitsOf(bucket)).toEqual([3]);
  expect(await attempt(bucket, 3, new Date(now.getTime() + 60_000))).not.toBe('refused');
});
