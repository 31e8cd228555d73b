// createFailureBudgets on a tenant's real database, as two nodes of a cluster would use it: each remembers the
// count, and a failure counted anywhere reaches the other node at that node's next failure.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestTenant, tenant } from '../../test/support/factories.js';
import { startTestService } from '../../test/support/service.js';
import { ApiError } from './http/errors.js';
import { createFailureBudgets } from './rate-limit.js';

let t: TestTenant;
beforeAll(async () => {
  t = await tenant(await startTestService());
});
afterAll(() => t.service.close());

const refused = async (attempt: Promise<void>) =>
  attempt.then(
    () => false,
    (error: unknown) => error instanceof ApiError && error.code === 'RATE_LIMITED' && error.httpStatus === 429,
  );

it('refuses once the minute has its failures, on the node that counted them and, one attempt later, on another', async () => {
  const [nodeA, nodeB] = [createFailureBudgets(), createFailureBudgets()];
  const now = new Date();
  await t.db(async (db) => {
    const place = { db, scope: t.record.tenantId, bucket: `test:${Date.now()}` };
    // node B knows the bucket before any failure: it remembers 0
    expect(await refused(nodeB.refuseSpent(place, 3, now))).toBe(false);
    for (let i = 0; i < 3; i++) {
      expect(await refused(nodeA.refuseSpent(place, 3, now))).toBe(false);
      await nodeA.countFailure(place, now);
    }
    expect(await refused(nodeA.refuseSpent(place, 3, now))).toBe(true);
    // B still remembers 0 and lets one attempt through; its failure brings back the cluster's count
    expect(await refused(nodeB.refuseSpent(place, 3, now))).toBe(false);
    await nodeB.countFailure(place, now);
    expect(await refused(nodeB.refuseSpent(place, 3, now))).toBe(true);
    // a node that never saw the bucket reads the count
    expect(await refused(createFailureBudgets().refuseSpent(place, 3, now))).toBe(true);
    // the next minute starts afresh
    expect(await refused(nodeA.refuseSpent(place, 3, new Date(now.getTime() + 60_000)))).toBe(false);
  });
});
