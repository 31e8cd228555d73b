// Two nodes on one platform database: a suspension made through one is refused by the other on the registry's
// notification, and activation restores both. Reconciliation runs only every 30 s here, so a change seen within the
// waits below (10 s, a net against a hang under load) came by notification; how fast is a figure, not a test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { until } from '../../../test/support/wait.js';

let nodeA: Service;
let nodeB: Service;
/** A net against a hang, well below the 30 s between reconciliations. */
const NOTIFIED_WITHIN_MS = 10_000;

beforeAll(async () => {
  nodeA = await startTestService({ env: { TC_RECONCILE_INTERVAL_MS: '30000' } });
  nodeB = await startTestService({ sameDatabasesAs: nodeA.config, env: { TC_RECONCILE_INTERVAL_MS: '30000' } });
});
afterAll(async () => {
  await nodeB.close();
  await nodeA.close();
});

const statusOn = async (node: Service, host: string) =>
  (await node.app.inject({ method: 'GET', url: '/auth/config', headers: { host } })).statusCode;

describe('cluster propagation', () => {
  it('a tenant provisioned on one node is served by the other', async () => {
    const tenant = await provisionTenant(nodeA, await platformToken(nodeA));
    await until(async () => (await statusOn(nodeB, tenant.host)) === 200, NOTIFIED_WITHIN_MS);
  });

  it('a suspension through node A is refused by node B on its notification; activation restores both', async () => {
    const token = await platformToken(nodeA);
    const tenant = await provisionTenant(nodeA, token);
    await until(async () => (await statusOn(nodeB, tenant.host)) === 200, NOTIFIED_WITHIN_MS);
    // Node B holds a pool for the tenant before the suspension.
    const record = nodeB.registry.byCode(tenant.tenantCode);
    if (!record) throw new Error('node B does not know the tenant');
    const lease = await nodeB.pools.acquire(record);
    await lease.sql`SELECT 1`;
    lease.release();
    const poolsBefore = nodeB.pools.stats().openPools;

    const suspend = await nodeA.app.inject({
      method: 'POST',
      url: '/platform/tenant/suspend',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(suspend.json().apiStatus.errorCode).toBe('OK');
    await until(async () => (await statusOn(nodeB, tenant.host)) === 403, NOTIFIED_WITHIN_MS);
    expect(await statusOn(nodeA, tenant.host)).toBe(403);
    await until(async () => nodeB.pools.stats().openPools === poolsBefore - 1, NOTIFIED_WITHIN_MS);

    const activate = await nodeA.app.inject({
      method: 'POST',
      url: '/platform/tenant/activate',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(activate.json().apiStatus.errorCode).toBe('OK');
    await until(async () => (await statusOn(nodeB, tenant.host)) === 200, NOTIFIED_WITHIN_MS);
    expect(await statusOn(nodeA, tenant.host)).toBe(200);
    const again = await nodeB.pools.acquire(record);
    await expect(again.sql`SELECT 1 AS ok`).resolves.toEqual([{ ok: 1 }]);
    again.release();
  });

  it('health counts both members', async () => {
    const answer = await nodeB.app.inject({
      method: 'GET',
      url: '/system/health',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().apiData.cluster).toBe('UP (2 members)');
    expect(answer.json().apiData.clusterWarning).toBeUndefined();
  });

  it('reconciliation catches a change whose notification was missed', async () => {
    const quick = await startTestService({ sameDatabasesAs: nodeA.config, env: { TC_RECONCILE_INTERVAL_MS: '200' } });
    try {
      const tenant = await provisionTenant(nodeA, await platformToken(nodeA));
      await until(async () => quick.registry.byCode(tenant.tenantCode) !== undefined, NOTIFIED_WITHIN_MS);
      // Change the row without the trigger's notification, as a lost NOTIFY would leave it.
      await nodeA.platformDb.begin(async (tx) => {
        await tx`SET LOCAL session_replication_role = replica`;
        await tx`UPDATE tenants SET status = 'SUSPENDED' WHERE tenant_id = ${tenant.tenantId}`;
      });
      await until(async () => (await statusOn(quick, tenant.host)) === 403, 10_000); // by reconciliation, every 200 ms here
    } finally {
      await quick.close();
    }
  });
});
