// The plan of a timed round: open tenants and those with work waiting at every `everyMs`; the others once per cold
// interval, a share per round, least recently visited first; a tenant or job never run here at once.
import { describe, expect, it } from 'vitest';
import type { TenantRecord } from '../tenancy/tenant.js';
import { type LastRuns, planRound } from './round-plan.js';

const tenants = Array.from(
  { length: 100 },
  (_, i): TenantRecord => ({
    tenantId: `t${i}`,
    tenantCode: `c${i}`,
    tenantName: `Tenant ${i}`,
    dbName: `db${i}`,
    realm: `c${i}`,
    status: 'ACTIVE',
    dbUser: `u${i}`,
    dbPassSealed: 'encrypted:x',
    timezone: 'Asia/Dubai',
    currency: 'AED',
    market: 'UAE',
    adminEmail: `admin@c${i}.example`,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }),
);
const MINUTE = 60_000;
const job = { name: 'j', everyMs: MINUTE, hasWork: (id: string) => id === 't99' };
const plan = (lastRuns: LastRuns, now: number) =>
  planRound({
    tenants,
    jobs: [job],
    lastRuns,
    isOpen: (id) => ['t0', 't1'].includes(id),
    now,
    roundIntervalMs: MINUTE,
    coldIntervalMs: 10 * MINUTE,
  }).map((visit) => visit.tenant.tenantId);

/** Every tenant's job ran at `at(i)`. */
const ranAt = (at: (i: number) => number): LastRuns =>
  new Map(tenants.map((tenant, i) => [tenant.tenantId, new Map([[job, at(i)]])]));

describe('a round plan', () => {
  it('visits every tenant when nothing ran here yet', () => {
    expect(plan(new Map(), 0)).toHaveLength(100);
  });

  it('visits the open tenants and the one with work when due, and no cold tenant before its interval', () => {
    expect(
      plan(
        ranAt(() => 0),
        MINUTE,
      ),
    ).toEqual(['t0', 't1', 't99']);
    expect(
      plan(
        ranAt(() => 0),
        MINUTE - 1,
      ),
    ).toEqual([]);
  });

  it('spreads the cold tenants: a share per round, the least recently visited first', () => {
    // 97 cold tenants, all due; a tenth of the 98 without a pool per round (rounds of 1 min, cold interval 10).
    const visits = plan(
      ranAt((i) => 1_000 - i),
      20 * MINUTE,
    );
    expect(visits.slice(0, 3)).toEqual(['t0', 't1', 't99']);
    expect(visits.slice(3)).toEqual(['t98', 't97', 't96', 't95', 't94', 't93', 't92', 't91', 't90', 't89']);
  });

  it("runs a job new to a tenant at once, with the tenant's other due jobs only", () => {
    const jobs = [job, { name: 'new', everyMs: 60 * MINUTE }];
    const visits = planRound({
      tenants: tenants.slice(2, 4),
      jobs,
      lastRuns: ranAt(() => 0),
      isOpen: () => false,
      now: MINUTE,
      roundIntervalMs: MINUTE,
      coldIntervalMs: 10 * MINUTE,
    });
    expect(visits.map((visit) => visit.jobs.map((job) => job.name))).toEqual([['new'], ['new']]);
  });
});
