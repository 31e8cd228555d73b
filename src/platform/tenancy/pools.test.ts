// The tenant pool cache under a small cap: it evicts only the idle pools it must, never holds more than the
// cap, and answers 503 rather than hanging when every pool is busy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService } from '../../../test/support/service.js';
import type { TenantRecord } from './tenant.js';

let service: Service;
const tenants: TenantRecord[] = [];

beforeAll(async () => {
  service = await startTestService({
    env: { TC_DB_MAX_CONNECTIONS: '10', TC_DB_POOL_SIZE: '5', TC_DB_ACQUIRE_TIMEOUT_MS: '300' },
  });
  const token = await platformToken(service);
  for (let i = 0; i < 3; i++) {
    const made = await provisionTenant(service, token);
    const record = service.registry.byId(made.tenantId);
    if (!record) throw new Error('tenant missing');
    tenants.push(record);
  }
});
afterAll(() => service.close());

async function touch(tenant: TenantRecord) {
  const lease = await service.pools.acquire(tenant);
  try {
    await lease.sql`SELECT 1`;
  } finally {
    lease.release();
  }
}

describe('tenant pool cache', () => {
  it('evicts only the least recently used idle pool when a new tenant needs room', async () => {
    const [a, b, c] = tenants;
    if (!a || !b || !c) throw new Error('three tenants expected');
    await touch(a);
    await touch(b);
    expect(service.pools.stats()).toEqual({ openPools: 2, reservedConnections: 10 });
    await touch(c);
    expect(service.pools.stats().openPools).toBe(2);
    expect(service.pools.stats().reservedConnections).toBeLessThanOrEqual(10);
    // b was used after a, so a made room; b is still cached (no new pool needed).
    await touch(b);
    expect(service.pools.stats().openPools).toBe(2);
  });

  it('answers 503 GENERAL within the acquire timeout when every pool is in use', async () => {
    const [a, b, c] = tenants;
    if (!a || !b || !c) throw new Error('three tenants expected');
    const first = await service.pools.acquire(a);
    const second = await service.pools.acquire(b);
    const started = Date.now();
    await expect(service.pools.acquire(c)).rejects.toMatchObject({ code: 'GENERAL', httpStatus: 503 });
    expect(Date.now() - started).toBeLessThan(2000);
    first.release();
    second.release();
    await touch(c);
  });
});
