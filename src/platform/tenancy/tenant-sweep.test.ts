// Sweep pacing: at every interval the tenants with a pool open and those with work waiting, and the others each
// once per cold interval, least recently visited first; the first sweep and runOnce visit every tenant.
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TenantRecord } from './tenant.js';
import { createTenantSweep } from './tenant-sweep.js';

const tenants = Array.from(
  { length: 100 },
  (_, i): TenantRecord => ({
    tenantId: `t${i}`,
    tenantCode: `c${i}`,
    tenantName: `Tenant ${i}`,
    dbName: `db${i}`,
    realm: `c${i}`,
    status: i === 50 ? 'SUSPENDED' : 'ACTIVE',
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

function pacedSweep(visits: string[][]) {
  let current: string[] = [];
  const sweep = createTenantSweep({
    name: 'test sweep',
    registry: { all: () => tenants },
    intervalMs: 1_000,
    concurrency: 4,
    log: pino({ level: 'silent' }),
    pacing: {
      isOpen: (tenantId) => ['t0', 't1', 't2', 't3', 't4'].includes(tenantId),
      hasWork: (tenantId) => tenantId === 't99',
      coldIntervalMs: 10_000,
    },
    work: async (tenant) => {
      current.push(tenant.tenantId);
    },
  });
  const nextSweep = async () => {
    current = [];
    await vi.advanceTimersByTimeAsync(1_000);
    visits.push(current);
  };
  return { sweep, nextSweep, first: () => current };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a paced tenant sweep', () => {
  it('visits every active tenant first, then the open and busy ones and a tenth of the others per interval', async () => {
    vi.useFakeTimers();
    const visits: string[][] = [];
    const { sweep, nextSweep, first } = pacedSweep(visits);
    sweep.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(first()).toHaveLength(99); // the suspended tenant is never visited

    for (let i = 0; i < 10; i++) await nextSweep();
    const cold = (visit: string[]) => visit.filter((id) => !['t0', 't1', 't2', 't3', 't4', 't99'].includes(id));
    for (const visit of visits) {
      expect(visit).toEqual(expect.arrayContaining(['t0', 't1', 't2', 't3', 't4', 't99']));
      // 93 cold tenants over 10 intervals: 10 a sweep, least recently visited first, so all within the cold interval.
      expect(cold(visit)).toHaveLength(10);
    }
    expect(new Set(visits.flatMap(cold)).size).toBe(93);
    await sweep.stop();
  });

  it('visits every active tenant on runOnce, whatever the pacing', async () => {
    const visits: string[][] = [];
    const { sweep, first } = pacedSweep(visits);
    await sweep.runOnce();
    await sweep.runOnce();
    expect(first()).toHaveLength(198);
    await sweep.stop();
  });
});
