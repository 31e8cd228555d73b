// PostgreSQL stops under a running service: health says so within 2 s, operations answer quickly instead of
// hanging, and once PostgreSQL is back the service recovers without a restart.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../service.js';
import { platformToken, provisionTenant, startTestService, TEST_BASE_DOMAIN } from '../../../test/support/service.js';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded.js';

let dataDir: string;
let postgres: EmbeddedServer;
let service: Service;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tc-outage-'));
  await chmod(dataDir, 0o755);
  postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  service = await startTestService({ server: postgres.address });
});

afterAll(async () => {
  await service.close();
  await postgres.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const health = () => service.app.inject({ method: 'GET', url: '/system/health', headers: { host: TEST_BASE_DOMAIN } });

describe('PostgreSQL outage', () => {
  it('is reported, answered quickly, and recovered from without a restart', async () => {
    const token = await platformToken(service);
    const tenant = await provisionTenant(service, token);
    expect((await health()).statusCode).toBe(200);

    await postgres.stop();

    let started = Date.now();
    const down = await health();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(down.statusCode).toBe(503);
    expect(down.json().apiStatus.errorCode).toBe('OK');
    expect(down.json().apiData.status).toBe('DEGRADED');
    expect(down.json().apiData.database).toMatch(/^DOWN: /);

    const ready = await service.app.inject({
      method: 'GET',
      url: '/system/ready',
      headers: { host: TEST_BASE_DOMAIN },
    });
    expect(ready.statusCode).toBe(503);

    started = Date.now();
    const read = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/read',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(Date.now() - started).toBeLessThan(3500);
    expect(read.statusCode).toBe(503);
    expect(read.json()).toMatchObject({ apiStatus: { errorCode: 'GENERAL' }, apiData: null });
    expect(read.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|password/);

    // The registry is cached: the tenant's hosts are still known while the database is away.
    const config = await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } });
    expect(config.statusCode).toBe(200);

    postgres = await startEmbeddedPostgres({ dataDir, ephemeral: true, port: postgres.address.port });

    const deadline = Date.now() + 10_000;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      recovered = (await health()).statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    const again = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/read',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(again.json().apiStatus.errorCode).toBe('OK');
    // Notifications flow again: a suspension is seen by this node's registry.
    const suspended = await service.app.inject({
      method: 'POST',
      url: '/platform/tenant/suspend',
      headers: { host: TEST_BASE_DOMAIN, authorization: `Bearer ${token}` },
      payload: { tenantId: tenant.tenantId },
    });
    expect(suspended.json().apiStatus.errorCode).toBe('OK');
    expect(
      (await service.app.inject({ method: 'GET', url: '/auth/config', headers: { host: tenant.host } })).statusCode,
    ).toBe(403);
  });
});
