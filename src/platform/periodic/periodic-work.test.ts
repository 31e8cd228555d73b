// The round of periodic work on a real PostgreSQL: each due tenant is visited once, with one lease for all its due
// jobs; a job's failure stops neither the tenant's other jobs nor the round; a tenant with nothing due is not
// visited and its pool not opened; and however many tenants, the round holds at most `concurrency` connections.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tenantBeforeAdminLogin } from '../../../test/support/factories.js';
import { startTestService } from '../../../test/support/service.js';
import type { Service } from '../../service.js';
import type { Sql } from '../database/connections.js';
import { createTenantPools, type TenantPools } from '../tenancy/pools.js';
import type { TenantRecord } from '../tenancy/tenant.js';
import { createPeriodicWork, type PeriodicJob, type PeriodicWork } from './periodic-work.js';

const log = pino({ level: 'silent' });
let service: Service;
let base: TenantRecord;
const opened: Array<{ pools: TenantPools; periodic: PeriodicWork }> = [];

beforeAll(async () => {
  service = await startTestService();
  base = (await tenantBeforeAdminLogin(service)).record;
});
afterEach(async () => {
  for (const { pools, periodic } of opened.splice(0)) {
    await periodic.stop();
    await pools.closeAll();
  }
});
afterAll(() => service.close());

/**
 * `count` tenants of the registry's kind, each on the one provisioned database: the pools open a connection per
 * tenant id as they would for different databases, and their counters are what is asserted.
 */
function tenants(count: number): TenantRecord[] {
  return Array.from({ length: count }, (_, i) => ({ ...base, tenantId: `${base.tenantId}-${i}`, tenantCode: `p${i}` }));
}

function round(list: TenantRecord[], options: { concurrency?: number; coldIntervalMs?: number } = {}) {
  const pools = createTenantPools({
    server: service.server,
    secretBox: service.secretBox,
    maxConnections: 20,
    poolSize: 5,
    acquireTimeoutMs: 5_000,
    connectTimeoutSeconds: 2,
    log,
    applicationName: 'tc-periodic-test',
  });
  const periodic = createPeriodicWork({ registry: { all: () => list }, pools, log, ...options });
  opened.push({ pools, periodic });
  return { pools, periodic };
}

interface Run {
  job: string;
  tenantId: string;
  db: Sql;
}

function job(name: string, runs: Run[], body?: (tenant: TenantRecord, db: Sql) => Promise<void>): PeriodicJob {
  return {
    name,
    everyMs: 60 * 60_000,
    async run(tenant, db) {
      runs.push({ job: name, tenantId: tenant.tenantId, db });
      await (body ? body(tenant, db) : db`SELECT 1`);
    },
  };
}

describe('a round', () => {
  it('visits each due tenant once and runs all its due jobs on one lease, one after the other', async () => {
    const list = tenants(4);
    const { pools, periodic } = round(list);
    const runs: Run[] = [];
    let connectionsDuringB = 0;
    periodic.register(job('a', runs));
    periodic.register(
      job('b', runs, async (_tenant, db) => {
        await db`SELECT 1`;
        connectionsDuringB = Math.max(connectionsDuringB, pools.stats().connections);
      }),
    );

    await periodic.runDueNow();

    for (const tenant of list) {
      const ofTenant = runs.filter((run) => run.tenantId === tenant.tenantId);
      expect(ofTenant.map((run) => run.job)).toEqual(['a', 'b']);
      // The same connection: the one lease the visit took.
      expect(ofTenant[0]?.db).toBe(ofTenant[1]?.db);
    }
    // Two tenants side by side (the default), one connection each.
    expect(connectionsDuringB).toBeLessThanOrEqual(2);
  });

  it("isolates a job's failure: the tenant's other jobs and the other tenants still run", async () => {
    const list = tenants(3);
    const { periodic } = round(list);
    const runs: Run[] = [];
    const failing = list[0]?.tenantId;
    periodic.register(
      job('fails for one tenant', runs, async (tenant, db) => {
        if (tenant.tenantId === failing) await db`SELECT 1 / 0`;
      }),
    );
    periodic.register(job('after it', runs));

    await periodic.runDueNow();

    const after = runs.filter((run) => run.job === 'after it').map((run) => run.tenantId);
    expect(after.sort()).toEqual(list.map((tenant) => tenant.tenantId).sort());
    expect(runs.filter((run) => run.job === 'fails for one tenant')).toHaveLength(3);
  });

  it('skips a tenant with nothing due without opening its pool, and visits an open one when its job is due', async () => {
    const list = tenants(3);
    const [hot] = list;
    if (!hot) throw new Error('no tenant');
    // Cold tenants get a job at most once an hour; a tenant in use here, every `everyMs`.
    const { pools, periodic } = round(list, { coldIntervalMs: 60 * 60_000 });
    const runs: Run[] = [];
    periodic.register({ ...job('often', runs), everyMs: 1 });
    await periodic.runDueNow();
    expect(runs).toHaveLength(3);
    expect(pools.stats().connections).toBe(0);

    const inUse = await pools.acquire(hot);
    runs.length = 0;
    await periodic.runDueNow();
    inUse.release();

    expect(runs.map((run) => run.tenantId)).toEqual([hot.tenantId]);
    expect(pools.stats().openPools).toBe(1);
  });

  it('holds at most `concurrency` connections at any moment, however many tenants', async () => {
    const list = tenants(30);
    const { pools, periodic } = round(list, { concurrency: 3 });
    let mostReserved = 0;
    const runs: Run[] = [];
    periodic.register(
      job('counts', runs, async (_tenant, db) => {
        await db`SELECT 1`;
        mostReserved = Math.max(mostReserved, pools.stats().reservedConnections);
      }),
    );

    await periodic.runOnce();

    expect(runs).toHaveLength(30);
    // Each visit gives its connection back when it ends: without that, 30 would stay open for the idle timeout.
    expect(mostReserved).toBeLessThanOrEqual(3);
    expect(pools.stats().connections).toBe(0);
  });
});
