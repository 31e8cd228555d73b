// Budgets of failures on a tenant's real database, as the nodes of a cluster use them: reserveFailure /
// refundFailure (attempts sent at once over many connections take exactly the units left, a refused attempt takes
// nothing, a unit given back by a success is free again at once), and createFailureBudgets, whose nodes keep the
// units successes free (two nodes: together they never run more attempts than the budget).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../test/support/factories.js';
import { startTestService } from '../../test/support/service.js';
import { createFailureBudgets, KEPT_IDLE } from './failure-budgets.js';
import { ApiError, notFound } from './http/errors.js';
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

describe('createFailureBudgets: units held by each node', () => {
  const [nodeA, nodeB] = [createFailureBudgets(), createFailureBudgets()];
  const bucket = `test-nodes:${Date.now()}`;
  const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1000);
  let ran = 0;
  /** Attempts at once on `node`, each a short look-up that answers or fails; how many ran and were refused. */
  const burst = async (node: ReturnType<typeof createFailureBudgets>, count: number, outcome: 'right' | 'wrong') => {
    const lookUp = async () => {
      ran += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (outcome === 'wrong') throw notFound('Pair');
      return 'answered';
    };
    // one connection: the attempts still overlap, each waiting in its look-up while the others start
    const answers = await t.db((db) =>
      Promise.all(
        Array.from({ length: count }, () =>
          node.run({ db, scope: t.record.tenantId, bucket }, 20, now, lookUp).catch((error: unknown) => {
            if (error instanceof ApiError && error.httpStatus === 429) return 'refused';
            if (error instanceof ApiError && error.code === 'NOTFOUND') return 'failed';
            throw error;
          }),
        ),
      ),
    );
    return {
      answered: count - answers.filter((a) => a !== 'answered').length,
      refused: answers.filter((a) => a === 'refused').length,
    };
  };

  it('successes keep a few units idle on their node and write nothing more; bursts over two nodes run at most the budget', async () => {
    expect(await burst(nodeA, 12, 'right')).toEqual({ answered: 12, refused: 0 });
    expect(await hitsOf(bucket)).toEqual([KEPT_IDLE]);
    for (let i = 0; i < 5; i++) expect(await burst(nodeA, 1, 'right')).toEqual({ answered: 1, refused: 0 });
    expect(await hitsOf(bucket)).toEqual([KEPT_IDLE]);
    ran = 0;
    // node B gets the units node A does not hold; then node A spends its idle ones on failures
    expect(await burst(nodeB, 30, 'wrong')).toEqual({ answered: 0, refused: 30 - (20 - KEPT_IDLE) });
    expect(await burst(nodeA, 10, 'wrong')).toEqual({ answered: 0, refused: 10 - KEPT_IDLE });
    expect(ran).toBe(20);
    expect(await hitsOf(bucket)).toEqual([20]);
    // spent on both nodes, for a right attempt too
    expect(await burst(nodeA, 1, 'right')).toEqual({ answered: 0, refused: 1 });
    expect(await burst(nodeB, 1, 'right')).toEqual({ answered: 0, refused: 1 });
    expect(ran).toBe(20);
  });
});
